import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns an endpoint into a `URLRequest`: the one place requests are built, for ``Router`` and
/// ``AuthenticatedController`` alike.
enum RequestBuilder {
    /// The request for `route`. Header precedence, lowest first: the endpoint's `headers`, the task's
    /// `additionHeaders`, then `extraHeaders` (the controller's, e.g. `Authorization`). Defaults such as
    /// `Content-Type` are set only where none of these set one.
    static func makeRequest(for route: some EndPointType, timeout: TimeInterval,
                            extraHeaders: HTTPHeaders = [:]) throws(NetworkError) -> URLRequest {
        var request = URLRequest(url: try url(for: route), cachePolicy: .useProtocolCachePolicy, timeoutInterval: timeout)
        request.httpMethod = route.httpMethod.rawValue
        route.headers?.forEach { request.setValue($0.value, forHTTPHeaderField: $0.key) }
        switch route.task {
        case .request:
            break
        case .requestParameters(let body, let encoding, let query):
            try encoding.encode(urlRequest: &request, bodyParameters: body, urlParameters: query)
        case .requestParametersAndHeaders(let body, let encoding, let query, let additional):
            additional?.forEach { request.setValue($0.value, forHTTPHeaderField: $0.key) }
            try encoding.encode(urlRequest: &request, bodyParameters: body, urlParameters: query)
        case .requestBody(let body, let encoder, let query):
            if let query, !query.isEmpty { try URLParameterEncoder.encode(urlRequest: &request, with: query) }
            try JSONParameterEncoder.encode(urlRequest: &request, body: body, encoder: encoder)
        }
        extraHeaders.forEach { request.setValue($0.value, forHTTPHeaderField: $0.key) }
        return request
    }

    /// `baseURL` and `path` (percent-encoded where a path cannot hold a character) joined by exactly one `/`, the
    /// base's query kept; a relative base URL is ``NetworkError/invalidURL(baseURL:path:)``.
    static func url(for route: some EndPointType) throws(NetworkError) -> URL {
        let path = route.path.drop { $0 == "/" }
        guard var components = URLComponents(url: route.baseURL, resolvingAgainstBaseURL: true),
              components.scheme != nil else {
            throw NetworkError.invalidURL(baseURL: route.baseURL, path: route.path)
        }
        if !path.isEmpty {
            var basePath = components.percentEncodedPath
            while basePath.hasSuffix("/") { basePath.removeLast() }
            let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String(path)
            components.percentEncodedPath = basePath + "/" + encoded
        }
        guard let url = components.url else {
            throw NetworkError.invalidURL(baseURL: route.baseURL, path: route.path)
        }
        return url
    }
}
