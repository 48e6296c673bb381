import CassetteCore
import Foundation

/// The plain build's job: each file named on the command line read as a cassette, one line of outcome per file.
enum Replay {
    /// Reads `files` in turn and prints what each gave. Returns the process's exit status: 0 when every file was
    /// read (whether it decoded or was rejected with a typed error), 1 when one could not be read at all, 2 for no
    /// files. A crash is the fuzzer's finding, reproduced.
    static func run(files: [String]) -> Int32 {
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("Usage: CassetteFuzz <file>...  (reads each file as a cassette)\n".utf8))
            return 2
        }
        var status: Int32 = 0
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot read the file\n".utf8))
                status = 1
                continue
            }
            print("\(path): \(describe(FuzzInput.decode(data)))")
        }
        return status
    }

    /// One line for an outcome: how many interactions, or the error's code and message.
    static func describe(_ outcome: Result<[Interaction], CassetteError>) -> String {
        switch outcome {
        case .success(let interactions):
            "decoded \(interactions.count) interaction\(interactions.count == 1 ? "" : "s")"
        case .failure(let error):
            "rejected (\(error.code)): \(error.message)"
        }
    }
}
