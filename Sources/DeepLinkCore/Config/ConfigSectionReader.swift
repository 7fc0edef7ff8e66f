/// Collects what is wrong while a config or one of its sections is read, so one pass reports
/// every error and warning, each with the file, line and JSON path, instead of the first alone.
///
/// ``DeepLinkConfig`` reads its own keys with one; sibling modules read their sections with one
/// through ``DeepLinkConfig/readSection(_:_:)``.
package final class ConfigSectionReader {
    /// How a member whose name an object does not have is reported.
    package enum UnknownKeys {
        /// As a warning: newer files still load, and a typo (`"regx"`) does not pass unnoticed.
        case warn
        /// As an error, where a typo would silently turn a setting back to its default.
        case refuse
    }

    /// The file the config was read from, put on every finding.
    package let file: String?
    /// The errors so far, in the order found.
    package private(set) var errors: [ConfigError] = []
    /// The warnings so far, in the order found.
    package private(set) var warnings: [Diagnostic] = []

    /// Starts a reader.
    /// - Parameter file: The file the config was read from, if any.
    package init(file: String?) {
        self.file = file
    }

    /// Runs one part of the reading; an error is recorded and the part yields `nil`, so the
    /// other parts are still read and reported.
    package func attempt<Value>(_ body: () throws(ConfigError) -> Value?) -> Value? {
        do {
            return try body()
        } catch {
            errors.append(error)
            return nil
        }
    }

    /// Records an error found without throwing.
    package func report(_ error: ConfigError) {
        errors.append(error)
    }

    /// Records a warning.
    package func warn(_ warning: Diagnostic) {
        warnings.append(warning)
    }

    /// An object whose members are read by name, its unknown members reported.
    /// - Parameters:
    ///   - node: The value, which must be an object.
    ///   - known: The member names the object may have.
    ///   - unknownKeys: Whether an unknown member is a warning or an error.
    /// - Throws: ``ConfigError`` when the value is not an object or repeats a member name.
    package func object(_ node: JSONNode, known: Set<String>, unknownKeys: UnknownKeys = .warn) throws(ConfigError)
        -> JSONObjectReader
    {
        let object = try node.readObject()
        switch unknownKeys {
        case .warn: warnings += object.unknownKeyWarnings(known: known)
        case .refuse: errors += object.unknownKeyErrors(known: known)
        }
        return object
    }

    /// The errors, each naming the file.
    package var locatedErrors: [ConfigError] {
        errors.map { error in
            var error = error
            error.file = file
            return error
        }
    }

    /// The warnings, each naming the file.
    package var locatedWarnings: [Diagnostic] {
        warnings.map { warning in
            var warning = warning
            warning.file = file
            return warning
        }
    }
}
