// cassette-bench: replay, scaling, parallelism, file speed, recording overhead and memory, each measured side by side
// with its floor in one process. Run it with `Scripts/bench.sh` (a release build). Prints a table, then one JSON line.
import Foundation
import CassetteCore

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--memory-child" {
    try await MemoryCase.child(file: CommandLine.arguments[2])
    exit(0)
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--memory-stream-child" {
    try await MemoryCase.streamedChild(file: CommandLine.arguments[2])
    exit(0)
}

if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--tool-memory-child" {
    exit(ToolMemoryCase.child(command: CommandLine.arguments[2], file: CommandLine.arguments[3]))
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--tool-memory-fixtures" {
    let (interactions, events) = try ToolMemoryCase.fixtures(in: URL(fileURLWithPath: CommandLine.arguments[2], isDirectory: true))
    print(interactions.path, events.path)
    exit(0)
}

let environment = ProcessInfo.processInfo.environment
let quick = environment["BENCH_QUICK"] == "1"
try FileManager.default.createDirectory(at: Fixtures.folder, withIntermediateDirectories: true)
defer { Fixtures.remove() }

print("cassette-bench: medians of \(Cases.repetitions) repetitions (\(Cases.replayRepetitions) for cases 1 to 3) after a warm-up [min–max]; each ratio is the median of back-to-back pairs with the floor")
// BENCH_ONLY=1,4 runs only those cases (for profiling one at a time).
let only = Set((environment["BENCH_ONLY"] ?? "").split(separator: ",").map(String.init))
func wanted(_ number: String) -> Bool { only.isEmpty || only.contains(number) }
var rows: [Row] = []
do {
    // One run is one "test" to the harness: its cases open the same fixtures from many functions.
    rows = try await CassetteOpener.withEnclosing(CassetteOpener(testName: "cassette-bench")) {
        var rows: [Row] = []
        // Cases 1 to 3 on both shapes of request (see Shape).
        // BENCH_SHAPE=realistic runs them on one shape only.
        for shape in Shape.allCases where environment["BENCH_SHAPE"].map({ $0 == shape.rawValue }) ?? true {
            if wanted("1") { rows.append(try await Cases.replayOverhead(shape, requests: quick ? 500 : 5_000)) }
            if wanted("2") { rows.append(try await Cases.scaling(shape, requests: quick ? 500 : 5_000)) }
            if wanted("3") { rows.append(try await Cases.parallel(shape, requests: quick ? 100 : 1_000)) }
        }
        if wanted("4") { rows.append(contentsOf: try await Cases.loadAndSave()) }
        if wanted("5") || wanted("7") { rows.append(contentsOf: try await LiveCases.run(requests: quick ? 50 : 500)) }
        if wanted("6") { rows.append(try MemoryCase.run()) }
        if wanted("8") { rows.append(try await Cases.perTest(tests: quick ? 50 : 300)) }
        if wanted("9") { rows.append(try await StreamCase.replay(events: quick ? 1_000 : 10_000)) }
        // Like case 6, the same 100 MB when quick: a smaller body would measure the process's own baseline instead.
        if wanted("10") { rows.append(try MemoryCase.runStreamed()) }
        if wanted("11") { rows.append(try await OpenCases.siblings(tests: quick ? 30 : 200)) }
        if wanted("12") { rows.append(try await OpenCases.largeCassette(tests: quick ? 10 : 40)) }
        if wanted("13") { rows.append(try await OpenCases.loadAndReplayAll()) }
        if wanted("14") { rows.append(contentsOf: try await InputScalingCases.run()) }
        if wanted("15") { rows.append(try await ScopeCase.run(tests: quick ? 50 : 300)) }
        // Like cases 6 and 10, the same files when quick: smaller ones would measure the child's own baseline.
        if wanted("16") { rows.append(contentsOf: try ToolMemoryCase.run()) }
        return rows
    }
} catch {
    print("cassette-bench failed: \(error)")
    Fixtures.remove()
    exit(1)
}

for row in rows {
    let verdict = row.met.map { $0 ? "met" : "MISSED" } ?? "-"
    let ratio = row.ratio.map { String(format: "%.2f", $0) } ?? "-"
    print("\(row.name.padding(toLength: 48, withPad: " ", startingAt: 0)) \(ratio.padding(toLength: 6, withPad: " ", startingAt: 0)) target \(row.target.padding(toLength: 20, withPad: " ", startingAt: 0)) \(verdict.padding(toLength: 7, withPad: " ", startingAt: 0)) \(row.measured)")
}
var summary: [String: Any] = [:]
for row in rows {
    var entry = row.json
    if let met = row.met { entry["met"] = met }
    if entry.isEmpty { entry["skipped"] = row.measured }
    // The case number and its first words, made unique: several rows of one case share their first words.
    var key = String(row.name.prefix { $0 != " " }) + "_" + row.name.split(separator: " ").dropFirst().prefix(2).joined(separator: "_")
    if summary[key] != nil { key = row.name.split(separator: " ").joined(separator: "_") }
    summary[key] = entry
}
let json = try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
