import CassetteCore
import Foundation

/// Where the `cassette` command finds cassettes: as the harness does for a test of the package around the current
/// directory (`CASSETTE_DIR`, else `Cassettes/` at the root of that package).
struct CassettePaths: Sendable {
    let context: ToolContext

    /// A file path in the current directory's package, the harness's `filePath` for resolving `Cassettes/`.
    private var anchor: String {
        context.currentDirectory.appendingPathComponent("cassette-command").path
    }

    /// The cassette directory.
    var directory: URL {
        get throws(ToolFailure) {
            do {
                return try CassetteLocation.directory(nil, environment: context.environment, filePath: anchor)
            } catch {
                throw ToolFailure(error.message, status: ExitStatus.usage)
            }
        }
    }

    /// `path` against the current directory, unless it is absolute.
    func resolved(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded).standardizedFileURL
            : context.currentDirectory.appendingPathComponent(expanded).standardizedFileURL
    }

    /// The cassette file an argument names: a file path when such a file exists, else a cassette name resolved in
    /// the cassette directory (`httpbin/search`).
    func cassetteFile(_ argument: String) throws(ToolFailure) -> URL {
        let asPath = resolved(argument)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: asPath.path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else { throw ToolFailure("\(argument) is a folder; name one cassette file.") }
            return asPath
        }
        let file = try cassetteFile(named: argument)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ToolFailure("No cassette \(argument): neither \(display(asPath)) nor \(display(file)) exists.")
        }
        return file
    }

    /// Where the harness keeps the cassette `name`, whether or not it exists.
    func cassetteFile(named name: String) throws(ToolFailure) -> URL {
        do {
            return try CassetteLocation(name: name, directory: nil, environment: context.environment, filePath: anchor).file
        } catch {
            throw ToolFailure(error.message, status: ExitStatus.usage)
        }
    }

    /// The cassette files in `folder` and below, sorted by path: every `.json` file, hidden ones too (put there by
    /// hand, and checked like any other).
    func cassetteFiles(in folder: URL) throws(ToolFailure) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw ToolFailure("No such folder: \(display(folder)).")
        }
        guard isDirectory.boolValue else { return [folder] }
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A cassette's name in `folder`: its path below it without `.json`.
    func name(of file: URL, in folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : file.lastPathComponent
        return relative.hasSuffix(".json") ? String(relative.dropLast(5)) : relative
    }

    /// `file` as people read it: relative to the current directory when it lies below it, on one line (see
    /// ``InertText/line(_:)``).
    func display(_ file: URL) -> String {
        let base = context.currentDirectory.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        return InertText.line(path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path)
    }
}
