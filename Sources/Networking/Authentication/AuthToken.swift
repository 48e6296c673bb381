import Foundation

/// An access token and when it stops working.
public struct AuthToken: Sendable, Hashable, CustomStringConvertible {
    /// The credential, sent as `Authorization: <tokenType> <accessToken>`.
    public var accessToken: String
    /// The authorization scheme, as OAuth 2's `token_type`: `Bearer` (the default), or e.g. `Basic`.
    public var tokenType: String
    /// When the token expires.
    public var expiresAt: Date
    /// A token to obtain a new access token with, if the API issues one.
    public var refreshToken: String?

    /// Creates a token.
    public init(accessToken: String, tokenType: String = "Bearer", expiresAt: Date, refreshToken: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
    }

    /// A description that never shows the tokens themselves.
    public var description: String {
        "AuthToken(\(tokenType) <redacted>, expiresAt: \(expiresAt), refreshToken: \(refreshToken == nil ? "none" : "<redacted>"))"
    }
}

extension AuthToken {
    /// HTTP Basic credentials as a token that never expires: `Authorization: Basic base64(user:password)`.
    public static func basic(user: String, password: String) -> AuthToken {
        AuthToken(accessToken: Data("\(user):\(password)".utf8).base64EncodedString(), tokenType: "Basic", expiresAt: .distantFuture)
    }

    /// The `Authorization` header value.
    var authorization: String { "\(tokenType) \(accessToken)" }
}
