import CassetteCore
import Foundation

/// The plain build's job: each file named on the command line read as the target reads an input, one line of
/// outcome per file.
enum Replay {
    /// Reads `files` in turn as `target` reads inputs and prints what each gave. Returns the process's exit status: 0
    /// when every file was read and judged well (for `cassette`, decoded or rejected with a typed error), 1 when one
    /// could not be read or the target found something wrong, 2 for no files. A crash is the fuzzer's finding,
    /// reproduced.
    static func run(files: [String], target: FuzzTarget) -> Int32 {
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("""
                Usage: [FUZZ_TARGET=cassette|har|body|scan] CassetteFuzz <file>...   (reads each file as the target does)
                       [FUZZ_TARGET=...] CassetteFuzz --seeds <folder> <cassette>...  (writes the target's seeds)

                """.utf8))
            return 2
        }
        var status: Int32 = 0
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot read the file\n".utf8))
                status = 1
                continue
            }
            if target == .cassette {
                print("\(path): \(describe(FuzzInput.decode(data)))")
            } else if let failure = target.run(data) {
                print("\(path): \(failure)")
                status = 1
            } else {
                print("\(path): nothing remains")
            }
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
