extension SQLLinkStore {
    private static var linkColumns: [String] {
        [
            "code", "deep_link", "app_store_id", "play_package", "web_url", "preview_title", "preview_description",
            "preview_image_url", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "campaign", "expires_at",
            "created_at", "updated_at", "ios_fallback_url", "android_fallback_url",
        ]
    }

    static var selectLinks: String { "SELECT \(linkColumns.joined(separator: ", ")) FROM links" }

    /// Stores new links in one statement, so all or none; see ``LinkStorage``.
    public func insert(_ links: [Link]) async throws(StoreError) {
        guard let first = links.first else { return }
        let placeholders = rowPlaceholders(rows: links.count, columns: Self.linkColumns.count)
        try await run(
            SQLQuery(
                "INSERT INTO links (\(Self.linkColumns.joined(separator: ", "))) VALUES \(placeholders)", links.flatMap(Self.values(of:)),
                action: links.count == 1 ? "insert link" : "insert \(links.count) links",
                duplicateMessage: links.count == 1 ? "the code \(first.code) is taken" : "a code of the \(links.count) links is taken"))
    }

    /// The stored links with any of the codes; see ``LinkStorage``.
    public func links(codes: [String]) async throws(StoreError) -> [Link] {
        guard !codes.isEmpty else { return [] }
        return try await run(
            SQLQuery("\(Self.selectLinks) WHERE code IN (\(placeholders(codes.count)))", codes.map(SQLValue.text), action: "read links") {
                rows throws(StoreError) in try rows.map(Link.init(row:))
            })
    }

    /// The link with a code, or `nil`.
    public func link(code: String) async throws(StoreError) -> Link? {
        try await run(
            SQLQuery("\(Self.selectLinks) WHERE code = $1", [.text(code)], action: "read link") { rows throws(StoreError) in
                try rows.first.map(Link.init(row:))
            })
    }

    /// Replaces a stored link; returns whether it existed.
    public func update(_ link: Link) async throws(StoreError) -> Bool {
        let assignments = Self.linkColumns.dropFirst().enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
        let values = Self.values(of: link)
        return try await run(
            SQLQuery(
                "UPDATE links SET \(assignments) WHERE code = $\(values.count) RETURNING code", Array(values.dropFirst()) + [values[0]],
                action: "update link"
            ) { !$0.isEmpty })
    }

    /// Deletes a link and its click counts; returns whether it existed.
    public func deleteLink(code: String) async throws(StoreError) -> Bool {
        try await run(SQLQuery("DELETE FROM links WHERE code = $1 RETURNING code", [.text(code)], action: "delete link") { !$0.isEmpty })
    }

    /// A page of links ordered by code, byte by byte.
    public func links(after cursor: String?, limit: Int) async throws(StoreError) -> [Link] {
        try await run(
            SQLQuery(
                "\(Self.selectLinks) WHERE code COLLATE \(Self.byteOrder) > $1 ORDER BY code COLLATE \(Self.byteOrder) LIMIT $2",
                [.text(cursor ?? ""), .integer(Int64(limit))], action: "list links"
            ) { rows throws(StoreError) in try rows.map(Link.init(row:)) })
    }

    private static func values(of link: Link) -> [SQLValue] {
        [
            .text(link.code), .text(link.deepLink), .text(link.appStoreID), .text(link.playPackage), .text(link.webURL),
            .text(link.preview.title), .text(link.preview.description), .text(link.preview.imageURL), .text(link.utm.source),
            .text(link.utm.medium), .text(link.utm.campaign), .text(link.utm.term), .text(link.utm.content), .text(link.campaign),
            .seconds(link.expiresAt), .seconds(link.createdAt), .seconds(link.updatedAt), .text(link.iosFallbackURL),
            .text(link.androidFallbackURL),
        ]
    }
}

extension Link {
    /// Reads a row of the links table.
    init(row: any SQLRow) throws(StoreError) {
        self.init(
            code: try row.required("code", of: "links"), deepLink: try row.required("deep_link", of: "links"),
            appStoreID: try row.text("app_store_id"), playPackage: try row.text("play_package"), webURL: try row.text("web_url"),
            iosFallbackURL: try row.text("ios_fallback_url"), androidFallbackURL: try row.text("android_fallback_url"),
            preview: LinkPreview(
                title: try row.text("preview_title"), description: try row.text("preview_description"),
                imageURL: try row.text("preview_image_url")),
            utm: try row.utm(), campaign: try row.text("campaign"), expiresAt: try row.date("expires_at"),
            createdAt: try row.required("created_at", of: "links"), updatedAt: try row.required("updated_at", of: "links"))
    }
}
