import DeepLinkService
import HTTPTypes
import Hummingbird
import Logging

/// Signing in to the dashboard and out: `/dashboard` leads to the links or to sign-in; the
/// sign-in page takes an admin API key or a dashboard user's name and password. `Sendable`.
struct DashboardSignInRoutes: Sendable {
    /// The dashboard's sessions.
    let sessions: DashboardSessions
    /// The pages' renderer.
    let renderer: DashboardRenderer
    /// Whether a sign-in over plain http that lost its Secure cookie was logged already.
    let reportedPlainHTTP = LogOnce()

    /// Adds the routes.
    /// - Parameters:
    ///   - router: Where the routes that need no session go: `/dashboard` and the sign-in page.
    ///   - signedIn: Where the routes that need a session go, under `/dashboard`: sign-out.
    func add(to router: some RouterMethods<ServerRequestContext>, signedIn: some RouterMethods<ServerRequestContext>) {
        router.get("/dashboard", use: home)
        router.get("/dashboard/sign-in", use: signInPage)
        router.post("/dashboard/sign-in", use: signIn)
        signedIn.post("/sign-out", use: signOut)
    }

    /// `GET /dashboard`: the links when signed in, else the sign-in page.
    @Sendable func home(_ request: Request, context: ServerRequestContext) async -> Response {
        let session = try? await sessions.session(of: request)
        return DashboardRenderer.seeOther(session == nil ? "/dashboard/sign-in" : "/dashboard/links")
    }

    /// `GET /dashboard/sign-in`: the form, which returns to the page in `next` once signed in.
    @Sendable func signInPage(_ request: Request, context: ServerRequestContext) async -> Response {
        signInForm(request: request, next: Self.safeNext(request.formQuery["next"]), status: .ok)
    }

    /// The sign-in page with a fresh form token, which its form carries and a cookie holds: before
    /// there is a session, the two must match (so another site cannot sign a browser in).
    private func signInForm(request: Request, next: String, name: String = "", error: String? = nil, status: HTTPResponse.Status) -> Response {
        let token = AccessService.randomToken()
        var response = renderer.render(
            DashboardSignInView(signInToken: token, next: next, name: name, error: error), title: "Sign in", session: nil, status: status)
        response.setCookie(DashboardSessions.signInCookie(token: token))
        return response
    }

    /// `POST /dashboard/sign-in`: starts a session and goes to `next`, or shows the form again
    /// with what went wrong.
    @Sendable func signIn(_ request: Request, context: ServerRequestContext) async -> Response {
        guard DashboardSessions.isSameOrigin(request) else {
            return renderer.refused("This sign-in was sent from another site, so it was refused.", session: nil)
        }
        let form: [String: String]
        do {
            form = try await DashboardForm.read(request)
        } catch {
            return renderer.problem(error, session: nil)
        }
        let next = Self.safeNext(form["next"])
        func failed(_ message: String, status: HTTPResponse.Status, retryAfter: Int? = nil) -> Response {
            var response = signInForm(request: request, next: next, name: form["name"] ?? "", error: message, status: status)
            if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
        guard DashboardSessions.hasValidSignInToken(form, request: request) else {
            if DashboardSessions.lostSecureCookieOverPlainHTTP(request) {
                // Browsers drop a Secure cookie set over http on any host but localhost.
                if !reportedPlainHTTP.set() {
                    context.logger.warning(
                        "a browser signing in over plain http did not send the dashboard's Secure cookie back; sign in through https (a TLS proxy in front) or on localhost",
                        metadata: ["origin": "\(LogText.quoted(request.headers[.origin] ?? ""))"])
                }
                return failed(
                    "Your browser did not send the sign-in cookie back: the dashboard's cookies are Secure, and browsers keep them only over https or on localhost. Open the dashboard through https, or as http://localhost on the server's machine.",
                    status: .forbidden)
            }
            return failed("The sign-in form had expired. Sign in again.", status: .forbidden)
        }
        do {
            let (secret, _) = try await sessions.signIn(
                key: form["key"] ?? "", name: form["name"] ?? "", password: form["password"] ?? "", request: request, context: context)
            var response = DashboardRenderer.seeOther(next)
            response.setCookie(DashboardSessions.cookie(secret: secret))
            response.setCookie(DashboardSessions.signInCookie(token: ""))
            return response
        } catch DashboardSessions.SignInFailure.missing {
            return failed("Enter a user name and password, or an API key.", status: .badRequest)
        } catch DashboardSessions.SignInFailure.wrong {
            context.logger.notice("failed dashboard sign-in")
            return failed("That user name and password, or that key, is not valid (or the key was revoked).", status: .unauthorized)
        } catch DashboardSessions.SignInFailure.tooMany(let retryAfter) {
            return failed(
                "Too many failed sign-ins from your network or for this name. Try again in \(retryAfter) seconds.", status: .tooManyRequests,
                retryAfter: retryAfter)
        } catch DashboardSessions.SignInFailure.keyWithoutDashboardScope {
            return failed(
                "That key is valid, but its scopes give no access to the dashboard: sign in with a key that may read links, or with a user.",
                status: .forbidden)
        } catch DashboardSessions.SignInFailure.busy {
            context.logger.warning("refused a dashboard sign-in: too many password checks are waiting")
            return failed("The server is checking too many sign-ins at once. Try again in a moment.", status: .serviceUnavailable, retryAfter: 1)
        } catch {
            return renderer.problem(error, session: nil)
        }
    }

    /// `POST /dashboard/sign-out`: ends the session and goes to the sign-in page.
    @Sendable func signOut(_ request: Request, context: ServerRequestContext) async -> Response {
        guard let session = context.dashboardSession else { return DashboardRenderer.seeOther("/dashboard/sign-in") }
        do {
            try await sessions.signOut(session)
        } catch {
            return renderer.problem(error, session: session)
        }
        var response = DashboardRenderer.seeOther("/dashboard/sign-in")
        response.setCookie(DashboardSessions.clearingCookie())
        return response
    }

    /// Only a path inside the dashboard, so the sign-in page cannot send anyone elsewhere.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/dashboard/"), !next.hasPrefix("//"), !next.contains("\\"),
            !next.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return "/dashboard/links" }
        return next
    }
}
