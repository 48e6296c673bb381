import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything that can go wrong sending a request, each case with what is needed to act on it.
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The endpoint's base URL and path do not make a URL.
    case invalidURL(baseURL: URL, path: String)
    /// Parameters or a body could not be encoded.
    case encodingFailed(url: URL?, reason: String)
    /// The request failed below HTTP: no connection, a timeout, a TLS failure...
    case transport(code: URLError.Code, url: URL?, reason: String)
    /// The response was not an HTTP response.
    case nonHTTPResponse(url: URL?)
    /// The server answered with a status outside 200–299.
    case unacceptableStatus(status: Int, body: Data, url: URL?)
    /// The body did not decode as `type`; `codingPath` says where, e.g. `slideshow.slides[0].title`.
    case decodingFailed(type: String, codingPath: String, reason: String, url: URL?)
    /// The request was cancelled, by ``Router/cancel()`` or by Swift task cancellation.
    case cancelled(url: URL?)
    /// No valid access token could be had.
    case authentication(reason: String)

    /// How many bytes of a body a description shows.
    static let bodyPreviewLength = 200

    /// A readable account of the failure.
    public var description: String {
        switch self {
        case .invalidURL(let baseURL, let path):
            return "Invalid URL: base \(baseURL.absoluteString) with path \"\(path)\" does not make a URL; "
                + "the base URL must be absolute, e.g. https://api.example.com/v1."
        case .encodingFailed(let url, let reason):
            return "Encoding failed\(Self.at(url)): \(reason)"
        case .transport(let code, let url, let reason):
            return "Transport error \(code.rawValue)\(Self.at(url)): \(reason)"
        case .nonHTTPResponse(let url):
            return "The response\(Self.at(url)) was not an HTTP response."
        case .unacceptableStatus(let status, let body, let url):
            var preview = String(decoding: body.prefix(Self.bodyPreviewLength), as: UTF8.self)
            if body.count > Self.bodyPreviewLength { preview += "… (\(body.count) bytes)" }
            return "HTTP \(status)\(Self.at(url))" + (body.isEmpty ? "." : ": \(preview)")
        case .decodingFailed(let type, let codingPath, let reason, let url):
            return "Decoding \(type) failed at \(codingPath.isEmpty ? "the top level" : codingPath)\(Self.at(url)): \(reason)"
        case .cancelled(let url):
            return "Cancelled\(Self.at(url))."
        case .authentication(let reason):
            return "Authentication failed: \(reason)"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    private static func at(_ url: URL?) -> String {
        url.map { " (\($0.absoluteString))" } ?? ""
    }
}

extension NetworkError {
    /// The error for a failed `URLSessionTask`.
    init(transport error: any Error, url: URL?) {
        if let error = error as? URLError {
            self = error.code == .cancelled ? .cancelled(url: url) : .transport(code: error.code, url: url, reason: error.localizedDescription)
        } else {
            self = .transport(code: .unknown, url: url, reason: String(describing: error))
        }
    }

    /// The error for a body that did not decode as `type`.
    init(decoding error: any Error, type: Any.Type, url: URL?) {
        let context: DecodingError.Context?
        switch error as? DecodingError {
        case .keyNotFound(let key, let keyContext)?:
            context = DecodingError.Context(codingPath: keyContext.codingPath + [key],
                                            debugDescription: "Missing key \"\(key.stringValue)\".")
        case .typeMismatch(_, let value)?, .valueNotFound(_, let value)?, .dataCorrupted(let value)?:
            context = value
        default:
            context = nil
        }
        let path = (context?.codingPath ?? []).reduce(into: "") { path, key in
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        self = .decodingFailed(type: String(describing: type), codingPath: path,
                               reason: context?.debugDescription ?? String(describing: error), url: url)
    }
}
