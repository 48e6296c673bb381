import CassetteCore
import Foundation

/// Everything the `cassette` command reads from and writes to outside its arguments: tests give their own.
public struct ToolContext: Sendable {
    /// The folder names and relative paths resolve against, and where the package's `Cassettes/` is looked for.
    public var currentDirectory: URL
    /// The environment (`CASSETTE_DIR`, and the variables `--redact env:NAME` names).
    public var environment: [String: String]
    /// The present moment, for expiry.
    public var now: Date
    /// Writes text to standard output.
    public var output: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var errors: @Sendable (String) -> Void

    /// Creates a context.
    public init(currentDirectory: URL, environment: [String: String], now: Date,
                output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void) {
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.now = now
        self.output = output
        self.errors = errors
    }

    /// The running process's: its working directory, environment, clock and standard streams.
    public static var process: ToolContext {
        ToolContext(currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
                    environment: ProcessInfo.processInfo.environment, now: Date(),
                    output: { FileHandle.standardOutput.write(Data($0.utf8)) },
                    errors: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}

extension ToolContext {
    /// This context, writing everything through ``InertText/lines(_:)``, and errors with the names they hold shown
    /// as the default rules show them (`Redaction.shown(names:)`: a path may pass through a header named with a token).
    var writingInertText: ToolContext {
        var context = self
        let (output, errors) = (self.output, self.errors)
        context.output = { output(InertText.lines($0)) }
        context.errors = { errors(InertText.lines(Redaction.default.shown(names: $0))) }
        return context
    }
}
