import Foundation

/// An access token and when it stops working.
public struct AuthToken: Sendable, Hashable, CustomStringConvertible {
    /// The bearer token sent as `Authorization: Bearer <accessToken>`.
    public var accessToken: String
    /// When the token expires.
    public var expiresAt: Date
    /// A token to obtain a new access token with, if the API issues one.
    public var refreshToken: String?

    /// Creates a token.
    public init(accessToken: String, expiresAt: Date, refreshToken: String? = nil) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
    }

    /// A description that never shows the tokens themselves.
    public var description: String {
        "AuthToken(accessToken: <redacted>, expiresAt: \(expiresAt), refreshToken: \(refreshToken == nil ? "none" : "<redacted>"))"
    }
}
