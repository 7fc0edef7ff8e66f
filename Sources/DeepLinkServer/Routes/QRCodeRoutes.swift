import DeepLinkQRCode
import HTTPTypes
import Hummingbird

/// `GET /{code}/qr.svg` and `GET /{code}/qr.png`: the QR code of a short link's public URL,
/// for print campaigns and the desktop landing page. `?size=` sets the pixels per module
/// (1–100; default 8) and `?margin=` the quiet zone in modules (0–40; default 4, what scanners
/// expect). A bad value gets a `400` in plain text; an unknown or expired code the link's
/// problem status. Serving a code counts no click.
struct QRCodeRoutes: Sendable {
    let resolve: ResolveRoutes

    /// An image format the routes serve.
    enum Format: String, CaseIterable {
        case svg, png

        var contentType: String { self == .svg ? "image/svg+xml" : "image/png" }
    }

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
        let link: Link
        switch await resolve.liveLink(code: code, context: context) {
        case .found(let found): link = found
        case .problem(let response): return Self.text("There is no link to encode at this address.", status: response.status)
        }
        let url = resolve.resolver.publicURL(of: link, utm: UTMFields()) ?? "https://\(request.head.authority ?? "localhost")/\(link.code)"
        let body: ByteBuffer
        do {
            let code = try QRCode(encoding: url)
            switch format {
            case .svg:
                body = ByteBuffer(string: try code.svg(moduleSize: options.size, margin: options.margin, title: resolve.pages.qrCodeLabel(url)))
            case .png:
                body = ByteBuffer(bytes: try code.png(moduleSize: options.size, margin: options.margin))
            }
        } catch {
            return Self.text(error.message, status: .badRequest)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: format.contentType, .cacheControl: "public, max-age=3600", .contentTypeOptions: "nosniff",
                .contentSecurityPolicy: "default-src 'none'",
            ],
            body: ResponseBody(byteBuffer: body))
    }

    /// A request's image options: `size` and `margin`, whole numbers. Their ranges are the
    /// encoder's, which it checks when drawing.
    static func options(_ query: [String: String]) throws(QRCodeError) -> (size: Int, margin: Int) {
        func number(_ name: String, default value: Int, meaning: String) throws(QRCodeError) -> Int {
            guard let text = query[name] else { return value }
            guard let number = Int(text) else {
                throw QRCodeError(code: .invalidOption, message: "\(name) must be a whole number (\(meaning)), not \(text)")
            }
            return number
        }
        return (
            try number("size", default: 8, meaning: "pixels per module, 1 to 100"),
            try number("margin", default: 4, meaning: "modules of blank border, 0 to 40")
        )
    }

    private static func text(_ message: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
