extension QRCode {
    /// The largest image side, in pixels, that ``svg(moduleSize:margin:title:)`` and
    /// ``png(moduleSize:margin:)`` draw: 34 cm printed at 300 dots per inch, more than a poster's
    /// code needs (a larger print scales the SVG); a short link's code (25 to 33 modules) fits at
    /// every module size.
    package static let maximumImageSide = 4_000
    /// The module sizes, in pixels, that ``svg(moduleSize:margin:title:)`` and ``png(moduleSize:margin:)`` draw.
    package static let moduleSizes = 1...40
    /// The quiet zones, in modules, that they draw; scanners expect at least 4.
    package static let margins = 0...40

    /// Checks drawing options and returns the image side in pixels.
    func imageSide(moduleSize: Int, margin: Int) throws(QRCodeError) -> Int {
        guard Self.moduleSizes.contains(moduleSize) else {
            throw QRCodeError(
                code: .invalidOption,
                message: "module size \(moduleSize) is not \(Self.moduleSizes.lowerBound) to \(Self.moduleSizes.upperBound) pixels")
        }
        guard Self.margins.contains(margin) else {
            throw QRCodeError(
                code: .invalidOption,
                message: "margin \(margin) is not \(Self.margins.lowerBound) to \(Self.margins.upperBound) modules (scanners expect at least 4)"
            )
        }
        let side = (size + 2 * margin) * moduleSize
        guard side <= Self.maximumImageSide else {
            throw QRCodeError(
                code: .invalidOption,
                message: "a \(side)-pixel image is larger than \(Self.maximumImageSide); use a smaller module size"
            )
        }
        return side
    }
}
