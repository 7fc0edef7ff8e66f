import DeepLinkQRCode
import DeepLinkService
import NIOCore
import Synchronization

/// QR code images, drawn once and then served from memory, and drawn one at a time off the
/// threads that serve requests (issue 43).
///
/// Drawing a code is the costliest thing the server does for an anonymous visitor (a large PNG
/// takes tens of milliseconds of one core in a release build): drawn per request, a client asking
/// for QR codes in a loop held the cooperative pool and stalled every other request. Here an
/// image is keyed by what it shows (the encoded text, the format, the module size, the margin and
/// the SVG's title), so it needs no invalidation: a link whose URL changes asks for a new key, and
/// whether a link may still be encoded is decided before the cache is asked. Images not yet drawn
/// wait on one ``BoundedWorkQueue``; past ``maximumWaiting`` draws waiting, a request is refused
/// at once (`503`) instead of queued. `Sendable`.
final class QRCodeImages: Sendable {
    /// An image's format.
    enum Format: String, CaseIterable, Sendable {
        case svg, png

        /// The image's media type.
        var contentType: String { self == .svg ? "image/svg+xml" : "image/png" }
    }

    /// What an image shows: the key of the cache.
    struct Key: Hashable, Sendable {
        /// The encoded text.
        var text: String
        var format: Format
        /// Pixels per module.
        var moduleSize: Int
        /// The quiet zone, in modules.
        var margin: Int
        /// The SVG's accessible title; `nil` for a PNG.
        var title: String?
    }

    /// Why no image was made.
    enum Failure: Error, Sendable {
        /// The text or the options cannot be drawn: the encoder's message.
        case invalid(QRCodeError)
        /// Too many images are waiting to be drawn.
        case busy
    }

    /// The most images waiting to be drawn or being drawn.
    let maximumWaiting: Int
    private let byteBudget: Int
    private let drawing: BoundedWorkQueue
    private let images = Mutex(Images())
    private let drawn = Atomic(0)

    private struct Images {
        var entries: [Key: ByteBuffer] = [:]
        var bytes = 0
    }

    /// Creates the cache.
    /// - Parameters:
    ///   - byteBudget: The most bytes of images kept; past it the cache starts over. Default
    ///     16 MiB: thousands of short links' codes at the sizes pages and print ask for.
    ///   - maximumWaiting: The most draws waiting or running; default 32.
    init(byteBudget: Int = 16 << 20, maximumWaiting: Int = 32) {
        self.byteBudget = byteBudget
        self.maximumWaiting = maximumWaiting
        drawing = BoundedWorkQueue(label: "deeplink.qr-codes", maximumWaiting: maximumWaiting)
    }

    /// How many images have been drawn since the cache was made.
    var imagesDrawn: Int { drawn.load(ordering: .relaxed) }

    /// An image: from the cache, or drawn on the drawing thread and kept.
    /// - Throws: ``Failure/invalid(_:)`` for a text too long or options out of range;
    ///   ``Failure/busy`` when ``maximumWaiting`` draws are waiting already.
    func image(_ key: Key) async throws(Failure) -> ByteBuffer {
        if let image = images.withLock({ $0.entries[key] }) { return image }
        let result: Result<ByteBuffer, QRCodeError>
        do {
            result = try await drawing.run { self.draw(key) }
        } catch {
            throw .busy
        }
        let image = try result.get(or: Failure.invalid)
        keep(image, for: key)
        return image
    }

    /// The SVG of a text for a page, drawn on the caller's thread the first time: the landing
    /// page's renderer is synchronous. `nil` for a text too long to encode.
    func pageSVG(_ key: Key) -> String? {
        if let image = images.withLock({ $0.entries[key] }) { return String(buffer: image) }
        guard case .success(let image) = draw(key) else { return nil }
        keep(image, for: key)
        return String(buffer: image)
    }

    private func keep(_ image: ByteBuffer, for key: Key) {
        images.withLock { images in
            guard images.entries[key] == nil else { return }
            if images.bytes + image.readableBytes > byteBudget {
                images.entries.removeAll(keepingCapacity: true)
                images.bytes = 0
            }
            images.entries[key] = image
            images.bytes += image.readableBytes
        }
    }

    private func draw(_ key: Key) -> Result<ByteBuffer, QRCodeError> {
        drawn.add(1, ordering: .relaxed)
        do throws(QRCodeError) {
            let code = try QRCode(encoding: key.text)
            switch key.format {
            case .svg:
                return .success(ByteBuffer(string: try code.svg(moduleSize: key.moduleSize, margin: key.margin, title: key.title)))
            case .png:
                return .success(ByteBuffer(bytes: try code.png(moduleSize: key.moduleSize, margin: key.margin)))
            }
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// The success, or the failure made into another error.
    fileprivate func get<Other: Error>(or convert: (Failure) -> Other) throws(Other) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw convert(error)
        }
    }
}
