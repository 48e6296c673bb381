/// Who opens a cassette: the entry point used, the test it runs for, and who owns the file.
///
/// Every open of a cassette file in a test run names its opener, so that two tests never share a file by mistake
/// (see ``OpenCassettes``): opens with the same ``owner`` share a file; a different owner is told which test has it.
/// The owner is the test, or where sharing is written once for many tests, that place: a suite's `.cassette("name")`
/// trait, or one `withCassette("name")` or `Cassette.use` call that many tests reach (an `invokeTest` override, a
/// helper function).
package struct CassetteOpener: Sendable, Hashable {
    /// The entry point that opens a cassette, as messages name it.
    package enum EntryPoint: String, Sendable {
        case trait = "the .cassette trait"
        case xcTest = "withCassette"
        case use = "Cassette.use"

        /// The code the entry point runs with the cassette, as messages name it.
        package var body: String {
            switch self {
            case .trait: "the test"
            case .xcTest: "the body of withCassette"
            case .use: "the body of Cassette.use"
            }
        }

        /// What threw, as the start of a sentence about an error the code it runs threw: `The test` under the
        /// trait, `The body` (a closure's) otherwise.
        package var thrower: String {
            self == .trait ? "The test" : "The body"
        }
    }

    /// The entry point used.
    package let entryPoint: EntryPoint
    /// The test a re-record command filters on, e.g. `fetchesAUser`.
    package let testName: String
    /// The test, as one key for the whole run: the same for every open the test makes.
    package let test: String
    /// Who owns the file: opens with equal owners share it.
    package let owner: String
    /// How messages name the test, e.g. `test fetchesAUser() at AppTests/UserTests.swift:12`.
    package let testShown: String
    /// The call that opened the cassette, when it is not the test's own trait: `Module/File.swift:line:column`.
    package let place: String?

    /// An opener of `entryPoint` for the test `test` (by default named `testName`), owning its file as `owner`
    /// (by default the test), shown as `testShown` (by default `test <testName>`), called at `place`.
    package init(_ entryPoint: EntryPoint = .use, testName: String, test: String? = nil, owner: String? = nil,
                 testShown: String? = nil, place: String? = nil) {
        self.entryPoint = entryPoint
        self.testName = testName
        self.test = test ?? testName
        self.owner = owner ?? "test " + (test ?? testName)
        self.testShown = testShown ?? "test \(testName)"
        self.place = place
    }

    /// How messages name the opener: the test, and the call when there is one
    /// (`Cassette.use at AppTests/UserTests.swift:14:9 in test fetchesAUser() at AppTests/UserTests.swift:12`).
    package var shown: String {
        place.map { "\(entryPoint.rawValue) at \($0) in \(testShown)" } ?? testShown
    }

    /// The opener of a `Cassette.use` call at `callSite` in `function`: inside a test whose `.cassette` trait or
    /// `withCassette` is running (`enclosing`), that test owns the file; elsewhere the calling function of that file
    /// does (a helper function that many tests call shares its cassette on purpose).
    package static func use(at callSite: CassetteError.CallSite, function: String, enclosing: CassetteOpener?) -> CassetteOpener {
        let test = enclosing?.test ?? "\(callSite.fileID) \(function)"
        return CassetteOpener(.use, testName: enclosing?.testName ?? testName(fromFunction: function),
                              test: test, owner: "test " + test,
                              testShown: enclosing?.testShown ?? "\(function) in \(callSite.fileID)", place: callSite.description)
    }

    /// The test name a `#function` value gives: `fetchUser()` becomes `fetchUser`.
    static func testName(fromFunction function: String) -> String {
        String(function.prefix { $0 != "(" })
    }

    /// The opener of the test running the current task (a `.cassette` trait's, or `withCassette`'s), if any.
    package static var enclosing: CassetteOpener? { Enclosing.value ?? Cassette.current?.opener }

    /// Runs `body` with `opener` as ``enclosing``: a `Cassette.use` inside is the test's.
    package static func withEnclosing<T>(_ opener: CassetteOpener, isolation: isolated (any Actor)? = #isolation,
                                         _ body: () async throws -> T) async rethrows -> T {
        try await Enclosing.$value.withValue(opener, operation: body, isolation: isolation)
    }
}

/// The task-local behind ``CassetteOpener/enclosing``.
private enum Enclosing {
    @TaskLocal static var value: CassetteOpener?
}
