import DeepLinkService
import DeepLinkCore
import DeepLinkQRCode
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /{code}/qr.svg` and `GET /{code}/qr.png`: the QR code of a short link's public URL,
/// for print campaigns and the desktop landing page. `?size=` sets the pixels per module
/// (1–40; default 8) and `?margin=` the quiet zone in modules (0–40; default 4, what scanners
/// expect). A bad value gets a `400` in plain text; an unknown or expired code the link's
/// problem status. Serving a code counts no click. Images are drawn once and kept
/// (``QRCodeImages``), one at a time off the request threads; with too many waiting to be
/// drawn, a `503` with `Retry-After: 1`.
struct QRCodeRoutes: Sendable {
    let resolution: LinkResolution

    typealias Format = QRCodeImages.Format

    func add(to router: some RouterMethods<ServerRequestContext>) {
        for format in Format.allCases {
            router.get(RouterPath("/{code}/qr.\(format.rawValue)")) { request, context in
                await image(format, request: request, context: context)
            }
            router.head(RouterPath("/{code}/qr.\(format.rawValue)")) { request, context in
                await image(format, request: request, context: context).createHeadResponse()
            }
        }
    }

    private func image(_ format: Format, request: Request, context: ServerRequestContext) async -> Response {
        let options: (size: Int, margin: Int)
        do {
            options = try Self.options(request.formQuery)
        } catch {
            return Self.text(error.message, status: .badRequest)
        }
        let code = context.parameters.get("code") ?? ""
        let lookup = await resolution.lookup(code: code, context: context)
        guard case .found(let link) = lookup else {
            return Self.text("There is no link to encode at this address.", status: (PageProblem(lookup) ?? .notFound).status)
        }
        let url = resolution.resolver.publicURL(of: link, utm: UTMFields()) ?? "https://\(request.head.authority ?? "localhost")/\(link.code)"
        let pages = resolution.resolver.pages
        let body: ByteBuffer
        do throws(QRCodeImages.Failure) {
            body = try await pages.qrCodes.image(
                QRCodeImages.Key(
                    text: url, format: format, moduleSize: options.size, margin: options.margin,
                    title: format == .svg ? pages.qrCodeLabel(url) : nil))
        } catch {
            switch error {
            case .invalid(let refusal):
                return Self.text(refusal.message, status: .badRequest)
            case .busy:
                var busy = Self.text("Too many QR codes are being drawn; try again in a second.", status: .serviceUnavailable)
                busy.headers[.retryAfter] = "1"
                return busy
            }
        }
        // An hour, or less for a link that expires sooner: a cache must not outlive the link.
        let lifetime = link.expiresAt.map { max(0, min(3600, Int($0.timeIntervalSinceNow.rounded(.down)))) } ?? 3600
        return Response(
            status: .ok,
            headers: [
                .contentType: format.contentType, .cacheControl: "public, max-age=\(lifetime)", .contentTypeOptions: "nosniff",
                .contentSecurityPolicy: "default-src 'none'",
            ],
            body: ResponseBody(byteBuffer: body))
    }

    /// A request's image options: `size` (pixels per module, ``QRCode/moduleSizes``) and `margin`
    /// (modules of blank border, ``QRCode/margins``), written in digits only (`+8` and `1.5` are
    /// refused), with messages that name the query parameter. The encoder checks the image's total
    /// size when drawing.
    static func options(_ query: [String: String]) throws(QRCodeError) -> (size: Int, margin: Int) {
        func number(_ name: String, default value: Int, in range: ClosedRange<Int>, of unit: String) throws(QRCodeError) -> Int {
            guard let text = query[name] else { return value }
            let meaning = "a whole number of \(unit), \(range.lowerBound) to \(range.upperBound)"
            guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let number = Int(text) else {
                throw QRCodeError(code: .invalidOption, message: "\(name) must be \(meaning); \(JSONWriter.quoted(text)) is not")
            }
            guard range.contains(number) else {
                throw QRCodeError(code: .invalidOption, message: "\(name) must be \(meaning); \(number) is not")
            }
            return number
        }
        return (
            try number("size", default: 8, in: QRCode.moduleSizes, of: "pixels per module"),
            try number("margin", default: 4, in: QRCode.margins, of: "modules of blank border (scanners expect at least 4)")
        )
    }

    private static func text(_ message: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
