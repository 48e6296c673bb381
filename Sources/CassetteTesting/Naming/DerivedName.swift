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

    /// The cassette name of an XCTest method, `Module/Class/testMethod`, from the test case's type
    /// (`String(reflecting:)` gives `Module.Class`, nested types `Module.Outer.Class`) and its `name`, which is
    /// `Class.testMethod` on Linux and `-[Class testMethod]` (the class perhaps module-qualified) on Apple's platforms.
    static func xcTest(type: String, name: String) -> String {
        var method = Substring(name)
        if method.hasPrefix("-[") && method.hasSuffix("]") {
            method = method.dropLast().split(separator: " ").last ?? method
        } else if let dot = method.lastIndex(of: ".") {
            method = method[method.index(after: dot)...]
        }
        return path(type.split(separator: ".").map(String.init) + [String(method)])
    }
}
