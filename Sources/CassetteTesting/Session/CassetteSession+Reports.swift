import Foundation

extension CassetteSession {
    /// How many recorded requests a no-match report lists.
    static let closestShown = 3

    /// The error for a request that matched nothing: the request, the mode, the closest recorded requests with the
    /// matchers that differed, and the command that records it.
    func noMatchError(_ request: RecordedRequest, index: ReplayIndex) -> CassetteError {
        var lines = ["No recorded interaction matches \(describe(request)) (record mode \"\(settings.mode)\", matching on \(settings.matchers.map(\.name).joined(separator: ", ")))."]
        let closest = index.interactions.enumerated()
            .map { (position: $0.offset + 1, request: $0.element.request,
                    differences: settings.matchers.differences(between: request, and: $0.element.request)) }
            .sorted { ($0.differences.count, $0.position) < ($1.differences.count, $1.position) }
            .prefix(Self.closestShown)
        if closest.isEmpty {
            lines.append("The cassette holds no interactions.")
        } else {
            lines.append("Closest recorded requests:")
            for candidate in closest {
                lines.append("  #\(candidate.position) \(describe(candidate.request)) — differs in: \(candidate.differences.joined(separator: ", "))")
            }
        }
        lines.append("To record it, run: \(settings.recordCommand(mode: .new))")
        return CassetteError(.noMatch, settings.redaction.redact(text: lines.joined(separator: "\n")), cassette: settings.file)
    }

    /// The error for a request whose recorded responses were all replayed already.
    func exhaustedError(_ request: RecordedRequest, count: Int) -> CassetteError {
        let message = "\(describe(request)) was recorded \(count) time\(count == 1 ? "" : "s"), and this is request #\(count + 1) (record mode \"\(settings.mode)\"). Record the extra request with: \(settings.recordCommand(mode: .new)), or pass repeatsLastResponse: true to replay the last response again."
        return CassetteError(.exhausted, settings.redaction.redact(text: message), cassette: settings.file)
    }

    private func describe(_ request: RecordedRequest) -> String {
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
