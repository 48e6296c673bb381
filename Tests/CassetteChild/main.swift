import Foundation

// A child process for the storage tests, which kill it or race two of it (see `ChildProcess` in the tests):
//
//   CassetteChild save-loop <cassette> <version-a> <version-b>
//       Loads two cassette files, prints "ready", then saves them over <cassette> in turn until it is killed.
//   CassetteChild record <directory> <name> <tag> <count>
//       Opens the cassette <name> in record mode `new`, prints "opened", waits for a line on standard input, then
//       records <count> requests to its own loopback server (`/<tag>/1`, `/<tag>/2`, ...) and saves on close.
//   CassetteChild protocol-order <scenario>
//       What swift-corelibs-foundation's registry and URLSession.shared do in one scenario (see SharedSession).
//   CassetteChild outside-the-scope <directory>
//       URLSession.shared after a process scope closed, and beside a session-scoped cassette (see SharedSession).
//   CassetteChild shared-capture <before> <directory>
//       Does <before>, installs the harness's router and replays through URLSession.shared (see SharedSession).

do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "save-loop" where arguments.count == 4:
        try SaveLoop.run(cassette: arguments[1], versions: (arguments[2], arguments[3]))
    case "record" where arguments.count == 5:
        guard let count = Int(arguments[4]) else { throw ChildFailure("The count \(arguments[4]) is not a number.") }
        try await Recording.run(directory: arguments[1], name: arguments[2], tag: arguments[3], count: count)
    case "protocol-order" where arguments.count == 2:
        try SharedSession.order(arguments[1])
    case "outside-the-scope" where arguments.count == 2:
        try await SharedSession.outsideTheScope(directory: arguments[1])
    case "shared-capture" where arguments.count == 3:
        try await SharedSession.capture(after: arguments[1], directory: arguments[2])
    default:
        throw ChildFailure("Usage: CassetteChild save-loop <cassette> <a> <b> | record <directory> <name> <tag> <count> | protocol-order <scenario> | shared-capture <before> <directory>")
    }
} catch {
    FileHandle.standardError.write(Data("CassetteChild: \(error)\n".utf8))
    exit(1)
}
