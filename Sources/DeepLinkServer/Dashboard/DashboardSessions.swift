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
    static let lifetime = AccessService.sessionLifetime
    /// Failed sign-ins allowed per client address and minute (and in a burst), across all names and keys.
    static let failedSignInsPerMinute = 10
    /// Failed sign-ins allowed per user name and minute, from every address together, so a name
    /// cannot be guessed at from many addresses.
    static let failedSignInsPerNamePerMinute = 10

    /// Who may sign in, and the sessions: keys, users and their passwords are checked there.
    let access: AccessService
    /// Failed sign-ins per client address: a few a minute, so keys and passwords cannot be guessed.
    let failedSignIns: any RequestLimiter
    /// Failed sign-ins per user name, from every address together.
    let failedSignInsPerName: any RequestLimiter
    /// Where the client's address is read from, for the per-address limit.
    let clientAddress: ClientAddressReader

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
        guard let secret = request.cookies[Self.cookieName]?.value else { return nil }
        do {
            return try await access.session(secret: secret)
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
                // A revoked key reads as a wrong one: the page does not say which keys existed.
                guard case .valid(let record) = try await access.check(token: key) else { throw SignInFailure.wrong }
                guard DashboardRole(scopes: record.scopes) != nil else {
                    await failedSignIns.giveBack(address)
                    throw SignInFailure.keyWithoutDashboardScope
                }
                principal = .apiKey(id: record.id)
                await access.recordUse(ofKey: record.id)
            } else {
                let user: DashboardUser?
                do {
                    user = try await access.user(named: name, password: password)
                } catch is PasswordChecks.Busy {
                    await failedSignIns.giveBack(address)
                    if let nameKey { await failedSignInsPerName.giveBack(nameKey) }
                    throw SignInFailure.busy
                }
                guard let user else { throw SignInFailure.wrong }
                principal = .user(name: user.name)
            }
        } catch let error as StoreError {
            throw error.serverError
        }
        await failedSignIns.giveBack(address)
        if let nameKey { await failedSignInsPerName.giveBack(nameKey) }
        let started: (secret: String, session: DashboardSession)
        do {
            started = try await access.startSession(for: principal)
        } catch {
            throw error.serverError
        }
        context.logger.notice("dashboard sign-in", metadata: ["principal": "\(principal)"])
        return started
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
            matches = try await access.confirm(secret, for: session)
        } catch is PasswordChecks.Busy {
            await failedSignIns.giveBack(address)
            throw ConfirmationFailure.busy
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
            try await access.endSession(session)
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
}

extension HTTPField.Name {
    /// `Sec-Fetch-Site`, which browsers send to say where a request comes from.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
