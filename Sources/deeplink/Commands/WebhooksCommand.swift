import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation
import Logging

/// `deeplink webhooks`: manages webhook endpoints, as `/api/v1/webhooks` does.
struct WebhooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks",
        abstract: "Create, list, delete and turn on again webhook endpoints, and list their deliveries.",
        discussion: """
            Each subcommand opens the database the server uses: give the server's --config, or --database, or set \
            DEEPLINK_DATABASE. Running servers deliver what the outbox holds; an endpoint created here takes events \
            within 5 seconds.
            """,
        subcommands: [WebhooksCreateCommand.self, WebhooksListCommand.self, WebhooksDeleteCommand.self, WebhooksEnableCommand.self, WebhooksDeliveriesCommand.self])
}

extension ServerConfiguration {
    /// Opens the database and runs `body` with the ``WebhookService`` the admin API uses.
    func withWebhookService<Result: Sendable>(
        _ body: @Sendable (WebhookService) async throws(LinkServerError) -> Result
    ) async throws(CommandFailure) -> Result {
        let policy = WebhookURLPolicy(allowsPrivateAddresses: allowPrivateWebhookURLs, resolver: SystemHostResolver())
        return try await withCommandStore(label: "deeplink.webhooks") { store in
            do throws(LinkServerError) {
                return try await body(WebhookService(store: store, policy: policy))
            } catch {
                throw CommandFailure(error)
            }
        }
    }
}

extension WebhookEndpoint {
    /// One line for people: id, state, URL and types.
    var summaryLine: String {
        let state = disabledAt == nil ? (failingSince == nil ? "on" : "on, failing since \(Link.timestamp(failingSince ?? createdAt))") : "OFF"
        return "\(id)  \(state)  \(url)  \(events.map(\.rawValue).joined(separator: ","))"
            + (disabledReason.map { "\n  turned off: \($0)" } ?? "")
    }
}

/// `deeplink webhooks create`: makes an endpoint and prints its signing secret once.
struct WebhooksCreateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a webhook endpoint and print its signing secret, shown only this once.",
        discussion: """
            Messages follow the Standard Webhooks specification: verify them with its libraries and the secret. Event types: \
            \(WebhookEventType.allCases.map(\.rawValue).joined(separator: ", ")); every one but link.clicked when none is given.
            """)

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Where messages are posted: an https URL on a public address.", valueName: "url"))
    var url: String

    @Option(name: .long, help: ArgumentHelp("An event type to send (repeat it for several).", valueName: "type"))
    var event: [String] = []

    @Flag(name: .customLong(ServerSetting.allowPrivateWebhookURLs.flag), help: "Allow an http URL on a loopback, private or link-local address, for development.")
    var allowPrivateWebhookURLs = false

    @Flag(name: .long, help: "Print JSON, as POST /api/v1/webhooks answers.")
    var json = false

    func render() async throws(CommandFailure) -> String {
        var configuration = try configOptions.serverConfiguration(databaseOptions)
        if allowPrivateWebhookURLs { configuration.allowPrivateWebhookURLs = true }
        let (url, events) = (self.url, self.event)
        let endpoint = try await configuration.withWebhookService { webhooks throws(LinkServerError) in
            try await webhooks.create(url: url, events: events.isEmpty ? nil : events, createdBy: nil)
        }
        if json {
            var document = endpoint.json.objectValue ?? [:]
            document["secret"] = .string(endpoint.secret)
            return JSONWriter.write(.object(document))
        }
        return """
            created webhook endpoint \(endpoint.id) for \(endpoint.url)
            events: \(endpoint.events.map(\.rawValue).joined(separator: ", "))
            secret: \(endpoint.secret)
            Store the secret now; it is not shown again. Receivers verify each message's webhook-signature with it.
            """
    }
}

/// `deeplink webhooks list`.
struct WebhooksListCommand: ReportingCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List webhook endpoints: whether each is on, its URL and events.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(name: .long, help: "Print JSON, as GET /api/v1/webhooks answers.")
    var json = false

    func render() async throws(CommandFailure) -> String {
        let endpoints = try await configOptions.serverConfiguration(databaseOptions).withWebhookService { webhooks throws(LinkServerError) in
            try await webhooks.list()
        }
        if json { return JSONWriter.write(["webhooks": .array(endpoints.map(\.json))]) }
        guard !endpoints.isEmpty else { return "no webhook endpoints; create one with deeplink webhooks create --url URL" }
        return endpoints.map(\.summaryLine).joined(separator: "\n")
    }
}

/// `deeplink webhooks delete ID`.
struct WebhooksDeleteCommand: ReportingCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a webhook endpoint and its deliveries, sent or not.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The endpoint's id, wh_….")
    var id: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func render() async throws(CommandFailure) -> String {
        let id = self.id
        try await configOptions.serverConfiguration(databaseOptions).withWebhookService { webhooks throws(LinkServerError) in
            try await webhooks.delete(id: id)
        }
        return json ? JSONWriter.write(["deleted": .string(id)]) : "deleted webhook endpoint \(id)"
    }
}

/// `deeplink webhooks enable ID`.
struct WebhooksEnableCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Turn on again an endpoint that was turned off for failing; its pending deliveries are sent at once.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The endpoint's id, wh_….")
    var id: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func render() async throws(CommandFailure) -> String {
        let id = self.id
        let endpoint = try await configOptions.serverConfiguration(databaseOptions).withWebhookService { webhooks throws(LinkServerError) in
            try await webhooks.enable(id: id)
        }
        return json ? JSONWriter.write(endpoint.json) : "turned on webhook endpoint \(id)"
    }
}

/// `deeplink webhooks deliveries ID`: the delivery log.
struct WebhooksDeliveriesCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliveries", abstract: "List an endpoint's latest deliveries: status, attempts, the last answer and how long it took.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The endpoint's id, wh_….")
    var id: String

    @Option(name: .long, help: ArgumentHelp("The most deliveries to list, 1 to \(WebhookService.maximumDeliveriesListed).", valueName: "n"))
    var limit = 20

    @Flag(name: .long, help: "Print JSON, as GET /api/v1/webhooks/ID/deliveries answers.")
    var json = false

    func render() async throws(CommandFailure) -> String {
        let (id, limit) = (self.id, self.limit)
        let deliveries = try await configOptions.serverConfiguration(databaseOptions).withWebhookService { webhooks throws(LinkServerError) in
            try await webhooks.deliveries(id: id, limit: limit)
        }
        if json { return JSONWriter.write(["deliveries": .array(deliveries.map(\.json))]) }
        guard !deliveries.isEmpty else { return "no deliveries to \(id) yet" }
        return deliveries.map { delivery in
            let answer = delivery.lastStatus.map { "HTTP \($0)" } ?? (delivery.attempts == 0 ? "not tried yet" : "no answer")
            let latency = delivery.lastLatencyMilliseconds.map { " in \($0) ms" } ?? ""
            let next = delivery.status == .pending && delivery.attempts > 0 ? ", next at \(Link.timestamp(delivery.nextAttemptAt))" : ""
            return "\(Link.timestamp(delivery.createdAt))  \(delivery.type.rawValue)  \(delivery.eventID)  \(delivery.status.rawValue), "
                + "\(counted(delivery.attempts, "attempt")), \(answer)\(latency)\(next)"
                + (delivery.status == .delivered ? "" : delivery.lastError.map { "\n  \($0)" } ?? "")
        }.joined(separator: "\n")
    }
}
