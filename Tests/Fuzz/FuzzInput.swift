import CassetteCore
import Foundation

/// One input, read as a cassette file the way replay reads one.
enum FuzzInput {
    /// The name the input goes by in errors; no file is read.
    static let file = URL(fileURLWithPath: "/fuzz-input.json")

    /// What reading `data` as a cassette gave: the interactions, or the typed error that says why there are none.
    /// Anything else (a trap, a sanitizer report, a hang) is a finding.
    static func decode(_ data: Data) -> Result<[Interaction], CassetteError> {
        Result { () throws(CassetteError) in try CassetteFile.decode(data, file: file) }
    }

    /// How reading `data` one interaction at a time (as the `cassette` tool reads a file) differs from reading it
    /// whole (`whole`), or `nil` when both give the same interactions or the same error.
    static func inTurnDifference(_ data: Data, whole: Result<[Interaction], CassetteError>) -> String? {
        let inTurn = Result { () throws(CassetteError) in Array(try CassetteFile.interactionsInTurn(decoding: data, file: file)) }
        switch (whole, inTurn) {
        case (.success(let whole), .success(let inTurn)):
            guard whole != inTurn else { return nil }
            return "read in turn, \(inTurn.count) interactions differ from the \(whole.count) read whole"
        case (.failure(let whole), .failure(let inTurn)):
            return whole.message == inTurn.message ? nil : "read in turn, the error differs from the one read whole"
        case (.success, .failure):
            return "read in turn, the file fails; read whole, it reads"
        case (.failure, .success):
            return "read in turn, the file reads; read whole, it fails"
        }
    }
}
