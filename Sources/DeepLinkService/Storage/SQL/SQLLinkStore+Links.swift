import Foundation

extension SQLLinkStore {
    /// The `links` table's columns: the catalog's fields, then the two times.
    /// The `links` columns: the catalog's fields, then the password's hash (write-only, so no field
    /// of the catalog), and the times.
    private static var linkColumns: [String] { LinkField.all.map(\.column) + ["password_hash", "created_at", "updated_at"] }

    /// `SELECT` of every link column, from `links`.
    static var selectLinks: String { "SELECT \(linkColumns.joined(separator: ", ")) FROM links" }

    /// Stores new links in one statement, so all or none; see ``LinkStorage``.
    package func insert(_ links: [Link]) async throws(StoreError) {
        guard let first = links.first else { return }
        let placeholders = rowPlaceholders(rows: links.count, columns: Self.linkColumns.count)
        try await run(
            SQLQuery(
                "INSERT INTO links (\(Self.linkColumns.joined(separator: ", "))) VALUES \(placeholders)", links.flatMap(Self.values(of:)),
                action: links.count == 1 ? "insert link" : "insert \(links.count) links",
                duplicateMessage: links.count == 1 ? "the code \(first.code) is taken" : "a code of the \(links.count) links is taken"))
    }

    /// The stored links with any of the codes; see ``LinkStorage``.
    package func links(codes: [String]) async throws(StoreError) -> [Link] {
        guard !codes.isEmpty else { return [] }
        return try await run(
            SQLQuery("\(Self.selectLinks) WHERE code IN (\(placeholders(codes.count)))", codes.map(SQLValue.text), action: "read links") {
                rows throws(StoreError) in try rows.map(Link.init(row:))
            })
    }

    /// The link with a code, or `nil`.
    package func link(code: String) async throws(StoreError) -> Link? {
        try await run(
            SQLQuery(Self.selectLinkByCode, [.text(code)], action: "read link") { rows throws(StoreError) in
                try rows.first.map(Link.init(row:))
            })
    }

    /// The statement that reads one link by its code (`$1`), which a store may prepare once per
    /// connection: it runs for every link opened that is not in the cache.
    package static var selectLinkByCode: String { "\(selectLinks) WHERE code = $1" }

    /// Replaces a stored link; returns whether it existed.
    package func update(_ link: Link) async throws(StoreError) -> Bool {
        let codeIndex = Self.linkColumns.firstIndex(of: "code") ?? 0
        var columns = Self.linkColumns
        var values = Self.values(of: link)
        columns.remove(at: codeIndex)
        let code = values.remove(at: codeIndex)
        let assignments = columns.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
        return try await run(
            SQLQuery(
                "UPDATE links SET \(assignments) WHERE code = $\(values.count + 1) RETURNING code", values + [code],
                action: "update link"
            ) { !$0.isEmpty })
    }

    /// Deletes a link and its click counts; returns whether it existed.
    package func deleteLink(code: String) async throws(StoreError) -> Bool {
        try await run(SQLQuery("DELETE FROM links WHERE code = $1 RETURNING code", [.text(code)], action: "delete link") { !$0.isEmpty })
    }

    /// A page of links ordered by code, byte by byte.
    package func links(after cursor: String?, limit: Int, tag: String?) async throws(StoreError) -> [Link] {
        var values: [SQLValue] = [.text(cursor ?? ""), .integer(Int64(limit))]
        let tagCondition = tag.map { " AND " + hasTag($0, values: &values) } ?? ""
        return try await run(
            SQLQuery(
                "\(Self.selectLinks) WHERE code COLLATE \(Self.byteOrder) > $1\(tagCondition) ORDER BY code COLLATE \(Self.byteOrder) LIMIT $2",
                values, action: "list links"
            ) { rows throws(StoreError) in try rows.map(Link.init(row:)) })
    }

    /// Every tag with its links and their clicks, read from the links that have tags and summed here.
    package func tagCounts() async throws(StoreError) -> [TagCount] {
        try await run(
            SQLQuery(
                "SELECT tags, COALESCE(clicks, 0) AS clicks FROM links LEFT JOIN link_clicks ON link_code = code WHERE tags IS NOT NULL",
                action: "count tags"
            ) { rows throws(StoreError) in
                var counts: [String: TagCount] = [:]
                for row in rows {
                    let clicks = Int(try row.integer("clicks") ?? 0)
                    for tag in LinkTags.read(stored: try row.text("tags")) {
                        counts[tag, default: TagCount(tag: tag, links: 0, clicks: 0)].links += 1
                        counts[tag, default: TagCount(tag: tag, links: 0, clicks: 0)].clicks += clicks
                    }
                }
                return counts.values.sorted { $0.tag.utf8.lexicographicallyPrecedes($1.tag.utf8) }
            })
    }

    /// A page of the links matching a search and the number of matches, in two statements.
    package func searchLinks(_ search: LinkSearch) async throws(StoreError) -> LinkSearchPage {
        var conditions: [String] = []
        var values: [SQLValue] = []
        func bind(_ value: SQLValue) -> String {
            values.append(value)
            return "$\(values.count)"
        }
        let text = search.text.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
            // `\` escapes LIKE's wildcards in the searched text, so `50%` looks for "50%".
            var escaped = ""
            for character in text.lowercased() {
                if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
                escaped.append(character)
            }
            let pattern = bind(.text("%\(escaped)%"))
            conditions.append(
                ["code", "deep_link", "utm_campaign", "note"].map { "\(Self.lowercasesBeforeLike ? "LOWER(\($0))" : $0) LIKE \(pattern) ESCAPE '\\'" }
                    .joined(separator: " OR "))
        }
        if let tag = search.tag { conditions.append(hasTag(tag, values: &values)) }
        switch search.filter {
        case .all: break
        case .active: conditions.append("(expires_at IS NULL OR expires_at > \(bind(.seconds(search.now))))")
        case .expired: conditions.append("expires_at <= \(bind(.seconds(search.now)))")
        case .iosFallback: conditions.append("ios_fallback_url IS NOT NULL")
        case .androidFallback: conditions.append("android_fallback_url IS NOT NULL")
        case .noFallback: conditions.append("ios_fallback_url IS NULL AND android_fallback_url IS NULL AND web_url IS NULL")
        }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.map { "(\($0))" }.joined(separator: " AND ")
        let code = "code COLLATE \(Self.byteOrder)"
        let order =
            switch search.sort {
            // Ties go the way of the date, so an index on (created_at, code) serves both directions.
            case .newest: "created_at DESC, \(code) DESC"
            case .oldest: "created_at, \(code)"
            case .code: code
            case .updated: "updated_at DESC, \(code) DESC"
            case .expiring: "CASE WHEN expires_at IS NULL THEN 1 ELSE 0 END, expires_at, \(code)"
            // Never used: most clicks first is read from link_clicks, by linksByClicks below.
            case .clicks: code
            }
        let filterValues = values
        let limit = bind(.integer(Int64(max(0, search.limit))))
        let offset = bind(.integer(Int64(max(0, search.offset))))
        let count = SQLQuery("SELECT COUNT(*) AS total FROM links\(whereClause)", filterValues, action: "count links") {
            rows throws(StoreError) in Int(try rows.first?.integer("total") ?? 0)
        }
        if search.sort == .clicks {
            return try await linksByClicks(search, whereClause: whereClause, filterValues: filterValues, count: count)
        }
        guard !text.isEmpty else {
            // Without text, counting is cheap and the page comes from the date index.
            let total = try await run(count)
            let links = try await run(
                SQLQuery("\(Self.selectLinks)\(whereClause) ORDER BY \(order) LIMIT \(limit) OFFSET \(offset)", values, action: "list links") {
                    rows throws(StoreError) in try rows.map(Link.init(row:))
                })
            return LinkSearchPage(links: links, total: total, clicks: try await clicks(of: links))
        }
        // A text search reads every link once: the page and the number of matches come from the same scan.
        let page = try await run(
            SQLQuery(
                "\(Self.selectLinks.replacingOccurrences(of: " FROM links", with: ", COUNT(*) OVER () AS total_matches FROM links"))"
                    + "\(whereClause) ORDER BY \(order) LIMIT \(limit) OFFSET \(offset)", values, action: "search links"
            ) { rows throws(StoreError) in
                (try rows.map(Link.init(row:)), Int(try rows.first?.integer("total_matches") ?? 0))
            })
        return LinkSearchPage(
            links: page.0, total: page.0.isEmpty && search.offset > 0 ? try await run(count) : page.1, clicks: try await clicks(of: page.0))
    }

    /// A page of the links matching a search, most clicks first: those with clicks from
    /// `link_clicks`' index, then those without by code. `link_clicks` names its code column
    /// `link_code`, so the search's conditions, which name the links' columns, read the same in
    /// both statements.
    private func linksByClicks(
        _ search: LinkSearch, whereClause: String, filterValues: [SQLValue], count: SQLQuery<Int>
    ) async throws(StoreError) -> LinkSearchPage {
        let limit = max(0, search.limit)
        let offset = max(0, search.offset)
        let joined = "FROM link_clicks JOIN links ON code = link_code\(whereClause)"
        // Without a filter every row of link_clicks is a link, counted without the join.
        let clicked = try await run(
            SQLQuery("SELECT COUNT(*) AS total \(whereClause.isEmpty ? "FROM link_clicks" : joined)", filterValues, action: "count clicked links") { rows throws(StoreError) in
                Int(try rows.first?.integer("total") ?? 0)
            })
        let total = try await run(count)
        var links: [Link] = []
        var clicks: [String: Int] = [:]
        if offset < clicked {
            let n = filterValues.count
            let selected = Self.linkColumns.map { "links.\($0)" }.joined(separator: ", ")
            // Without a filter the page is cut from link_clicks' index first, so a deep page joins
            // only its own rows.
            let source =
                whereClause.isEmpty
                ? "FROM (SELECT link_code, clicks FROM link_clicks ORDER BY clicks DESC, link_code LIMIT $\(n + 1) OFFSET $\(n + 2)) AS page "
                    + "JOIN links ON code = link_code ORDER BY clicks DESC, link_code"
                : "\(joined) ORDER BY clicks DESC, link_code LIMIT $\(n + 1) OFFSET $\(n + 2)"
            let rows = try await run(
                SQLQuery(
                    "SELECT \(selected), clicks \(source)",
                    filterValues + [.integer(Int64(limit)), .integer(Int64(offset))], action: "list links by clicks"
                ) { rows throws(StoreError) in
                    try rows.map { row throws(StoreError) in (try Link(row: row), Int(try row.integer("clicks") ?? 0)) }
                })
            for (link, count) in rows {
                links.append(link)
                clicks[link.code] = count
            }
        }
        if links.count < limit {
            let unclicked = "NOT EXISTS (SELECT 1 FROM link_clicks WHERE link_code = code)"
            let condition = whereClause.isEmpty ? " WHERE \(unclicked)" : "\(whereClause) AND \(unclicked)"
            let n = filterValues.count
            links += try await run(
                SQLQuery(
                    "\(Self.selectLinks)\(condition) ORDER BY code COLLATE \(Self.byteOrder) LIMIT $\(n + 1) OFFSET $\(n + 2)",
                    filterValues + [.integer(Int64(limit - links.count)), .integer(Int64(max(0, offset - clicked)))],
                    action: "list links without clicks"
                ) { rows throws(StoreError) in try rows.map(Link.init(row:)) })
        }
        return LinkSearchPage(links: links, total: total, clicks: clicks)
    }

    /// The clicks of all time of a page's links, by code.
    private func clicks(of links: [Link]) async throws(StoreError) -> [String: Int] {
        guard !links.isEmpty else { return [:] }
        return try await run(
            SQLQuery(
                "SELECT link_code, clicks FROM link_clicks WHERE link_code IN (\(placeholders(links.count)))", links.map { .text($0.code) },
                action: "read link clicks"
            ) { rows throws(StoreError) in
                var clicks: [String: Int] = [:]
                for row in rows { clicks[try row.required("link_code", of: "link_clicks")] = Int(try row.integer("clicks") ?? 0) }
                return clicks
            })
    }

    /// A link's values in the order of ``linkColumns``.
    private static func values(of link: Link) -> [SQLValue] {
        LinkField.all.map { field in
            switch field.value {
            case .required(let keyPath): .text(link[keyPath: keyPath])
            case .optional(let keyPath): .text(link[keyPath: keyPath])
            case .time(let keyPath): .seconds(link[keyPath: keyPath])
            case .list(let keyPath): .text(LinkTags.stored(link[keyPath: keyPath]))
            case .targets(let keyPath): .text(LinkTarget.stored(link[keyPath: keyPath]))
            case .variants(let keyPath): .text(LinkVariant.stored(link[keyPath: keyPath]))
            }
        } + [.text(link.passwordHash), .seconds(link.createdAt), .seconds(link.updatedAt)]
    }
}

extension Link {
    /// Reads a row of the links table.
    package init(row: any SQLRow) throws(StoreError) {
        self.init(
            code: "", deepLink: "", createdAt: try row.required("created_at", of: "links"), updatedAt: try row.required("updated_at", of: "links"))
        for field in LinkField.all {
            switch field.value {
            case .required(let keyPath): self[keyPath: keyPath] = try row.required(field.column, of: "links")
            case .optional(let keyPath): self[keyPath: keyPath] = try row.text(field.column)
            case .time(let keyPath): self[keyPath: keyPath] = try row.date(field.column)
            case .list(let keyPath): self[keyPath: keyPath] = LinkTags.read(stored: try row.text(field.column))
            case .targets(let keyPath): self[keyPath: keyPath] = LinkTarget.read(stored: try row.text(field.column))
            case .variants(let keyPath): self[keyPath: keyPath] = LinkVariant.read(stored: try row.text(field.column))
            }
        }
        passwordHash = try row.text("password_hash")
    }
}
