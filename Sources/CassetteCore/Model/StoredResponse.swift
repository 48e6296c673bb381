import Caching
import Foundation
import Locking

/// An interaction's response as ``Interaction`` keeps it: decoded, or still in the cassette file's bytes, decoded the
/// first time it is asked for.
///
/// A cassette that only replays reads its file this way (see ``CassetteFile/load(_:deferringResponses:)``): opening
/// it decodes the requests, which the replay index needs, and a response costs its decoding when it is first
/// replayed. Such interactions never leave the harness, which asks for their responses through ``decoded()``, so a
/// response the file holds malformed fails the request that replays it with the file's typed error.
struct StoredResponse: Sendable, Hashable {
    private let storage: Storage

    private enum Storage: Sendable {
        case decoded(RecordedResponse?)
        case deferred(Pending)
    }

    /// A response already decoded (or none).
    init(_ response: RecordedResponse?) {
        storage = .decoded(response)
    }

    /// A response left in the file: `value` decodes it.
    init(deferred value: DeferredValue<RecordedResponse>) {
        storage = .deferred(Pending(value))
    }

    /// The response, decoded now if it was not yet; throws the file's error when it does not decode.
    func decoded() throws(CacheError) -> RecordedResponse? {
        switch storage {
        case .decoded(let response): response
        case .deferred(let pending): try pending.response()
        }
    }

    /// Whether the response is still in the file's bytes: not decoded yet, or not decodable.
    var isDeferred: Bool {
        switch storage {
        case .decoded: false
        case .deferred(let pending): !pending.isDecoded
        }
    }

    /// The response; `nil` for one that does not decode, which only the harness's own reads (through ``decoded()``)
    /// can meet.
    var value: RecordedResponse? {
        (try? decoded()) ?? nil
    }

    static func == (lhs: StoredResponse, rhs: StoredResponse) -> Bool {
        lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    /// A deferred response, decoded once; the file's bytes are let go of once it is.
    private final class Pending: Sendable {
        private let state: LockedBox<State>

        private enum State {
            case pending(DeferredValue<RecordedResponse>)
            case decoded(RecordedResponse)
            case failed(CacheError)
        }

        init(_ value: DeferredValue<RecordedResponse>) {
            state = LockedBox(.pending(value))
        }

        var isDecoded: Bool {
            state.withLock { if case .decoded = $0 { true } else { false } }
        }

        func response() throws(CacheError) -> RecordedResponse {
            let result: Result<RecordedResponse, CacheError> = state.withLock { state in
                switch state {
                case .decoded(let response):
                    return .success(response)
                case .failed(let error):
                    return .failure(error)
                case .pending(let value):
                    do throws(CacheError) {
                        let response = try value.decode()
                        state = .decoded(response)
                        return .success(response)
                    } catch {
                        state = .failed(error)
                        return .failure(error)
                    }
                }
            }
            return try result.get()
        }
    }
}
