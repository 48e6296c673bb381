import Foundation

/// Holds the current token and refreshes it when it has expired, once however many requests ask at the same time.
actor TokenStore {
    private var token: AuthToken?
    private var refreshing: Task<AuthToken, any Error>?
    private let refresh: @Sendable () async throws -> AuthToken
    private let clock: @Sendable () -> Date

    init(token: AuthToken?, clock: @escaping @Sendable () -> Date, refresh: @escaping @Sendable () async throws -> AuthToken) {
        self.token = token
        self.clock = clock
        self.refresh = refresh
    }

    /// A token that has not expired, refreshing first if needed. Concurrent callers share one refresh.
    func validToken() async throws(NetworkError) -> AuthToken {
        if let token, token.expiresAt > clock() { return token }
        let task: Task<AuthToken, any Error>
        if let refreshing {
            task = refreshing
        } else {
            task = Task { [refresh] in try await refresh() }
            refreshing = task
        }
        do {
            let fresh = try await task.value
            if refreshing == task {
                token = fresh
                refreshing = nil
            }
            return fresh
        } catch {
            if refreshing == task { refreshing = nil }
            throw NetworkError.authentication(reason: "The token refresh failed: \(error)")
        }
    }
}
