extension QRMatrix {
    /// The mask-selection penalty of ISO/IEC 18004 §7.8.3: runs of five or more modules of one
    /// colour, 2×2 blocks, finder-like 1:1:3:1:1 patterns with four light modules beside them
    /// (the quiet zone counts as light), and a dark share far from half.
    var penalty: Int {
        var score = 0
        for line in 0..<size {
            score += linePenalty { self[$0, line] }
            score += linePenalty { self[line, $0] }
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = self[x, y]
                if colour == self[x + 1, y], colour == self[x, y + 1], colour == self[x + 1, y + 1] {
                    score += 3
                }
            }
        }
        let darkCount = dark.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        let deviationSteps = (abs(darkCount * 20 - total * 10) + total - 1) / total - 1
        score += max(0, deviationSteps) * 10
        return score
    }

    /// Rules 1 and 3 along one row or column; `module(i)` is the i-th module of the line.
    private func linePenalty(_ module: (Int) -> Bool) -> Int {
        var score = 0
        var runColour = module(0)
        var runLength = 1
        for index in 1..<size {
            if module(index) == runColour {
                runLength += 1
            } else {
                if runLength >= 5 { score += runLength - 2 }
                runColour.toggle()
                runLength = 1
            }
        }
        if runLength >= 5 { score += runLength - 2 }

        // dark, light, dark×3, light, dark with four light modules before or after it
        let finderLike: [Bool] = [true, false, true, true, true, false, true]
        func isDark(_ index: Int) -> Bool { (0..<size).contains(index) && module(index) }
        for start in 0...(size - 7) {
            guard (0..<7).allSatisfy({ isDark(start + $0) == finderLike[$0] }) else { continue }
            let lightBefore = (1...4).allSatisfy { !isDark(start - $0) }
            let lightAfter = (0..<4).allSatisfy { !isDark(start + 7 + $0) }
            if lightBefore || lightAfter { score += 40 }
        }
        return score
    }
}
