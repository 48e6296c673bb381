import Foundation
import Locking

/// The cassette files opened in this process, so that two tests never share one file by mistake and two cassettes
/// never record into one file at once.
///
/// Each file has an owner for the whole test run: the first ``CassetteOpener`` to open it. Another test opening it
/// fails, naming both, whatever the record mode and the timing, unless it has the same owner: two tests recording
/// one file overwrite each other's requests in turn, and the advice to record one of them again would break the
/// other. Tests share on purpose where one place opens the cassette for all of them (see ``CassetteOpener``).
///
/// Two cassettes open at once that both record the same file would each write it when they end, and the second
/// would drop the first one's interactions without a word. So a cassette that may write its file is the only one
/// open on it; cassettes that only replay may share a file (the cases of a parameterized test often do).
///
/// This covers one process only, and fails at once. Two processes recording one file (two test runs at once) are
/// not refused: each saves under the file's lock, adding its recordings to what the file holds by then (mode
/// ``RecordMode/all`` replaces it: the last to save wins), so neither loses what it recorded silently.
enum OpenCassettes {
    private struct Claims {
        var readers = 0
        var hasWriter = false
    }

    /// The tests that opened a file in this run, or tried to: the file's owner is the first one's.
    private struct Users {
        let first: CassetteOpener
        /// Each test once, as messages name it, and whether it was let in.
        var tests: [(test: String, shown: String, admitted: Bool)] = []

        /// Whether `opener` may open the file: it has the owner's, or its test opened the file already (a test
        /// whose trait names a suite's cassette, and a `Cassette.use` in the test's body, are one test). Notes it.
        mutating func admit(_ opener: CassetteOpener) -> Bool {
            if let known = tests.firstIndex(where: { $0.test == opener.test }) {
                if tests[known].admitted { return true }
                tests[known].admitted = opener.owner == first.owner
                return tests[known].admitted
            }
            let admitted = opener.owner == first.owner
            tests.append((opener.test, opener.testShown, admitted))
            return admitted
        }
    }

    private static let claims = LockedBox([String: Claims]())
    private static let users = LockedBox([String: Users]())

    /// Admits `opener` to the file at `location`: the first opener in the run owns it; an opener with the same owner,
    /// or of a test admitted already, shares it; any other fails, naming both. Returns the file's key, for
    /// ``claim(_:key:writes:)``.
    static func admit(_ location: CassetteLocation, by opener: CassetteOpener) throws(CassetteError) -> Key {
        let key = Key(path: location.resolvedPath)
        let file = location.file
        let (admitted, first) = users.withLock { users -> (Bool, CassetteOpener) in
            var current = users[key.path] ?? Users(first: opener)
            let admitted = current.admit(opener)
            users[key.path] = current
            return (admitted, current.first)
        }
        guard admitted else {
            throw CassetteError(.usedByAnotherTest, """
                Two tests use this cassette: \(first.shown) opened it earlier in this run, and \(opener.shown) opens \
                it now. Each would record over the other's requests, and recording one again breaks the other. Give \
                each test its own cassette name (the trait and withCassette name it after the test when given no \
                name). To share one cassette on purpose, open it from one place: a suite's .cassette("name") trait, \
                or one helper function that calls Cassette.use.\(opener.entryPoint == .use && first.entryPoint == .use ? Self.helperHint : "")
                """, cassette: file)
        }
        return key
    }

    /// For two `Cassette.use` calls outside a trait or `withCassette`, whose test is their calling function: what
    /// makes a helper's call the calling test's.
    private static let helperHint = """
         If both calls run in one test (a helper function opens the test's cassette), give the helper parameters \
        fileID: String = #fileID and function: String = #function and pass them on to Cassette.use, so that its \
        call counts as the test's.
        """

    /// The other tests of this run that opened or tried to open `key`'s file, as messages name them.
    static func otherTests(of key: Key, than opener: CassetteOpener) -> [String] {
        users.withLock { users in
            guard let current = users[key.path] else { return [] }
            return current.tests.filter { $0.test != opener.test }.map(\.shown)
        }
    }

    /// A file as this registry knows it: its path with symbolic links resolved (see ``CassetteLocation/resolved(_:)``),
    /// so that two names for one file are one key (worked out once: resolving symbolic links costs a system call per
    /// folder).
    struct Key: Sendable {
        fileprivate let path: String

        fileprivate init(path: String) {
            self.path = path
        }

        /// The key of `file`; ``admit(_:by:)`` gives it for a cassette file, this for a file no test owns (HAR).
        init(_ file: URL) {
            let path = file.standardizedFileURL.path
            self.path = CassetteLocation.resolved(path) ?? path
        }
    }

    /// Claims `file` (known as `key`, see ``admit(_:by:)``) for a cassette that writes it (`writes`) or only replays
    /// it; fails when that would share the file with a writer open at the same time.
    /// Returns the claim, to give up with ``release(_:)``.
    static func claim(_ file: URL, key: Key, writes: Bool) throws(CassetteError) -> Claim {
        let key = key.path
        let claimed = claims.withLock { claims -> Bool in
            var current = claims[key, default: Claims()]
            guard !current.hasWriter, !(writes && current.readers > 0) else { return false }
            if writes { current.hasWriter = true } else { current.readers += 1 }
            claims[key] = current
            return true
        }
        guard claimed else {
            throw CassetteError(.alreadyOpen,
                                "Another cassette still open in this process, opened by the same test or from the same place, has this file open, and one of the two records into it: the file would keep only one of them. Give each its own name (in a parameterized test, one per case).",
                                cassette: file)
        }
        return Claim(key: key)
    }

    /// A claim on one file, held by the cassette that made it.
    struct Claim: Sendable {
        fileprivate let key: String
    }

    /// Gives up a claim made by ``claim(_:writes:)``.
    static func release(_ claim: Claim) {
        let key = claim.key
        claims.withLock { claims in
            guard var current = claims[key] else { return }
            if current.hasWriter { current.hasWriter = false } else { current.readers -= 1 }
            claims[key] = current.hasWriter || current.readers > 0 ? current : nil
        }
    }
}
