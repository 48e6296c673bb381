/// An HTTP request method: the common ones as static members (`.get`, `.post`, ...), any other as
/// `HTTPMethod(rawValue: "OPTIONS")`; a struct, so a method added later never breaks a caller's `switch`.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method's name as sent on the wire, e.g. `GET`. Methods are case-sensitive (RFC 9110 §9.1).
    public let rawValue: String

    /// A method named `rawValue`, sent exactly as given.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: fetch a representation.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: submit data for processing.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: modify part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: like `GET`, without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")

    /// The method's name, e.g. `GET`.
    public var description: String { rawValue }
}
