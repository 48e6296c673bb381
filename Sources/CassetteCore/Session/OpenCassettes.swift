import Foundation
import Locking

/// The cassette files open in this process, so that two cassettes never record into one file.
///
/// Two `use` calls that both record the same file would each write it when they end, and the second would drop
/// the first one's interactions without a word. So a cassette that may write its file is the only one open on it;
/// cassettes that only replay may share a file (parameterized tests often do).
///
/// This covers one process only, and fails at once. Two processes recording one file (two test runs at once) are
/// not refused: each saves under the file's lock, adding its recordings to what the file holds by then (mode
/// ``RecordMode/all`` replaces it: the last to save wins), so neither loses what it recorded silently.
enum OpenCassettes {
    private struct Claims {
        var readers = 0
        var hasWriter = false
    }

    private static let claims = LockedBox([String: Claims]())

    /// Claims `file` for a cassette that writes it (`writes`) or only replays it; fails when that would share the
    /// file with a writer.
    /// Returns the claim, to give up with ``release(_:)``.
    static func claim(_ file: URL, writes: Bool) throws(CassetteError) -> Claim {
        let key = self.key(file)
        let claimed = claims.withLock { claims -> Bool in
            var current = claims[key, default: Claims()]
            guard !current.hasWriter, !(writes && current.readers > 0) else { return false }
            if writes { current.hasWriter = true } else { current.readers += 1 }
            claims[key] = current
            return true
        }
        guard claimed else {
            throw CassetteError(.alreadyOpen,
                                "Another Cassette.use in this process has this cassette open, and one of the two records into it: the file would keep only one of them. Give each test its own cassette name.",
                                cassette: file)
        }
        return Claim(key: key)
    }

    /// A claim on one file, held by the cassette that made it.
    struct Claim: Sendable {
        /// The file's resolved path, worked out once: resolving symbolic links costs a system call per folder.
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

    /// The file's path with symbolic links resolved, so that two names for one file are one claim.
    private static func key(_ file: URL) -> String {
        file.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
