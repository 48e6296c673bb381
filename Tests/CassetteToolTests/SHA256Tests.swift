import CassetteCore
@testable import CassetteTool
import Foundation
import Testing

/// `show` names binary bodies by the SHA-256 that `shasum -a 256` prints.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownAnswers(_ text: String, _ hash: String) {
        #expect(SHA256.hex(Data(text.utf8)) == hash)
    }

    @Test("a million a's, across many blocks")
    func longInput() {
        #expect(SHA256.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    #if CAN_SPAWN_PROCESSES
    @Test("every length around the padding boundary matches sha256sum", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")))
    func paddingBoundaries() throws {
        for length in 50...130 {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(data)
            try input.fileHandleForWriting.close()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(printed.hasPrefix(SHA256.hex(data)), "length \(length)")
        }
    }
    #endif
}
