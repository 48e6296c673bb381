import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("Record modes and how they are chosen")
struct RecordModeTests {
    @Test(arguments: ["never", "once", "new", "all", "drift"])
    func parsesValidValues(_ value: String) throws {
        #expect(try RecordMode(value).description == value)
    }

    /// The documented rule (Options.md): a value is one of the names exactly. One that differs only by case or
    /// spaces is refused, and the error names the mode it probably meant.
    @Test(arguments: [
        ("ALL", " (names are lower case: all)"),
        (" once", " (names have no spaces around them: once)"),
        ("Never ", " (names are lower case, with no spaces around them: never)"),
        ("drift\n", " (names have no spaces around them: drift)"),
    ])
    func refusesACaseOrSpacingVariantNamingTheModeMeant(_ value: String, _ hint: String) {
        #expect {
            try RecordMode(value)
        } throws: { error in
            let error = error as? CassetteError
            return error?.code == .invalidRecordMode
                && error?.message == "CASSETTE_RECORD=\"\(value)\" is not a record mode\(hint). Valid values: never, once, new, all, drift."
        }
        #expect(throws: CassetteError.self) { try RecordMode.automatic.resolved(in: ["CASSETTE_RECORD": value]) }
    }

    @Test func invalidValueListsTheValidOnes() {
        #expect {
            try RecordMode("sometimes")
        } throws: { error in
            let error = error as? CassetteError
            return error?.code == .invalidRecordMode
                && error?.message == "CASSETTE_RECORD=\"sometimes\" is not a record mode. Valid values: never, once, new, all, drift."
        }
    }

    @Test func environmentResolution() throws {
        #expect(try RecordMode.automatic.resolved(in: [:]) == .once)
        #expect(try RecordMode.automatic.resolved(in: ["CI": "true"]) == .never)
        #expect(try RecordMode.automatic.resolved(in: ["CI": "false"]) == .once)
        #expect(try RecordMode.automatic.resolved(in: ["CI": "true", "CASSETTE_RECORD": "all"]) == .all)
        #expect(try RecordMode.automatic.resolved(in: ["CASSETTE_RECORD": ""]) == .once)
        #expect(throws: CassetteError.self) { try RecordMode.automatic.resolved(in: ["CASSETTE_RECORD": "yes"]) }
        // An explicit mode wins over the environment.
        #expect(try RecordMode.never.resolved(in: ["CASSETTE_RECORD": "all"]) == .never)
        #expect(throws: CassetteError.self) { try RecordMode("automatic") }
    }

    @Test func whoRecords() {
        #expect(!RecordMode.never.records(fileExists: false))
        #expect(RecordMode.once.records(fileExists: false))
        #expect(!RecordMode.once.records(fileExists: true))
        #expect(RecordMode.new.records(fileExists: true))
        #expect(RecordMode.all.records(fileExists: true))
        #expect(!RecordMode.all.replaysExisting)
    }
}
