import Foundation

/// How the `cassette` command writes sizes, dates and durations: fixed, locale-free forms, the same on every machine.
enum Formatting {
    /// `812 B`, `1.4 KiB`, `2.0 MiB`.
    static func bytes(_ count: Int) -> String {
        guard count >= 1024 else { return "\(count) B" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }

    /// `2026-11-22`, in UTC.
    static func day(_ date: Date) -> String {
        String(timestamp(date).prefix(10))
    }

    /// `2026-11-22 17:18:36Z`, in UTC.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date).replacingOccurrences(of: "T", with: " ")
    }

    /// `12 ms`, `1.5 s`.
    static func duration(_ seconds: TimeInterval) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.1f s", seconds)
    }

    /// `1 interaction`, `2 interactions`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `text` with every line indented by `spaces`.
    static func indented(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }
            .joined(separator: "\n")
    }
}
