import Foundation

/// What opening a cassette found in its file and decided from it: which recordings replay, which expired ones are
/// recorded again or replayed anyway, and whether requests without a recording go to the network.
final class OpenedCassette: Sendable {
    /// The interactions the file held when the cassette opened (or the HAR file's), in order.
    let previous: [Interaction]
    /// The positions in ``previous`` of the replayable interactions (all of them, but for expired ones being
    /// recorded again; none in mode ``RecordMode/all``).
    let replayablePositions: [Int]
    /// Expired recordings this cassette records again: they leave the file when it saves.
    let refreshed: [Interaction]
    /// Expired recordings a run that cannot record replays anyway (``ExpiredPolicy/warn``), with their positions.
    let expiredKept: [(position: Int, interaction: Interaction)]
    /// Whether requests without a recording go to the real network (to be recorded, or compared in mode drift).
    let recordsMisses: Bool
    /// Whether closing writes a new file (none existed, or mode `all`), so recording nothing is a mistake.
    let writesNewFile: Bool
    /// Whether the file existed when the cassette opened (a HAR file's interactions count as one).
    let fileExisted: Bool

    /// Removes what saves killed midway left beside the cassette's file, loads the file (or takes the preloaded
    /// interactions; a cassette that only replays leaves them in the file's bytes but for what its index needs, see
    /// ``PendingInteraction``), and decides what replays and whether misses are recorded. Throws when the file is missing
    /// in a mode that does not record, or holds expired recordings the mode can neither record nor replay.
    init(settings: CassetteSettings) throws(CassetteError) {
        let existing: [Interaction]?
        if let preloaded = settings.preloaded {
            existing = preloaded
        } else {
            CassetteFile.removeAbandonedSaves(of: settings.file)
            existing = try CassetteFile.load(settings.file, deferring: true)
        }
        if existing == nil && !settings.mode.records(fileExists: false) {
            throw CassetteError(.cassetteNotFound,
                                "No cassette file, and record mode \"\(settings.mode)\" does not record. Record it with: \(settings.recordCommand(mode: .once))",
                                cassette: settings.file)
        }
        var previous = existing ?? []
        let now = settings.options.now()
        // A drift check sends everything live: expiry does not concern it.
        let expired = settings.mode == .drift ? [] : previous.indices.filter { previous[$0].expiresAt.map { $0 <= now } ?? false }
        // A mode that may reach the network records expired recordings again (`once` then records like `new`);
        // `never` keeps them, as its policy says.
        let refreshes = !expired.isEmpty && settings.mode != .never && settings.mode != .drift
        if !expired.isEmpty && !refreshes && settings.expiry?.otherwise == .fail {
            throw settings.expiredError(expired.map { (position: $0 + 1, interaction: previous[$0]) })
        }
        recordsMisses = settings.mode.records(fileExists: existing != nil) || refreshes
        // Interactions stay in the file's bytes until needed only for a cassette that does nothing else: one that
        // records writes them back, a drift check compares them, and a playback hook is given each one.
        if recordsMisses || settings.options.hooks.beforePlayback != nil {
            previous = try CassetteFile.decodingAll(previous, in: settings.file)
        }
        self.previous = previous
        refreshed = refreshes ? expired.map { previous[$0] } : []
        expiredKept = refreshes ? [] : expired.map { (position: $0 + 1, interaction: previous[$0]) }
        writesNewFile = recordsMisses && (existing == nil || settings.mode == .all)
        fileExisted = existing != nil
        let skipped = Set(refreshes ? expired : [])
        replayablePositions = settings.mode.replaysExisting ? previous.indices.filter { !skipped.contains($0) } : []
    }

    /// The replayable interaction at `position` of the replay index, with its position in the file (from 1).
    func replayable(at position: Int) -> (position: Int, interaction: Interaction) {
        (position: replayablePositions[position] + 1, interaction: previous[replayablePositions[position]])
    }
}
