import Foundation

/// A search echoed by `/get`: its query values come back as strings and are parsed with ``StringBacked``.
public struct SearchEcho: Sendable, Decodable, Equatable {
    /// The search term.
    public let query: String
    /// The page, sent as a number and echoed as text.
    public let page: StringBacked<Int>
    /// The page size.
    public let limit: StringBacked<Int>

    /// Creates an echo.
    public init(query: String, page: Int, limit: Int) {
        self.query = query
        self.page = StringBacked(page)
        self.limit = StringBacked(limit)
    }

    private enum CodingKeys: String, CodingKey {
        case query = "q", page, limit
    }
}

/// The envelope `/get` wraps a ``SearchEcho`` in.
struct SearchEchoEnvelope: Decodable {
    let args: SearchEcho
}

/// A user to create. Its keys go out in snake_case (remapped keys), as the API expects.
public struct NewUser: Sendable, Encodable, Equatable {
    /// The first name.
    public let firstName: String
    /// The last name.
    public let lastName: String

    /// Creates a user.
    public init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    private enum CodingKeys: String, CodingKey {
        case firstName = "first_name", lastName = "last_name"
    }
}

/// A user as `/post` echoes it, decoded with `.convertFromSnakeCase` (no custom keys needed).
public struct EchoedUser: Sendable, Decodable, Equatable {
    /// The first name.
    public let firstName: String
    /// The last name.
    public let lastName: String

    /// Creates an echoed user.
    public init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }
}

/// The envelope `/post` wraps an ``EchoedUser`` in.
struct EchoedUserEnvelope: Decodable {
    let json: EchoedUser
}

/// httpbin's fixed `/json` document. `type` is remapped to `kind`.
public struct Slideshow: Sendable, Decodable, Equatable {
    /// One slide.
    public struct Slide: Sendable, Decodable, Equatable {
        /// The title.
        public let title: String
        /// The kind of slide (`type` in the JSON).
        public let kind: String
        /// Bullet points, if any.
        public let items: [String]?

        private enum CodingKeys: String, CodingKey {
            case title, kind = "type", items
        }
    }

    /// The title.
    public let title: String
    /// The author.
    public let author: String
    /// The publication date, as free text.
    public let date: String
    /// The slides.
    public let slides: [Slide]
}

/// The envelope `/json` wraps a ``Slideshow`` in.
struct SlideshowEnvelope: Decodable {
    let slideshow: Slideshow
}

/// What `/gzip` and `/deflate` answer: which compression the server applied.
public struct CompressionEcho: Sendable, Decodable, Equatable {
    /// `true` for `/gzip`.
    public let gzipped: Bool?
    /// `true` for `/deflate`.
    public let deflated: Bool?
}

/// What `/bearer` and `/basic-auth` answer.
public struct AuthenticationResult: Sendable, Decodable, Equatable {
    /// Whether the credentials were accepted.
    public let authenticated: Bool
    /// The user (`/basic-auth`).
    public let user: String?
    /// The token the server saw (`/bearer`); in cassettes, a placeholder.
    public let token: String?

    /// Creates a result.
    public init(authenticated: Bool, user: String? = nil, token: String? = nil) {
        self.authenticated = authenticated
        self.user = user
        self.token = token
    }
}

/// What `/uuid` answers.
struct UUIDEnvelope: Decodable {
    let uuid: UUID
}
