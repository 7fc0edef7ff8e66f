import DeepLinkCore
import Foundation
import Testing

struct DeferredLinkDeviceSignalsTests {
    #if os(iOS) || os(Android)
        @Test func fillsWhatFoundationKnowsAndTheScreenTheAppGives() throws {
            let signals = try #require(DeferredLinkDeviceSignals.current(screen: "1179x2556"))
            #if os(iOS)
                #expect(signals.platform == .ios)
            #else
                #expect(signals.platform == .android)
            #endif
            let version = ProcessInfo.processInfo.operatingSystemVersion
            #expect(signals.osVersion == "\(version.majorVersion).\(version.minorVersion)")
            #expect(signals.language == Locale.preferredLanguages.first)
            #expect(signals.timeZone == TimeZone.current.identifier)
            #expect(signals.screen == "1179x2556")
            #expect(DeferredLinkDeviceSignals.current()?.screen == nil)
        }
    #else
        @Test func hasNoSignalsWherePlatformsAreNotMatched() {
            #expect(DeferredLinkDeviceSignals.current(screen: "1179x2556") == nil)
        }
    #endif
}
