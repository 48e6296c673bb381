/// Finds out, in one pass over a body's bytes, whether it may hold a JSON key with one of a few names, so that a
/// body holding none is never parsed for redaction.
///
/// Names are normalized (see ``SecretName``) and ASCII; a key matches ignoring ASCII case, `-` and `_`, as
/// redaction compares names (`accessToken` is found in `"Access_Token"`). A key JSON spells with escapes
/// (`"\u0074oken"`) cannot be seen in the bytes, so a body with any `\u` escape may hold every name; so may one
/// with a KELVIN SIGN (U+212A), the one character outside ASCII that lowercases to an ASCII letter (`k`).
struct KeyNameScan: Sendable {
    private let names: [[UInt8]]
    /// For each byte, the positions in ``names`` of the names starting with it.
    private let startingWith: [[Int]]
    /// The bytes worth a closer look, as they stand (either case of a name's first letter, `\\`, `0xE2`): one
    /// table read per byte of a body that holds no name, where looking up ``startingWith`` costs several times that.
    private let triggers: [Bool]

    init(_ names: [[UInt8]]) {
        self.names = names
        var startingWith = [[Int]](repeating: [], count: 256)
        var triggers = [Bool](repeating: false, count: 256)
        triggers[Int(UInt8(ascii: "\\"))] = true
        triggers[0xE2] = true
        for (position, name) in names.enumerated() {
            guard let first = name.first else { continue }
            startingWith[Int(first)].append(position)
            for byte in 0...255 where UInt8(byte).asciiLowercased == first { triggers[byte] = true }
        }
        self.startingWith = startingWith
        self.triggers = triggers
    }

    /// Whether `bytes` may hold one of the names: false only when it certainly holds none.
    func mayOccur(in bytes: UnsafeRawBufferPointer) -> Bool {
        triggers.withUnsafeBufferPointer { triggers in
            var start = 0
            while start < bytes.count {
                let byte = bytes[start]
                if triggers[Int(byte)] {
                    if byte == UInt8(ascii: "\\"), start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "u") { return true }
                    if byte == 0xE2, start + 2 < bytes.count, bytes[start + 1] == 0x84, bytes[start + 2] == 0xAA { return true }
                    for position in startingWith[Int(byte.asciiLowercased)] where matches(names[position], in: bytes, at: start) {
                        return true
                    }
                }
                start += 1
            }
            return false
        }
    }

    /// Whether `name` starts at `start`, skipping `-` and `_` after its first byte.
    private func matches(_ name: [UInt8], in bytes: UnsafeRawBufferPointer, at start: Int) -> Bool {
        var matched = 1
        var position = start + 1
        while matched < name.count, position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                position += 1
            } else if byte.asciiLowercased == name[matched] {
                matched += 1
                position += 1
            } else {
                return false
            }
        }
        return matched == name.count
    }
}
