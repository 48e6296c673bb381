import Foundation

// A child process for the storage tests, which kill it or race two of it (see `ChildProcess` in the tests):
//
//   CassetteChild save-loop <cassette> <version-a> <version-b>
//       Loads two cassette files, prints "ready", then saves them over <cassette> in turn until it is killed.
//   CassetteChild record <directory> <name> <tag> <count>
//       Opens the cassette <name> in record mode `new`, prints "opened", waits for a line on standard input, then
//       records <count> requests to its own loopback server (`/<tag>/1`, `/<tag>/2`, ...) and saves on close.

do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "save-loop" where arguments.count == 4:
        try SaveLoop.run(cassette: arguments[1], versions: (arguments[2], arguments[3]))
    case "record" where arguments.count == 5:
        guard let count = Int(arguments[4]) else { throw ChildFailure("The count \(arguments[4]) is not a number.") }
        try await Recording.run(directory: arguments[1], name: arguments[2], tag: arguments[3], count: count)
    default:
        throw ChildFailure("Usage: CassetteChild save-loop <cassette> <a> <b> | record <directory> <name> <tag> <count>")
    }
} catch {
    FileHandle.standardError.write(Data("CassetteChild: \(error)\n".utf8))
    exit(1)
}
