import Foundation

extension Error {
    /// Why a file operation failed, in the system's words (`no such file or directory`,
    /// `permission denied`), without the wrapper sentence Foundation puts around them on Linux;
    /// for other errors, their localized description.
    package var fileReason: String {
        let underlying = (self as? CocoaError)?.underlying.map { $0 as NSError }
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        return localizedDescription
    }
}
