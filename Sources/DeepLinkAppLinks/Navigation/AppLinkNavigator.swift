import DeepLinkCore
import Foundation

/// Chooses where an App Links navigation goes, following the protocol's per-platform algorithm.
///
/// ```swift
/// let navigation = AppLinkNavigator().navigation(to: metadata, on: .iphone, extras: ["myapp_token": "t0kEn"]) {
///     launch in installedSchemes.contains(launch.url.scheme ?? "")
/// }
/// ```
public struct AppLinkNavigator: Sendable {
    /// The `user_agent` written when none is configured.
    public static let defaultUserAgent = "swift-deeplink AppLinks 1.0"

    /// The `user_agent` written into link data.
    public var userAgent: String

    /// Creates a navigator.
    /// - Parameter userAgent: The `user_agent` written into link data.
    public init(userAgent: String = AppLinkNavigator.defaultUserAgent) {
        self.userAgent = userAgent
    }

    /// The link data for a navigation to a page: its URL as `target_url`, this navigator's
    /// `user_agent`, version `1.0`.
    /// - Parameters:
    ///   - metadata: The page's App Links.
    ///   - extras: Information for the opened app.
    ///   - referer: The navigating app, so the opened app can link back.
    public func appLinkData(
        for metadata: AppLinkMetadata, extras: [String: JSONValue] = [:], referer: AppLinkReferer? = nil
    ) -> AppLinkData {
        AppLinkData(targetURL: metadata.sourceURL, extras: extras, userAgent: userAgent, referer: referer)
    }

    /// Chooses where a navigation to a page goes.
    ///
    /// The device's targets are tried in order, most specific platform first (`iphone` or
    /// `ipad`, then `ios`), each in page order; the first that `canOpen` accepts wins. iOS and
    /// Windows Phone targets need a `url` and are offered as that URL with the link data in its
    /// query; Android targets are offered as a `VIEW` intent with the link data as an extra.
    /// When no target can be opened, the navigation goes to the web fallback with the link data
    /// in its query, or fails when the page sets `al:web:should_fallback` to false.
    /// - Parameters:
    ///   - metadata: The page's App Links.
    ///   - device: The device navigating.
    ///   - extras: Information for the opened app.
    ///   - referer: The navigating app, so the opened app can link back.
    ///   - canOpen: Whether the device can open a candidate, e.g. `canOpenURL` on iOS or
    ///     `resolveActivity` on Android. It sees exactly what would be opened.
    /// - Returns: The app to open, the web page to open, or why neither is possible.
    public func navigation(
        to metadata: AppLinkMetadata, on device: AppLinkDevice, extras: [String: JSONValue] = [:],
        referer: AppLinkReferer? = nil, canOpen: (AppLinkLaunch) -> Bool
    ) -> AppLinkNavigation {
        let data = appLinkData(for: metadata, extras: extras, referer: referer)
        do {
            let candidates = try self.candidates(in: metadata, on: device, data: data)
            if let chosen = candidates.first(where: { canOpen($0.launch) }) {
                return .app(chosen.launch, platform: chosen.platform, appName: chosen.appName, data: data)
            }
            guard metadata.web.shouldFallback else {
                return .failure(noOpenableTarget(metadata: metadata, device: device, tried: candidates.count))
            }
            return .web(try data.attached(to: metadata.web.url), data: data)
        } catch {
            return .failure(error)
        }
    }

    private struct Candidate {
        let launch: AppLinkLaunch
        let platform: AppLinkPlatform
        let appName: String?
    }

    private func candidates(
        in metadata: AppLinkMetadata, on device: AppLinkDevice, data: AppLinkData
    ) throws(AppLinksError) -> [Candidate] {
        var candidates: [Candidate] = []
        for platform in device.platforms where platform != .android {
            for (url, appName) in metadata.urlTargets(for: platform) {
                candidates.append(Candidate(launch: .url(try data.attached(to: url)), platform: platform, appName: appName))
            }
        }
        if device.platforms.contains(.android) {
            for target in metadata.android {
                let intent = AndroidIntent(
                    data: target.url ?? data.targetURL, packageName: target.packageName, className: target.className,
                    extras: [AppLinkData.queryItemName: data.jsonValue])
                candidates.append(Candidate(launch: .intent(intent), platform: .android, appName: target.appName))
            }
        }
        return candidates
    }

    private func noOpenableTarget(metadata: AppLinkMetadata, device: AppLinkDevice, tried: Int) -> AppLinksError {
        let platforms = device.platforms.map { "al:\($0.rawValue)" }.joined(separator: " or ")
        let found =
            tried == 0
            ? "the page has no usable \(platforms) target" : "none of the \(tried) \(platforms) targets can be opened"
        return AppLinksError(
            code: .noOpenableTarget,
            message: "\(found) on \(device.rawValue), and the page does not allow falling back to the web (al:web:should_fallback is false)",
            url: metadata.sourceURL)
    }
}

extension AppLinkMetadata {
    /// The targets of a URL-launched platform (iOS and Windows families) that have a URL, in page order.
    fileprivate func urlTargets(for platform: AppLinkPlatform) -> [(url: URL, appName: String?)] {
        let targets: [(url: URL?, appName: String?)] =
            switch platform {
            case .ios: ios.map { ($0.url, $0.appName) }
            case .iphone: iphone.map { ($0.url, $0.appName) }
            case .ipad: ipad.map { ($0.url, $0.appName) }
            case .windowsPhone: windowsPhone.map { ($0.url, $0.appName) }
            case .windows: windows.map { ($0.url, $0.appName) }
            case .windowsUniversal: windowsUniversal.map { ($0.url, $0.appName) }
            case .android: []
            }
        return targets.compactMap { target in target.url.map { (url: $0, appName: target.appName) } }
    }
}
