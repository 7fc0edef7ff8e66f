extension QRCode {
    /// The largest image side, in pixels, that ``svg(moduleSize:margin:title:)`` and
    /// ``png(moduleSize:margin:)`` draw: a print-ready version 40 code at 40 pixels per module.
    package static let maximumImageSide = 8_000
    /// The module sizes, in pixels, that ``svg(moduleSize:margin:title:)`` and ``png(moduleSize:margin:)`` draw.
    package static let moduleSizes = 1...100
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
