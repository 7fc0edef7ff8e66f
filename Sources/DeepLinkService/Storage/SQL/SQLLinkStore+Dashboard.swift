import Foundation

extension SQLLinkStore {
    /// Stores a new dashboard user; see ``DashboardStorage``.
    package func insert(_ user: DashboardUser) async throws(StoreError) {
        try await run(
            SQLQuery(
                "INSERT INTO dashboard_users (name, password_hash, created_at, role) VALUES ($1, $2, $3, $4)",
                [.text(user.name), .text(user.passwordHash), .seconds(user.createdAt), .text(user.role.rawValue)], action: "insert dashboard user",
                duplicateMessage: "there is already a dashboard user named \(user.name)"))
    }

    /// The dashboard user with a name, or `nil`.
    package func dashboardUser(name: String) async throws(StoreError) -> DashboardUser? {
        try await run(
            SQLQuery("SELECT name, password_hash, created_at, role FROM dashboard_users WHERE name = $1", [.text(name)], action: "read dashboard user") {
                rows throws(StoreError) in try rows.first.map(DashboardUser.init(row:))
            })
    }

    /// Every dashboard user, by name.
    package func dashboardUsers() async throws(StoreError) -> [DashboardUser] {
        try await run(
            SQLQuery(
                "SELECT name, password_hash, created_at, role FROM dashboard_users ORDER BY name COLLATE \(Self.byteOrder)",
                action: "list dashboard users"
            ) { rows throws(StoreError) in try rows.map(DashboardUser.init(row:)) })
    }

    /// Changes a dashboard user's role; see ``DashboardStorage``.
    package func setDashboardUserRole(name: String, role: DashboardRole) async throws(StoreError) -> Bool {
        try await run(
            SQLQuery(
                "UPDATE dashboard_users SET role = $1 WHERE name = $2 RETURNING name", [.text(role.rawValue), .text(name)],
                action: "change a dashboard user's role"
            ) { !$0.isEmpty })
    }

    /// Deletes a dashboard user and their sessions.
    package func deleteDashboardUser(name: String) async throws(StoreError) -> Bool {
        let existed = try await run(
            SQLQuery("DELETE FROM dashboard_users WHERE name = $1 RETURNING name", [.text(name)], action: "delete dashboard user") {
                !$0.isEmpty
            })
        try await deleteDashboardSessions(of: .user(name: name))
        return existed
    }

    /// Stores a new session.
    package func insert(_ session: DashboardSession) async throws(StoreError) {
        try await run(
            SQLQuery(
                "INSERT INTO dashboard_sessions (id_hash, principal, form_token, created_at, expires_at) VALUES (\(placeholders(5)))",
                [
                    .text(session.idHash), .text(session.principal.stored), .text(session.formToken), .seconds(session.createdAt),
                    .seconds(session.expiresAt),
                ], action: "insert dashboard session", duplicateMessage: "the session id is taken"))
    }

    /// The unexpired session with a cookie hash, or `nil`.
    package func dashboardSession(idHash: String, now: Date) async throws(StoreError) -> DashboardSession? {
        try await run(
            SQLQuery(
                """
                SELECT id_hash, principal, form_token, created_at, expires_at FROM dashboard_sessions \
                WHERE id_hash = $1 AND expires_at > $2
                """, [.text(idHash), .seconds(now)], action: "read dashboard session"
            ) { rows throws(StoreError) in try rows.first.map(DashboardSession.init(row:)) })
    }

    /// Ends a session.
    package func deleteDashboardSession(idHash: String) async throws(StoreError) {
        try await run(SQLQuery("DELETE FROM dashboard_sessions WHERE id_hash = $1", [.text(idHash)], action: "end dashboard session"))
    }

    /// Ends every session of a principal.
    package func deleteDashboardSessions(of principal: DashboardPrincipal) async throws(StoreError) {
        try await run(
            SQLQuery("DELETE FROM dashboard_sessions WHERE principal = $1", [.text(principal.stored)], action: "end dashboard sessions"))
    }

    /// Deletes expired sessions.
    package func purgeDashboardSessions(now: Date) async throws(StoreError) -> Int {
        try await run(
            SQLQuery("DELETE FROM dashboard_sessions WHERE expires_at <= $1 RETURNING id_hash", [.seconds(now)], action: "purge dashboard sessions") {
                $0.count
            })
    }
}

extension DashboardUser {
    /// Reads a row of the dashboard_users table.
    init(row: any SQLRow) throws(StoreError) {
        self.init(
            name: try row.required("name", of: "dashboard_users"), passwordHash: try row.required("password_hash", of: "dashboard_users"),
            createdAt: try row.required("created_at", of: "dashboard_users"), role: try Self.role(row))
    }

    private static func role(_ row: any SQLRow) throws(StoreError) -> DashboardRole {
        let stored: String = try row.required("role", of: "dashboard_users")
        guard let role = DashboardRole(rawValue: stored) else {
            throw StoreError(code: .corrupt, message: "the dashboard_users table holds a role that is not \(DashboardRole.names) (\(stored))")
        }
        return role
    }
}

extension DashboardSession {
    /// Reads a row of the dashboard_sessions table.
    init(row: any SQLRow) throws(StoreError) {
        let stored: String = try row.required("principal", of: "dashboard_sessions")
        guard let principal = DashboardPrincipal(stored: stored) else {
            throw StoreError(code: .corrupt, message: "the dashboard_sessions table holds a principal that is neither key: nor user: (\(stored))")
        }
        self.init(
            idHash: try row.required("id_hash", of: "dashboard_sessions"), principal: principal,
            formToken: try row.required("form_token", of: "dashboard_sessions"), createdAt: try row.required("created_at", of: "dashboard_sessions"),
            expiresAt: try row.required("expires_at", of: "dashboard_sessions"))
    }
}
