import Foundation

/// A cassette's recorded request bodies, each with the key ``RequestMatcher/body`` gives it, found by their bytes.
///
/// On replay a test usually sends the very bytes it recorded. Such a body takes the key worked out when the cassette
/// opened (a JSON body's key is its canonical text, which costs a parse), so matching it costs a hash of its bytes.
struct RecordedBodies: Sendable {
    private let bodies: [Bytes: Body]

    /// Works out the keys of the bodies of `interactions` (when `matchers` compare bodies) and gives each body its
    /// key, so that indexing the interactions does not work them out again.
    init(keying interactions: inout [Interaction], matchers: [RequestMatcher]) {
        var bodies: [Bytes: Body] = [:]
        if matchers.contains(where: \.comparesBody) {
            for position in interactions.indices {
                let request = interactions[position].request
                guard let body = request.body, body.data.count <= BodyKey.largestKnown else { continue }
                let known = BodyKey.Known(contentType: request.header("Content-Type"),
                                          key: BodyKey.key(for: request, ignoringJSONKeyPaths: []))
                let keyed = body.withMatchKey(known)
                interactions[position].request.body = keyed
                // Two recordings with these bytes under different types: the key is used only under its own type.
                bodies[Bytes(body.data)] = keyed
            }
        }
        self.bodies = bodies
    }

    /// The recorded body with the bytes of `body`, which carries its key; `nil` when none has them.
    func recorded(_ body: Body) -> Body? {
        bodies.isEmpty ? nil : bodies[Bytes(body.data)]
    }

    /// Bytes hashed in full: `Data` hashes only a prefix, and recorded bodies often begin alike.
    private struct Bytes: Hashable {
        let data: Data

        init(_ data: Data) {
            self.data = data
        }

        func hash(into hasher: inout Hasher) {
            data.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
