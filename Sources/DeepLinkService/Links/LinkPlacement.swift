import DeepLinkCore
import Foundation

/// What an import did with one link: stored, found already stored with the same content, or left
/// out. A `Sendable` value.
package enum LinkImportOutcome: Sendable, Hashable {
    /// The link was stored (in a dry run: would be).
    case imported
    /// A link with the same code and the same content was already stored.
    case alreadyImported
    /// The row was left out; code `code-taken` means the code belongs to a different stored link
    /// or to an earlier row of the file.
    case skipped(LinkServerError)
}

extension LinkImportOutcome {
    /// The outcome as an import report's row has it: `status` (`imported`, `already-imported` or
    /// `skipped`) and, for a skipped row, its `error`.
    package var jsonFields: [String: JSONValue] {
        switch self {
        case .imported: ["status": "imported"]
        case .alreadyImported: ["status": "already-imported"]
        case .skipped(let error): ["status": "skipped", "error": error.json.objectValue?["error"] ?? .null]
        }
    }
}

/// Stores imported links without ever changing a stored one, a batch at a time: one lookup of
/// all their codes, then one insert of the new ones. Shared by the Firebase and the CSV import.
package enum LinkPlacement {
    /// Stores the links whose codes are free and says what happened to each, in order.
    /// - Parameters:
    ///   - links: The links, their codes distinct.
    ///   - store: The link store.
    ///   - dryRun: Whether to only look, writing nothing.
    ///   - differing: The names of the fields that differ between a link and the stored one with
    ///     its code, for the message of a taken code.
    /// - Returns: Each link's outcome, in order.
    package static func place(
        _ links: [Link], in store: any LinkStorage, dryRun: Bool, differing: (Link, Link) -> [String]
    ) async throws(StoreError) -> [LinkImportOutcome] {
        guard !links.isEmpty else { return [] }
        let stored = Dictionary(try await store.links(codes: links.map(\.code)).map { ($0.code, $0) }) { first, _ in first }
        var outcomes = [LinkImportOutcome](repeating: .imported, count: links.count)
        var fresh: [Int] = []
        for (index, link) in links.enumerated() {
            if let existing = stored[link.code] {
                outcomes[index] = compare(link, with: existing, differing: differing)
            } else {
                fresh.append(index)
            }
        }
        guard !dryRun, !fresh.isEmpty else { return outcomes }
        do throws(StoreError) {
            try await store.insert(fresh.map { links[$0] })
        } catch where error.code == .duplicate {
            // Another writer took a code since the lookup: each link on its own says which.
            for index in fresh { outcomes[index] = try await place(links[index], in: store, differing: differing) }
        }
        return outcomes
    }

    /// Stores a link unless its code is taken, and says which it was.
    private static func place(_ link: Link, in store: any LinkStorage, differing: (Link, Link) -> [String]) async throws(StoreError) -> LinkImportOutcome {
        if let stored = try await store.link(code: link.code) { return compare(link, with: stored, differing: differing) }
        do throws(StoreError) {
            try await store.insert(link)
            return .imported
        } catch where error.code == .duplicate {
            // Another writer took the code since the lookup.
            guard let stored = try await store.link(code: link.code) else { throw error }
            return compare(link, with: stored, differing: differing)
        }
    }

    /// Already imported when the stored link has the same content, a conflict otherwise.
    private static func compare(_ link: Link, with stored: Link, differing: (Link, Link) -> [String]) -> LinkImportOutcome {
        var candidate = link
        candidate.createdAt = stored.createdAt
        candidate.updatedAt = stored.updatedAt
        guard candidate != stored else { return .alreadyImported }
        let fields = differing(link, stored)
        let what = fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")) differ)"
        return .skipped(
            LinkServerError(code: .codeTaken, message: "the server already has a different link with the code \(link.code)\(what); it is kept"))
    }
}
