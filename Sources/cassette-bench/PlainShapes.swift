import Foundation

// The floor for loading and saving: the same bytes decoded into and encoded from plain Codable structs of the
// cassette's shape, with the same JSONDecoder/JSONEncoder settings, and no cache, matching or exactness checks.
struct PlainEnvelope: Codable {
    var entries: [PlainEntry]
    var format: String
    var version: Int
}

struct PlainEntry: Codable {
    var key: Int
    var value: PlainInteraction
}

struct PlainInteraction: Codable {
    var recordedAt: Date
    var request: PlainRequest
    var response: PlainResponse
}

struct PlainRequest: Codable {
    var headers: [String: String]
    var method: String
    var url: String
}

struct PlainResponse: Codable {
    var body: PlainBody
    var headers: [String: String]
    var httpVersion: String
    var status: Int
    var url: String
}

struct PlainBody: Codable {
    var json: PlainItem
    var layout: String
}

struct PlainItem: Codable {
    var id: Int
    var name: String
    var payload: String
    var tags: [String]
}
