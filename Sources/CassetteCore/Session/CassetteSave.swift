import Foundation

/// What closing a cassette does with what it recorded: numbers the recordings' learned placeholders by their final
/// positions, and writes them to the file, merged with what other processes saved meanwhile (or replacing the file
/// in mode ``RecordMode/all``).
struct CassetteSave: Sendable {
    let settings: CassetteSettings
    let opened: OpenedCassette

    /// What closing found: the failures to report, and the line that says what was saved, if anything was.
    struct Closing {
        var problems: [CassetteError]
        var saved: String?
    }

    /// The failures the requests met (`state.failures`), then one per request still in flight when `save` is true,
    /// then the save's: the recording is saved when the mode records, `save` is true and no request failed in
    /// transport. Recording nothing where a new file was due is a failure when no request failed otherwise; a file
    /// recorded only because no mode was chosen (``CassetteSettings/recordsByDefault``) is one once saved.
    func close(_ state: SessionState, save: Bool) -> Closing {
        var problems = state.failures
        // A body that threw explains itself; one that returned early left requests behind.
        if save {
            problems += state.inFlight.map(settings.unfinishedError)
        }
        guard save && opened.recordsMisses && !state.transportFailed && settings.mode != .drift else { return Closing(problems: problems) }
        let recorded = numbered(state.recorded)
        if recorded.isEmpty && opened.writesNewFile {
            // A request that reached the cassette and failed says why better than "nothing was recorded".
            return Closing(problems: problems.isEmpty ? [settings.nothingRecordedError(sawRequest: state.sawRequest)] : problems)
        }
        do {
            guard try persist(recorded), !recorded.isEmpty else { return Closing(problems: problems) }
            if settings.recordsByDefault { problems.append(settings.recordedOnFirstRunError(recorded.count)) }
            let before = opened.fileExisted ? opened.previous.count : nil
            return Closing(problems: problems, saved: settings.savedNote(recorded.count, before: before))
        } catch {
            problems.append(error)
            return Closing(problems: problems)
        }
    }

    /// The recorded interactions in order, their learned placeholders numbered by their final positions.
    ///
    /// A learned placeholder carries the number of the recording that taught it (`REDACTED_token_3`), so it stays
    /// unique in the file; a request the hook dropped or still in flight leaves no interaction, and the recordings after it
    /// move up, so their placeholders are renumbered wherever they appear.
    private func numbered(_ slots: [CassetteRecording.Slot]) -> [Interaction] {
        let keptBefore = settings.mode.replaysExisting ? opened.previous.count : 0
        var interactions: [Interaction] = []
        var renamed: [(find: String, replace: String)] = []
        var kept: [String] = []
        for case .done(let interaction, let learned) in slots {
            let number = keptBefore + interactions.count + 1
            for secret in learned {
                let final = secret.renumbered(number)
                if final.placeholder == secret.placeholder { kept.append(secret.placeholder) } else { renamed.append((secret.placeholder, final.placeholder)) }
            }
            interactions.append(interaction)
        }
        guard !renamed.isEmpty else { return interactions }
        let replacer = Replacer(renamed, keeping: kept)
        return interactions.map { interaction in
            var interaction = interaction
            interaction.request.url = replacer.apply(to: interaction.request.url)
            interaction.request.headers = interaction.request.headers.mapValues(replacer.apply)
            interaction.request.body = interaction.request.body.map { $0.replacing(with: replacer) }
            interaction.response = interaction.response?.replacing(with: replacer, inURL: replacer)
            return interaction
        }
    }

    /// Saves what the cassette recorded.
    ///
    /// Other processes may record into the same file meanwhile (two test runs at once): the file's lock is held
    /// only while it is saved, not while recording, so that a second process is never kept waiting for a whole test.
    /// - Mode ``RecordMode/all`` replaces the file: between two processes, the last to save wins.
    /// - Other modes add the new recordings to what the file holds when it is saved, not to what it held at opening,
    ///   so that two processes keep what both recorded (see ``CassetteFile/append(_:openedWith:dropping:to:)``).
    ///   Nothing recorded leaves an existing file untouched.
    ///
    /// Returns whether it wrote the file.
    private func persist(_ recorded: [Interaction]) throws(CassetteError) -> Bool {
        if settings.mode == .all {
            try CassetteFile.save(keepingDates(of: recorded), to: settings.file)
        } else {
            if !opened.previous.isEmpty && recorded.isEmpty { return false }
            // An expired recording leaves the file only when this run recorded its request again.
            let recordedKeys = Set(recorded.map { MatchKey(settings.options.matching.key(for: $0.request)) })
            let replaced = opened.refreshed.filter { recordedKeys.contains(MatchKey(settings.options.matching.key(for: $0.request))) }
            try CassetteFile.append(recorded, openedWith: opened.previous, dropping: replaced, to: settings.file)
        }
        return true
    }

    /// `recorded` with the old recording date kept wherever the exchange is unchanged, so that re-recording an
    /// unchanged API leaves the file byte for byte the same.
    private func keepingDates(of recorded: [Interaction]) -> [Interaction] {
        var old = ReplayIndex(opened.previous, matchers: settings.options.matching)
        return recorded.map { interaction in
            guard case .next(let position) = old.take(interaction.request),
                  old.interactions[position].isSameExchange(as: interaction) else {
                return interaction
            }
            // The old one, but with the new expiry: recording again renews it.
            var kept = old.interactions[position]
            kept.expiresAt = interaction.expiresAt
            return kept
        }
    }
}
