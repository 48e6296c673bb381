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

/// Measures `body` `repetitions` times after one warm-up and returns the seconds each took.
func seconds(repetitions: Int, _ body: () async throws -> Void) async rethrows -> [Double] {
    try await body()
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times
}

/// Measures two bodies alternately (A, B, A, B, ...) so that drift on a shared machine hits both alike.
func interleaved(repetitions: Int, _ first: () async throws -> Void,
                 _ second: () async throws -> Void) async rethrows -> ([Double], [Double]) {
    try await first()
    try await second()
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<repetitions {
        a.append(try await seconds(repetitions: 1, first).last ?? 0)
        b.append(try await seconds(repetitions: 1, second).last ?? 0)
    }
    return (a, b)
}

/// Peak resident memory of this process so far, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Apple platforms
    #endif
}
