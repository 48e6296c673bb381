import Caching
import Foundation
import Locking

/// An interaction still in a cassette file's bytes, decoded the first time it is asked for, once.
///
/// A cassette that only replays reads its file this way (see ``CassetteFile/load(_:deferring:)``): opening it reads
/// each request's method and URL and each recording date, which the replay index and the reports need, and an
/// interaction costs its decoding when a request with its method and URL first comes. Such interactions never leave
/// the harness, which decodes them through ``CassetteFile/decoded(_:in:)``, so a recording the file holds malformed
/// fails the request that needs it with the file's typed error.
final class PendingInteraction: Sendable {
    private let state: LockedBox<State>

    /// The decoded members and the error live in boxes of their own (`indirect`), so that an interaction not yet
    /// decoded costs only its few words: a cassette of 100,000 keeps 100,000 of these.
    private enum State {
        case pending(DeferredValue<Interaction>)
        indirect case decoded(Interaction.Contents)
        indirect case failed(CacheError)
    }

    /// About how many bytes of the file the interaction spans (see ``DeferredValue/byteCount``).
    let byteCount: Int

    init(_ value: DeferredValue<Interaction>) {
        byteCount = value.byteCount
        state = LockedBox(.pending(value))
    }

    /// The interaction's contents, decoded now if they were not yet; throws the file's error when they do not decode.
    func contents() throws(CacheError) -> Interaction.Contents {
        let result: Result<Interaction.Contents, CacheError> = state.withLock { state in
            switch state {
            case .decoded(let contents):
                return .success(contents)
            case .failed(let error):
                return .failure(error)
            case .pending(let value):
                do throws(CacheError) {
                    let contents = try value.decode().contents
                    state = .decoded(contents)
                    return .success(contents)
                } catch {
                    state = .failed(error)
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}
