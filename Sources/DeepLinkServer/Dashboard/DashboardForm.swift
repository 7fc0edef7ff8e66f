import DeepLinkService
import DeepLinkCore
import Foundation
import Hummingbird
import NIOCore

/// The dashboard's forms: reading a posted form and the link form's sections. ``LinkForm`` turns
/// the link form's fields into the admin API's JSON.
enum DashboardForm {
    /// The largest form body read.
    static let maximumBodySize = 64 * 1024

    /// The link form's sections and fields, in order: the catalog's groups.
    static let linkSections: [(title: String, fields: [LinkField])] = LinkField.Group.allCases.map { group in
        (group.title, LinkField.all.filter { $0.group == group })
    }

    /// Reads an `application/x-www-form-urlencoded` body: `+` is a space, the first value of a
    /// repeated name wins.
    /// - Throws: ``LinkServerError``: `unsupported-media-type`, `payload-too-large` or `invalid-body`.
    static func read(_ request: Request) async throws(LinkServerError) -> [String: String] {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            throw LinkServerError(code: .unsupportedMediaType, message: "send the form as application/x-www-form-urlencoded")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw LinkServerError(code: .payloadTooLarge, message: "the form is larger than \(maximumBodySize) bytes")
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw LinkServerError(code: .payloadTooLarge, message: "the form is larger than \(maximumBodySize) bytes")
        } catch {
            throw LinkServerError(code: .invalidBody, message: "the form cannot be read")
        }
        return FormQuery.firstValues(percentEncoded: String(buffer: buffer))
    }
}
