/// Cassette names derived from test names: stable file paths, the same on every platform.
enum DerivedName {
    /// `components` (a suite path and a test, e.g. `["UserTests", "Fetching", "fetchesOne()"]`) as a cassette name:
    /// `UserTests/Fetching/fetchesOne`.
    static func path(_ components: [String]) -> String {
        components.map(component).filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// One name component as a file name: a function's argument labels become `-`-separated words
    /// (`fetch(id:)` → `fetch-id`, `fetchesOne()` → `fetchesOne`, `check(_:)` → `check`), and anything but letters,
    /// digits, `_` and `.` becomes `-` (a raw identifier's spaces, for one), with no `-` doubled, leading or
    /// trailing, and no leading `.`.
    static func component(_ name: String) -> String {
        var words = [Substring(name)]
        if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            let labels = name[name.index(after: open)..<name.index(before: name.endIndex)]
            words = [name[..<open]] + labels.split(separator: ":").filter { $0 != "_" }
        }
        var result = ""
        for character in words.joined(separator: "-") {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                result.append(character)
            } else if !result.isEmpty && result.last != "-" {
                result.append("-")
            }
        }
        while result.last == "-" { result.removeLast() }
        while result.first == "." { result.removeFirst() }
        return result
    }

    /// The test method an `XCTestCase.name` names, as `Class/testMethod`: the name is `Class.testMethod` on
    /// Linux and `-[Class testMethod]` (the class perhaps module-qualified) on Apple's platforms.
    static func xcTest(_ name: String) -> String {
        var trimmed = Substring(name)
        if trimmed.hasPrefix("-[") && trimmed.hasSuffix("]") {
            trimmed = trimmed.dropFirst(2).dropLast()
            let parts = trimmed.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                let type = parts[0].split(separator: ".").last.map(String.init) ?? String(parts[0])
                return path([type, String(parts[1])])
            }
        } else if let dot = trimmed.lastIndex(of: ".") {
            let type = trimmed[..<dot].split(separator: ".").last.map(String.init) ?? String(trimmed[..<dot])
            return path([type, String(trimmed[trimmed.index(after: dot)...])])
        }
        return path([String(trimmed)])
    }
}
