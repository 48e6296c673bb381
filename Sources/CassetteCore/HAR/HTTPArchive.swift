import Caching
import Foundation

/// Converts between cassettes and HTTP Archive files (HAR 1.2), as browsers' developer tools and proxies such as
/// mitmproxy and Charles write them, for `cassette export-har`, `import-har` and ``Cassette/Source/har(_:)``.
///
/// Both directions keep method, URL, headers, bodies (base64 for bytes that are not UTF-8), status, HTTP version,
/// timings and the recording date; a redirect chain is one entry per hop, and what HAR has no field for travels in
/// the entry's `_cassette` object, so cassette → HAR → cassette gives the same file.
public enum HTTPArchive {
    /// The `creator` name of the HAR files this package writes; files that carry it are read by their `_cassette`
    /// fields alone, others by the conventions of browsers (see ``interactions(in:file:)``).
    public static let creatorName = "swift-cassette"

    /// The bytes of a HAR file holding `interactions`: pretty-printed JSON with sorted keys and a trailing newline.
    /// `HARWriter` writes the same bytes a piece at a time.
    public static func encoded(_ interactions: [Interaction]) throws(CassetteError) -> Data {
        var writer = try HARWriter()
        var data = writer.start
        for interaction in interactions { data.append(try writer.entries(of: interaction)) }
        data.append(writer.end)
        return data
    }

    /// What a HAR file holds, read as interactions, before any redaction.
    public struct Contents: Sendable {
        /// The interactions, in the order of the file's entries.
        public var interactions: [Interaction]
        /// Entries that are not an exchange a cassette can replay (a request the browser cancelled, one with no
        /// response and no error), each as `entry N: why`, N counting from 1.
        public var skipped: [String]
    }

    /// The interactions in the HAR file `data`; `file` names it in errors. A file this package wrote is read back
    /// exactly. In any other, a redirect followed by a later entry requesting its target is one interaction that went
    /// through it; HTTP/2 pseudo-headers are dropped; a repeated header is joined with `, `; and an entry without a
    /// response is a transport failure when it carries Chrome's `_error`, else skipped.
    public static func interactions(in data: Data, file: URL) throws(CassetteError) -> Contents {
        let document: HARDocument
        do {
            document = try JSONDecoder().decode(HARDocument.self, from: data)
        } catch let error as DecodingError {
            throw CassetteError(.invalidHAR, HARImport.describe(error), cassette: file)
        } catch {
            throw CassetteError(.invalidHAR, "The file is not a HAR file: \(error).", cassette: file)
        }
        return try HARImport(document: document, file: file).contents()
    }

    /// The interactions in the HAR file at `file`; see ``interactions(in:file:)``.
    public static func interactions(contentsOf file: URL) throws(CassetteError) -> Contents {
        let data: Data
        do {
            data = try FileContents.read(file)
        } catch {
            let missing = error.code == .fileNotFound
            throw CassetteError(missing ? .cassetteNotFound : .unreadableCassette,
                                missing ? "There is no HAR file here." : "The HAR file could not be read: \(error.reason)",
                                cassette: file)
        }
        return try interactions(in: data, file: file)
    }
}
