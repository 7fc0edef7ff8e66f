import Foundation

/// Makes a new, empty folder for one test's files under the system's temporary folder, named
/// `PREFIX-UUID` so tests running at once never share one; the test removes it when done.
/// - Parameter prefix: The start of the folder's name, saying which tests made it.
/// - Throws: When the folder cannot be created.
public func temporaryFolder(prefix: String = "deeplink") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
