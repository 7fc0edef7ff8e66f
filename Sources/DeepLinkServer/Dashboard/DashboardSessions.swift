import DeepLinkService
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Signing in to the dashboard and recognising the signed-in: sessions live in the database,
/// the browser holds a random secret in an `HttpOnly; SameSite=Strict; Secure` cookie, and every state-changing form carries the session's form token. `Sendable`.
struct DashboardSessions: Sendable {
    /// The session cookie's name.
    static let cookieName = "deeplink_session"
    /// The sign-in form's cookie name.
    static let signInCookieName = "deeplink_sign_in"
    /// How long a session lasts from sign-in, whatever happens meanwhile.
    static let lifetime: TimeInterval = 12 * 3600
    /// Failed sign-ins allowed per client address and minute (and in a burst), across all names and keys.
    static let failedSignInsPerMinute = 10
    /// Failed sign-ins allowed per user name and minute, from every address together, so a name
    /// cannot be guessed at from many addresses.
    static let failedSignInsPerNamePerMinute = 10

    /// Where the sessions, the dashboard users and the API keys they sign in with live.
    let store: any DashboardStorage & APIKeyStorage
    /// Failed sign-ins per client address: a few a minute, so keys and passwords cannot be guessed.
    let failedSignIns: any RequestLimiter
    /// Failed sign-ins per user name, from every address together.
    let failedSignInsPerName: any RequestLimiter
    /// Where passwords are checked: off the request threads, a bounded number at a time.
    let passwords: PasswordChecks
    /// Where the client's address is read from, for the per-address limit.
    let clientAddress: ClientAddressReader
    /// Records when each API key was last used: a sign-in with it, and each page it is signed in to.
    let keyUses: APIKeyUses

    /// Why a sign-in failed, for the page.
    enum SignInFailure: Error {
        /// Neither a key nor a name and password were given.
        case missing
        /// The key, name or password is wrong (which one is not said).
        case wrong
        /// Too many failures from this address or for this name; the seconds until the next try.
        case tooMany(retryAfter: Int)
        /// Too many password checks are waiting; the server refuses more at once rather than
        /// letting them slow every other request.
        case busy
        /// The key is valid, but its scopes give no access to the dashboard (`webhooks` alone).
        case keyWithoutDashboardScope
    }

    /// The signed-in session of a request, or `nil` without a valid, unexpired session cookie or
    /// when its key was revoked or its user deleted since.
    func session(of request: Request) async throws(LinkServerError) -> DashboardSession? {
        guard let secret = request.cookies[Self.cookieName]?.value, !secret.isEmpty, secret.count <= 100 else { return nil }
        do {
            guard var session = try await store.dashboardSession(idHash: SHA256.hex(secret), now: Date()) else { return nil }
            switch session.principal {
            case .apiKey(let id):
                guard let key = try await store.apiKey(id: id), key.revokedAt == nil, let role = DashboardRole(scopes: key.scopes) else { return nil }
                session.keyName = key.name
                session.role = role
                await keyUses.record(id: id)
            case .user(let name):
                guard let user = try await store.dashboardUser(name: name) else { return nil }
                session.role = user.role
            }
            return session
        } catch {
            throw error.serverError
        }
    }

    /// Signs in with an admin API key, or a dashboard user's name and password.
    /// - Returns: The cookie's secret and the stored session.
    func signIn(
        key: String, name: String, password: String, request: Request, context: ServerRequestContext
    ) async throws -> (secret: String, session: DashboardSession) {
        let address = clientAddress.limitKey(of: request, context: context)
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty || (!name.isEmpty && !password.isEmpty) else { throw SignInFailure.missing }
        // Every attempt takes a token of its address, and a name's attempt one of its name; only a
        // success gives them back, so failures are limited both ways.
        if let retryAfter = await failedSignIns.take(address) { throw SignInFailure.tooMany(retryAfter: retryAfter) }
        let nameKey = key.isEmpty ? "name:" + name.lowercased() : nil
        if let nameKey, let retryAfter = await failedSignInsPerName.take(nameKey) {
            await failedSignIns.giveBack(address)
            throw SignInFailure.tooMany(retryAfter: retryAfter)
        }
        let principal: DashboardPrincipal
        do {
            if !key.isEmpty {
                guard let id = APIKey.id(of: key), let record = try await store.apiKey(id: id), record.revokedAt == nil,
                    APIKey.verify(key, against: record)
                else { throw SignInFailure.wrong }
                guard DashboardRole(scopes: record.scopes) != nil else {
                    await failedSignIns.giveBack(address)
                    throw SignInFailure.keyWithoutDashboardScope
                }
                principal = .apiKey(id: id)
                await keyUses.record(id: id)
            } else {
                let user = try await store.dashboardUser(name: name)
                // An unknown name is checked against a hash too, so it takes as long as a known one.
                let matches: Bool
                do {
                    matches = try await passwords.verify(password, hash: user?.passwordHash ?? PasswordChecks.unknownNameHash)
                } catch {
                    await failedSignIns.giveBack(address)
                    if let nameKey { await failedSignInsPerName.giveBack(nameKey) }
                    throw SignInFailure.busy
                }
                guard let user, matches else { throw SignInFailure.wrong }
                principal = .user(name: user.name)
            }
        } catch let error as StoreError {
            throw error.serverError
        }
        await failedSignIns.giveBack(address)
        if let nameKey { await failedSignInsPerName.giveBack(nameKey) }
        let secret = Self.randomToken()
        let now = Date().roundedToSeconds
        let session = DashboardSession(
            idHash: SHA256.hex(secret), principal: principal, formToken: Self.randomToken(), createdAt: now,
            expiresAt: now.addingTimeInterval(Self.lifetime))
        do {
            try await store.insert(session)
            _ = try await store.purgeDashboardSessions(now: now)
        } catch {
            throw error.serverError
        }
        context.logger.notice("dashboard sign-in", metadata: ["principal": "\(principal)"])
        return (secret, session)
    }

    /// Why a session's secret, asked again, was not accepted.
    enum ConfirmationFailure: Error {
        /// The password or key is not the one the session signed in with.
        case wrong
        /// Too many failures from this address; the seconds until the next try.
        case tooMany(retryAfter: Int)
        /// Too many password checks are waiting.
        case busy
    }

    /// Checks the secret a session signed in with, asked again before something as lasting as
    /// minting a key: the user's password, or the key's token. Failures count against the
    /// address's sign-in limit, so a session left open cannot be used to guess the password.
    /// - Throws: ``ConfirmationFailure``, or ``LinkServerError`` when the store fails.
    func confirm(_ secret: String, session: DashboardSession, request: Request, context: ServerRequestContext) async throws {
        let address = clientAddress.limitKey(of: request, context: context)
        if let retryAfter = await failedSignIns.take(address) { throw ConfirmationFailure.tooMany(retryAfter: retryAfter) }
        let matches: Bool
        do {
            switch session.principal {
            case .apiKey(let id):
                let record = try await store.apiKey(id: id)
                matches = APIKey.id(of: secret) == id && record.map { APIKey.verify(secret, against: $0) } == true
            case .user(let name):
                let user = try await store.dashboardUser(name: name)
                do {
                    matches = try await passwords.verify(secret, hash: user?.passwordHash ?? PasswordChecks.unknownNameHash) && user != nil
                } catch {
                    await failedSignIns.giveBack(address)
                    throw ConfirmationFailure.busy
                }
            }
        } catch let error as StoreError {
            throw error.serverError
        }
        guard matches else {
            context.logger.notice("a dashboard session gave a wrong password or key when asked again", metadata: ["principal": "\(session.principal)"])
            throw ConfirmationFailure.wrong
        }
        await failedSignIns.giveBack(address)
    }

    /// Ends a session.
    func signOut(_ session: DashboardSession) async throws(LinkServerError) {
        do {
            try await store.deleteDashboardSession(idHash: session.idHash)
        } catch {
            throw error.serverError
        }
    }

    /// The session cookie for a new session: `Secure` always, whatever `Host` a request names (a
    /// proxy that does not pass `Host` on would otherwise make every session's cookie plain).
    /// Browsers keep `Secure` cookies over plain HTTP on `localhost` and `127.0.0.1`, so local
    /// development works too.
    static func cookie(secret: String) -> Cookie {
        Cookie(
            name: cookieName, value: secret, maxAge: Int(lifetime), path: "/dashboard", secure: true, httpOnly: true,
            sameSite: .strict)
    }

    /// The sign-in form's cookie: the token its hidden field must repeat, for an hour; an empty
    /// token removes it.
    static func signInCookie(token: String) -> Cookie {
        Cookie(
            name: signInCookieName, value: token, maxAge: token.isEmpty ? 0 : 3600, path: "/dashboard/sign-in", secure: true,
            httpOnly: true, sameSite: .strict)
    }

    /// Whether the sign-in form's token is the one its cookie holds, compared in constant time.
    static func hasValidSignInToken(_ form: [String: String], request: Request) -> Bool {
        guard let cookie = request.cookies[signInCookieName]?.value, cookie.count == 64 else { return false }
        return equalInConstantTime(form["form_token"] ?? "", cookie)
    }

    /// Whether a sign-in came without its form's cookie from a page loaded over plain http on a
    /// host other than localhost (its `Origin` says so), where browsers drop `Secure` cookies.
    static func lostSecureCookieOverPlainHTTP(_ request: Request) -> Bool {
        guard request.cookies[signInCookieName] == nil, let origin = request.headers[.origin],
            let components = URLComponents(string: origin), components.scheme?.lowercased() == "http",
            let host = components.host?.lowercased()
        else { return false }
        return host != "localhost" && !host.hasSuffix(".localhost") && host != "127.0.0.1" && host != "::1" && host != "[::1]"
    }

    /// A cookie that removes the session cookie.
    static func clearingCookie() -> Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/dashboard", secure: true, httpOnly: true, sameSite: .strict)
    }

    /// Whether a state-changing request comes from a page of this server: its `Origin`, when the
    /// browser sends one, names the host it was sent to, and `Sec-Fetch-Site` does not say another site.
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased(), site != "same-origin", site != "none" { return false }
        guard let origin = request.headers[.origin] else { return true }
        guard let components = URLComponents(string: origin), let host = components.host?.lowercased() else { return false }
        let authority = (request.head.authority ?? "").lowercased()
        let originAuthority = components.port.map { "\(host):\($0)" } ?? host
        let bracketed = components.port.map { "[\(host)]:\($0)" } ?? "[\(host)]"
        return authority == originAuthority || authority == bracketed
    }

    /// Whether a form's token is the session's, compared in constant time.
    static func hasValidFormToken(_ form: [String: String], session: DashboardSession) -> Bool {
        equalInConstantTime(form["form_token"] ?? "", session.formToken)
    }

    /// Whether two tokens are equal, in constant time: swift-crypto's digest `==`, as ``APIKey/verify(_:against:)`` uses.
    static func equalInConstantTime(_ given: String, _ expected: String) -> Bool {
        SHA256.hash(data: Array(given.utf8)) == SHA256.hash(data: Array(expected.utf8))
    }

    /// 32 random bytes from the system's secure generator, as 64 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexString
    }
}

extension HTTPField.Name {
    /// `Sec-Fetch-Site`, which browsers send to say where a request comes from.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
