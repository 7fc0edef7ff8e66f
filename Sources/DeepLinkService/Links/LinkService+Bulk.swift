import DeepLinkCore
import Foundation

extension LinkService {
    /// The most items one bulk request may hold.
    package static let maximumBulkItems = 1_000

    /// Creates links from many admin API bodies, each on its own: one item's error leaves the
    /// others to be created (atomic per item, not per batch).
    /// - Parameters:
    ///   - items: JSON objects as `POST /api/v1/links` takes them.
    ///   - now: The creation time.
    /// - Returns: Each item's link or every field error of it, in order.
    /// - Throws: ``LinkServerError`` `storage-unavailable` when the store fails; links stored
    ///   before the failure stay.
    package func createMany(_ items: [JSONValue], now: Date = Date()) async throws(LinkServerError) -> [Result<Link, LinkServerError>] {
        var results = [Result<Link, LinkServerError>](repeating: .failure(LinkServerError(code: .invalidBody, message: "not read")), count: items.count)
        var valid: [(index: Int, link: Link)] = []
        var firstItem: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            do throws(LinkServerError) {
                let link = try editor.create(from: item, now: now)
                if let first = firstItem[link.code] {
                    throw LinkServerError(code: .codeTaken, message: "item \(first) has the same code \(link.code)", field: "code")
                }
                firstItem[link.code] = index
                valid.append((index, link))
            } catch {
                results[index] = .failure(error)
            }
        }
        guard !valid.isEmpty else { return results }
        let taken = try await Set(storing { () throws(StoreError) in try await store.links(codes: valid.map(\.link.code)) }.map(\.code))
        var fresh: [(index: Int, link: Link)] = []
        for (index, link) in valid {
            if taken.contains(link.code) {
                results[index] = .failure(LinkServerError(code: .codeTaken, message: "the code \(link.code) is taken", field: "code"))
            } else {
                fresh.append((index, link))
            }
        }
        guard !fresh.isEmpty else { return results }
        do throws(StoreError) {
            try await store.insert(fresh.map(\.link))
            for (index, link) in fresh { results[index] = .success(link) }
        } catch where error.code == .duplicate {
            // Another writer took a code since the lookup: each link on its own says which.
            for (index, link) in fresh {
                do throws(StoreError) {
                    try await store.insert(link)
                    results[index] = .success(link)
                } catch where error.code == .duplicate {
                    results[index] = .failure(LinkServerError(code: .codeTaken, message: "the code \(link.code) is taken", field: "code"))
                } catch {
                    throw error.serverError
                }
            }
        } catch {
            throw error.serverError
        }
        let created = fresh.compactMap { try? results[$0.index].get() }
        try await recordEvents(created.map { .link(.linkCreated, $0, origin: linkOrigin, now: now) }, after: "\(created.count) links were created")
        return results
    }

    /// The codes of the links with a tag, for a bulk change or deletion by tag: at most
    /// ``maximumBulkItems``.
    /// - Parameter tag: The tag.
    /// - Throws: ``LinkServerError``: `invalid-field` for a bad tag, or when more than
    ///   ``maximumBulkItems`` links have it; `not-found` when none does; `storage-unavailable`.
    package func codes(tag: String) async throws(LinkServerError) -> [String] {
        let tag = try LinkTags.checked(tag, field: "tag")
        let links = try await storing { () throws(StoreError) in try await store.links(after: nil, limit: Self.maximumBulkItems + 1, tag: tag) }
        guard !links.isEmpty else {
            throw LinkServerError(code: .notFound, message: "no link has the tag \(tag)")
        }
        guard links.count <= Self.maximumBulkItems else {
            throw LinkServerError(
                code: .invalidField,
                message: "more than \(Self.maximumBulkItems) links have the tag \(tag); a bulk request changes at most \(Self.maximumBulkItems), "
                    + "so send their codes in several requests (GET /api/v1/links?tag= pages through them)",
                field: "tag")
        }
        return links.map(\.code)
    }

    /// Applies the same changes to many links, each on its own.
    /// - Parameters:
    ///   - codes: The links' codes.
    ///   - changes: A JSON object as `PATCH /api/v1/links/{code}` takes it.
    ///   - now: The change time.
    /// - Returns: Each code's changed link or why not (`not-found`, a bad field), in order.
    /// - Throws: ``LinkServerError`` `storage-unavailable` when the store fails.
    package func updateMany(codes: [String], with changes: JSONValue, now: Date = Date()) async throws(LinkServerError) -> [Result<Link, LinkServerError>] {
        var results: [Result<Link, LinkServerError>] = []
        for code in codes {
            do throws(LinkServerError) {
                results.append(.success(try await update(code: code, with: changes, now: now)))
            } catch where error.code == .storageUnavailable {
                throw error
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// Deletes many links and their numbers, each on its own.
    /// - Parameter codes: The links' codes.
    /// - Returns: Each code's outcome: `nil` when deleted, `not-found` otherwise, in order.
    /// - Throws: ``LinkServerError`` `storage-unavailable` when the store fails.
    package func deleteMany(codes: [String]) async throws(LinkServerError) -> [LinkServerError?] {
        var results: [LinkServerError?] = []
        for code in codes {
            do throws(LinkServerError) {
                try await delete(code: code)
                results.append(nil)
            } catch where error.code == .storageUnavailable {
                throw error
            } catch {
                results.append(error)
            }
        }
        return results
    }
}
