import Foundation

/// A figure measured several times: the median, with the smallest and largest.
struct Sample {
    let median: Double
    let min: Double
    let max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        median = sorted[sorted.count / 2]
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }
}

/// Runs of `count` units each (requests, tests, events), in seconds, as microseconds per unit.
func microseconds(_ times: [Double], per count: Int) -> Sample {
    Sample(times.map { $0 / Double(count) * 1e6 })
}

/// The seconds one run of `body` takes.
func elapsed(_ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Measures two bodies alternately (A, B, A, B, ...) so that drift on a shared machine hits both alike.
func interleaved(repetitions: Int, _ first: () async throws -> Void,
                 _ second: () async throws -> Void) async throws -> ([Double], [Double]) {
    try await withoutActuallyEscaping(first) { first in
        try await withoutActuallyEscaping(second) { second in
            let times = try await roundRobin(repetitions: repetitions, [first, second])
            return (times[0], times[1])
        }
    }
}

/// Measures several bodies in turn, `repetitions` rounds after one warm-up round, starting each round with the next
/// body so that no body always runs first; returns the seconds of each body's runs, in round order.
func roundRobin(repetitions: Int, _ bodies: [() async throws -> Void]) async throws -> [[Double]] {
    for body in bodies { try await body() }
    var times = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<repetitions {
        for step in 0..<bodies.count {
            let index = (round + step) % bodies.count
            times[index].append(try await elapsed(bodies[index]))
        }
    }
    return times
}

/// The median of `ours[i] / floor[i]` over pairs measured back to back by ``interleaved(repetitions:_:_:)``: drift
/// on a shared machine (another process, a frequency change) hits both halves of a pair alike, so each pair's ratio
/// is steadier than a ratio of two separate medians.
func medianRatio(_ ours: [Double], _ floor: [Double]) -> Double {
    Sample(zip(ours, floor).map { $0 / $1 }).median
}

/// Peak resident memory of this process so far, in bytes.
///
/// On Linux this is `VmHWM` from `/proc/self/status`: `getrusage`'s `ru_maxrss` survives `execve`, so a child
/// spawned by a large parent would report the parent's peak.
func peakResidentBytes() -> Int {
    #if os(Linux)
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return kilobytes * 1024
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Apple platforms
    #endif
}

/// Runs this executable with `arguments` and returns the peak resident bytes it prints (`nil` when it fails) and what
/// it printed.
func peakOfChild(_ arguments: [String]) throws -> (peak: Double?, output: String) {
    #if CAN_SPAWN_PROCESSES
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.isExecutableFile(atPath: child.executableURL?.path ?? "") {
        child.executableURL = Bundle.main.executableURL
    }
    child.arguments = arguments
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    // Read before waiting: a child that prints more than a pipe holds would wait for the read forever.
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    guard child.terminationStatus == 0 else { return (nil, text) }
    return (Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), text)
    #else
    return (nil, "this platform cannot start a child process")
    #endif
}
