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
            return (failures.dropLast() + [last.adding("\n\(entryPoint.thrower) also threw an error of type \(type(of: bodyError)).")], nil)
        }

        /// Writes ``saved`` to the standard error, if the cassette saved anything: one line per cassette.
        package func writeSaved() {
            if let saved { StandardError.write(saved) }
        }

        /// Whether `error` is a ``CassetteError``, or carries one (see ``CarriedErrors``): the error a request the
        /// cassette failed gets is a `URLError` with the ``CassetteError`` under it.
        static func carriesCassetteError(_ error: any Error) -> Bool {
            CarriedErrors.first(in: error) { $0 as? CassetteError } != nil
        }
    }
}
