import Foundation
import PackagePlugin

/// `swift package cassette <command> ...`: runs the `cassette` executable from the package's root, so that cassette
/// names and `Cassettes/` resolve as they do for the package's tests.
///
/// The plugin asks for no permission, so that `list`, `show`, `verify`, `unused` and `export-har` to standard output
/// run without a flag. On Linux SwiftPM runs plugins without a sandbox, and `prune` and `import-har` write too. On
/// macOS SwiftPM's plugin sandbox does not let a plugin write into the package: run those two with
/// `swift run cassette ...`, which is not sandboxed, or pass `--disable-sandbox` to `swift package`.
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
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // The tool said what went wrong on its standard error; the plugin only passes its failure on.
            throw ExitStatus(code: process.terminationStatus)
        }
    }

    /// A non-zero exit of the tool, as the plugin's own failure.
    struct ExitStatus: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cassette exited with status \(code) (see cassette --help)" }
    }
}
