import Foundation

// The fuzz targets: what each reads an input as is in FuzzTarget (FUZZ_TARGET picks one; `cassette` by default).
//
//   Scripts/fuzz.sh [--target T] [seconds]       builds it with -sanitize=fuzzer,address -DFUZZING and lets
//                                                libFuzzer drive it
//   CassetteFuzz <file>...                       (a plain build) reads each file as the target does and prints the
//                                                outcome: the way to replay an input the fuzzer saved
//   CassetteFuzz --seeds <folder> <cassette>...  writes the target's seeds, made from the cassettes given
//   CassetteFuzz --show <file>...                prints each part as redaction stores it, and as it stores it again

let arguments = Array(CommandLine.arguments.dropFirst())
switch FuzzTarget.fromEnvironment() {
case .failure(let failure):
    FileHandle.standardError.write(Data("\(failure)\n".utf8))
    exit(2)
case .success(let target):
    if arguments.first == "--show" {
        exit(Replay.show(files: Array(arguments.dropFirst()), target: target))
    }
    if arguments.first == "--seeds" {
        exit(Seeds.write(for: target, into: arguments.dropFirst().first ?? "", from: Array(arguments.dropFirst(2))))
    }
    #if FUZZING
    exit(LibFuzzer.run())
    #else
    exit(Replay.run(files: arguments, target: target))
    #endif
}
