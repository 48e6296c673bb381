import Foundation

// The cassette decoder's fuzz target: every byte string is read as a cassette file, and none may crash the reader.
//
//   Scripts/fuzz.sh [seconds]       builds it with -sanitize=fuzzer,address -DFUZZING and lets libFuzzer drive it
//   CassetteFuzz <file>...          (a plain build) reads each file as a cassette and prints the outcome: the way
//                                   to replay an input the fuzzer saved, under a debugger if need be

#if FUZZING
exit(LibFuzzer.run())
#else
exit(Replay.run(files: Array(CommandLine.arguments.dropFirst())))
#endif
