import DeepLinkService
import Crypto
import Foundation

/// The Mustache templates of the public pages. `{{name}}` escapes HTML (`& < > " '`), so values
/// are safe in text and in quoted attributes; only the constant scripts, the `al:*` tags, which
/// `DeepLinkAppLinks` writes escaped, and the QR code's SVG, which `DeepLinkQRCode` draws with
/// its title escaped, go in unescaped. Pages work without JavaScript; scripts only add to them.
/// Their look is in ``PageStylesheet``, served as `/assets/pages.css`.
enum PageTemplates {
    /// The partial every page's `<head>` includes: charset, viewport, colours, title, stylesheet, icon and meta tags.
    static let head = """
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="light dark">
        <meta name="theme-color" content="{{themeColor}}">
        <title>{{title}}</title>
        <link rel="stylesheet" href="{{stylesheetPath}}">
        {{#iconURL}}
        <link rel="icon" href="{{iconURL}}">
        <link rel="apple-touch-icon" href="{{iconURL}}">
        {{/iconURL}}
        {{#nameTags}}
        <meta name="{{name}}" content="{{content}}">
        {{/nameTags}}
        {{#appLinkTags}}
        {{{.}}}
        {{/appLinkTags}}
        {{#openGraphTags}}
        <meta property="{{property}}" content="{{content}}">
        {{/openGraphTags}}

        """

    /// The partial at the top of every page: the app's icon and name, when the config has them.
    static let brand = """
        {{#hasBrand}}
        <header class="brand">{{#iconURL}}<img class="icon" src="{{iconURL}}" alt="" width="44" height="44">{{/iconURL}}{{#appName}}<span>{{appName}}</span>{{/appName}}</header>
        {{/hasBrand}}

        """

    /// The partial with a phone's buttons: "Open in app", the store (or the link's own page for
    /// people without the app) and the web fallback. The iPhone page and the iPad part of the
    /// desktop page share it.
    static let phoneActions = """
        <div class="actions">
        <a class="button" href="{{openURL}}">{{t.openInApp}}</a>
        {{#appStoreURL}}
        <a class="button secondary" href="{{appStoreURL}}" data-store="apple"{{#copyText}} data-copy="{{copyText}}"{{/copyText}}{{#collectsSignals}} data-signals="1"{{/collectsSignals}}>{{t.appStore}}</a>
        {{#copyText}}
        <p class="note">{{t.copiesLinkNote}}</p>
        {{/copyText}}
        {{/appStoreURL}}
        {{#iosFallbackURL}}
        <a class="button secondary" href="{{iosFallbackURL}}">{{t.iosFallback}}</a>
        {{/iosFallbackURL}}
        {{#playStoreURL}}
        <a class="button secondary" href="{{playStoreURL}}" data-store="google"{{#collectsSignals}} data-signals="1"{{/collectsSignals}}>{{t.googlePlay}}</a>
        {{/playStoreURL}}
        {{#androidFallbackURL}}
        <a class="button secondary" href="{{androidFallbackURL}}">{{t.androidFallback}}</a>
        {{/androidFallbackURL}}
        {{#webURL}}
        <a class="link" href="{{webURL}}">{{t.continueInBrowser}}</a>
        {{/webURL}}
        </div>

        """

    /// The landing page: the preview, then a phone's buttons, or on a desktop the QR code to
    /// open the link on a phone. A desktop page for a Mac's `User-Agent` also carries the iPad's
    /// buttons, hidden, which ``platformScript`` shows on a touch screen.
    static let landing = """
        <!doctype html>
        <html lang="{{language}}">
        <head>
        {{> head}}
        </head>
        <body>
        <main class="card{{#desktop}} wide{{/desktop}}">
        {{> brand}}
        {{#imageURL}}
        <img class="preview" src="{{imageURL}}" alt="">
        {{/imageURL}}
        <h1 dir="auto">{{title}}</h1>
        {{#description}}
        <p dir="auto">{{description}}</p>
        {{/description}}
        {{#phone}}
        {{> phoneActions}}
        {{/phone}}
        {{#desktop}}
        <section class="scan" data-platform="desktop">
        {{#qrSVG}}
        <div class="qr">{{{qrSVG}}}</div>
        {{/qrSVG}}
        <div class="scan-text">
        <h2>{{t.scanTitle}}</h2>
        <p class="hint">{{t.scanHint}}</p>
        {{#stores}}
        <p class="stores">{{t.getTheApp}} {{#ios}}<a href="{{url}}">{{name}}</a>{{/ios}}{{#both}} · {{/both}}{{#android}}<a href="{{url}}">{{name}}</a>{{/android}}</p>
        {{/stores}}
        </div>
        </section>
        {{#iPad}}
        <section data-platform="ios" hidden>
        {{> phoneActions}}
        </section>
        {{/iPad}}
        {{/desktop}}
        </main>
        {{#scripts}}
        <script>{{{.}}}</script>
        {{/scripts}}
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

    /// The page for unknown, expired and broken links: what happened in plain words and the way to the website.
    static let problem = """
        <!doctype html>
        <html lang="{{language}}">
        <head>
        {{> head}}
        </head>
        <body>
        <main class="card problem">
        {{> brand}}
        <div class="symbol" aria-hidden="true">{{{symbol}}}</div>
        <h1>{{title}}</h1>
        <p>{{message}}</p>
        {{#homeURL}}
        <div class="actions"><a class="button" href="{{homeURL}}">{{homeLabel}}</a></div>
        {{/homeURL}}
        </main>
        </body>
        </html>

        """

    /// The landing page's store-button script, allowed by its SHA-256 in the page's
    /// Content-Security-Policy. It reads no page data but the store buttons' own attributes. On a
    /// tap of a store button it adds the time zone and screen size to the store link for
    /// `data-signals` (probabilistic matching), and for `data-copy` (the iOS pasteboard flow) holds
    /// the navigation until the link is on the pasteboard, or 800 ms have passed, so the copy is
    /// not lost to the page change. Both are opt-in in the config's `deferred` section; without
    /// them the page has no such script. The query it rewrites is form-encoded, which the store hop reads.
    static let storeButtonScript = """
        document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("a[data-store]");if(!a)return;\
        if(a.dataset.signals){var u=new URL(a.href,location.href),r=window.devicePixelRatio||1;\
        try{u.searchParams.set("tz",Intl.DateTimeFormat().resolvedOptions().timeZone)}catch(x){}\
        u.searchParams.set("screen",Math.round(screen.width*r)+"x"+Math.round(screen.height*r));a.href=u.toString()}\
        if(a.dataset.copy&&navigator.clipboard){e.preventDefault();var go=function(){location.href=a.href};\
        Promise.race([navigator.clipboard.writeText(a.dataset.copy),new Promise(function(d){setTimeout(d,800)})]).then(go,go)}});
        """

    /// The desktop page's script for a Mac's `User-Agent`, allowed by its SHA-256: Safari on an
    /// iPad sends the same `User-Agent` but has a touch screen, so there it shows the iPad's
    /// buttons instead of the QR code. Macs report no touch points.
    static let platformScript = """
        if(navigator.maxTouchPoints>1){document.querySelectorAll("[data-platform]").forEach(function(s){s.hidden=s.dataset.platform!=="ios"})}
        """

    /// The `script-src` sources that allow ``storeButtonScript`` and ``platformScript`` and nothing else.
    static let scriptSources: String = [storeButtonScript, platformScript].map { script in
        "'sha256-\(Data(SHA256.hash(data: Array(script.utf8))).base64EncodedString())'"
    }.joined(separator: " ")
}
