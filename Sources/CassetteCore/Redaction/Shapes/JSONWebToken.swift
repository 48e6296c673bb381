import Foundation

/// The shape of a JSON Web Token (RFC 7519, compact form): `header.payload.signature`, each base64url, the header
/// a JSON object naming its algorithm (`{"alg":…}`, hence the `eyJ` every token starts with). The signature may be
/// empty (an unsecured token).
enum JSONWebToken {
    /// Where the token starting at `index` ends, if a token starts there.
    static func end(at index: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count - index >= 16, bytes[index + 1] == UInt8(ascii: "y"), bytes[index + 2] == UInt8(ascii: "J") else {
            return nil
        }
        let headerEnd = run(from: index, in: bytes)
        guard headerEnd - index >= 10, headerEnd < bytes.count, bytes[headerEnd] == UInt8(ascii: ".") else { return nil }
        let payloadEnd = run(from: headerEnd + 1, in: bytes)
        guard payloadEnd - headerEnd > 1, payloadEnd < bytes.count, bytes[payloadEnd] == UInt8(ascii: ".") else { return nil }
        let end = run(from: payloadEnd + 1, in: bytes)
        // A fourth part is some other dotted name (or an encrypted token, whose parts say nothing).
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") || ShapeScan.continuesWord(bytes[end]) { return nil }
        guard namesAlgorithm(bytes[index..<headerEnd]) else { return nil }
        return end
    }

    /// The end of the run of base64url characters from `start`.
    private static func run(from start: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var end = start
        while end < bytes.count, bytes[end].isASCIIAlphanumeric || bytes[end] == UInt8(ascii: "_")
            || bytes[end] == UInt8(ascii: "-") {
            end += 1
        }
        return end
    }

    /// Whether `part`, base64url, decodes to a JSON object with an `alg` member.
    private static func namesAlgorithm(_ part: Slice<UnsafeRawBufferPointer>) -> Bool {
        // A header is small; a longer run is no header.
        guard part.count <= 2_048 else { return false }
        var base64 = String(decoding: part, as: UTF8.self)
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let decoded = Data(base64Encoded: base64),
              case .object(let members)? = JSONValue(parsing: decoded) else { return false }
        return members["alg"] != nil
    }
}
