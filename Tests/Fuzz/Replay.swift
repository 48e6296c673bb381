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

    /// Prints, for each file, every part of each interaction the target makes of it as redaction stores it, and
    /// where redacting again changes a part, what it becomes: the way to see what a finding is about.
    static func show(files: [String], target: FuzzTarget) -> Int32 {
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { return 1 }
            let stored = Redaction.default.redacting(target.interactions(data))
            let again = Redaction.default.redacting(stored)
            for (position, (first, second)) in zip(stored, again).enumerated() {
                print("== \(path) #\(position + 1)")
                for (part, other) in zip(LeakOracle.parts(of: first), LeakOracle.parts(of: second)) {
                    print("\(part.place): \(part.text.debugDescription)")
                    if other.text != part.text { print("  again: \(other.text.debugDescription)") }
                }
            }
        }
        return 0
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
