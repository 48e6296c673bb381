import Foundation

extension SecretSet {
    /// The placeholders already in a text, copied unchanged by every replacement so that no secret is searched
    /// for inside one.
    var keptPlaceholders: [String] {
        secrets.flatMap(\.placeholderTexts) + [Redaction.boundaryPlaceholder]
    }

    /// What replaces every searched secret in headers and bodies (`inURL: false`) or in URLs.
    func replacer(inURL: Bool) -> Replacer {
        Replacer(secrets.filter(\.isSearched).flatMap { $0.replacements(inURL: inURL) }, keeping: keptPlaceholders)
    }

    /// What turns the placeholders of restorable secrets back into their values.
    var restorer: Replacer {
        Replacer(restorations)
    }

    /// The request with every searched secret replaced wherever it appears.
    func replacingSecrets(in request: RecordedRequest) -> RecordedRequest {
        let replacer = replacer(inURL: false)
        guard !replacer.isEmpty else { return request }
        var request = request
        request.url = self.replacer(inURL: true).apply(to: request.url)
        request.headers = request.headers.mapValues(replacer.apply)
        request.body = request.body.map { scanningJSONStrings(in: $0.replacing(with: replacer)) }
        return request
    }

    /// The response (and the redirects before it) with every searched secret replaced wherever it appears.
    func replacingSecrets(in response: RecordedResponse) -> RecordedResponse {
        let replacer = replacer(inURL: false)
        guard !replacer.isEmpty else { return response }
        var response = response.replacing(with: replacer, inURL: self.replacer(inURL: true))
        response.body = response.body.map(scanningJSONStrings)
        return response
    }

    /// A JSON body with the secrets its strings still hold, in escapings no form models, replaced (see
    /// ``JSONStringScanner``).
    private func scanningJSONStrings(in body: Body) -> Body {
        guard body.looksLikeJSON, body.data.firstOffset(of: Data([UInt8(ascii: "\\")])) != nil else { return body }
        let searched = secrets.filter(\.isSearched).map { (value: Array($0.value.utf8), placeholder: Array($0.otherJSONPlaceholder.utf8)) }
        return JSONStringScanner.replacing(searched, in: body.data).map(Body.init) ?? body
    }

    /// The response with the placeholders of restorable secrets turned back into their values: what replay serves.
    func restoringSecrets(in response: RecordedResponse) -> RecordedResponse {
        let restorer = restorer
        return restorer.isEmpty ? response : response.replacing(with: restorer, inURL: restorer)
    }

    /// Any text (an error message, say) with every secret replaced, searched or not.
    func redact(text: String) -> String {
        Replacer(secrets.flatMap { $0.replacements(inURL: false) }, keeping: keptPlaceholders).apply(to: text)
    }
}

extension RecordedResponse {
    /// The response with `replacer` applied to headers and body, and `urlReplacer` to URLs.
    func replacing(with replacer: Replacer, inURL urlReplacer: Replacer) -> RecordedResponse {
        var response = self
        response.url = urlReplacer.apply(to: url)
        response.headers = headers.mapValues(replacer.apply)
        response.body = body.map { $0.replacing(with: replacer) }
        response.redirects = redirects.map { $0.replacing(with: replacer, inURL: urlReplacer) }
        return response
    }
}

extension RecordedRedirect {
    /// The redirect with `replacer` applied to its headers and `urlReplacer` to its URL.
    func replacing(with replacer: Replacer, inURL urlReplacer: Replacer) -> RecordedRedirect {
        var hop = self
        hop.url = urlReplacer.apply(to: url)
        hop.headers = headers.mapValues(replacer.apply)
        return hop
    }
}

extension Body {
    /// The body with `replacer` applied; the same body when nothing matched.
    func replacing(with replacer: Replacer) -> Body {
        let replaced = replacer.apply(to: data)
        return replaced == data ? self : Body(replaced)
    }
}
