import Foundation

/// The errors a cassette reports, each naming the cassette's file and, where one exists, the command that fixes it.
extension CassetteSettings {
    /// How many recorded requests a no-match report lists.
    static let closestShown = 3

    /// The error for a request that matched nothing: the request, the mode, the closest recorded requests with
    /// what differed, and the fix: when only the values of names both requests have differ, two choices (the
    /// matchers that ignore them, or recording again); otherwise the command that records the request, saying so
    /// when names were added or removed. When other tests of the run use the file, that comes first, and no
    /// command: recording again from one test would drop the others' recordings.
    ///
    /// `request` is the stored (redacted) request. The recorded requests are shown and compared as the cassette's
    /// rules redact them, so that a file written with other rules (or by hand) puts no secret in the message.
    func noMatchError(_ request: RecordedRequest, index: ReplayIndex) -> CassetteError {
        var lines = ["No recorded interaction matches \(describe(request)) (record mode \"\(mode)\", matching on \(options.matching.map(\.name).joined(separator: ", ")))."]
        let closest = index.interactions.enumerated()
            .map { entry in
                let recorded = shown(entry.element.request)
                return (position: entry.offset + 1, request: recorded,
                        differences: RequestDifferences(request, recorded: recorded, matchers: options.matching))
            }
            .sorted { ($0.differences.matchers.count, $0.position) < ($1.differences.matchers.count, $1.position) }
            .prefix(Self.closestShown)
        if closest.isEmpty {
            lines.append("The cassette holds no interactions.")
        } else {
            lines.append("Closest recorded requests:")
            for candidate in closest {
                let differing = candidate.differences.matchers.isEmpty
                    ? "only values the redaction rules hide, which the file holds unredacted (written with other rules, or by hand): record it again"
                    : candidate.differences.matchers.joined(separator: ", ")
                lines.append("  #\(candidate.position) \(describe(candidate.request)) — differs in: \(differing)")
                for detail in candidate.differences.details { lines.append("      \(detail)") }
            }
        }
        let nearest = closest.first?.differences
        let others = otherTests
        if !others.isEmpty {
            // Recording again from one test would drop the others' requests: the file comes first.
            lines.insert("Other tests of this run use this cassette too: \(others.joined(separator: "; ")). Tests that share one file overwrite each other's recordings: give each test its own cassette name, then record it.", at: 1)
        } else if let ignoring = nearest?.ignoring {
            lines.append("Only values differ, under names the recording has too. If they change from run to run, match without them: matching: \(RequestDifferences.code(for: ignoring)).")
            // `new` would keep the old recording beside the new one, and every later run would report it unused.
            lines.append("If the request really changed, record the test's cassette again: \(recordCommand(mode: .all)).")
        } else if nearest?.namesDiffer == true {
            lines.append("The request has query items or JSON keys the recording does not, or lacks some it has: it is another request. To record it, run: \(recordCommand(mode: .new)).")
        } else {
            lines.append("To record it, run: \(recordCommand(mode: .new)).")
        }
        return CassetteError(.noMatch, lines.joined(separator: "\n"), cassette: file)
    }

    /// A recorded request as a message may show it: as it is when every value the rules find in it is a placeholder
    /// already (as recording leaves it: redacting it again would only rename them), else redacted.
    func shown(_ recorded: RecordedRequest) -> RecordedRequest {
        let (redacted, secrets) = options.redaction.redact(recorded)
        let markers = options.redaction.placeholderMarkers
        let learnedPrefix = SecretSet.learnedPrefix(stem: options.redaction.placeholder)
        let literals = Set(options.redaction.secrets.map(\.value))
        let holdsRealValue = secrets.secrets.contains { secret in
            if markers.contains(where: secret.value.contains) || secret.value.hasPrefix(learnedPrefix) { return false }
            // The rules' literal secrets are in every set; they count only where they occur.
            return !literals.contains(secret.value) || recorded.holds(secret.value)
        }
        return holdsRealValue ? redacted : recorded
    }

    /// The error for a request whose recorded responses were all replayed already.
    func exhaustedError(_ request: RecordedRequest, count: Int) -> CassetteError {
        let message = "\(describe(request)) was recorded \(count) time\(count == 1 ? "" : "s"), and this is request #\(count + 1) (record mode \"\(mode)\"). Record the extra request with: \(recordCommand(mode: .new))"
        return CassetteError(.exhausted, message, cassette: file)
    }

    /// The error for a replayed request whose delegate decided otherwise than when it was recorded: `decision` says
    /// how, e.g. "stopped at the redirect from … that the recording followed".
    func delegateDecidedOtherwiseError(_ request: RecordedRequest, _ decision: String) -> CassetteError {
        CassetteError(.delegateDecidedOtherwise,
                      "\(describe(request)): the app's delegate \(decision), so what it asks for was never recorded. If the app's decision changed, record the request again: \(recordCommand(mode: .all)).",
                      cassette: file)
    }

    /// The error for a request that failed in transport while recording.
    func transportError(_ error: any Error, request: RecordedRequest, secrets: SecretSet) -> CassetteError {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? "URLError \(nsError.code)" : "\(nsError.domain) \(nsError.code)"
        // The platform's description may quote the live request (its URL, say): redacted like the recording.
        let description = secrets.redact(text: nsError.localizedDescription)
        return CassetteError(.transportError,
                             "\(describe(request)) failed while recording (\(code): \(description)), so nothing was saved: a recorded failure would replay forever. Make the request succeed and record again (a test of this failure itself passes options: .init(recordsTransportErrors: true)).",
                             cassette: file)
    }

    /// The error for a recording that recorded nothing: no request reached the cassette, or the `beforeRecord` hook
    /// dropped each.
    func nothingRecordedError(sawRequest: Bool) -> CassetteError {
        let message = sawRequest
            ? "Nothing was recorded, so no file was written: the beforeRecord hook dropped every request sent through the cassette's session. Let it keep at least one."
            : "Nothing was recorded, so no file was written: no request went through the session (or configuration) that the cassette gave \(opener.entryPoint.body). The usual cause is code that uses URLSession.shared or makes its own session; hand it the cassette's session instead. A WebSocket task never reaches a cassette on any platform (see \"What a cassette cannot see\" in the CassetteTesting documentation, ReplayComparedWithLive.md)."
        return CassetteError(.nothingRecorded, message, cassette: file)
    }

    /// The line that says what closing saved: `count` interactions into the file (as ``shownPath`` shows it), into a
    /// new file (`before` is `nil`), replacing the `before` it held (mode ``RecordMode/all``) or added to them; and the
    /// mode that allowed it, with where the mode came from when it was the default.
    func savedNote(_ count: Int, before: Int?) -> String {
        let what = "\(count) interaction\(count == 1 ? "" : "s")"
        let how = switch before {
        case nil: "a new file"
        case let before? where mode == .all: "replacing the \(before) it held"
        case let before?: "added to the \(before) it held"
        }
        let why = recordsByDefault ? ", the default when the file is missing and no mode is given" : ""
        return "cassette: recorded \(what) into \(shownPath) (\(how); record mode \"\(mode)\"\(why))"
    }

    /// The error that fails a test whose cassette was recorded only because it was missing and no mode was chosen
    /// (see ``recordsByDefault``): it is saved, and the next run replays it.
    func recordedOnFirstRunError(_ count: Int) -> CassetteError {
        CassetteError(.recordedOnFirstRun, """
            Recorded \(count) interaction(s) into a new cassette because it was missing and no record mode was given: \
            the test fails this once, so that it never passes on the network unnoticed, and the next run replays it. \
            To record and pass, give a mode (\(RecordMode.environmentVariable)=once, or record: .once); to replay \
            only, set CI=true (TEST_RUNNER_CI=true under xcodebuild).
            """, cassette: file)
    }

    /// How many entries a message lists (recordings never replayed, expired ones) before it says how many more: a
    /// message fits a terminal.
    static let listed = 3

    /// The error naming expired recordings (the first few, see ``listed``, then how many more) and the command that
    /// renews them.
    func expiredError(_ expired: [(position: Int, interaction: Interaction)]) -> CassetteError {
        let shown = expired.prefix(Self.listed).map { entry in
            let date = entry.interaction.expiresAt.map { ISO8601DateFormatter().string(from: $0) } ?? "?"
            return "#\(entry.position) \(entry.interaction.request.method) \(URLParts.shortened(entry.interaction.request.url)) (expired \(date))"
        }
        let more = expired.count > shown.count ? " and \(expired.count - shown.count) more" : ""
        return CassetteError(.expiredRecordings, """
            \(expired.count) recording(s) are past their expiry and record mode "\(mode)" cannot record them \
            again: \(shown.joined(separator: "; "))\(more). Record them again with: \(recordCommand(mode: .new))
            """, cassette: file)
    }

    /// The error for a request still in flight when the body returned.
    func unfinishedError(_ request: RecordedRequest) -> CassetteError {
        CassetteError(.unfinishedRequest,
                      "\(describe(request)) was still running when \(opener.entryPoint.body) returned, so it was not recorded. Wait for every request to finish before it returns.",
                      cassette: file)
    }

    /// `METHOD url` and a preview of the body, for a stored (redacted) request: JSON and form text as stored, any
    /// other body as its size.
    func describe(_ request: RecordedRequest) -> String {
        var text = "\(request.method) \(URLParts.shortened(request.url))"
        if let body = request.body {
            let preview: String
            if let json = body.json {
                preview = json.canonicalText
            } else if case .text = body.form {
                preview = String(decoding: body.data, as: UTF8.self)
            } else {
                preview = "<\(body.data.count) bytes>"
            }
            // A bounded preview, then the body's size and digest: a message never grows with the body.
            text += " body: " + (preview.count > 120
                ? String(preview.prefix(120)) + "… (\(body.data.count) bytes, SHA-256 \(SHA256.hex(body.data).prefix(16)))" : preview)
        }
        return text
    }
}

private extension RecordedRequest {
    /// Whether the URL, a header value or the body holds `text` as it is.
    func holds(_ text: String) -> Bool {
        url.containsBytes(of: text) || headers.values.contains { $0.containsBytes(of: text) }
            || (body.map { $0.data.firstOffset(of: Data(text.utf8)) != nil } ?? false)
    }
}
