import Foundation

/// A `multipart/*` body split into its parts, found by byte offsets so that parts can be compared or rewritten
/// without copying the body.
///
/// Real clients pick a random boundary for every request; comparing parts instead of bytes lets such a request
/// match its recording.
struct MultipartBody {
    /// One part: its header lines and where its content lies in the body.
    struct Part {
        /// The part's header fields in order, names as written.
        var headers: [(name: String, value: String)]
        /// The content's offsets in the body (relative to its start).
        var content: Range<Int>

        /// The header named `name`, ignoring case.
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// The form field's name, from `Content-Disposition: form-data; name="..."`.
        var fieldName: String? {
            guard let disposition = header("Content-Disposition") else { return nil }
            return ContentType(disposition)?.parameters["name"]
        }

        /// Whether the part carries a file (its disposition names a `filename`).
        var isFile: Bool {
            header("Content-Disposition").flatMap { ContentType($0)?.parameters["filename"] } != nil
        }
    }

    /// The parts in order.
    let parts: [Part]

    /// Splits `body` at `--boundary` lines; `nil` when it is not a well-formed multipart body.
    init?(_ body: Data, boundary: String) {
        let delimiter = Data(("--" + boundary).utf8)
        let crlf = Data("\r\n".utf8)
        guard var position = body.firstOffset(of: delimiter) else { return nil }
        var parts: [Part] = []
        while true {
            let afterDelimiter = position + delimiter.count
            // "--boundary--" closes the body.
            if body.count >= afterDelimiter + 2, body[body.startIndex + afterDelimiter] == UInt8(ascii: "-"),
               body[body.startIndex + afterDelimiter + 1] == UInt8(ascii: "-") {
                break
            }
            guard let headersStart = body.firstOffset(of: crlf, from: afterDelimiter).map({ $0 + 2 }),
                  let next = body.firstOffset(of: crlf + delimiter, from: headersStart) else {
                return nil
            }
            let headerEnd = body.firstOffset(of: crlf + crlf, from: headersStart - 2)
            let contentStart: Int
            var headers: [(name: String, value: String)] = []
            if let headerEnd, headerEnd < next {
                contentStart = headerEnd + 4
                if headerEnd > headersStart {
                    let text = String(decoding: body[(body.startIndex + headersStart)..<(body.startIndex + headerEnd)], as: UTF8.self)
                    for line in text.components(separatedBy: "\r\n") {
                        guard let colon = line.firstIndex(of: ":") else { continue }
                        headers.append((String(line[..<colon]), String(line[line.index(after: colon)...].trimmingSpaces)))
                    }
                }
            } else {
                contentStart = headersStart
            }
            parts.append(Part(headers: headers, content: contentStart..<max(contentStart, next)))
            position = next + 2
        }
        self.parts = parts
    }
}
