import Foundation

extension Cassette {
    /// What closing a cassette has to report, and how each entry point reports it once.
    package struct Ending: Sendable {
        /// What failed: the test fails.
        package var failures: [CassetteError]
        /// What deserves a look without failing the test.
        package var warnings: [CassetteError] = []
        /// The line that says what the cassette saved, when it recorded.
        package var saved: String?
        /// The entry point that opened the cassette, as messages name it.
        package var entryPoint: CassetteOpener.EntryPoint = .use
        /// Whether the error the body threw is one the failures report already: the error the cassette gave a
        /// request, or the network error of a request past the cassette that a failure names.
        var bodyErrorExplained = false

        /// The failures to report for a body that threw `bodyError` (`nil` when it returned), and the body's error
        /// when it still needs reporting on its own: each failure is reported once.
        ///
        /// With no failure, the body's error is the test's own. With failures, an error they explain (see
        /// ``bodyErrorExplained``) is not reported again; any other is named by its type after the last failure,
        /// not quoted, as its message may hold what the cassette keeps secret.
        package func reporting(bodyError: (any Error)?) -> (failures: [CassetteError], bodyError: (any Error)?) {
            guard let bodyError, let last = failures.last else { return (failures, bodyError) }
            guard !bodyErrorExplained else { return (failures, nil) }
            let who = entryPoint == .use ? "The body" : "The test"
            return (failures.dropLast() + [last.adding("\n\(who) also threw an error of type \(type(of: bodyError)).")], nil)
        }

        /// Writes ``saved`` to the standard error, if the cassette saved anything: one line per cassette.
        package func writeSaved() {
            if let saved { StandardError.write(saved) }
        }

        /// Whether `error` is a ``CassetteError``, or carries one: as the underlying error of an `NSError` or a
        /// `URLError` (what a request the cassette failed gets), or as an associated value of an error that wraps
        /// such an error (a network layer's `transport(URLError)`), a few levels deep.
        static func carriesCassetteError(_ error: any Error) -> Bool {
            carriesCassetteError(error, depth: 0)
        }

        private static func carriesCassetteError(_ value: Any, depth: Int) -> Bool {
            guard depth < 4 else { return false }
            if value is CassetteError { return true }
            if let error = value as? URLError, let underlying = error.userInfo[NSUnderlyingErrorKey] {
                return carriesCassetteError(underlying, depth: depth + 1)
            }
            if let error = value as? NSError, let underlying = error.userInfo[NSUnderlyingErrorKey] {
                return carriesCassetteError(underlying, depth: depth + 1)
            }
            // An enum case's payload, or a struct's stored properties: the first few only.
            return Mirror(reflecting: value).children.prefix(8).contains { carriesCassetteError($0.value, depth: depth + 1) }
        }
    }
}
