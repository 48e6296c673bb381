import Foundation
import Networking

/// httpbin's public endpoints.
public struct HTTPBinAPI: PublicEndPoint {
    /// Which endpoint, and its arguments.
    public enum Route: Sendable {
        /// `GET /get` with query parameters, echoed back.
        case get(query: Parameters)
        /// `POST /post` with a JSON body, echoed back.
        case post(json: any Encodable & Sendable, query: Parameters)
        /// `GET /status/{code}`: an empty answer with that status.
        case status(Int)
        /// `GET /gzip`: a gzip-compressed JSON body.
        case gzip
        /// `GET /deflate`: a deflate-compressed JSON body.
        case deflate
        /// `GET /bytes/{count}?seed=`: reproducible random bytes.
        case bytes(count: Int, seed: Int)
        /// `GET /image/png`: a PNG image.
        case imagePNG
        /// `GET /redirect/{hops}`: redirects `hops` times, then answers like `/get`.
        case redirect(hops: Int)
        /// `GET /delay/{seconds}`: answers after a delay.
        case delay(seconds: Int)
        /// `GET /uuid`: a fresh UUID.
        case uuid
        /// `GET /json`: a fixed JSON document (a slideshow).
        case json
        /// `GET /xml`: a fixed XML document.
        case xml
        /// `GET /response-headers`: answers with the given headers, echoed in the body.
        case responseHeaders(HTTPHeaders)
    }

    /// The endpoint.
    public let route: Route
    /// The server.
    public let baseURL: URL

    /// An endpoint on the server at `baseURL`.
    public init(_ route: Route, baseURL: URL = HTTPBinServer.baseURL()) {
        self.route = route
        self.baseURL = baseURL
    }

    /// The path of the route.
    public var path: String {
        switch route {
        case .get: "get"
        case .post: "post"
        case .status(let code): "status/\(code)"
        case .gzip: "gzip"
        case .deflate: "deflate"
        case .bytes(let count, _): "bytes/\(count)"
        case .imagePNG: "image/png"
        case .redirect(let hops): "redirect/\(hops)"
        case .delay(let seconds): "delay/\(seconds)"
        case .uuid: "uuid"
        case .json: "json"
        case .xml: "xml"
        case .responseHeaders: "response-headers"
        }
    }

    /// `POST` for ``Route/post(json:query:)``, `GET` otherwise.
    public var httpMethod: HTTPMethod {
        if case .post = route { return .post }
        return .get
    }

    /// Query parameters or a JSON body, per route.
    public var task: HTTPTask {
        switch route {
        case .get(let query):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
        case .post(let json, let query):
            .requestBody(json, urlParameters: query)
        case .bytes(_, let seed):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["seed": .int(seed)])
        case .responseHeaders(let headers):
            .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: headers.mapValues { .string($0) })
        default:
            .request
        }
    }

    /// Every request asks for JSON unless the route serves something else.
    public var headers: HTTPHeaders? {
        switch route {
        case .imagePNG: ["Accept": "image/png"]
        case .xml: ["Accept": "application/xml"]
        default: ["Accept": "application/json"]
        }
    }
}
