import Caching
import Foundation

/// Converts between cassettes and HTTP Archive files (HAR 1.2), what browsers' developer tools, proxies such as
/// mitmproxy and Charles, and other recorders read and write.
///
/// Both directions keep what both formats hold: method, URL, headers, bodies (bytes that are not UTF-8 text as
/// base64, with `"encoding": "base64"`), status, HTTP version, timings and the recording date. A cassette's redirect
/// chain becomes one entry per hop, as browsers export them; a transport failure, an expiry date and a response URL
/// that differs from the request's travel in the entry's `_cassette` object. A HAR file written by ``encoded(_:)``
/// reads back as the same interactions, so cassette → HAR → cassette gives the same file.
///
/// `cassette export-har` and `cassette import-har` call this; `Cassette.use(.har(file))` (see
/// ``Cassette/Source/har(_:)``) replays a HAR file directly.
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

    /// The interactions in the HAR file `data`; `file` names it in errors.
    ///
    /// A file this package wrote is read back exactly. In any other, an entry whose response is a redirect (`3xx` with
    /// a `Location` or `redirectURL`) followed by a later entry that requests its target is one interaction that went
    /// through that redirect, as URLSession follows it; HTTP/2 pseudo-headers (`:authority`) are dropped; a header
    /// that appears more than once is joined with `, `, as `HTTPURLResponse` joins it; and an entry without a
    /// response becomes a recorded transport failure when it carries Chrome's `_error`, else it is skipped.
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
