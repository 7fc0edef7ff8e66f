extension QRCode {
    /// The largest image side, in pixels, that ``svg(moduleSize:margin:title:)`` and
    /// ``png(moduleSize:margin:)`` draw: a print-ready version 40 code at 40 pixels per module.
    public static let maximumImageSide = 8_000

    /// Checks drawing options and returns the image side in pixels.
    func imageSide(moduleSize: Int, margin: Int) throws(QRCodeError) -> Int {
        guard (1...100).contains(moduleSize) else {
            throw QRCodeError(code: .invalidOption, message: "module size \(moduleSize) is not 1 to 100 pixels")
        }
        guard (0...40).contains(margin) else {
            throw QRCodeError(
                code: .invalidOption,
                message: "margin \(margin) is not 0 to 40 modules (scanners expect at least 4)"
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
