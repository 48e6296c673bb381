/// SplitMix64: a small random number generator that a seed fixes, so a property test draws the same cases on every
/// run and a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose whole sequence `seed` determines.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
