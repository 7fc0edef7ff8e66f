import Crypto
import Foundation

/// The Mustache templates of the public pages. `{{name}}` escapes HTML (`& < > " '`), so values
/// are safe in text and in quoted attributes; only the constant ``storeButtonScript`` and the
/// `al:*` tags, which `DeepLinkAppLinks` writes escaped, go in unescaped. Pages work without
/// JavaScript; the script only adds to the store buttons.
enum PageTemplates {
    /// The partial every page's `<head>` includes: charset, viewport, title and meta tags.
    static let head = """
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        {{#nameTags}}
        <meta name="{{name}}" content="{{content}}">
        {{/nameTags}}
        {{#appLinkTags}}
        {{{.}}}
        {{/appLinkTags}}
        {{#openGraphTags}}
        <meta property="{{property}}" content="{{content}}">
        {{/openGraphTags}}
        <style>
        body{font-family:-apple-system,system-ui,sans-serif;margin:0;padding:2rem 1rem;text-align:center;color:#1d1d1f}
        main{max-width:28rem;margin:0 auto}
        img{max-width:100%;border-radius:12px}
        .button{display:block;margin:1rem 0;padding:.9rem;border-radius:10px;background:#0a66ff;color:#fff;text-decoration:none;font-weight:600}
        .secondary{background:#e8e8ed;color:#1d1d1f}
        .note{font-size:.85rem;color:#6e6e73;margin-top:-.5rem}
        </style>

        """

    /// The landing page: preview, "Open in app", the store and the web fallback.
    static let landing = """
        <!doctype html>
        <html lang="en">
        <head>
        {{> head}}
        </head>
        <body>
        <main>
        {{#imageURL}}<img src="{{imageURL}}" alt="">{{/imageURL}}
        <h1>{{title}}</h1>
        {{#description}}<p>{{description}}</p>{{/description}}
        <a class="button" href="{{openURL}}">Open in app</a>
        {{#appStoreURL}}<a class="button secondary" href="{{appStoreURL}}" data-store="apple"{{#copyText}} data-copy="{{copyText}}"{{/copyText}}{{#collectsSignals}} data-signals="1"{{/collectsSignals}}>Get it on the App Store</a>{{#copyText}}<p class="note">This button also copies the link, so the app can open it after you install it.</p>{{/copyText}}{{/appStoreURL}}
        {{#iosFallbackURL}}<a class="button secondary" href="{{iosFallbackURL}}">Get the iPhone app</a>{{/iosFallbackURL}}
        {{#playStoreURL}}<a class="button secondary" href="{{playStoreURL}}" data-store="google"{{#collectsSignals}} data-signals="1"{{/collectsSignals}}>Get it on Google Play</a>{{/playStoreURL}}
        {{#androidFallbackURL}}<a class="button secondary" href="{{androidFallbackURL}}">Get the Android app</a>{{/androidFallbackURL}}
        {{#webURL}}<a class="button secondary" href="{{webURL}}">Continue in the browser</a>{{/webURL}}
        </main>
        {{#script}}<script>{{{script}}}</script>{{/script}}
        </body>
        </html>

        """

    /// Only the `al:*` tags, for `Prefer-Html-Meta-Tags: al`.
    static let appLinksOnly = """
        <!doctype html>
        <html>
        <head>
        {{#appLinkTags}}
        {{{.}}}
        {{/appLinkTags}}
        </head>
        <body></body>
        </html>

        """

    /// The page for unknown and expired links.
    static let problem = """
        <!doctype html>
        <html lang="en">
        <head>
        {{> head}}
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

    /// The landing page's only script, allowed by its SHA-256 in the page's Content-Security-Policy.
    /// It reads no page data but the store buttons' own attributes. On a tap of a store button it
    /// adds the time zone and screen size to the store link for `data-signals` (probabilistic
    /// matching), and for `data-copy` (the iOS pasteboard flow) holds the navigation until the
    /// link is on the pasteboard, or 800 ms have passed, so the copy is not lost to the page
    /// change. Both are opt-in in the config's `deferred` section; without them the page has no
    /// script. The query it rewrites is form-encoded, which the store hop reads.
    static let storeButtonScript = """
        document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("a[data-store]");if(!a)return;\
        if(a.dataset.signals){var u=new URL(a.href,location.href),r=window.devicePixelRatio||1;\
        try{u.searchParams.set("tz",Intl.DateTimeFormat().resolvedOptions().timeZone)}catch(x){}\
        u.searchParams.set("screen",Math.round(screen.width*r)+"x"+Math.round(screen.height*r));a.href=u.toString()}\
        if(a.dataset.copy&&navigator.clipboard){e.preventDefault();var go=function(){location.href=a.href};\
        Promise.race([navigator.clipboard.writeText(a.dataset.copy),new Promise(function(d){setTimeout(d,800)})]).then(go,go)}});
        """

    /// The `script-src` source that allows ``storeButtonScript`` and nothing else.
    static let storeButtonScriptSource: String = {
        let digest = SHA256.hash(data: Array(storeButtonScript.utf8))
        return "'sha256-\(Data(digest).base64EncodedString())'"
    }()
}
