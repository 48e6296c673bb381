import CassetteCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What swift-corelibs-foundation does with registered protocol classes and `URLSession.shared`, seen in a fresh
/// process (the registry and the shared session live as long as the process), and what the harness's installation
/// makes of each case. `SharedSessionCaptureTests` runs these and reads what they print.
enum SharedSession {
    /// A protocol that notes each request it is asked about, and takes none.
    final class Probe: URLProtocol {
        nonisolated(unsafe) static var asked: [String] = []
        static let lock = NSLock()

        override class func canInit(with request: URLRequest) -> Bool {
            lock.lock()
            asked.append(request.url?.path ?? "")
            lock.unlock()
            return false
        }

        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
        override func startLoading() {}
        override func stopLoading() {}

        /// Whether a request to `path` was asked about.
        static func wasAsked(_ path: String) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return asked.contains(path)
        }
    }

    /// The built-in protocol classes, as the default configuration lists them.
    static let builtins = URLSessionConfiguration.default.protocolClasses ?? []

    /// Puts `Probe` ahead of the built-in classes in the registry.
    static func moveProbeAhead() {
        for builtin in builtins { URLProtocol.unregisterClass(builtin) }
        _ = URLProtocol.registerClass(Probe.self)
        for builtin in builtins { _ = URLProtocol.registerClass(builtin) }
    }

    /// Sends a request to `path` on a refused loopback port through `session` and waits for its end.
    static func send(_ path: String, on session: URLSession) {
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: URL(string: "http://127.0.0.1:9" + path)!) { _, _, _ in done.signal() }.resume()
        done.wait()
    }

    /// The names of the classes `session`'s configuration lists.
    static func listed(_ session: URLSession) -> String {
        (session.configuration.protocolClasses ?? []).map { String(describing: $0) }.joined(separator: ",")
    }

    /// Runs `scenario` and prints what it saw, one `name: value` line each.
    static func order(_ scenario: String) throws {
        switch scenario {
        case "registered-after-a-session":
            _ = URLSession(configuration: .ephemeral)
            _ = URLProtocol.registerClass(Probe.self)
            print("shared lists: \(listed(URLSession.shared))")
            send("/shared", on: URLSession.shared)
            print("shared asks it: \(Probe.wasAsked("/shared"))")
        case "registered-before-any-session":
            _ = URLProtocol.registerClass(Probe.self)
            let session = URLSession(configuration: .default)
            send("/default", on: session)
            print("a default session asks it: \(Probe.wasAsked("/default"))")
            print("shared lists: \(listed(URLSession.shared))")
            send("/shared", on: URLSession.shared)
            print("shared asks it: \(Probe.wasAsked("/shared"))")
        case "moved-ahead-after-a-session":
            _ = URLSession(configuration: .ephemeral)
            moveProbeAhead()
            print("shared lists: \(listed(URLSession.shared))")
            send("/shared", on: URLSession.shared)
            print("shared asks it: \(Probe.wasAsked("/shared"))")
            URLProtocol.unregisterClass(Probe.self)
            send("/unregistered", on: URLSession.shared)
            print("after unregisterClass, shared asks it: \(Probe.wasAsked("/unregistered"))")
        case "moved-ahead-after-the-shared-session":
            _ = URLSession(configuration: .ephemeral)
            _ = URLSession.shared
            moveProbeAhead()
            print("shared lists: \(listed(URLSession.shared))")
            send("/shared", on: URLSession.shared)
            print("shared asks it: \(Probe.wasAsked("/shared"))")
        case "shared-session-first":
            _ = URLSession.shared
            print("shared lists: \(listed(URLSession.shared))")
            _ = URLProtocol.registerClass(Probe.self)
            send("/appended", on: URLSession.shared)
            print("registered behind the built-in ones, shared asks it: \(Probe.wasAsked("/appended"))")
            moveProbeAhead()
            send("/ahead", on: URLSession.shared)
            print("moved ahead, shared asks it: \(Probe.wasAsked("/ahead"))")
        default:
            throw ChildFailure("Unknown scenario \(scenario).")
        }
    }

    /// Does what `before` says, installs the harness's router, and replays `GET http://api.test/shared` through
    /// `URLSession.shared` with a process-scoped cassette of `directory` (which holds the cassette "shared").
    static func capture(after before: String, directory: String) async throws {
        switch before {
        case "nothing": break
        case "a-session": _ = URLSession(configuration: .ephemeral)
        case "the-shared-session": _ = URLSession.shared
        case "a-session-then-the-shared-session":
            _ = URLSession(configuration: .ephemeral)
            _ = URLSession.shared
        case "a-session-invalidated":
            URLSession(configuration: .ephemeral).invalidateAndCancel()
        case "a-session-finished":
            URLSession(configuration: .ephemeral).finishTasksAndInvalidate()
        default: throw ChildFailure("Unknown step \(before).")
        }
        switch SharedSessionCapture.install() {
        case .success: print("installed: reaches the shared session")
        case .failure(let error): print("installed: \(error.code)")
        }
        do {
            let status = try await Cassette.use("shared", record: .never,
                                                options: .init(directory: .at(URL(fileURLWithPath: directory)), environment: [:], scope: .process)) { _ in
                let (_, response) = try await URLSession.shared.data(from: URL(string: "http://api.test/shared")!)
                return (response as? HTTPURLResponse)?.statusCode ?? 0
            }
            print("replayed through the shared session: \(status)")
        } catch let error as CassetteError {
            print("process scope: \(error.code)")
        }
    }

    /// Outside any process scope, in a process of its own (other tests' open cassettes would be told too):
    /// `URLSession.shared` reaches the network right after a process scope closed, and a request through it while a
    /// session-scoped cassette of `directory` records is reported to that cassette.
    static func outsideTheScope(directory: String) async throws {
        let folder = URL(fileURLWithPath: directory)
        let refused = URL(string: "http://127.0.0.1:9/shared?token=secret-1")!
        let inside = try await Cassette.use("shared", record: .never,
                                            options: .init(directory: .at(folder), environment: [:], scope: .process)) { _ in
            try await URLSession.shared.data(from: URL(string: "http://api.test/shared")!).1
        }
        print("inside the scope: \((inside as? HTTPURLResponse)?.statusCode ?? 0)")
        do {
            _ = try await URLSession.shared.data(from: refused)
            print("after it closed: answered")
        } catch let error as URLError {
            print("after it closed: URLError \(error.code.rawValue)")
        }
        // A turn taken, its cassette not yet routed (as between a waiter's turn and its opening): the shared session
        // still reaches the network.
        let turn = try await ProcessScope.take()
        do {
            _ = try await URLSession.shared.data(from: refused)
            print("with a turn but no cassette: answered")
        } catch let error as URLError {
            print("with a turn but no cassette: URLError \(error.code.rawValue)")
        }
        ProcessScope.give(turn)
        let cassette = try Cassette(.named("passed"), options: .init(record: .all, directory: .at(folder), recordsTransportErrors: true,
                                                                      environment: [:]), filePath: #filePath, opener: .init(testName: "passed"))
        _ = try? await cassette.session.data(from: URL(string: "http://127.0.0.1:9/own")!)
        _ = try? await URLSession.shared.data(from: refused)
        let ending = cassette.close(bodyError: nil)
        print("a session-scoped cassette: \(ending.failures.count) failures, warnings \(ending.warnings.map(\.code.description))")
        for warning in ending.warnings { print(warning.message.replacingOccurrences(of: "\n", with: " ")) }
    }
}
