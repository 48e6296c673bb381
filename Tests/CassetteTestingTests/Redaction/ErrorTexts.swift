import Foundation
@testable import CassetteCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every text an error shows: its descriptions and, recursively, every key and value of its user info.
enum ErrorTexts {
    /// The texts of `error`; nested errors, URLs, dictionaries and arrays are followed to `depth` levels.
    static func of(_ error: any Error, depth: Int = 6) -> [String] {
        var texts = [String(describing: error), String(reflecting: error), error.localizedDescription]
        if let cassette = error as? CassetteError {
            texts += [cassette.message, cassette.description, cassette.cassette?.path ?? ""]
        }
        if let url = error as? URLError {
            texts.append(url.failingURL?.absoluteString ?? "")
        }
        let nsError = error as NSError
        texts += [nsError.description, nsError.localizedFailureReason ?? "", nsError.localizedRecoverySuggestion ?? ""]
        guard depth > 0 else { return texts }
        for (key, value) in nsError.userInfo {
            texts.append(key)
            texts += of(value: value, depth: depth - 1)
        }
        return texts
    }

    /// The texts of one user-info value.
    private static func of(value: Any, depth: Int) -> [String] {
        switch value {
        case let string as String:
            return [string]
        case let url as URL:
            return [url.absoluteString, url.description, url.path]
        case let error as any Error:
            return of(error, depth: depth)
        case let dictionary as [String: Any]:
            return dictionary.flatMap { [$0.key] + of(value: $0.value, depth: depth - 1) }
        case let array as [Any]:
            return array.flatMap { of(value: $0, depth: depth - 1) }
        default:
            return [String(describing: value)]
        }
    }
}
