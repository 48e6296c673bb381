/// Cassette files a hostile hand (or a careless one) could write, with tokens planted where they break the file or
/// where only a name stands: what the tool must read without printing a secret.
enum HostileCassettes {
    /// A GitHub token, as a teammate's hand edit or a hostile file could plant it.
    static let github = "ghp_Kqaz7TnV2xWb9YcRd4eFg6HhJ8kLm1NpQs3U"
    /// An AWS access key id (AWS's documented example).
    static let aws = "AKIA" + "IOSFODNN7EXAMPLE"

    /// A cassette of one event-stream interaction, with the response's `body` and `stream`, the file's `format` and
    /// the request's `headers` as written (JSON text).
    static func text(body: String, stream: String? = nil, format: String = "Caching.Cache", headers: String = "") -> String {
        """
        {"entries": [{"key": 1, "value": {"recordedAt": "2026-11-22T17:18:36Z",
          "request": {"headers": {\(headers)}, "method": "GET", "url": "http://api.test/events"},
          "response": {"body": \(body), \(stream.map { "\"stream\": \($0)," } ?? "")
            "headers": {"Content-Type": "text/event-stream"}, "httpVersion": "HTTP/1.1", "status": 200,
            "url": "http://api.test/events"}}}],
         "format": "\(format)", "version": 1}
        """
    }

    /// Files that do not decode, each with the GitHub token in the one place that breaks it.
    static let broken: [(name: String, text: String)] = [
        ("field", text(body: #"{"events": [{"fields": ["event: x\n\#(github)"], "data": {"text": "a"}}]}"#)),
        ("chunk", text(body: #"{"text": "a"}"#, stream: #"{"head": 0.001, "chunks": ["\#(github)"]}"#)),
        ("end", text(body: #"{"text": "a"}"#, stream: #"{"head": 0.001, "chunks": ["0.002s 1B"], "end": "\#(github)"}"#)),
        ("layout", text(body: #"{"json": {"a": 1}, "layout": "\#(github)"}"#)),
        ("format", text(body: #"{"text": "a"}"#, format: github)),
    ]
}
