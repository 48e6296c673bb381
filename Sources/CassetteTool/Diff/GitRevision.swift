import CassetteCore
import Foundation

/// The cassettes a git revision holds under a folder of the working tree, read with the `git` command (there wherever
/// cassettes are committed): for `cassette diff --git <rev>`.
struct GitRevision: Sendable {
    let revision: String
    /// The folder the revision's cassettes are looked up under, in the working tree.
    let folder: URL

    /// Runs `git` in `folder` with `arguments`; its standard output, or a failure quoting its standard error.
    private func git(_ arguments: [String]) throws(ToolFailure) -> Data {
        #if CAN_SPAWN_PROCESSES
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw ToolFailure("git could not be run: \(error.localizedDescription)") }
        // Read before waiting: a large file would fill the pipe and block git.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ToolFailure("git \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return data
        #else
        throw ToolFailure("diff --git runs git, and this platform cannot start another program.")
        #endif
    }

    /// The revision's cassette files under the folder: each name (its path below the folder, without `.json`) with
    /// its path in the repository.
    func cassettes() throws(ToolFailure) -> [String: String] {
        let prefix = String(decoding: try git(["rev-parse", "--show-prefix"]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let listing = String(decoding: try git(["ls-tree", "-r", "--full-name", "--name-only", revision, "--", "."]), as: UTF8.self)
        var files: [String: String] = [:]
        for path in listing.split(separator: "\n").map(String.init) where path.hasSuffix(".json") {
            // Every `.json` file, as `CassettePaths.cassetteFiles(in:)` reads a folder.
            let below = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            files[String(below.dropLast(5))] = path
        }
        return files
    }

    /// The interactions of the cassette at `path` (in the repository) in the revision.
    func interactions(at path: String) throws(ToolFailure) -> [Interaction] {
        let data = try git(["show", "\(revision):\(path)"])
        do {
            return try CassetteFile.decode(data, file: URL(fileURLWithPath: path))
        } catch {
            throw ToolFailure("\(revision):\(path) is not a readable cassette: \(error.message)")
        }
    }
}
