@testable import CassetteTool
import Foundation
import Locking

/// What one run of the `cassette` command did.
struct ToolRun: Sendable {
    let status: Int32
    let output: String
    let errors: String
}

/// A scratch package for the `cassette` command: a temporary folder holding a copy of the fixture cassettes as
/// `Cassettes/` (so commands that write never touch the fixtures), removed when the body returns.
struct ToolSandbox: Sendable {
    let root: URL

    /// The committed fixtures: `Fixtures/Cassettes`, `Fixtures/Broken`, `Fixtures/HAR`.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The date every run sees as now: after `api/users`' second recording expired, before its first.
    static let now = Date(timeIntervalSince1970: 1_795_392_000) // 2026-11-23T00:00:00Z

    static func with<T>(_ body: (ToolSandbox) throws -> T) throws -> T {
        let sandbox = try make()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        return try body(sandbox)
    }

    static func withAsync<T>(_ body: (ToolSandbox) async throws -> T) async throws -> T {
        let sandbox = try make()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        return try await body(sandbox)
    }

    private static func make() throws -> ToolSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-tool-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Cassettes"), to: root.appendingPathComponent("Cassettes"))
        return ToolSandbox(root: root)
    }

    /// Runs `cassette` with `arguments` in the sandbox's root, with `environment` (no `CASSETTE_DIR` unless given).
    func run(_ arguments: [String], environment: [String: String] = [:]) -> ToolRun {
        let output = LockedBox("")
        let errors = LockedBox("")
        let context = ToolContext(currentDirectory: root, environment: environment, now: Self.now,
                                  output: { text in output.withLock { $0 += text } },
                                  errors: { text in errors.withLock { $0 += text } })
        let status = CassetteCommand.run(arguments, context: context)
        return ToolRun(status: status, output: output.withLock { $0 }, errors: errors.withLock { $0 })
    }

    /// A file in the sandbox.
    func file(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
