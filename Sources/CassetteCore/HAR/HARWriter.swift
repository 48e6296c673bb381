import Foundation

/// Writes a HAR file a piece at a time, one interaction's entries at once: the bytes ``HTTPArchive/encoded(_:)``
/// returns, `JSONEncoder`'s text of a ``HARDocument``. Its start and end are the encoder's text of the empty document
/// cut at the `entries` array; each entry is encoded alone and indented to its depth (line breaks inside strings
/// are escaped, so every line break of an entry's text is one of its layout).
package struct HARWriter {
    /// The file's start: the empty document's text up to the `[` that opens `entries`.
    package let start: Data
    /// The empty document's text after that `[`: an empty array's blank line, its `]`, and what follows.
    private let restOfEmpty: Data
    /// The encoder of every entry, set as ``HTTPArchive/encoded(_:)`` documents the file.
    private let encoder = JSONEncoder()
    /// The one date writer of the file.
    private let dates = HARDates()
    /// How many entries were written.
    private var count = 0

    /// The indentation of an entry in the `entries` array: three levels of two spaces.
    private static let indentation = Data("      ".utf8)
    /// Where the empty document is cut: the `entries` member and its `[`.
    private static let opening = Data("\"entries\" : [".utf8)

    /// Prepares a writer; throws when the encoder's text of an empty document has no `entries` array to cut at.
    package init() throws(CassetteError) {
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let empty = HARDocument(log: .init(version: "1.2", creator: .init(name: HTTPArchive.creatorName, version: "1"), entries: []))
        let text: Data
        do {
            text = try encoder.encode(empty)
        } catch {
            throw CassetteError(.invalidHAR, "Could not write the HAR file: \(error)")
        }
        guard let cut = text.range(of: Self.opening), text[cut.upperBound...].starts(with: Data("\n\n".utf8)) else {
            throw CassetteError(.invalidHAR, "Could not write the HAR file: JSONEncoder wrote an empty document unlike any it wrote before.")
        }
        start = text[..<cut.upperBound]
        var rest = Data(text[cut.upperBound...])
        rest.append(UInt8(ascii: "\n"))
        restOfEmpty = rest
    }

    /// The text of `interaction`'s entries (see ``HARExport/entries(of:dates:)``), each after the separator that
    /// follows the entries written before.
    package mutating func entries(of interaction: Interaction) throws(CassetteError) -> Data {
        var text = Data()
        for entry in HARExport.entries(of: interaction, dates: dates) {
            let encoded: Data
            do {
                encoded = try encoder.encode(entry)
            } catch {
                throw CassetteError(.invalidHAR, "Could not write the HAR file: \(error)")
            }
            text.append(contentsOf: count == 0 ? Data("\n".utf8) : Data(",\n".utf8))
            for line in encoded.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                if line.startIndex != encoded.startIndex { text.append(UInt8(ascii: "\n")) }
                // An empty container's blank line stays empty, as the encoder writes it.
                if !line.isEmpty { text.append(Self.indentation) }
                text.append(contentsOf: line)
            }
            count += 1
        }
        return text
    }

    /// The file's end, after the entries written: the `entries` array's `]`, what follows it, and a newline.
    package var end: Data {
        // With entries, the empty array's blank line is the line break that ends the last entry.
        count == 0 ? restOfEmpty : restOfEmpty.dropFirst()
    }
}
