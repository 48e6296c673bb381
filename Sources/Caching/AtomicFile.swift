import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see the old contents or the new, never a torn mix.
enum AtomicFile {
    /// Writes `data` to a temporary file beside `url`, flushes it to disk, then renames it over `url`.
    /// On failure the temporary file is removed and `url` is untouched.
    static func write(_ data: Data, to url: URL) throws(CacheError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CacheError(.writeFailed, file: url, reason: "Could not create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CacheError(.writeFailed, file: url, reason: "Could not create a temporary file in \(folder.path).")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            if let error = error as? CacheError { throw error }
            throw CacheError(.writeFailed, file: url, reason: "Could not write the temporary file: \(error.localizedDescription)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CacheError(.writeFailed, file: url, reason: "Could not move the new file into place (\(reason)); the previous file is unchanged.")
        }
    }
}
