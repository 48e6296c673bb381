import Foundation

/// The one error `Caching` throws: what failed, in which file, where in it, and what to do.
///
/// `CassetteCore`'s `CassetteError` has the same shape and description (`ErrorDescription`), and carries a
/// `CacheError` it comes from as its `underlying` error; each module keeps its own codes, and `Caching` stands alone.
public struct CacheError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is. A struct with static members, so new codes never break a caller's `switch`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The code's name.
        public var description: String { name }

        /// The file does not exist.
        public static let fileNotFound = Code("fileNotFound")
        /// The file exists but could not be read.
        public static let unreadable = Code("unreadable")
        /// The path names something that is not a regular file: a folder, a named pipe, a device.
        public static let notAFile = Code("notAFile")
        /// The file is not a well-formed cache file (empty, truncated, not JSON, or an entry of the wrong shape).
        public static let corruptFile = Code("corruptFile")
        /// The file is JSON, but of another format than `Caching.Cache`.
        public static let unknownFormat = Code("unknownFormat")
        /// The file was written by a newer version of the format.
        public static let unsupportedVersion = Code("unsupportedVersion")
        /// The file could not be written; the previous file, if any, is untouched.
        public static let writeFailed = Code("writeFailed")
        /// A key or value could not be encoded.
        public static let encodingFailed = Code("encodingFailed")
    }

    /// What kind of failure this is.
    public var code: Code { storage.code }
    /// The file concerned, when there is one.
    public var file: URL? { storage.file }
    /// Where in the file the problem is, e.g. `["entries", "[2]", "value", "status"]`; empty for the whole file.
    public var codingPath: [String] { storage.codingPath }
    /// What went wrong and what to do about it.
    public var reason: String { storage.reason }

    /// The fields, behind one reference: the error passes through every `throws(CacheError)` function, and one
    /// reference wide it is copied with a retain, not with copy code for each field at every site.
    private let storage: Storage

    private final class Storage: Sendable {
        let code: Code
        let file: URL?
        let codingPath: [String]
        let reason: String

        init(_ code: Code, file: URL?, codingPath: [String], reason: String) {
            self.code = code
            self.file = file
            self.codingPath = codingPath
            self.reason = reason
        }
    }

    /// Creates an error.
    public init(_ code: Code, file: URL? = nil, codingPath: [String] = [], reason: String) {
        storage = Storage(code, file: file, codingPath: codingPath, reason: reason)
    }

    /// The coding path written as in Swift, e.g. `entries[2].value.status`.
    public var codingPathDescription: String {
        CodingPathText.joined(codingPath)
    }

    /// The file, the coding path and the reason, in one line: `/x/a.json at entries[2].value: reason`.
    public var description: String { description(namingFile: true) }

    /// The coding path and the reason, after the file when `namingFile` is true and there is one
    /// (`At entries[2].value: reason` without it), for an error that names the file itself.
    package func description(namingFile: Bool) -> String {
        let path = codingPath.isEmpty ? nil : codingPathDescription
        switch (namingFile ? file?.path : nil, path) {
        case (let file?, let path?): return ErrorDescription.locating(reason, after: "\(file) at \(path)")
        case (let file?, nil): return ErrorDescription.locating(reason, after: file)
        case (nil, let path?): return ErrorDescription.locating(reason, after: "At \(path)")
        case (nil, nil): return reason
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// Wraps a decoding error with the file it came from and a precise reason.
    package init(decoding error: any Error, file: URL?) {
        guard let decodingError = error as? DecodingError else {
            self.init(.corruptFile, file: file, reason: "The file could not be decoded: \(error).")
            return
        }
        let context: DecodingError.Context
        let reason: String
        switch decodingError {
        case .keyNotFound(let key, let keyContext):
            context = keyContext
            reason = "Missing key \"\(key.stringValue)\"."
        case .typeMismatch(let type, let mismatchContext):
            context = mismatchContext
            reason = "Expected \(type): \(mismatchContext.debugDescription)"
        case .valueNotFound(let type, let valueContext):
            context = valueContext
            reason = "Expected \(type) but found null."
        case .dataCorrupted(let corruptContext):
            context = corruptContext
            let underlying = corruptContext.underlyingError.map { " (\($0))" } ?? ""
            reason = corruptContext.codingPath.isEmpty
                ? "The file is not valid JSON (empty, truncated or not JSON)\(underlying)."
                : corruptContext.debugDescription
        @unknown default:
            self.init(.corruptFile, file: file, reason: "The file could not be decoded: \(decodingError).")
            return
        }
        self.init(.corruptFile, file: file, codingPath: context.codingPath.map(CodingPathText.component), reason: reason)
    }
}
