import CassetteTool
import Foundation

// The `cassette` command: everything happens in CassetteTool, which tests run in process.
let status = CassetteCommand.run(Array(CommandLine.arguments.dropFirst()), context: .process)
exit(status)
