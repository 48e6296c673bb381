import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// Sets a header field unless the caller already set one (names compare ignoring case), so defaults such as
    /// `Content-Type` never override an explicit choice.
    mutating func setDefault(_ value: String, forHTTPHeaderField field: String) {
        if self.value(forHTTPHeaderField: field) == nil { setValue(value, forHTTPHeaderField: field) }
    }
}
