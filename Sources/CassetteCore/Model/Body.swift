import Foundation

/// The bytes of a request or response body, with the form a cassette shows them in.
///
/// A cassette shows a body in the most readable form that still gives back exactly the recorded bytes:
///
/// | form | in the file | chosen when |
/// |---|---|---|
/// | JSON | `{ "json" : { ... }, "layout" : "indent=2 colon-space newline" }` | the bytes are JSON and writing the value in its ``JSONLayout`` reproduces them |
/// | server-sent events | `{ "events" : [ { "fields" : [ "event: delta" ], "data" : { "json" : { ... }, "layout" : "compact" } } ] }` | the bytes are events that `EventStream.storedEvents(_:)` reads and writes back exactly |
/// | text | `{ "text" : "..." }` | the bytes are UTF-8 text |
/// | binary | `{ "base64" : "..." }` | anything else |
public struct Body: Sendable, Hashable {
    /// The exact bytes that were recorded and that replay hands back.
    public let data: Data
    /// What is known of the bytes besides them (see ``Known``).
    private let known: Known

    /// The form the bytes were read from a cassette in. For bytes captured live it is `nil`, and ``form`` works it
    /// out when a file is written or the body shown: replay's matching never pays for it.
    private var knownForm: Form? {
        switch known {
        case .nothing: nil
        case .text: .text
        case .binary: .binary
        case .more(let more): more.form
        }
    }
    /// The JSON value of bytes captured live, when redaction already parsed them: matching reuses it instead of
    /// parsing again. It says nothing about the form the file will show.
    var parsedJSON: JSONValue? {
        if case .more(let more) = known { return more.parsedJSON }
        return nil
    }
    /// The key ``RequestMatcher/body`` gives these bytes under a request `Content-Type`, worked out when a cassette
    /// opened: a live body with the same bytes takes it instead of computing it again (see ``BodyKey``).
    var matchKey: BodyKey.Known? {
        if case .more(let more) = known { return more.matchKey }
        return nil
    }

    /// What is known of a body's bytes, in one word: the forms that carry nothing (text, binary) say so in no room,
    /// and the rest share one box. A body is then its bytes and a word, so a stream of a million events, each
    /// event's data a body, takes little more than its bytes.
    private enum Known: Sendable {
        case nothing
        case text
        case binary
        case more(More)

        init(form: Form?, parsedJSON: JSONValue?, matchKey: BodyKey.Known?) {
            switch (form, parsedJSON, matchKey) {
            case (nil, nil, nil): self = .nothing
            case (.text?, nil, nil): self = .text
            case (.binary?, nil, nil): self = .binary
            default: self = .more(More(form: form, parsedJSON: parsedJSON, matchKey: matchKey))
            }
        }
    }

    /// What is known of a body's bytes beyond a form that carries nothing.
    private final class More: Sendable {
        let form: Form?
        let parsedJSON: JSONValue?
        let matchKey: BodyKey.Known?

        init(form: Form?, parsedJSON: JSONValue?, matchKey: BodyKey.Known?) {
            self.form = form
            self.parsedJSON = parsedJSON
            self.matchKey = matchKey
        }
    }

    /// The form the cassette file shows the bytes in.
    var form: Form {
        knownForm ?? Body.form(of: data)
    }

    /// The forms a body takes in a cassette file.
    enum Form: Sendable, Hashable {
        case json(JSONValue, JSONLayout)
        case events([EventStream.Stored])
        /// UTF-8 text: the body's bytes are its text, so the text is not kept a second time (a stream of a
        /// million events would keep a million strings beside their bytes).
        case text
        case binary
    }

    /// JSON bodies larger than this are stored as text: checking that they round-trip costs more than it helps.
    static let largestInlineJSON = 4 << 20

    /// The deepest JSON body a cassette file holds as JSON; a deeper one is stored as text. JSON coders refuse
    /// documents deeper than 512 levels, and the file nests a body up to 10 levels down (an event's data in a
    /// response's stream): 16 are left for it.
    static let deepestInlineJSON = 512 - 16

    /// Wraps recorded bytes; a cassette shows them in the most readable form that round-trips exactly.
    public init(_ data: Data) {
        self.data = data
        known = .nothing
    }

    /// Wraps recorded bytes whose JSON value is already known.
    init(_ data: Data, parsedJSON: JSONValue) {
        self.data = data
        known = Known(form: nil, parsedJSON: parsedJSON, matchKey: nil)
    }

    /// The same body, with the key ``RequestMatcher/body`` gives it.
    func withMatchKey(_ key: BodyKey.Known) -> Body {
        Body(data: data, knownForm: knownForm, parsedJSON: parsedJSON, matchKey: key)
    }

    private init(data: Data, knownForm: Form?, parsedJSON: JSONValue?, matchKey: BodyKey.Known?) {
        self.data = data
        known = Known(form: knownForm, parsedJSON: parsedJSON, matchKey: matchKey)
    }

    /// A body shown as JSON, written in `layout`.
    init(json value: JSONValue, layout: JSONLayout) {
        data = value.serialized(in: layout)
        known = Known(form: .json(value, layout), parsedJSON: nil, matchKey: nil)
    }

    private init(data: Data, form: Form) {
        self.data = data
        known = Known(form: form, parsedJSON: nil, matchKey: nil)
    }

    /// These bytes shown in the JSON layout `original` was read from a cassette in, when they are JSON that layout
    /// writes exactly; else this body as it is. Redacting a stored body again changes values, not the file's layout
    /// (several layouts may write the same bytes, and working one out afresh may pick another).
    func keepingLayout(of original: Body) -> Body {
        guard knownForm == nil, case .json(_, let layout)? = original.knownForm,
              let value = JSONValue(parsing: data), value.serialized(in: layout) == data else {
            return self
        }
        return Body(data: data, form: .json(value, layout))
    }

    /// The parsed JSON value, if the body is stored as JSON.
    public var json: JSONValue? {
        if case .json(let value, _) = form { return value }
        return nil
    }

    /// The JSON value when the body was read from a cassette as JSON, without working anything out.
    var knownJSON: JSONValue? {
        if case .json(let value, _)? = knownForm { return value }
        return nil
    }

    /// Whether the bytes start (after whitespace) like a JSON object or array: the only bodies worth parsing.
    var looksLikeJSON: Bool { data.looksLikeJSON }

    /// Bodies are equal when their bytes are: the form follows from the bytes.
    public static func == (lhs: Body, rhs: Body) -> Bool {
        lhs.data == rhs.data
    }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(data)
    }

    /// The most readable form of `data` that round-trips exactly: JSON, else server-sent events, else text, else
    /// binary.
    static func form(of data: Data) -> Form {
        if let json = jsonForm(of: data) { return json }
        if let events = EventStream.storedEvents(data) { return .events(events) }
        if let text = String(data: data, encoding: .utf8), Data(text.utf8) == data { return .text }
        return .binary
    }

    private static func jsonForm(of data: Data) -> Form? {
        guard data.count <= largestInlineJSON, data.looksLikeJSON,
              let value = JSONValue(parsing: data), value.depth <= deepestInlineJSON else {
            return nil
        }
        let layout = JSONLayout(guessingFrom: data)
        // The value must survive the cassette file itself. Only floating-point numbers can change on the way
        // (JSONEncoder writes 1.0 as 1); strings, integers, booleans, null and keys come back exactly, so the
        // round trip through the file's coder is needed only when the value holds one.
        var stored = value
        if value.containsFloatingPoint {
            guard let encoded = try? JSONEncoder().encode(value),
                  let reread = JSONValue(parsing: encoded) else {
                return nil
            }
            stored = reread
        }
        guard stored.serialized(in: layout) == data else { return nil }
        return .json(stored, layout)
    }
}

extension UInt8 {
    /// Whether the byte is JSON insignificant whitespace.
    var isJSONWhitespace: Bool {
        self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
    }
}

extension Sequence<UInt8> {
    /// Whether the bytes start (after JSON whitespace) like a JSON object or array: the only texts worth parsing.
    package var looksLikeJSON: Bool {
        guard let first = first(where: { !$0.isJSONWhitespace }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}

extension Body: Codable {
    private enum CodingKeys: String, CodingKey {
        case json, layout, events, text, base64
    }

    /// Reads a body from any of its forms.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.json) {
            let words = try container.decode(String.self, forKey: .layout)
            guard let layout = JSONLayout(words: words) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .layout, in: container,
                    debugDescription: "Unknown JSON layout (\(words.count) characters, not shown); expected words such as \"compact\", \"indent=2\", \"colon-space\", \"comma-space\", \"ascii\", \"escaped-slash\", \"newline\".")
            }
            self.init(json: try container.decode(JSONValue.self, forKey: .json), layout: layout)
        } else if container.contains(.events) {
            // Each event written out as it is read, and not kept: a stream of a million events holds its bytes, not
            // a million events beside them. Its form is worked out from the bytes again when a file is written or
            // the body shown, as for bytes captured live; it gives the events back as the harness wrote them.
            var list = try container.nestedUnkeyedContainer(forKey: .events)
            var data = Data()
            while !list.isAtEnd { EventStream.append(try list.decode(EventStream.Stored.self), to: &data) }
            self.init(data)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            self.init(data: Data(text.utf8), form: .text)
        } else if container.contains(.base64) {
            // Decoded straight from the file's bytes (JSONDecoder's base64 strategy): no intermediate String, which
            // for a large body would cost another copy of it.
            self.init(data: try container.decode(Data.self, forKey: .base64), form: .binary)
        } else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "A body needs one of the keys \"json\" (with \"layout\"), \"events\", \"text\" or \"base64\"."))
        }
    }

    /// Writes the body in its form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch form {
        case .json(let value, let layout):
            try container.encode(value, forKey: .json)
            try container.encode(layout.words, forKey: .layout)
        case .events(let events):
            try container.encode(events, forKey: .events)
        case .text:
            try container.encode(String(decoding: data, as: UTF8.self), forKey: .text)
        case .binary:
            try container.encode(data, forKey: .base64)
        }
    }
}
