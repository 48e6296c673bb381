import Foundation
import Testing

#if CAN_SPAWN_PROCESSES
extension ToolSandbox {
    /// Runs `git` with `arguments` in the sandbox's root, as a fixed committer, and expects it to succeed.
    func git(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "-c", "user.name=Diff Test", "-c", "user.email=diff@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }
}
#endif
