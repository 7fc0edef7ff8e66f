/// The Mustache templates of the public pages. `{{name}}` escapes HTML (`& < > " '`), so values
/// are safe in text and in quoted attributes; no template uses `{{{…}}}`. No page needs JavaScript.
enum PageTemplates {
    /// Shared head: charset, viewport, title and meta tags.
    static let head = """
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        {{#nameTags}}
        <meta name="{{name}}" content="{{content}}">
        {{/nameTags}}
        {{#propertyTags}}
        <meta property="{{property}}" content="{{content}}">
        {{/propertyTags}}
        <style>
        body{font-family:-apple-system,system-ui,sans-serif;margin:0;padding:2rem 1rem;text-align:center;color:#1d1d1f}
        main{max-width:28rem;margin:0 auto}
        img{max-width:100%;border-radius:12px}
        .button{display:block;margin:1rem 0;padding:.9rem;border-radius:10px;background:#0a66ff;color:#fff;text-decoration:none;font-weight:600}
        .secondary{background:#e8e8ed;color:#1d1d1f}
        </style>
        """

    /// The landing page: preview, "Open in app", the store and the web fallback.
    static let landing = """
        <!doctype html>
        <html lang="en">
        <head>
        \(head)
        </head>
        <body>
        <main>
        {{#imageURL}}<img src="{{imageURL}}" alt="">{{/imageURL}}
        <h1>{{title}}</h1>
        {{#description}}<p>{{description}}</p>{{/description}}
        <a class="button" href="{{openURL}}">Open in app</a>
        {{#appStoreURL}}<a class="button secondary" href="{{appStoreURL}}">Get it on the App Store</a>{{/appStoreURL}}
        {{#playStoreURL}}<a class="button secondary" href="{{playStoreURL}}">Get it on Google Play</a>{{/playStoreURL}}
        {{#webURL}}<a class="button secondary" href="{{webURL}}">Continue in the browser</a>{{/webURL}}
        </main>
        </body>
        </html>

        """

    /// Only the `al:*` tags, for `Prefer-Html-Meta-Tags: al`.
    static let appLinksOnly = """
        <!doctype html>
        <html>
        <head>
        {{#propertyTags}}
        <meta property="{{property}}" content="{{content}}">
        {{/propertyTags}}
        </head>
        <body></body>
        </html>

        """

    /// The page for unknown and expired links.
    static let problem = """
        <!doctype html>
        <html lang="en">
        <head>
        \(head)
        </head>
        <body>
        <main>
        <h1>{{title}}</h1>
        <p>{{message}}</p>
        {{#homeURL}}<a class="button" href="{{homeURL}}">Go to {{homeHost}}</a>{{/homeURL}}
        </main>
        </body>
        </html>

        """
}
