import Caching
import Foundation

extension CassetteFile {
    /// The interactions of a file read one at a time (see ``CassetteFile/interactionsInTurn(in:)``), in the order
    /// ``CassetteFile/load(_:)`` gives them: each is decoded from the file's bytes when reached, and none is kept.
    package struct InteractionsInTurn: RandomAccessCollection, Sendable {
        private let entries: StoredEntries<Int, Interaction>
        /// The file's entries (by place in the file) in the order ``CassetteFile/load(_:)`` gives them.
        private let order: [Int]

        /// No interactions: a cassette that is not there.
        package init() {
            self.init(StoredEntries())
        }

        fileprivate init(_ entries: StoredEntries<Int, Interaction>) {
            self.entries = entries
            let keys = entries.keys
            order = CassetteFile.inKeyOrder(entries.keptPlaces) { keys[$0] }
        }

        /// The key of each entry in the file, in file order (a repeated key each time it appears).
        package var keysInFile: [Int] { entries.keys }

        /// Where each interaction stands among the file's entries (its index in `entries`), in the collection's order.
        package var placesInFile: [Int] { order }

        package var startIndex: Int { 0 }
        package var endIndex: Int { order.count }

        /// The interaction at `position`, decoded now (as it was once when the file was read; should that ever fail,
        /// an interaction with an empty request stands in).
        package subscript(position: Int) -> Interaction {
            let place = order[position]
            let value = (try? entries.value(at: place)) ?? Interaction(request: RecordedRequest(method: "", url: ""), recordedAt: .distantPast)
            return CassetteFile.interaction(of: (key: entries.keys[place], value: value, expirationDate: entries.expirationDates[place]))
        }
    }

    /// The interactions in `file`, in recording order, each decoded when reached and not kept (see `StoredEntries`),
    /// for tools that read a large cassette through; `nil` when the file does not exist. A file that does not read
    /// throws what ``load(_:)`` throws for it.
    package static func interactionsInTurn(in file: URL) throws(CassetteError) -> InteractionsInTurn? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data: Data
        do { data = try FileContents.read(file) } catch { throw unreadable(error, file) }
        return try interactionsInTurn(decoding: data, file: file)
    }

    /// The interactions in `data`, the bytes of a cassette file, read one at a time as ``interactionsInTurn(in:)``
    /// reads the file's; `file` only names the cassette in errors (`cassette diff` reads a file from git so).
    package static func interactionsInTurn(decoding data: Data, file: URL) throws(CassetteError) -> InteractionsInTurn {
        do {
            return InteractionsInTurn(try Cache<Int, Interaction>.storedEntriesInTurn(in: data, file: file))
        } catch {
            throw unreadable(error, file)
        }
    }

    /// Calls `each` with every interaction in `file`, in recording order, decoded one at a time (see
    /// ``interactionsInTurn(in:)``); returns `false` (calling nothing) when the file does not exist. A file that
    /// does not read calls nothing and throws what ``load(_:)`` throws for it.
    package static func forEachInteraction(in file: URL, _ each: (Interaction) throws -> Void) throws -> Bool {
        guard let interactions = try interactionsInTurn(in: file) else { return false }
        for interaction in interactions { try each(interaction) }
        return true
    }
}
