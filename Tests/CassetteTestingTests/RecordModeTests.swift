import Testing
@testable import CassetteCore
import CassetteTesting

@Suite("Record modes and how they are chosen")
struct RecordModeTests {
    @Test(arguments: ["never", "once", "new", "all", " ALL "])
    func parsesValidValues(_ value: String) throws {
        #expect(try RecordMode(value).description == value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    @Test func invalidValueListsTheValidOnes() {
        #expect {
            try RecordMode("sometimes")
        } throws: { error in
            let error = error as? CassetteError
            return error?.code == .invalidRecordMode
                && error?.message.contains("CASSETTE_RECORD=\"sometimes\"") == true
                && error?.message.contains("never, once, new, all") == true
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
