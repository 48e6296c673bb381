import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLError.Code {
    /// The code whose value is `rawValue`, as the platform's `URLError` can hold it.
    ///
    /// swift-corelibs-foundation's `init(rawValue:)` fails for a value it does not name, which becomes ``unknown``;
    /// on Apple's platforms it takes any value (Foundation's `URLError.Code` there has a non-failable
    /// `init(rawValue:)`), so a code recorded on one platform replays as that code on the other whenever it can.
    static func recorded(_ rawValue: Int) -> URLError.Code {
        #if canImport(FoundationNetworking)
        URLError.Code(rawValue: rawValue) ?? .unknown
        #else
        URLError.Code(rawValue: rawValue)
        #endif
    }
}
