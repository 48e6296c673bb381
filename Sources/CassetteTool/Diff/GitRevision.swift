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

    /// A cassette file the revision holds: its blob (read by object id, so no name is passed back to git) and its path.
    struct Blob: Sendable, Equatable {
        /// The blob's object id, as `git ls-tree` lists it.
        let object: String
        /// The file's path below the folder, for messages.
        let path: String
    }

    /// The revision's cassette files under the folder, by name (the path below it, without `.json`); listed with `-z`
    /// (no name quoted) and the revision after `--end-of-options` (never read as an option).
    func cassettes() throws(ToolFailure) -> [String: Blob] {
        // Without --full-name, ls-tree prints paths relative to the folder git runs in: the names below it.
        let listing = try git(["ls-tree", "-r", "-z", "--end-of-options", revision, "--", "."])
        var files: [String: Blob] = [:]
        for entry in try Self.entries(listing) where entry.type == "blob" && entry.path.hasSuffix(".json") {
            // Every `.json` file, as `CassettePaths.cassetteFiles(in:)` reads a folder.
            files[String(entry.path.dropLast(5))] = Blob(object: entry.object, path: entry.path)
        }
        return files
    }

    /// The entries of `git ls-tree -z` output: `<mode> SP <type> SP <object> TAB <path>`, each ending in NUL, the path
    /// every byte after the first tab; an entry in another form is a failure.
    static func entries(_ listing: Data) throws(ToolFailure) -> [(type: String, object: String, path: String)] {
        var entries: [(type: String, object: String, path: String)] = []
        for record in listing.split(separator: 0) {
            let tab = record.firstIndex(of: UInt8(ascii: "\t"))
            let fields = tab.map { String(decoding: record[..<$0], as: UTF8.self).split(separator: " ") } ?? []
            guard let tab, fields.count == 3 else {
                throw ToolFailure("git ls-tree listed an entry diff cannot read (\(record.count) bytes).")
            }
            entries.append((String(fields[1]), String(fields[2]), String(decoding: record[record.index(after: tab)...], as: UTF8.self)))
        }
        return entries
    }

    /// The interactions of the cassette `blob` in the revision, read by its object id.
    func interactions(of blob: Blob) throws(ToolFailure) -> CassetteFile.InteractionsInTurn {
        let data = try git(["cat-file", "blob", "--end-of-options", blob.object])
        do {
            return try CassetteFile.interactionsInTurn(decoding: data, file: URL(fileURLWithPath: blob.path))
        } catch {
            throw ToolFailure("\(revision):\(blob.path) is not a readable cassette: \(error.message)")
        }
    }
}
