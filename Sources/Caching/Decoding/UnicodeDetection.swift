import Foundation

/// JSON text as UTF-8, as `JSONDecoder` reads its input: a UTF-8 byte order mark skipped, UTF-16 or UTF-32 (told by
/// a mark or, as RFC 4627 describes, by where the zero bytes fall) converted, for files an editor saved so.
enum UnicodeDetection {
    static func utf8(_ data: Data) -> Data {
        let head = Array(data.prefix(4))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return data.dropFirst(3) }
        guard let (encoding, markLength) = encoding(of: head) else { return data }
        // Text that does not convert stays as it is: the parser then reports where it stops being JSON.
        guard let text = String(data: data.dropFirst(markLength), encoding: encoding) else { return data }
        return Data(text.utf8)
    }

    /// The encoding the first bytes show, with the length of its byte order mark (0 when there is none); `nil` for UTF-8.
    private static func encoding(of head: [UInt8]) -> (String.Encoding, Int)? {
        switch head.count >= 4 ? (head[0], head[1], head[2], head[3]) : (head.first ?? 1, head.count > 1 ? head[1] : 1, 1, 1) {
        case (0x00, 0x00, 0xFE, 0xFF): (.utf32BigEndian, 4)
        case (0xFF, 0xFE, 0x00, 0x00): (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): (.utf16LittleEndian, 2)
        case (0x00, 0x00, 0x00, _): (.utf32BigEndian, 0)
        case (_, 0x00, 0x00, 0x00): (.utf32LittleEndian, 0)
        case (0x00, _, _, _): (.utf16BigEndian, 0)
        case (_, 0x00, _, _): (.utf16LittleEndian, 0)
        default: nil
        }
    }
}
