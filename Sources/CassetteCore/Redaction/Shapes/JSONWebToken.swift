import Foundation

/// The shape of a JSON Web Token (RFC 7519, compact form): `header.payload.signature`, each base64url, the header
/// a JSON object naming its algorithm (`{"alg":…}`, hence the `eyJ` every token starts with). The signature may be
/// empty (an unsecured token). An encrypted token (RFC 7516) has five parts and a header that also names its `enc`.
enum JSONWebToken {
    /// Where the token starting at `index` ends, if a token starts there.
    static func end(at index: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count - index >= 16, bytes[index + 1] == UInt8(ascii: "y"), bytes[index + 2] == UInt8(ascii: "J") else {
            return nil
        }
        // Up to five base64url parts joined by `.`; a `.` that no part follows ends a sentence, not the token. A part
        // may be empty only where the formats allow: an unsecured token's signature (the third), an encrypted token's
        // key under direct encryption (the second).
        var ends = [run(from: index, in: bytes)]
        while ends.count < 5, let last = ends.last, last < bytes.count, bytes[last] == UInt8(ascii: ".") {
            let next = last + 1
            let partFollows = next < bytes.count && isBase64URL(bytes[next])
            let dotFollows = next < bytes.count && bytes[next] == UInt8(ascii: ".")
            let emptySignature = ends.count == 2 && !partFollows && !dotFollows
            let emptyKey = ends.count == 1 && dotFollows
            guard partFollows || emptySignature || emptyKey else { break }
            ends.append(run(from: next, in: bytes))
        }
        guard ends[0] - index >= 10, ends.count >= 3, let header = header(bytes[index..<ends[0]]), header["alg"] != nil else {
            return nil
        }
        // Five parts under an `enc` header are an encrypted token; otherwise the first three are the token, and what
        // follows a `.` after them is other text.
        let end = ends.count == 5 && header["enc"] != nil ? ends[4] : ends[2]
        if end < bytes.count, ShapeScan.continuesWord(bytes[end]) { return nil }
        return end
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// The end of the run of base64url characters from `start`.
    private static func run(from start: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var end = start
        while end < bytes.count, isBase64URL(bytes[end]) { end += 1 }
        return end
    }

    /// The members of the header `part` (base64url of a JSON object), when it is one.
    private static func header(_ part: Slice<UnsafeRawBufferPointer>) -> [String: JSONValue]? {
        // A header is small; a longer run is no header.
        guard part.count <= 2_048 else { return nil }
        var base64 = String(decoding: part, as: UTF8.self)
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let decoded = Data(base64Encoded: base64), case .object(let members)? = JSONValue(parsing: decoded) else {
            return nil
        }
        return members
    }
}
