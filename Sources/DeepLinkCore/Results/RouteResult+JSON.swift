import Foundation

extension RouteResult {
    /// The result as the JSON object `deeplink route --json` prints: `url`, `outcome`, `route`,
    /// `class`, `identifier`, `storyboard`, `params`, `handlers`, `trail` (`{path, reason}`),
    /// `reason`, `origin`, `coordinator` and `plan`, with `null` for what is absent.
    public var jsonValue: JSONValue {
        .object([
            "url": .string(url.absoluteString),
            "outcome": .string(outcome.rawValue),
            "route": .optional(route?.description),
            "class": .optional(className),
            "identifier": .optional(identifier),
            "storyboard": .optional(storyboard),
            "params": .object(parameters.mapValues(JSONValue.string)),
            "handlers": .array(handlers.map(JSONValue.string)),
            "trail": .array(trail.map { .object(["path": .string($0.path), "reason": .string($0.reason)]) }),
            "reason": .optional(reason),
            "origin": .string(origin.rawValue),
            "coordinator": .optional(coordinator),
            "plan": .array(plan.map(\.jsonValue)),
        ])
    }
}

extension NavigationStep {
    /// The step as the JSON object `{"route", "class", "identifier", "storyboard", "params"}`,
    /// with `null` for what is absent.
    public var jsonValue: JSONValue {
        .object([
            "route": .optional(route), "class": .optional(className), "identifier": .optional(identifier),
            "storyboard": .optional(storyboard), "params": .object(parameters.mapValues(JSONValue.string)),
        ])
    }
}

extension JSONValue {
    /// The string, or `null`.
    fileprivate static func optional(_ string: String?) -> JSONValue {
        string.map(JSONValue.string) ?? .null
    }
}
