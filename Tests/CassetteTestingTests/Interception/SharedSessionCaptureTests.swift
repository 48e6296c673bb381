import Foundation
import Testing
@testable import CassetteCore
import CassetteTesting

#if CAN_SPAWN_PROCESSES && canImport(FoundationNetworking)
/// What swift-corelibs-foundation does with registered protocol classes and `URLSession.shared` (the registry and
/// the shared session live as long as their process, so each case runs in a fresh `CassetteChild`), and what the
/// harness's installation makes of each order of events (see ``SharedSessionCapture``).
@Suite("URLSession.shared and registered protocols on corelibs, in fresh processes")
struct SharedSessionCaptureTests {
    /// Runs `CassetteChild` with `arguments` and checks that it prints `lines`, in order, and exits 0.
    private func child(_ arguments: [String], prints lines: [String]) async throws {
        let child = try ChildProcess(arguments)
        for line in lines { try await child.expectLine(line) }
        #expect(await child.wait() == 0)
    }

    private static let builtins = "_HTTPURLProtocol,_FTPURLProtocol,_DataURLProtocol,_WebSocketURLProtocol"

    @Test("a class registered after a session was made stands behind the built-in ones, and the shared session never asks it")
    func registeredAfterASession() async throws {
        try await child(["protocol-order", "registered-after-a-session"],
                        prints: ["shared lists: \(Self.builtins),Probe", "shared asks it: false"])
    }

    @Test("registered before any session, it is asked first by the shared session, and never by a session made from .default")
    func registeredBeforeAnySession() async throws {
        try await child(["protocol-order", "registered-before-any-session"],
                        prints: ["a default session asks it: false", "shared lists: Probe,\(Self.builtins)", "shared asks it: true"])
    }

    @Test("moved ahead of the built-in classes before the shared session is made, it is asked first, even after unregisterClass")
    func movedAhead() async throws {
        try await child(["protocol-order", "moved-ahead-after-a-session"],
                        prints: ["shared lists: _DataURLProtocol,Probe,_HTTPURLProtocol,_FTPURLProtocol,_WebSocketURLProtocol",
                                 "shared asks it: true", "after unregisterClass, shared asks it: true"])
    }

    @Test("moved ahead after the shared session was made (after another session), it is never asked: the list was fixed then")
    func movedAheadTooLate() async throws {
        try await child(["protocol-order", "moved-ahead-after-the-shared-session"],
                        prints: ["shared lists: \(Self.builtins)", "shared asks it: false"])
    }

    @Test("a shared session made before any other lists nothing and asks the registry at each request: ahead there, it is asked")
    func sharedSessionFirst() async throws {
        try await child(["protocol-order", "shared-session-first"],
                        prints: ["shared lists: ", "registered behind the built-in ones, shared asks it: false",
                                 "moved ahead, shared asks it: true"])
    }

    @Test("the harness reaches the shared session whatever came first, but a shared session made after another session",
          arguments: [("nothing", true), ("a-session", true), ("the-shared-session", true), ("a-session-then-the-shared-session", false),
                      // invalidateAndCancel() on any session makes the shared session (it compares itself with it);
                      // finishTasksAndInvalidate() does not.
                      ("a-session-invalidated", false), ("a-session-finished", true)])
    func harnessInstallation(before: String, reaches: Bool) async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/shared")], name: "shared", in: directory)
            try await child(["shared-capture", before, directory.path], prints: reaches
                ? ["installed: reaches the shared session", "replayed through the shared session: 200"]
                : ["installed: sharedSessionUnreachable", "process scope: sharedSessionUnreachable"])
        }
    }

    @Test("outside a process scope the shared session reaches the network, right after one closed and while a turn has no cassette yet; beside a session-scoped cassette it is a warning, redacted")
    func outsideTheScope() async throws {
        try await withTemporaryDirectory { directory in
            try Fixture.write([Fixture.interaction("http://api.test/shared")], name: "shared", in: directory)
            try await child(["outside-the-scope", directory.path], prints: [
                "inside the scope: 200",
                "after it closed: URLError -1004",
                "with a turn but no cassette: URLError -1004",
                "a session-scoped cassette: 0 failures, warnings [\"bypassedCassette\"]",
                "GET http://127.0.0.1:9/shared?… was sent through URLSession.shared (or, on Apple's platforms, a session made from .default or .ephemeral), past this cassette: such a request reaches the network unless a cassette opened with scope: .process is open. If it is this test's, send it through the cassette's session, or open the cassette with options: .init(scope: .process).",
            ])
        }
    }
}
#endif
