import DeepLinkService
import Crypto
import Foundation

/// The public pages' one stylesheet, served as `/assets/pages.css`: the page's Content-Security-
/// Policy allows styles from the server itself and nothing inline. It is made once from the
/// config's theme colour, with the text colours that keep it readable, light and dark
/// (`prefers-color-scheme`). A `Sendable` value.
struct PageStylesheet: Sendable {
    /// The CSS.
    let text: String
    /// A short hash of ``text``: the ETag, and the `v` query of ``path`` that changes with it.
    let version: String

    /// The path pages link to; its `v` changes whenever the CSS does, so it can be cached for long.
    var path: String { "/assets/pages.css?v=\(version)" }
    /// The `ETag` header's value.
    var etag: String { "\"\(version)\"" }

    /// Makes the stylesheet for a theme colour.
    /// - Parameter themeColor: `#rrggbb`, as ``PageSettings`` checked it.
    init(themeColor: String) {
        let theme = Self.rgb(themeColor)
        let white = (1.0, 1.0, 1.0)
        let nearBlack = Self.rgb("#111114")
        let onTheme = Self.contrast(theme, white) >= Self.contrast(theme, nearBlack) ? "#ffffff" : "#111114"
        // Links and symbols take the theme's colour where it is readable as text (WCAG AA,
        // 4.5:1): as it is on the light card, lightened on the dark one; otherwise the text's.
        let accentLight = Self.contrast(theme, white) >= 4.5 ? themeColor : "var(--text)"
        let lightened = (theme.0 * 0.7 + 0.3, theme.1 * 0.7 + 0.3, theme.2 * 0.7 + 0.3)
        let accentDark = Self.contrast(lightened, Self.rgb("#1c1c1e")) >= 4.5 ? Self.hex(lightened) : "var(--text)"
        text = """
            :root{--theme:\(themeColor);--on-theme:\(onTheme);--accent:\(accentLight);--bg:#f2f2f7;--card:#fff;--text:#1c1c1e;\
            --muted:#6c6c70;--fill:#ececf1;--line:rgba(0,0,0,.08);--shadow:0 1px 2px rgba(0,0,0,.04),0 16px 40px rgba(0,0,0,.08);color-scheme:light dark}
            @media (prefers-color-scheme:dark){:root{--accent:\(accentDark);--bg:#000;--card:#1c1c1e;--text:#f5f5f7;--muted:#a1a1a6;\
            --fill:#2c2c2e;--line:rgba(255,255,255,.1);--shadow:none}}
            *{box-sizing:border-box}
            [hidden]{display:none!important}
            html{-webkit-text-size-adjust:100%}
            body{margin:0;min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;justify-content:center;\
            padding:max(24px,env(safe-area-inset-top)) 16px max(24px,env(safe-area-inset-bottom));background-color:var(--bg);\
            background-image:radial-gradient(120% 55% at 50% 0%,color-mix(in srgb,var(--theme) 16%,transparent),transparent 70%);\
            color:var(--text);font:16px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Helvetica,Arial,sans-serif;\
            -webkit-font-smoothing:antialiased;text-align:center}
            .card{width:100%;max-width:400px;background:var(--card);border-radius:28px;padding:28px 24px 24px;box-shadow:var(--shadow);\
            border:1px solid var(--line)}
            .card.wide{max-width:640px;padding:32px 40px 36px}
            .wide .preview{max-height:280px}
            .brand{display:flex;align-items:center;justify-content:center;gap:10px;margin:0 0 22px;font-weight:600;font-size:17px}
            .brand .icon{display:block;max-width:44px;max-height:44px;border-radius:10px;filter:drop-shadow(0 0 .5px var(--line))}
            .preview{display:block;width:100%;max-height:340px;object-fit:cover;border-radius:16px;margin:0 0 22px}
            h1{font-size:24px;line-height:1.25;font-weight:700;letter-spacing:-.01em;margin:0 0 8px;overflow-wrap:anywhere}
            h1+p{color:var(--muted);margin:0;overflow-wrap:anywhere}
            h2{font-size:19px;line-height:1.3;margin:0 0 6px}
            .actions{display:flex;flex-direction:column;gap:12px;margin-top:26px}
            .button{display:flex;align-items:center;justify-content:center;min-height:52px;padding:12px 20px;border-radius:14px;\
            background:var(--theme);color:var(--on-theme);font-weight:600;font-size:17px;line-height:1.25;text-decoration:none}
            .button.secondary{background:var(--fill);color:var(--text)}
            .button:active{opacity:.8}
            .link{display:block;padding:8px;color:var(--accent);font-weight:600;text-decoration:none}
            .note{font-size:13px;color:var(--muted);margin:-4px 8px 4px}
            a:focus-visible{outline:3px solid var(--accent);outline-offset:3px}
            .scan{display:flex;align-items:center;gap:28px;margin-top:28px;padding:24px;border-radius:20px;background:var(--fill);text-align:left}
            .qr{flex:none;width:176px;height:176px;border-radius:14px;overflow:hidden;background:#fff}
            .qr svg{display:block;width:100%;height:100%}
            .hint{color:var(--muted);margin:0}
            .stores{margin:14px 0 0;font-size:15px;color:var(--muted)}
            .stores a{color:var(--accent);font-weight:600;text-decoration:none}
            .symbol{width:64px;height:64px;margin:4px auto 18px;border-radius:50%;display:flex;align-items:center;justify-content:center;\
            color:var(--accent);background:color-mix(in srgb,var(--theme) 14%,transparent)}
            .symbol svg{width:30px;height:30px}
            .password-form{display:flex;flex-direction:column;gap:10px;margin-top:24px;text-align:left}
            .password-form label{font-weight:600;font-size:15px}
            .password-form input{min-height:50px;padding:10px 14px;border-radius:14px;border:1px solid var(--line);background:var(--bg);\
            color:var(--text);font:inherit;font-size:17px}
            .password-form input:focus-visible,.password-form button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
            .password-form .button{border:0;margin-top:6px;cursor:pointer;font-family:inherit}
            .alert{margin:0;padding:10px 14px;border-radius:12px;background:color-mix(in srgb,#d93025 12%,transparent);color:var(--text);font-size:15px}
            .journeys{max-width:760px;text-align:left}
            .journeys .url code{overflow-wrap:anywhere;color:var(--muted)}
            .journey{margin-top:22px;padding-top:18px;border-top:1px solid var(--line)}
            .journey ol{margin:8px 0 0;padding-left:22px}
            .journey li{margin:6px 0;overflow-wrap:anywhere}
            .journey small{color:var(--muted);font-size:13px}
            @media (max-width:560px){.card.wide{padding:28px 24px 24px}.scan{flex-direction:column;text-align:center;gap:18px}}

            """
        let digest = SHA256.hash(data: Array(text.utf8))
        version = digest.prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    /// The red, green and blue of `#rrggbb`, from 0 to 1.
    private static func rgb(_ hex: String) -> (Double, Double, Double) {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return (Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
    }

    /// `#rrggbb` of a colour from 0 to 1.
    private static func hex(_ color: (Double, Double, Double)) -> String {
        "#" + [color.0, color.1, color.2].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
    }

    /// WCAG 2's contrast ratio of two colours, from 1 to 21.
    private static func contrast(_ first: (Double, Double, Double), _ second: (Double, Double, Double)) -> Double {
        func luminance(_ color: (Double, Double, Double)) -> Double {
            func linear(_ channel: Double) -> Double {
                channel <= 0.040_45 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(color.0) + 0.7152 * linear(color.1) + 0.0722 * linear(color.2)
        }
        let (lighter, darker) = (max(luminance(first), luminance(second)), min(luminance(first), luminance(second)))
        return (lighter + 0.05) / (darker + 0.05)
    }
}
