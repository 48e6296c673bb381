import Foundation
import PackagePlugin

/// `swift package cassette <command> ...`: runs the `cassette` executable from the package's root, so that cassette
/// names and `Cassettes/` resolve as they do for the package's tests, and ends with the tool's exit status.
///
/// The plugin asks for no permission, so that `list`, `show`, `verify`, `unused` and `export-har` to standard output
/// run without a flag. On Linux SwiftPM runs plugins without a sandbox, and `prune` and `import-har` write too. On
/// macOS SwiftPM's plugin sandbox does not let a plugin write into the package: run those two with
/// `swift run cassette ...`, which is not sandboxed, or pass `--disable-sandbox` to `swift package`.
///
/// A status other than 0 is not reported as a diagnostic: SwiftPM prints a plugin's output on its standard output,
/// buffered when that is a pipe, and diagnostics on standard error at once, so a diagnostic would come ahead of the
/// command's output in a log. The tool, given `--explain-status`, ends its own output with a line saying what the
/// status means (`cassette diff: changes were found (exit status 1)`: a finding, not an error), and the plugin exits
/// with that status, so that CI notices. SwiftPM adds `error: Plugin ended with exit code N` to any plugin that
/// exits with a status other than 0; it has no way to end a plugin with a status and without that line.
@main
struct CassettePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "cassette")
        #if os(macOS)
        if let command = arguments.first, ["prune", "import-har"].contains(command), !arguments.contains("--dry-run") {
            Diagnostics.remark("On macOS the plugin sandbox may refuse to write into the package; if it does, run 'swift run cassette \(command) ...' or 'swift package --disable-sandbox cassette \(command) ...'.")
        }
        #endif
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["--explain-status"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit else { throw Signalled(signal: process.terminationStatus) }
        // The tool has written everything, its explanation last; the plugin writes nothing after it. A command plugin
        // runs as a process of its own on every host (SwiftPM's PluginInvocation), so exiting ends only the plugin.
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    /// The tool was ended by a signal: it wrote no explanation, so the plugin reports it.
    struct Signalled: Error, CustomStringConvertible {
        let signal: Int32
        var description: String { "cassette was ended by signal \(signal)" }
    }
}
