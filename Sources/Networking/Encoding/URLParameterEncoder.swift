import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds parameters to a request's query string, percent-encoded per RFC 3986.
///
/// - Keys are sorted, so the same parameters always give the same URL.
/// - Only the unreserved characters `A–Z a–z 0–9 - . _ ~` stay as they are; everything else, including space, `+`,
///   `&`, `=`, `/`, `?` and every non-ASCII character's UTF-8 bytes, is percent-encoded.
/// - Arrays repeat the key with `[]`: `["tags": ["a", "b"]]` gives `tags%5B%5D=a&tags%5B%5D=b`.
/// - Nested parameters use `[key]`: `["filter": ["year": 2024]]` gives `filter%5Byear%5D=2024`.
/// - Booleans are `true`/`false`; doubles as Swift prints them (`1.5`, `2.0`); `.null` gives an empty value (`key=`).
/// - An empty array or dictionary adds nothing.
/// - Query items already in the URL are kept; new ones are appended after them.
public enum URLParameterEncoder: ParameterEncoder {
    /// Appends `parameters` to the query of `urlRequest`'s URL.
    public static func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(NetworkError) {
        guard let url = urlRequest.url else {
            throw NetworkError.encodingFailed(url: nil, reason: "The request has no URL to add query parameters to.")
        }
        let added = query(for: parameters)
        guard !added.isEmpty else { return }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw NetworkError.encodingFailed(url: url, reason: "The URL could not be split into components.")
        }
        if let existing = components.percentEncodedQuery, !existing.isEmpty {
            components.percentEncodedQuery = existing + "&" + added
        } else {
            components.percentEncodedQuery = added
        }
        guard let encoded = components.url else {
            throw NetworkError.encodingFailed(url: url, reason: "The query \(added) does not make a valid URL.")
        }
        urlRequest.url = encoded
    }

    /// The percent-encoded `name=value` pairs for `parameters`, joined with `&`.
    public static func query(for parameters: Parameters) -> String {
        pairs(for: parameters).map { "\(percentEncode($0.name))=\(percentEncode($0.value))" }.joined(separator: "&")
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded.
    public static func percentEncode(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func pairs(for parameters: Parameters) -> [(name: String, value: String)] {
        parameters.keys.sorted().flatMap { key in pairs(named: key, value: parameters[key] ?? .null) }
    }

    private static func pairs(named name: String, value: ParameterValue) -> [(name: String, value: String)] {
        switch value {
        case .string(let text): [(name, text)]
        case .int(let number): [(name, String(number))]
        case .double(let number): [(name, String(number))]
        case .bool(let flag): [(name, flag ? "true" : "false")]
        case .null: [(name, "")]
        case .array(let elements): elements.flatMap { pairs(named: name + "[]", value: $0) }
        case .dictionary(let members): members.keys.sorted().flatMap { pairs(named: "\(name)[\($0)]", value: members[$0] ?? .null) }
        }
    }
}
