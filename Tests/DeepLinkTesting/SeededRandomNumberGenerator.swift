import Foundation

/// Random numbers decided by a seed, so a randomized test that fails can be run again with the
/// same values: put ``description`` (the seed) in every expectation's comment, and set
/// `DEEPLINK_TEST_SEED` to rerun with it. The sequence is SplitMix64's.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, CustomStringConvertible {
    /// The seed: `DEEPLINK_TEST_SEED` when set, else a new random one.
    public let seed: UInt64
    private var state: UInt64

    /// Starts the sequence.
    /// - Parameter seed: The seed; by default `DEEPLINK_TEST_SEED`, else a random one.
    public init(seed: UInt64? = nil) {
        self.seed = seed ?? ProcessInfo.processInfo.environment["DEEPLINK_TEST_SEED"].flatMap { UInt64($0) } ?? .random(in: .min ... .max)
        state = self.seed
    }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// `seed N (run again with DEEPLINK_TEST_SEED=N)`.
    public var description: String { "seed \(seed) (run again with DEEPLINK_TEST_SEED=\(seed))" }
}
