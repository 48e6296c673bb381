import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if CAN_SPAWN_PROCESSES

/// A running `CassetteChild` (the executable target built beside the test bundle), with its standard input and
/// output on pipes.
final class ChildProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// The child's standard error, when the test reads it (see ``errorText()``).
    private let errors: Pipe?
    private var pending = Data()

    /// Why a child could not be used.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    /// Starts `CassetteChild` with `arguments`; with `readingErrors`, its standard error goes to ``errorText()``
    /// instead of the test run's.
    init(_ arguments: [String], readingErrors: Bool = false) throws {
        errors = readingErrors ? Pipe() : nil
        process.executableURL = try Self.executable()
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        if let errors { process.standardError = errors }
        try process.run()
    }

    /// Everything the child writes to its standard error, once it closes it (by exiting); empty unless started
    /// `readingErrors`.
    func errorText() async -> String {
        guard let handle = errors?.fileHandleForReading else { return "" }
        return await Self.offThePool { String(decoding: handle.readDataToEndOfFile(), as: UTF8.self) }
    }

    /// The child's process id.
    var pid: Int32 { process.processIdentifier }

    /// The executable `name` of this package (`CassetteChild`, or `cassette`): built into the same folder as the
    /// test binary (or bundle).
    static func executable(_ name: String = "CassetteChild") throws -> URL {
        let tests = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL ?? Bundle.main.executableURL
        guard let folder = tests?.deletingLastPathComponent() else {
            throw Failure(description: "Could not find the folder of the test binary.")
        }
        let child = folder.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: child.path) else {
            throw Failure(description: "No \(name) beside the tests, at \(child.path).")
        }
        return child
    }

    /// Waits for the child's next line of output and fails unless it is `expected` (a child that exits first
    /// fails too).
    func expectLine(_ expected: String) async throws {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[pending.index(after: newline)...])
                guard line == expected else { throw Failure(description: "The child said \"\(line)\", not \"\(expected)\".") }
                return
            }
            let more = await Self.offThePool { [handle = output.fileHandleForReading] in handle.availableData }
            guard !more.isEmpty else {
                throw Failure(description: "The child closed its output before saying \"\(expected)\".")
            }
            pending.append(more)
        }
    }

    /// Writes `line` to the child's standard input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Whether the child is still running.
    var isRunning: Bool { process.isRunning }

    /// Kills the child with `SIGKILL`: it gets no chance to clean up.
    func kill() {
        _ = sendSignal(pid, SIGKILL)
    }

    /// Whether the child ended by a signal (``kill()``, say) rather than by exiting; meaningful after ``wait()``.
    var endedBySignal: Bool { process.terminationReason == .uncaughtSignal }

    /// Waits for the child to end (reaping it, so its process id is free) and returns its exit status.
    @discardableResult
    func wait() async -> Int32 {
        await Self.offThePool { [process] in
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Runs `work`, which blocks, on a thread of its own: blocking one of Swift concurrency's few threads (two on a
    /// two-core machine) would stall every other test running in parallel.
    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

/// `kill(2)`, named apart from ``ChildProcess/kill()``.
private func sendSignal(_ pid: Int32, _ signal: Int32) -> Int32 {
    kill(pid, signal)
}
#endif
