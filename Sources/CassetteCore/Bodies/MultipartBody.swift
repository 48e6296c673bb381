import Foundation

/// A `multipart/*` body split into its parts by byte offsets, so that parts can be compared (a client's random
/// boundary aside) or rewritten without copying the body.
struct MultipartBody {
    /// One part: its header lines and where its content lies in the body.
    struct Part {
        /// The part's header fields in order, names as written.
        var headers: [(name: String, value: String)]
        /// The content's offsets in the body (relative to its start).
        var content: Range<Int>

        /// The content's bytes in `body`, the bytes the part was split from.
        func content(in body: Data) -> Data {
            body[(body.startIndex + content.lowerBound)..<(body.startIndex + content.upperBound)]
        }

        /// The header named `name`, ignoring case.
        func header(_ name: String) -> String? {
            headers.first { $0.name.equalsIgnoringASCIICase(name) }?.value
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

    /// Splits `body` at the boundary its `Content-Type` declared; without one, at the boundary its first line opens
    /// with (see ``openingBoundary(of:)``) when some part then names a form field. `nil` when it is not multipart.
    init?(_ body: Data, declaredBoundary: String?) {
        if let declaredBoundary {
            self.init(body, boundary: declaredBoundary)
            return
        }
        guard let boundary = Self.openingBoundary(of: body), let found = MultipartBody(body, boundary: boundary),
              found.parts.contains(where: { $0.fieldName != nil }) else {
            return nil
        }
        self = found
    }

    /// The boundary of a body whose first line is a delimiter, `--boundary` (1 to 70 characters of RFC 2046, not
    /// ending in a space), or `nil` for any other body.
    static func openingBoundary(of body: Data) -> String? {
        guard body.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) else { return nil }
        let line = body.dropFirst(2).prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
        guard (1...70).contains(line.count), line.last != UInt8(ascii: " "), line.allSatisfy(isBoundaryCharacter),
              line.count + 2 < body.count else {
            return nil
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Whether RFC 2046 lets `byte` stand in a boundary: ASCII letters and digits, and `'()+_,-./:=?` and space.
    private static func isBoundaryCharacter(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || Array("'()+_,-./:=? ".utf8).contains(byte)
    }

    /// Splits `body` at `--boundary` lines; `nil` when it is not a multipart body. Lines may end in CRLF (as they
    /// must) or a bare LF (as some clients write them), and a body cut short of its closing `--boundary--` ends its
    /// last part where the bytes end.
    init?(_ body: Data, boundary: String) {
        let delimiter = Data(("--" + boundary).utf8)
        // The first delimiter opens the body or a line (`--B` inside `-----BEGIN` is none).
        let first = body.starts(with: delimiter) ? 0 : body.firstOffset(of: Data([UInt8(ascii: "\n")]) + delimiter).map { $0 + 1 }
        guard var position = first else { return nil }
        var parts: [Part] = []
        while true {
            let afterDelimiter = position + delimiter.count
            // "--boundary--" closes the body.
            if body.count >= afterDelimiter + 2, body[body.startIndex + afterDelimiter] == UInt8(ascii: "-"),
               body[body.startIndex + afterDelimiter + 1] == UInt8(ascii: "-") {
                break
            }
            guard let lineEnd = body.firstOffset(of: Data([UInt8(ascii: "\n")]), from: afterDelimiter) else { return nil }
            let headersStart = lineEnd + 1
            // The part ends before the next delimiter line, or where the body ends.
            let nextDelimiter = body.firstOffset(of: Data([UInt8(ascii: "\n")]) + delimiter, from: headersStart)
            let partEnd = nextDelimiter.map { $0 > headersStart && body[body.startIndex + $0 - 1] == UInt8(ascii: "\r") ? $0 - 1 : $0 }
                ?? body.count
            var headers: [(name: String, value: String)] = []
            var contentStart = headersStart
            // Header lines until the first empty line.
            var lineStart = headersStart
            while lineStart < partEnd {
                let newline = body.firstOffset(of: Data([UInt8(ascii: "\n")]), from: lineStart).map { Swift.min($0, partEnd) } ?? partEnd
                var line = body[(body.startIndex + lineStart)..<(body.startIndex + newline)]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                lineStart = Swift.min(newline + 1, partEnd)
                if line.isEmpty {
                    contentStart = lineStart
                    break
                }
                let text = String(decoding: line, as: UTF8.self)
                guard let colon = text.firstIndex(of: ":") else {
                    // Not a header: the part has no headers, and this is its content.
                    headers = []
                    contentStart = headersStart
                    break
                }
                headers.append((String(text[..<colon]), String(text[text.index(after: colon)...].trimmingSpaces)))
                contentStart = lineStart
            }
            parts.append(Part(headers: headers, content: contentStart..<Swift.max(contentStart, partEnd)))
            guard let next = nextDelimiter else { break }
            position = next + 1
        }
        self.parts = parts
    }
}
