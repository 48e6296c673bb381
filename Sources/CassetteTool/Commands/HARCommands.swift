import CassetteCore
import Foundation

/// `cassette export-har` and `cassette import-har`: cassettes to and from HTTP Archive (HAR 1.2) files.
enum HARCommands {
    static let exportSpec = CommandSpec(
        name: "export-har", summary: "Write a cassette as a HAR 1.2 file, for browsers' developer tools and HAR viewers.",
        usage: "export-har <cassette> [-o <file.har>]",
        arguments: [.init(name: "cassette", help: "A cassette file, or a cassette name (httpbin/search).")],
        options: [.init(name: "output", short: "o", value: "file.har", help: "Where to write it (default: standard output).")],
        exitStatuses: StatusMeaning.table(success: "the HAR file was written",
                                          failure: "the cassette does not exist or does not read as a cassette, or the HAR file could not be written"),
        discussion: """
        Each redirect a request went through becomes an entry of its own, as browsers export them. What HAR has no
        field for (a transport failure, an expiry date) goes in the entry's _cassette object, so that import-har gives
        back the same cassette file.
        """)

    static let importSpec = CommandSpec(
        name: "import-har", summary: "Make a cassette from a HAR file (a browser's, mitmproxy's, Charles', ...).",
        usage: "import-har <file.har> <name> [--redact <rule>]... [--force]",
        arguments: [
            .init(name: "file.har", help: "The HAR file."),
            .init(name: "name", help: "The cassette's name, as tests use it (checkout/happy-path)."),
        ],
        options: [
            .init(name: "redact", value: "rule", repeats: true, help: RedactionRules.help),
            .init(name: "force", short: "f", help: "Replace the cassette if it exists."),
        ],
        exitStatuses: StatusMeaning.table(success: "the cassette was written, and verify finds no problem in it",
                                          finding: "the cassette was written, and verify finds a problem in it, printed as a warning",
                                          failure: "the HAR file could not be read or holds nothing to replay, or the cassette exists (without --force) or could not be written"),
        discussion: """
        The cassette is written where the harness looks for <name>: $CASSETTE_DIR, else Cassettes/ at the root of the
        package around the current directory. It is redacted as recording would have redacted it, by the default rules
        and the --redact ones: check the result with 'cassette verify' before you commit it.
        A response that redirects, followed by a later entry requesting its target, becomes one interaction that went
        through the redirect, as URLSession follows it. Entries a browser cancelled are skipped, and said so.
        """)

    static let export = Subcommand(spec: exportSpec) { arguments, context in
        let paths = CassettePaths(context: context)
        let file = try paths.cassetteFile(arguments.argument(0) ?? "")
        let destination = arguments.value("output").flatMap { $0 == "-" ? nil : paths.resolved($0) }
        let target: StreamedOutput
        do {
            target = try destination.map(StreamedOutput.init(file:)) ?? StreamedOutput(context: context)
        } catch {
            throw ToolFailure("Could not write \(paths.display(destination ?? file)): \(error.localizedDescription)")
        }
        // Entry by entry: a large cassette is never held decoded, nor its HAR file whole.
        do {
            var writer = try HARWriter()
            try target.write(writer.start)
            _ = try CassetteFile.forEachInteraction(in: file) { interaction in
                try target.write(try writer.entries(of: interaction))
            }
            try target.write(writer.end)
            try target.finish()
        } catch let error as CassetteError {
            target.abandon()
            throw error
        } catch {
            target.abandon()
            throw ToolFailure("Could not write \(paths.display(destination ?? file)): \(error.localizedDescription)")
        }
        guard let destination else { return ExitStatus.success }
        context.errors("exported \(paths.display(file)) to \(paths.display(destination))\n")
        return ExitStatus.success
    }

    static let `import` = Subcommand(spec: importSpec) { arguments, context in
        let paths = CassettePaths(context: context)
        let rules = try RedactionRules(arguments.all("redact"), environment: context.environment, spec: importSpec)
        let source = paths.resolved(arguments.argument(0) ?? "")
        let name = arguments.argument(1) ?? ""
        let destination = try paths.cassetteFile(named: name)
        if FileManager.default.fileExists(atPath: destination.path) && !arguments.flag("force") {
            throw ToolFailure("\(paths.display(destination)) exists already; pass --force to replace it.")
        }
        let contents = try HTTPArchive.interactions(contentsOf: source)
        guard !contents.interactions.isEmpty else {
            throw ToolFailure("\(paths.display(source)) holds no exchange to replay\(contents.skipped.isEmpty ? "" : " (\(contents.skipped.joined(separator: "; ")))").")
        }
        try CassetteFile.save(rules.redaction.redacting(contents.interactions), to: destination)
        var summary = "imported \(Formatting.count(contents.interactions.count, "interaction")) from \(paths.display(source)) into \(paths.display(destination))"
        if !contents.skipped.isEmpty {
            summary += "; skipped " + contents.skipped.joined(separator: "; ")
        }
        context.output(summary + "\n")
        let problems = VerifyCommand.problems(in: destination, check: RedactionCheck(redaction: rules.redaction))
        for problem in problems { context.errors("warning: \(paths.display(destination)): \(problem)\n") }
        return problems.isEmpty ? ExitStatus.success : ExitStatus.finding
    }
}
