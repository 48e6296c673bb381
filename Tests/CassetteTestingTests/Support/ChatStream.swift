import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A streaming client of a chat-completions-style API, as apps write one: it reads the server-sent events of the
/// answer as they arrive (a session delegate: `URLSession.bytes(for:)` does not exist on Linux) and hands out each
/// word of `choices[0].delta.content` with the time it arrived, until `data: [DONE]`.
final class ChatStream: NSObject, URLSessionDataDelegate, Sendable {
    /// A word of the answer and when it arrived, in seconds from the request.
    struct Word: Sendable {
        let text: String
        let at: TimeInterval
    }

    private let configuration: URLSessionConfiguration
    private let state = LockedBox<(start: Date, buffer: Data, words: [Word], error: (any Error)?)>((Date(), Data(), [], nil))
    private let completion = Completion()

    init(configuration: URLSessionConfiguration) {
        self.configuration = configuration
    }

    /// The words of the answer at `url`, in order, with their arrival times.
    func words(from url: URL) async throws -> [Word] {
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        state.withLock { $0.start = Date() }
        session.dataTask(with: url).resume()
        await completion.wait()
        return try state.withLock { state in
            if let error = state.error { throw error }
            return state.words
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            state.buffer.append(data)
            // Each event ends with a blank line; a piece may end inside one.
            while let end = state.buffer.range(of: Data("\n\n".utf8)) {
                let event = String(decoding: state.buffer[..<end.lowerBound], as: UTF8.self)
                state.buffer.removeSubrange(..<end.upperBound)
                guard event.hasPrefix("data: "), event != "data: [DONE]",
                      let chunk = try? JSONDecoder().decode(Chunk.self, from: Data(event.dropFirst(6).utf8)),
                      let text = chunk.choices.first?.delta.content else { continue }
                state.words.append(Word(text: text, at: Date().timeIntervalSince(state.start)))
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { $0.error = error }
        completion.finish()
    }

    /// One event's data: `{"choices":[{"delta":{"content":"Hel"}}]}`.
    private struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable { let content: String? }
            let delta: Delta
        }
        let choices: [Choice]
    }
}
