import CassetteCore
import Foundation

/// The seeds a leak target starts from: inputs made from the committed cassettes (so the fuzzer starts where real
/// traffic is), and inputs holding planted tokens of a secret's shape in the places and spellings redaction reads.
enum Seeds {
    /// A GitHub token, a JSON Web Token and an AWS access key ID: their shapes are found by value wherever they stand.
    static let github = "ghp_FuzzCanary0123456789abcdefghijklmnopq"
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmdXp6In0.c2lnbmF0dXJlLWZ1enotY2FuYXJ5"
    static let aws = "AKIAFUZZCANARY012345"

    /// `github` with its first letter `\u`-escaped, and percent-encoded.
    static let escaped = "\\u0067" + github.dropFirst()
    static let percentEncoded = "%67" + github.dropFirst()

    /// Planted `body` inputs: content type index (see ``FuzzTarget/contentTypes``), place, body.
    static let plantedBodies: [(UInt8, UInt8, String)] = [
        (0, 0, #"{"note":"\#(github)","list":["\#(jwt)"],"deep":"{\"k\":\"\#(aws)\"}","esc":"\#(escaped)","token":"rule-named-1234"}"#),
        (1, 0, "note=\(github)&x=\(percentEncoded)&token=rule-named-1234&[a]=\(aws)"),
        (2, 0, "--B\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\n\(github)\r\n--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.json\"\r\nContent-Type: application/json\r\n\r\n{\"k\":\"\(escaped)\"}\r\n--B--\r\n"),
        (3, 2, "Bearer \(jwt) and \(aws)\naccess_token=\(github)&expires_in=3600"),
        (4, 2, "event: token\ndata: {\"t\":\"\(github)\"}\n\ndata: \(jwt)\n\n"),
        (5, 2, "<a href=\"/cb?token=\(github)\">x</a><script>var k = \"\(escaped)\";</script>"),
        (7, 1, "\(aws)\u{0}\u{1}binary"),
        (3, 0, "{\"a\": \"\(github)\", broken"),
    ]

    /// Planted `scan` inputs.
    static let plantedTexts = [
        "a=\(github)&b=\(percentEncoded)", "token=\(jwt)", "Bearer \(jwt)", "x=1#access_token=\(aws)&state=s",
        "next=https%3A%2F%2Fe.test%2F%3Ftoken%3D\(github)", "session=\(github); Path=/",
    ]

    /// Writes the seeds of `target` into `folder`, made from the cassette files `files` and the planted inputs.
    /// Returns the process's exit status.
    static func write(for target: FuzzTarget, into folder: String, from files: [String]) -> Int32 {
        guard !folder.isEmpty else {
            FileHandle.standardError.write(Data("Usage: CassetteFuzz --seeds <folder> <cassette>...\n".utf8))
            return 2
        }
        let cassettes = files.compactMap { path -> [Interaction]? in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return try? FuzzInput.decode(data).get()
        }
        var seeds: [Data] = []
        switch target {
        case .cassette:
            break
        case .har:
            seeds += cassettes.compactMap { try? HTTPArchive.encoded($0) }
            seeds += plantedBodies.compactMap { try? HTTPArchive.encoded([FuzzTarget.bodyExchange(bodySeed($0))]) }
            seeds += plantedTexts.compactMap { try? HTTPArchive.encoded([FuzzTarget.scanExchange($0)]) }
        case .body:
            for interaction in cassettes.joined() {
                seeds.append(contentsOf: bodySeeds(headers: interaction.request.headers, body: interaction.request.body, place: 1))
                if let response = interaction.response {
                    seeds.append(contentsOf: bodySeeds(headers: response.headers, body: response.body, place: 2))
                }
            }
            seeds += plantedBodies.map(bodySeed)
        case .scan:
            for interaction in cassettes.joined() {
                seeds.append(Data((URLComponents(string: interaction.request.url)?.percentEncodedQuery ?? "").utf8))
                seeds += interaction.request.headers.values.map { Data($0.utf8) }
            }
            seeds += plantedTexts.map { Data($0.utf8) }
        }
        var written = Set<Data>()
        for seed in seeds where !seed.isEmpty && written.insert(seed).inserted {
            let file = URL(fileURLWithPath: folder).appendingPathComponent("seed-\(target.rawValue)-\(written.count)")
            guard (try? seed.write(to: file)) != nil else {
                FileHandle.standardError.write(Data("cannot write \(file.path)\n".utf8))
                return 1
            }
        }
        print("\(written.count) \(target.rawValue) seeds written to \(folder)")
        return 0
    }

    private static func bodySeed(_ planted: (UInt8, UInt8, String)) -> Data {
        Data([planted.0, planted.1]) + Data(planted.2.utf8)
    }

    /// A body of a recorded exchange as a `body` input, its content type picked as the headers name it.
    private static func bodySeeds(headers: [String: String], body: Body?, place: UInt8) -> [Data] {
        guard let body else { return [] }
        let type = headers.first { $0.key.lowercased() == "content-type" }?.value
        let index = FuzzTarget.contentTypes.firstIndex { $0 == type }
            ?? FuzzTarget.contentTypes.firstIndex { $0 == (type?.hasPrefix("application/json") == true ? "application/json" : "text/plain") }
            ?? 3
        return [Data([UInt8(index), place]) + body.data]
    }
}
