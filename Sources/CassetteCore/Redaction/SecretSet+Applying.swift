import Foundation

extension SecretSet {
    /// The placeholders already in a text, copied unchanged by every replacement so that no secret is searched
    /// for inside one.
    var keptPlaceholders: [String] {
        secrets.flatMap(\.placeholderTexts) + [Redaction.boundaryPlaceholder]
    }

    /// What replaces every searched secret in headers and bodies (`inURL: false`) or in URLs.
    func replacer(inURL: Bool, keeping kept: [String]? = nil) -> Replacer {
        Replacer(secrets.filter(\.isSearched).flatMap { $0.replacements(inURL: inURL) }, keeping: kept ?? keptPlaceholders)
    }

    /// What turns the placeholders of restorable secrets back into their values.
    var restorer: Replacer {
        Replacer(restorations)
    }

    /// The request with every searched secret replaced wherever it appears.
    ///
    /// Replay redacts every request, and most carry a token that only its header holds: the parts are first
    /// searched for the secrets' texts, and replacers are built only when one occurs.
    func replacingSecrets(in request: RecordedRequest) -> RecordedRequest {
        let needles = Needles(secrets.filter(\.isSearched).flatMap { $0.forms.map(\.text) })
        guard !needles.isEmpty else { return request }
        let urlHolds = needles.occur(in: request.url)
        let headersHold = request.headers.contains { needles.occur(in: $0.value) || needles.occur(in: $0.key) }
        let bodyHolds = request.body.map { needles.occur(in: $0.data) } ?? false
        // A value found in a JSON string spelled with escapes (see `Redaction.shapedValues`) is in no form the
        // needles know: such a body is read string by string, whatever its type (JSON stands in parts and pages too).
        let bodyEscapes = !bodyHolds && (request.body.map { Self.holdsEscape($0.data) } ?? false)
        guard urlHolds || headersHold || bodyHolds || bodyEscapes else { return request }
        let kept = keptPlaceholders
        let replacer = replacer(inURL: false, keeping: kept)
        var request = request
        if urlHolds { request.url = self.replacer(inURL: true, keeping: kept).apply(to: request.url) }
        if headersHold { request.headers = request.headers.replacing(with: replacer) }
        if bodyHolds { request.body = request.body.map { scanningJSONStrings(in: $0.replacing(with: replacer)) } }
        if bodyEscapes { request.body = request.body.map(scanningJSONStrings) }
        return request
    }

    /// Whether `data` holds a backslash, which may start an escape: `\u0067hp_…`, or `\t` before a token, whose `t`
    /// the plain scan reads as the end of a word the token continues.
    static func holdsEscape(_ data: Data) -> Bool {
        data.containsByte(UInt8(ascii: "\\"))
    }

    /// The response (and the redirects before it) with every searched secret replaced wherever it appears.
    func replacingSecrets(in response: RecordedResponse) -> RecordedResponse {
        let kept = keptPlaceholders
        let replacer = replacer(inURL: false, keeping: kept)
        guard !replacer.isEmpty else { return response }
        var response = response.replacing(with: replacer, inURL: self.replacer(inURL: true, keeping: kept))
        response.body = response.body.map(scanningJSONStrings)
        return response
    }

    /// A body with the secrets its JSON strings still hold, in escapings no form models, replaced (see
    /// ``JSONStringScanner``): a JSON body, or JSON in a multipart part, an event or a page's script, and then any
    /// secret a `\u` escape spells wherever it stands.
    private func scanningJSONStrings(in body: Body) -> Body {
        guard Self.holdsEscape(body.data) else { return body }
        let searched = Replacer(secrets.filter(\.isSearched).map { (find: $0.value, replace: $0.otherJSONPlaceholder) })
        return JSONStringScanner.replacingInWholeText(searched, in: body.data).map(Body.init) ?? body
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

/// Texts looked for, byte by byte, before anything is built to replace them.
struct Needles {
    private let texts: [[UInt8]]
    /// For many texts, all of them in one trie: a search per text would cost the text's length times their number.
    private let many: Replacer?

    init(_ texts: [String]) {
        let texts = texts.filter { !$0.isEmpty }
        self.texts = texts.map { Array($0.utf8) }
        many = texts.count > Replacer.fewest ? Replacer(texts.map { ($0, $0) }) : nil
    }

    var isEmpty: Bool { texts.isEmpty }

    func occur(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { occur(in: UnsafeRawBufferPointer($0)) }
    }

    func occur(in data: Data) -> Bool {
        data.withUnsafeBytes(occur)
    }

    private func occur(in bytes: UnsafeRawBufferPointer) -> Bool {
        if let many { return many.occurs(in: bytes) }
        return texts.contains { needle in bytes.firstOffset(of: needle) != nil }
    }
}

extension RecordedResponse {
    /// The response with `replacer` applied to headers and body, and `urlReplacer` to URLs.
    func replacing(with replacer: Replacer, inURL urlReplacer: Replacer) -> RecordedResponse {
        var response = self
        response.url = urlReplacer.apply(to: url)
        response.headers = headers.replacing(with: replacer)
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
        hop.headers = headers.replacing(with: replacer)
        return hop
    }
}

extension [String: String] {
    /// Headers with `replacer` applied to their values, and to their names (where a token can stand too, however
    /// oddly): names are rewritten only when one changes.
    func replacing(with replacer: Replacer) -> [String: String] {
        let values = mapValues(replacer.apply)
        guard keys.contains(where: { replacer.apply(to: $0) != $0 }) else { return values }
        return Dictionary(values.map { (replacer.apply(to: $0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}

extension Body {
    /// The body with `replacer` applied; the same body when nothing matched.
    func replacing(with replacer: Replacer) -> Body {
        let replaced = replacer.apply(to: data)
        return replaced == data ? self : Body(replaced)
    }
}
