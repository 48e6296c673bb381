import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The value of the header `name` (an ASCII name), as `value(forHTTPHeaderField:)` gives it, without that call's
    /// cost when the request certainly has no such header (see ``certainlyLacksHeader(_:)``).
    ///
    /// Every replayed request is asked for two headers it almost never has (`Cookie`, and the mark of a redirect's
    /// next request, see ``ChainLinks``); corelibs answers by comparing every header name in turn with Foundation's
    /// case-insensitive string comparison, about 650 instructions a header.
    func headerValue(_ name: String) -> String? {
        certainlyLacksHeader(name) ? nil : value(forHTTPHeaderField: name)
    }

    /// Whether the request certainly has no header `name` (an ASCII name): every name it has is ASCII and none equals
    /// `name` ignoring ASCII case. Two ASCII names are one header exactly when they are equal ignoring ASCII case,
    /// however a platform compares them (lowercasing, or a case-insensitive comparison); with a name that is not
    /// ASCII the answer is false, and the caller asks the platform.
    func certainlyLacksHeader(_ name: String) -> Bool {
        guard let fields = allHTTPHeaderFields else { return true }
        return fields.keys.allSatisfy { key in
            let ascii = key.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? key.utf8.allSatisfy { $0 < 0x80 }
            return ascii && !key.equalsIgnoringASCIICase(name)
        }
    }
}
