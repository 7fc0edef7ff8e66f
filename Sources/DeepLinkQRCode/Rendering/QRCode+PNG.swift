import CompressNIO
import NIOCore

extension QRCode {
    /// The code as a PNG image: 1-bit greyscale, dark modules black, quiet zone white,
    /// zlib-compressed, so a print-size code stays a few kilobytes.
    /// - Parameters:
    ///   - moduleSize: Pixels per module, 1...100.
    ///   - margin: The quiet zone in modules, 0...40; scanners expect at least 4.
    /// - Throws: ``QRCodeError`` `invalidOption` for sizes out of range, `imageEncodingFailed` when
    ///   zlib cannot allocate its state.
    package func png(moduleSize: Int = 8, margin: Int = 4) throws(QRCodeError) -> [UInt8] {
        let side = try imageSide(moduleSize: moduleSize, margin: margin)
        let rowBytes = (side + 7) / 8
        var pixels = ByteBuffer()
        pixels.reserveCapacity((rowBytes + 1) * side)
        var previousRow: [UInt8]? = nil
        for pixelY in 0..<side {
            var row = [UInt8](repeating: 0xFF, count: rowBytes)
            let moduleY = pixelY / moduleSize - margin
            if (0..<size).contains(moduleY) {
                for pixelX in 0..<side {
                    let moduleX = pixelX / moduleSize - margin
                    if (0..<size).contains(moduleX), self[moduleX, moduleY] {
                        row[pixelX >> 3] &= ~(0x80 >> UInt8(pixelX & 7))
                    }
                }
            }
            // Filter "Up" (2) on a row equal to the one above turns it into zeros, which
            // deflate shrinks to almost nothing: every module row repeats moduleSize times.
            if let previousRow, previousRow == row {
                pixels.writeInteger(UInt8(2))
                pixels.writeRepeatingByte(0, count: rowBytes)
            } else {
                pixels.writeInteger(UInt8(0))
                pixels.writeBytes(row)
            }
            previousRow = row
        }
        let compressed: ByteBuffer
        do {
            compressed = try pixels.compress(with: .zlib())
        } catch {
            throw QRCodeError(code: .imageEncodingFailed, message: "zlib could not compress the PNG's pixels: \(error)")
        }

        var header = ByteBuffer()
        header.writeInteger(UInt32(side))
        header.writeInteger(UInt32(side))
        header.writeBytes([1, 0, 0, 0, 0])       // bit depth 1, greyscale, deflate, adaptive filters, no interlace

        var image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        Self.appendChunk("IHDR", header.readableBytesView, to: &image)
        Self.appendChunk("IDAT", compressed.readableBytesView, to: &image)
        Self.appendChunk("IEND", [], to: &image)
        return image
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    private static func appendChunk(_ type: String, _ data: some Collection<UInt8>, to image: inout [UInt8]) {
        let length = UInt32(data.count)
        image += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        let typeAndData = Array(type.utf8) + data
        image += typeAndData
        let crc = crc32(typeAndData)
        image += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// CRC-32 (ISO 3309, as PNG uses it), bitwise: chunks here are a few kilobytes.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
