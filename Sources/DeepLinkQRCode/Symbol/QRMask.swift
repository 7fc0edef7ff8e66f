/// The eight data mask patterns (ISO/IEC 18004 Table 10): a module at column `x`, row `y` is
/// inverted where the pattern's condition holds.
struct QRMask: Sendable, Hashable {
    /// The pattern reference, 0...7.
    let reference: Int

    func inverts(x: Int, y: Int) -> Bool {
        switch reference {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (x * y) % 2 + (x * y) % 3 == 0
        case 6: ((x * y) % 2 + (x * y) % 3) % 2 == 0
        default: ((x + y) % 2 + (x * y) % 3) % 2 == 0
        }
    }

    static let all = (0..<8).map(QRMask.init(reference:))
}
