import Foundation
import Hummingbird

// The framework's ceiling (issue 15): a Hummingbird app that answers the AASA route and
// `GET /{code}` with the very bytes `deeplink serve` answered them with, read from files, and does
// nothing else: no config, no database, no cache, no middleware. `Benchmarks/server/run.sh`
// drives it beside `deeplink serve` and nginx, so every run shows how much the server adds to
// its framework.
//
//   bare-hummingbird PORT AASA_FILE PAGE_FILE

let arguments = CommandLine.arguments
guard arguments.count == 4, let port = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: bare-hummingbird PORT AASA_FILE PAGE_FILE\n".utf8))
    exit(64)
}
let association = ByteBuffer(data: try Data(contentsOf: URL(fileURLWithPath: arguments[2])))
let page = ByteBuffer(data: try Data(contentsOf: URL(fileURLWithPath: arguments[3])))

let router = Router()
router.get("/.well-known/apple-app-site-association") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: association))
}
router.get("/{code}") { _, _ in
    Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: page))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "bare"))
try await app.runService()
