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
}
