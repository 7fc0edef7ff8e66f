// In Conformance/: the sources the conformance tables cite, shared by them.

/// Where a conformance case's expected answer comes from: a platform's public documentation or
/// behaviour, or, where no public text was found, the rule as issue 11 states it.
enum PlatformSource: String, Sendable {
    // Apple
    case appleSupportingAssociatedDomains =
        "Apple, Supporting associated domains (developer.apple.com/documentation/xcode/supporting-associated-domains), example file and its comments"
    case appleDetails =
        "Apple, applinks.Details (developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary): appID or appIDs"
    case appleComponents =
        "Apple, applinks.Details.Components (developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary)"
    case appleQuery =
        "Apple, applinks.Details.Components.Query (developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary/query)"
    case appleSubstitutionVariables =
        "Apple, applinks.SubstitutionVariables (developer.apple.com/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary)"
    case appleDefaults =
        "Apple, applinks (developer.apple.com/documentation/bundleresources/applinks): defaults at file level, details defaults, per-component settings"
    case wwdc19Session717 =
        "WWDC19 session 717 “What's New in Universal Links” (developer.apple.com/videos/play/wwdc2019/717): query items, components and paths"
    case wwdc20Session10098 =
        "WWDC20 session 10098 “What's new in universal links” (developer.apple.com/videos/play/wwdc2020/10098): *, ?, ?*, caseSensitive, percentEncoded, variables"
    case trailingStarObservation =
        "imnotyourson.com, “Universal Link trick: matching only one path component”: observed that only a trailing * matches zero characters"
    case branchSizeIncident =
        "Branch status incident b0c19p6hpq58 (status.branch.io): iOS ignores apple-app-site-association files over 128 KB"
    // Google
    case googleStatementSyntax =
        "Google, Digital Asset Links: Statement list syntax (developers.google.com/digital-asset-links/v1/statements)"
    case dalGeneral =
        "google/digitalassetlinks compatibility-tests/v1/2000-web-statement-list-parsing/2000-general.pb"
    case dalWebTargets =
        "google/digitalassetlinks compatibility-tests/v1/2000-web-statement-list-parsing/2200-web-targets.pb"
    case dalAndroidTargets =
        "google/digitalassetlinks compatibility-tests/v1/2000-web-statement-list-parsing/2300-android-targets.pb"
    case dalCheckTarget =
        "google/digitalassetlinks compatibility-tests/v1/4000-query-matching/4400-check-target.pb"
    case dalIncludes =
        "google/digitalassetlinks compatibility-tests/v1/5000-include-file-processing/5000-include-file-processing.pb"
    // No public text found
    case issue11 = "issue 11's rule (no public platform text found)"
    case issue28 =
        "issue 28's rule (no public platform text found): iOS keeps an entry whatever its app ID looks like, compares app IDs as text, and loads a file without services"
    case issue42 =
        "issue 42's report of swcutil (no public platform text found): from iOS 13 an entry's appID is ignored when it has appIDs; an empty app ID and a query dictionary holding a value that is not a string are errors"
}
