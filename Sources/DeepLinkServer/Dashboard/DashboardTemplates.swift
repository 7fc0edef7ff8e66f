import DeepLinkService

/// The dashboard's Mustache templates. `{{name}}` escapes HTML, so every value from a link, a
/// key or a form is safe in text and quoted attributes; only the page body (rendered from these
/// templates) and the server-drawn SVG chart go in unescaped. No inline script or style: the
/// look is `/dashboard/assets/dashboard.css` and the one script, which only adds copy buttons,
/// is `/dashboard/assets/dashboard.js`. Every action is a link or a form that works without it.
enum DashboardTemplates {
    /// Every page: head, the navigation bar when signed in, the page body.
    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light">
        <meta name="robots" content="noindex">
        <title>{{title}} · deeplink</title>
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css">
        <script src="/dashboard/assets/dashboard.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="bar">
        <a class="logo" href="/dashboard">deeplink</a>
        {{#signedIn}}
        <nav aria-label="Dashboard">
        <a href="/dashboard/links"{{#navLinks}} aria-current="page"{{/navLinks}}>Links</a>
        <a href="/dashboard/numbers"{{#navNumbers}} aria-current="page"{{/navNumbers}}>Numbers</a>
        <a href="/dashboard/keys"{{#navKeys}} aria-current="page"{{/navKeys}}>Keys</a>
        <a href="/dashboard/health"{{#navHealth}} aria-current="page"{{/navHealth}}>Health</a>
        </nav>
        <form class="signout" method="post" action="/dashboard/sign-out">
        <input type="hidden" name="form_token" value="{{formToken}}">
        <span class="who">{{signedIn}}</span> <button type="submit" class="link">Sign out</button>
        </form>
        {{/signedIn}}
        </header>
        <main id="main">
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{{body}}}
        </main>
        </body>
        </html>

        """

    /// The sign-in page.
    static let signIn = """
        <section class="card narrow">
        <h1>Sign in</h1>
        <p class="muted">Use an admin API key (<code>deeplink keys create</code>) or a dashboard user (<code>deeplink users create</code>).</p>
        {{#error}}<p class="error" role="alert" id="signin-error">{{error}}</p>{{/error}}
        <form method="post" action="/dashboard/sign-in">
        <input type="hidden" name="form_token" value="{{signInToken}}">
        <input type="hidden" name="next" value="{{next}}">
        <div class="field">
        <label for="name">User name</label>
        <input id="name" name="name" autocomplete="username" value="{{name}}"{{#error}} aria-describedby="signin-error"{{/error}}>
        </div>
        <div class="field">
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password">
        </div>
        <p class="or"><span>or</span></p>
        <div class="field">
        <label for="key">Admin API key</label>
        <input id="key" name="key" type="password" autocomplete="off" placeholder="dlk_…" spellcheck="false">
        </div>
        <button type="submit" class="primary">Sign in</button>
        </form>
        </section>

        """

    /// The list of links with search, filter, order and pages.
    static let links = """
        <div class="heading">
        <h1>Links</h1>
        <a class="button primary" href="/dashboard/new-link">New link</a>
        </div>
        <form class="search" method="get" action="/dashboard/links" role="search">
        <div class="field grow">
        <label for="q">Search</label>
        <input id="q" name="q" type="search" value="{{q}}" placeholder="Code, deep link or campaign">
        </div>
        <div class="field">
        <label for="filter">Show</label>
        <select id="filter" name="filter">{{#filters}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/filters}}</select>
        </div>
        <div class="field">
        <label for="sort">Order</label>
        <select id="sort" name="sort">{{#sorts}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/sorts}}</select>
        </div>
        <button type="submit">Apply</button>
        </form>
        <p class="muted" id="count">{{summary}}</p>
        {{#hasLinks}}
        <table class="list">
        <caption class="visually-hidden">Links</caption>
        <thead><tr><th scope="col">Code</th><th scope="col">Deep link</th><th scope="col">Campaign</th><th scope="col">Created</th><th scope="col">Status</th></tr></thead>
        <tbody>
        {{#links}}
        <tr>
        <th scope="row" data-label="Code"><a href="/dashboard/links/{{code}}">{{code}}</a></th>
        <td data-label="Deep link" class="mono">{{deepLink}}</td>
        <td data-label="Campaign">{{campaign}}</td>
        <td data-label="Created">{{created}}</td>
        <td data-label="Status">{{#expired}}<span class="badge off">Expired</span>{{/expired}}{{^expired}}<span class="badge on">Active</span>{{/expired}}</td>
        </tr>
        {{/links}}
        </tbody>
        </table>
        {{/hasLinks}}
        {{^hasLinks}}<p class="empty">No links match. <a href="/dashboard/new-link">Create one</a>.</p>{{/hasLinks}}
        <nav class="pages" aria-label="Pages">
        {{#previous}}<a href="{{previous}}" rel="prev">← Previous</a>{{/previous}}
        {{#next}}<a href="{{next}}" rel="next">Next →</a>{{/next}}
        </nav>

        """

    /// The form that creates or changes a link.
    static let linkForm = """
        <h1>{{heading}}</h1>
        {{#formError}}<p class="error" role="alert">{{formError}}</p>{{/formError}}
        <form method="post" action="{{action}}" class="card" novalidate>
        <input type="hidden" name="form_token" value="{{formToken}}">
        {{#sections}}
        <fieldset>
        <legend>{{title}}</legend>
        {{#fields}}
        <div class="field{{#fieldError}} invalid{{/fieldError}}">
        <label for="{{id}}">{{label}}{{#required}} <span class="required">(required)</span>{{/required}}</label>
        <input id="{{id}}" name="{{name}}" type="{{type}}" value="{{value}}"{{#readonly}} readonly{{/readonly}}{{#required}} required{{/required}} aria-describedby="{{id}}-hint{{#fieldError}} {{id}}-error{{/fieldError}}"{{#fieldError}} aria-invalid="true"{{/fieldError}}>
        {{#fieldError}}<p class="field-error" id="{{id}}-error">{{fieldError}}</p>{{/fieldError}}
        <p class="hint" id="{{id}}-hint">{{hint}}</p>
        </div>
        {{/fields}}
        </fieldset>
        {{/sections}}
        <div class="actions">
        <button type="submit" class="primary">{{submit}}</button>
        <a href="{{cancel}}">Cancel</a>
        </div>
        </form>

        """

    /// One link: its URL, QR code, settings and numbers.
    static let link = """
        <div class="heading">
        <h1>{{code}}</h1>
        <div class="buttons">
        <a class="button" href="/dashboard/links/{{code}}/edit">Edit</a>
        <a class="button" href="/dashboard/new-link?from={{code}}">Duplicate</a>
        <a class="button danger" href="/dashboard/links/{{code}}/delete">Delete</a>
        </div>
        </div>
        {{#expired}}<p class="notice warn">This link expired on {{expires}}; it answers 410 Gone.</p>{{/expired}}
        <div class="grid">
        <section class="card">
        <h2>Share</h2>
        <div class="field">
        <label for="short-url">Short URL</label>
        <div class="copy"><input id="short-url" value="{{shortURL}}" readonly class="mono"><button type="button" class="copy-button" data-copy="short-url" hidden>Copy</button></div>
        </div>
        {{^expired}}
        <figure class="qr">
        <img src="/{{code}}/qr.svg" alt="QR code for {{shortURL}}" width="180" height="180">
        <figcaption><a href="/{{code}}/qr.svg" download="{{code}}.svg">Download SVG</a> · <a href="/{{code}}/qr.png?size=16" download="{{code}}.png">Download PNG</a></figcaption>
        </figure>
        {{/expired}}
        </section>
        <section class="card">
        <h2>Settings</h2>
        <dl class="settings">
        {{#settings}}<dt>{{name}}</dt><dd class="{{#mono}}mono{{/mono}}">{{value}}</dd>{{/settings}}
        </dl>
        </section>
        </div>
        {{{numbers}}}

        """

    /// Numbers for one link or all: range, totals, chart, breakdowns and the install funnel.
    static let numbers = """
        <section class="card numbers" aria-labelledby="numbers-heading">
        <div class="heading">
        <h2 id="numbers-heading">{{heading}}</h2>
        <nav class="range" aria-label="Range">{{#ranges}}<a href="{{href}}"{{#current}} aria-current="true"{{/current}}>{{label}}</a>{{/ranges}}</nav>
        </div>
        <div class="tiles">
        <div class="tile"><span class="value" id="total-clicks">{{totalClicks}}</span><span class="label">clicks</span></div>
        <div class="tile"><span class="value" id="phone-clicks">{{phoneClicks}}</span><span class="label">on phones</span></div>
        <div class="tile"><span class="value" id="store-hops">{{storeHops}}</span><span class="label">went to a store{{#hopRate}} ({{hopRate}}){{/hopRate}}</span></div>
        <div class="tile"><span class="value" id="installs">{{claimedInstalls}}</span><span class="label">installs{{#installRate}} ({{installRate}} of store visits){{/installRate}}</span></div>
        </div>
        {{{chart}}}
        <details>
        <summary>Clicks per day as a table</summary>
        <table class="compact"><caption class="visually-hidden">Clicks per day</caption><thead><tr><th scope="col">Day</th><th scope="col">Clicks</th></tr></thead>
        <tbody>{{#perDay}}<tr><th scope="row">{{day}}</th><td>{{count}}</td></tr>{{/perDay}}</tbody></table>
        </details>
        <div class="breakdowns">
        {{#breakdowns}}
        <table class="compact" id="by-{{id}}"><caption>{{title}}</caption><thead><tr><th scope="col">{{column}}</th><th scope="col">Clicks</th></tr></thead>
        <tbody>{{#rows}}<tr><th scope="row">{{name}}</th><td>{{count}}</td></tr>{{/rows}}{{^rows}}<tr><td colspan="2" class="muted">None yet</td></tr>{{/rows}}</tbody></table>
        {{/breakdowns}}
        </div>
        <p class="muted">Install numbers count store visits through the link's page and the installs whose app claimed them (deferred deep linking). No addresses or countries are kept. <a href="{{csv}}" download>Download CSV</a></p>
        </section>

        """

    /// Asks before deleting a link.
    static let confirmDelete = """
        <section class="card narrow">
        <h1>Delete {{code}}?</h1>
        <p>The short link <span class="mono">{{shortURL}}</span> stops working and its numbers are deleted. This cannot be undone.</p>
        <form method="post" action="/dashboard/links/{{code}}/delete" class="actions">
        <input type="hidden" name="form_token" value="{{formToken}}">
        <button type="submit" class="danger">Delete the link</button>
        <a href="/dashboard/links/{{code}}">Keep it</a>
        </form>
        </section>

        """

    /// Admin API keys: the new one's token once, the list, create and revoke.
    static let keys = """
        <h1>API keys</h1>
        {{#newToken}}
        <section class="card created" aria-labelledby="new-key">
        <h2 id="new-key">Key created: copy it now</h2>
        <p>This is the only time the token is shown. Send it as <code>Authorization: Bearer …</code> or sign in with it.</p>
        <div class="copy"><input id="new-token" value="{{newToken}}" readonly class="mono" aria-label="New key's token"><button type="button" class="copy-button" data-copy="new-token" hidden>Copy</button></div>
        </section>
        {{/newToken}}
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
        <table class="list">
        <caption class="visually-hidden">API keys</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Created</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
        {{#keys}}
        <tr>
        <th scope="row" data-label="Name">{{name}}{{#current}} <span class="badge">you</span>{{/current}}</th>
        <td data-label="Id" class="mono">{{id}}</td>
        <td data-label="Created">{{created}}</td>
        <td data-label="Status">{{#revoked}}<span class="badge off">Revoked {{revoked}}</span>{{/revoked}}{{^revoked}}<span class="badge on">Active</span>{{/revoked}}</td>
        <td>{{^revoked}}<form method="post" action="/dashboard/keys/{{id}}/revoke"><input type="hidden" name="form_token" value="{{formToken}}"><button type="submit" class="danger small" aria-label="Revoke {{name}}">Revoke</button></form>{{/revoked}}</td>
        </tr>
        {{/keys}}
        </tbody>
        </table>
        <form method="post" action="/dashboard/keys" class="card inline">
        <input type="hidden" name="form_token" value="{{formToken}}">
        <div class="field grow">
        <label for="key-name">New key's name</label>
        <input id="key-name" name="name" required maxlength="100" placeholder="e.g. marketing site">
        </div>
        <button type="submit" class="primary">Create key</button>
        </form>

        """

    /// The config in use and the association files as served.
    static let health = """
        <h1>Health</h1>
        <div class="grid">
        <section class="card">
        <h2>Server</h2>
        <dl class="settings">
        <dt>Short links on</dt><dd class="mono">{{linkHost}}</dd>
        <dt>Website</dt><dd class="mono">{{websiteHost}}</dd>
        <dt>Database</dt><dd>{{database}}</dd>
        <dt>Links</dt><dd>{{linkCount}}</dd>
        </dl>
        <p><a class="button" href="/dashboard/health?check=1#doctor">Check https://{{linkHost}} now</a></p>
        <p class="muted">Fetches the association files from the public address as Apple's and Google's services do (<code>deeplink doctor</code>).</p>
        </section>
        <section class="card">
        <h2>Apps</h2>
        <ul>{{#apps}}<li><span class="mono">{{.}}</span></li>{{/apps}}{{^apps}}<li class="muted">The config has no apps section.</li>{{/apps}}</ul>
        <h3>Hosts</h3>
        <ul>{{#hosts}}<li class="mono">{{.}}</li>{{/hosts}}</ul>
        </section>
        </div>
        {{#doctor}}
        <section class="card" id="doctor" aria-labelledby="doctor-heading">
        <h2 id="doctor-heading">{{site}}: {{#passed}}<span class="badge on">passes</span>{{/passed}}{{^passed}}<span class="badge off">needs attention</span>{{/passed}}</h2>
        {{#files}}
        <h3 class="mono">{{url}}{{#optional}} <span class="muted">(optional)</span>{{/optional}}</h3>
        <ul class="checks">{{#checks}}<li><span class="badge {{status}}">{{status}}</span> {{message}}{{#fix}} <span class="muted">Fix: {{fix}}</span>{{/fix}}</li>{{/checks}}</ul>
        {{/files}}
        </section>
        {{/doctor}}
        <section class="card">
        <h2>Routes</h2>
        <table class="compact"><thead><tr><th scope="col">Pattern</th><th scope="col">Opens</th></tr></thead>
        <tbody>{{#routes}}<tr><th scope="row" class="mono">{{pattern}}</th><td>{{destination}}</td></tr>{{/routes}}</tbody></table>
        </section>
        <h2>Association files as served</h2>
        {{#files}}
        <details class="card file">
        <summary><span class="mono">{{path}}</span> for {{host}}</summary>
        <pre>{{contents}}</pre>
        </details>
        {{/files}}

        """

    /// A problem page inside the dashboard: not found, refused, unavailable.
    static let problem = """
        <section class="card narrow">
        <h1>{{heading}}</h1>
        <p>{{message}}</p>
        <p><a href="{{back}}">{{backLabel}}</a></p>
        </section>

        """
}
