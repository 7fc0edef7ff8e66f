/// A destination's handler names with their handlers, looked up once, when the router is
/// built: the one place that decides whether a chain can run.
///
/// A class: routes that run the same handlers share one chain, and a walk that carries one
/// retains one object instead of its three fields.
final class HandlerChain: Sendable {
    /// What a chain did, or would do.
    struct Run {
        /// The parameters after every handler's changes.
        var parameters: [String: String]
        /// The handlers, in run order.
        var handlers: [String] = []
        /// The handler that stopped the chain, if one did.
        var stoppedBy: String?
    }

    /// Why a chain failed: a handler is not registered, or one threw.
    struct Failure: Error {
        let message: String
    }

    typealias Outcome = Result<Run, Failure>

    let names: [String]
    private let handlers: [RouteHandler]
    /// The first name without a registered handler; such a chain never runs.
    private let missing: String?

    init(_ names: [String], registered: [String: RouteHandler]) {
        self.names = names
        handlers = names.compactMap { registered[$0] }
        missing = names.first { registered[$0] == nil }
    }

    /// What running the chain would do, without running it: every handler, nothing changed.
    func listed(_ context: HandlerContext) -> Outcome {
        if let failure = unregistered { return .failure(failure) }
        return .success(Run(parameters: context.parameters, handlers: names))
    }

    /// Runs the handlers in order until one stops the chain; no handler runs when one is missing.
    func run(_ context: HandlerContext) async -> Outcome {
        if let failure = unregistered { return .failure(failure) }
        var context = context
        var run = Run(parameters: context.parameters)
        for (name, handler) in zip(names, handlers) {
            run.handlers.append(name)
            do {
                if try await handler(&context) == .stop {
                    run.stoppedBy = name
                    break
                }
            } catch {
                return .failure(Failure(message: "handler \"\(name)\" failed: \(error)"))
            }
        }
        run.parameters = context.parameters
        return .success(run)
    }

    /// The failure of a chain that names a handler nobody registered; `nil` when all are.
    var unregistered: Failure? {
        missing.map { Failure(message: "handler \"\($0)\" is not registered") }
    }
}
