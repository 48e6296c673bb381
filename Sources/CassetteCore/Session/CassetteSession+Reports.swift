import Foundation

extension CassetteSession {
    /// How many recorded requests a no-match report lists.
    static let closestShown = 3

    /// The error for a request that matched nothing: the request, the mode, the closest recorded requests with
    /// what differed, and one fix: the matchers that ignore what differs when only volatile parts do, else the
    /// command that records the request.
    func noMatchError(_ request: RecordedRequest, index: ReplayIndex) -> CassetteError {
        var lines = ["No recorded interaction matches \(describe(request)) (record mode \"\(settings.mode)\", matching on \(settings.matchers.map(\.name).joined(separator: ", ")))."]
        let closest = index.interactions.enumerated()
            .map { (position: $0.offset + 1, request: $0.element.request,
                    differences: RequestDifferences(request, recorded: $0.element.request, matchers: settings.matchers)) }
            .sorted { ($0.differences.matchers.count, $0.position) < ($1.differences.matchers.count, $1.position) }
            .prefix(Self.closestShown)
        if closest.isEmpty {
            lines.append("The cassette holds no interactions.")
        } else {
            lines.append("Closest recorded requests:")
            for candidate in closest {
                lines.append("  #\(candidate.position) \(describe(candidate.request)) — differs in: \(candidate.differences.matchers.joined(separator: ", "))")
                for detail in candidate.differences.details { lines.append("      \(detail)") }
            }
        }
        if let ignoring = closest.first?.differences.ignoring {
            lines.append("Only values that change from run to run differ. Match without them: matching: \(RequestDifferences.code(for: ignoring))")
        } else {
            lines.append("To record it, run: \(settings.recordCommand(mode: .new))")
        }
        return CassetteError(.noMatch, lines.joined(separator: "\n"), cassette: settings.file)
    }

    /// The error for a request whose recorded responses were all replayed already.
    func exhaustedError(_ request: RecordedRequest, count: Int) -> CassetteError {
        let message = "\(describe(request)) was recorded \(count) time\(count == 1 ? "" : "s"), and this is request #\(count + 1) (record mode \"\(settings.mode)\"). Record the extra request with: \(settings.recordCommand(mode: .new))"
        return CassetteError(.exhausted, message, cassette: settings.file)
    }

    /// The error for a request that failed in transport while recording.
    func transportError(_ error: any Error, request: RecordedRequest) -> CassetteError {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? "URLError \(nsError.code)" : "\(nsError.domain) \(nsError.code)"
        return CassetteError(.transportError,
                             "\(describe(request)) failed while recording (\(code): \(nsError.localizedDescription)), so nothing was saved: a recorded failure would replay forever. Make the request succeed and record again (a test of this failure itself passes recordsTransportErrors: true).",
                             cassette: settings.file)
    }

    /// The error for a recording that recorded nothing: no request reached the cassette, or each was cancelled.
    func nothingRecordedError(sawRequest: Bool) -> CassetteError {
        let message = sawRequest
            ? "Nothing was recorded, so no file was written: every request sent through the cassette's session was cancelled. Let at least one complete inside the body."
            : "Nothing was recorded, so no file was written: no request went through the session (or configuration) that Cassette.use gave the body. The usual cause is code that uses URLSession.shared or makes its own session; hand it the cassette's session instead."
        return CassetteError(.nothingRecorded, message, cassette: settings.file)
    }

    /// The error for a request still in flight when the body returned.
    func unfinishedError(_ request: RecordedRequest) -> CassetteError {
        CassetteError(.unfinishedRequest,
                      "\(describe(request)) was still running when the body of Cassette.use returned, so it was not recorded. Wait for every request to finish inside the body.",
                      cassette: settings.file)
    }

    func describe(_ request: RecordedRequest) -> String {
        var text = "\(request.method) \(request.url)"
        if let body = request.body {
            let preview: String
            if let json = body.json {
                preview = json.canonicalText
            } else if case .text(let string) = body.form {
                preview = string
            } else {
                preview = "<\(body.data.count) bytes>"
            }
            text += " body: " + (preview.count > 120 ? String(preview.prefix(120)) + "…" : preview)
        }
        return text
    }
}
