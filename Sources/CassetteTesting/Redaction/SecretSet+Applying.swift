import Foundation

extension SecretSet {
    /// The request with every searched secret replaced wherever it appears.
    func replacingSecrets(in request: RecordedRequest) -> RecordedRequest {
        let pairs = replacements(inURL: false)
        guard !pairs.isEmpty else { return request }
        var request = request
        request.url = request.url.replacing(replacements(inURL: true))
        request.headers = request.headers.mapValues { $0.replacing(pairs) }
        request.body = request.body.map { $0.replacing(pairs) }
        return request
    }

    /// The response (and the redirects before it) with every searched secret replaced wherever it appears.
    func replacingSecrets(in response: RecordedResponse) -> RecordedResponse {
        let pairs = replacements(inURL: false)
        return pairs.isEmpty ? response : response.replacing(pairs, inURL: replacements(inURL: true))
    }

    /// The response with the placeholders of restorable secrets turned back into their values: what replay serves.
    func restoringSecrets(in response: RecordedResponse) -> RecordedResponse {
        let pairs = restorations
        return pairs.isEmpty ? response : response.replacing(pairs, inURL: pairs)
    }

    /// Any text (an error message, say) with every secret replaced, searched or not.
    func redact(text: String) -> String {
        text.replacing(secrets.flatMap { $0.replacements(inURL: false) }.sorted { $0.find.utf8.count > $1.find.utf8.count })
    }
}

extension RecordedResponse {
    /// The response with each pair's `find` replaced: `pairs` in headers and body, `urlPairs` in URLs.
    func replacing(_ pairs: [(find: String, replace: String)], inURL urlPairs: [(find: String, replace: String)]) -> RecordedResponse {
        var response = self
        response.url = url.replacing(urlPairs)
        response.headers = headers.mapValues { $0.replacing(pairs) }
        response.body = body.map { $0.replacing(pairs) }
        response.redirects = redirects.map { $0.replacing(pairs, inURL: urlPairs) }
        return response
    }
}

extension RecordedRedirect {
    /// The redirect with each pair's `find` replaced: `pairs` in its headers, `urlPairs` in its URL.
    func replacing(_ pairs: [(find: String, replace: String)], inURL urlPairs: [(find: String, replace: String)]) -> RecordedRedirect {
        var hop = self
        hop.url = url.replacing(urlPairs)
        hop.headers = headers.mapValues { $0.replacing(pairs) }
        return hop
    }
}

extension Body {
    /// The body with each pair's `find` replaced; the same body when nothing was found.
    func replacing(_ pairs: [(find: String, replace: String)]) -> Body {
        let replaced = data.replacing(pairs)
        return replaced == data ? self : Body(replaced)
    }
}
