@testable import CassetteCore
import Foundation
import Testing

/// `EventStream`: what a client reads from a `text/event-stream` body, field by field.
@Suite struct EventStreamTests {
    private static func read(_ text: String) -> [EventStream.Event] {
        EventStream.readEvents(in: Data(text.utf8))
    }

    @Test("every field a client reads: type, data lines joined, id, retry; comments and unknown fields left out")
    func fields() {
        let events = Self.read("event: delta\ndata: a\ndata: b\nid: 7\nretry: 1500\n: comment\nextra: x\n\n")
        #expect(events.count == 1)
        #expect(events.first?.type == "delta")
        #expect(events.first?.data == Data("a\nb".utf8))
        #expect(events.first?.id == Data("7".utf8))
        #expect(events.first?.retry == "1500")
    }

    @Test("the last event is read whether or not a blank line ends it; events(in:) still drops it, as the standard does")
    func unterminatedLastEvent() {
        for text in ["data: 1\n\ndata: 2", "data: 1\n\ndata: 2\n", "data: 1\r\n\r\ndata: 2\r\n"] {
            #expect(Self.read(text).map(\.data) == [Data("1".utf8), Data("2".utf8)], "\(text.debugDescription)")
            #expect(EventStream.eventData(in: Data(text.utf8)) == [Data("1".utf8)], "\(text.debugDescription)")
        }
    }

    @Test("what clients ignore is ignored: a retry not in digits, an id holding NUL, an empty event type, a block of comments")
    func ignoredFields() {
        let events = Self.read(": only a comment\n\nevent:\nretry: soon\nid: a\u{0}b\ndata: x\n\n")
        #expect(events.count == 1)
        #expect(events.first?.type == "message")
        #expect(events.first?.retry == nil && events.first?.id == nil)
    }

    @Test("an event with only an id or a retry is read (a client keeps them); one with only a type is not")
    func eventsWithoutData() {
        let events = Self.read("id: 9\n\nretry: 10\n\nevent: ping\n\n")
        #expect(events.map(\.id) == [Data("9".utf8), nil])
        #expect(events.map(\.retry) == [nil, "10"])
        #expect(events.allSatisfy { !$0.hasData })
    }
}
