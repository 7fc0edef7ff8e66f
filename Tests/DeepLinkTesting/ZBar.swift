import Foundation

/// ZBar's `zbarimg` (Debian's `zbar-tools`), the real decoder tests read QR codes back with.
/// `.ci/run` installs it and sets `DEEPLINK_TEST_REQUIRE_ZBAR=1`, so CI cannot skip those tests.
public enum ZBar {
    /// Why an image could not be read.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description = "zbarimg is required (DEEPLINK_TEST_REQUIRE_ZBAR=1) but not installed (apt-get install zbar-tools)"
    }

    static let executable = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Whether `zbarimg` is installed.
    public static var isAvailable: Bool { executable != nil }
    /// Whether the environment demands it (`DEEPLINK_TEST_REQUIRE_ZBAR=1`), so tests run and fail without it.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["DEEPLINK_TEST_REQUIRE_ZBAR"] == "1" }

    /// The text `zbarimg` reads from a PNG image, without its trailing newline; empty when it finds no code.
    /// - Throws: ``Unavailable`` without `zbarimg`, or when it cannot be started.
    public static func decode(png: [UInt8]) async throws -> String {
        guard let executable else { throw Unavailable() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        try Data(png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var text = try await ChildProcess.run(
            executable: executable, arguments: ["--raw", "--quiet", "-Sdisable", "-Sqrcode.enable", "-Sbinary", file.path]
        ).output
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
