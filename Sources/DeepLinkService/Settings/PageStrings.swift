import Foundation

/// Every text the public pages show, in one language. `Sendable`.
///
/// The table ``all`` is the one place translations live: add a language by adding an entry,
/// and the config's `pages.language` accepts it. Texts say what happened in plain words; the
/// technical reason for a problem page goes to the server's log, never to the page.
package struct PageStrings: Sendable {
    /// The button that opens the deep link in the installed app.
    package let openInApp: String
    /// The App Store button.
    package let appStore: String
    /// The Google Play button.
    package let googlePlay: String
    /// The button to the link's own page for iPhone users without the app.
    package let iosFallback: String
    /// The button to the link's own page for Android users without the app.
    package let androidFallback: String
    /// The button to the link's web fallback.
    package let continueInBrowser: String
    /// Under the App Store button when it also copies the link (the pasteboard flow).
    package let copiesLinkNote: String
    /// The page's title when the link has no preview title.
    package let defaultTitle: String
    /// The heading beside the desktop page's QR code.
    package let scanTitle: String
    /// What to do with the QR code.
    package let scanHint: String
    /// The QR code's accessible name, given the URL it encodes.
    package let qrCodeLabel: @Sendable (String) -> String
    /// Before the store links on the desktop page.
    package let getTheApp: String
    /// The store links' names on the desktop page.
    package let appStoreName: String
    package let googlePlayName: String
    /// The desktop page's names for a link's own iOS and Android fallbacks, which replace its stores.
    package let iPhoneAppName: String
    package let androidAppName: String
    /// An unknown code, or a path the server does not serve.
    package let notFoundTitle: String
    package let notFoundMessage: String
    /// An expired link, given its expiry day when known, already formatted.
    package let expiredTitle: String
    package let expiredMessage: @Sendable (String?) -> String
    /// The database did not answer.
    package let unavailableTitle: String
    package let unavailableMessage: String
    /// A Firebase long link with a value the server refuses.
    package let invalidTitle: String
    package let invalidMessage: String
    /// A store link that names no store, or a store the link has no app in.
    package let storeMissingTitle: String
    package let storeMissingMessage: String
    /// The problem pages' button to the website, given its host.
    package let goToWebsite: @Sendable (String) -> String
    /// A password link's page: its heading, what to do, the field's label and the button.
    package var passwordTitle = ""
    package var passwordMessage = ""
    package var passwordLabel = ""
    package var passwordButton = ""
    /// A wrong password.
    package var passwordWrong = ""
    /// Too many wrong passwords from the visitor's address, given the seconds to wait.
    package var passwordTooMany: @Sendable (Int) -> String = { _ in "" }

    /// The pages' texts by language tag. English is the default.
    package static let all: [String: PageStrings] = [
        "en": .english, "de": .german, "fr": .french, "es": .spanish, "it": .italian, "pt": .portuguese, "ja": .japanese,
        "zh-Hans": .simplifiedChinese,
    ]

    /// The languages with texts, each with the tags that mean it too: Simplified Chinese is what
    /// `zh`, `zh-CN` and `zh-SG` read (``LanguageTag/lookup(_:in:defaultTag:)`` keeps Traditional
    /// Chinese regions from it).
    package static let available: [(tag: String, aliases: [String])] = [
        ("en", []), ("de", []), ("fr", []), ("es", []), ("it", []), ("pt", []), ("ja", []), ("zh-Hans", ["zh", "zh-CN", "zh-SG", "zh-MY"]),
    ]

    /// The language with texts that a BCP 47 tag reads as, by RFC 4647's lookup (`de-CH` reads
    /// German, `zh-CN` Simplified Chinese), or `nil`.
    /// - Parameter tag: The tag.
    package static func language(for tag: String) -> String? {
        let found = LanguageTag.lookup([tag], in: available, defaultTag: "")
        return found.isEmpty ? nil : found
    }

    /// The texts for a BCP 47 tag that reads as a language with texts (``language(for:)``), or `nil`.
    static func forLanguage(_ tag: String) -> PageStrings? {
        language(for: tag).flatMap { all[$0] }
    }

    /// A day as the language writes it in full (`31 December 2026`), in UTC, the zone expiries are stored in.
    package static func day(_ date: Date, language: String) -> String {
        let day = date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: language), timeZone: .gmt))
        // French writes the first of a month as an ordinal: « le 1er décembre », which the format does not.
        if PageStrings.language(for: language) == "fr", day.hasPrefix("1 ") { return "1er" + day.dropFirst() }
        return day
    }

    static let english = PageStrings(
        openInApp: "Open in app",
        appStore: "Download on the App Store",
        googlePlay: "Get it on Google Play",
        iosFallback: "Get the iPhone app",
        androidFallback: "Get the Android app",
        continueInBrowser: "Continue in the browser",
        copiesLinkNote: "This button also copies the link, so the app can open it after you install it.",
        defaultTitle: "Open in the app",
        scanTitle: "Open on your phone",
        scanHint: "Point your phone’s camera at the code to open this link in the app.",
        qrCodeLabel: { "QR code for \($0)" },
        getTheApp: "Get the app:",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "iPhone app",
        androidAppName: "Android app",
        notFoundTitle: "Link not found",
        notFoundMessage: "There is no link at this address. Check that it was copied completely.",
        expiredTitle: "Link expired",
        expiredMessage: { day in day.map { "This link expired on \($0) and can no longer be opened." } ?? "This link has expired and can no longer be opened." },
        unavailableTitle: "Try again in a moment",
        unavailableMessage: "This link cannot be opened right now. Please try again in a moment.",
        invalidTitle: "This link is not valid",
        invalidMessage: "This link is incomplete or was changed, so it cannot be opened. Ask whoever sent it for a new one.",
        storeMissingTitle: "Not available in this store",
        storeMissingMessage: "This link does not lead to an app in that store. Open the link itself to see where it leads.",
        goToWebsite: { "Go to \($0)" })
    .withPassword(
        title: "This link is protected", message: "Enter the password you were given to open it.", label: "Password", button: "Open the link",
        wrong: "That password is not right. Check it and try again.", tooMany: { "Too many tries. Try again in \($0) seconds." })

    static let german = PageStrings(
        openInApp: "In der App öffnen",
        appStore: "Laden im App Store",
        googlePlay: "Jetzt bei Google Play",
        iosFallback: "Die iPhone-App holen",
        androidFallback: "Die Android-App holen",
        continueInBrowser: "Im Browser fortfahren",
        copiesLinkNote: "Diese Schaltfläche kopiert auch den Link, damit die App ihn nach der Installation öffnen kann.",
        defaultTitle: "In der App öffnen",
        scanTitle: "Auf dem Smartphone öffnen",
        scanHint: "Richten Sie die Kamera Ihres Smartphones auf den Code, um diesen Link in der App zu öffnen.",
        qrCodeLabel: { "QR-Code für \($0)" },
        getTheApp: "Die App laden:",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "iPhone-App",
        androidAppName: "Android-App",
        notFoundTitle: "Link nicht gefunden",
        notFoundMessage: "Unter dieser Adresse gibt es keinen Link. Prüfen Sie, ob er vollständig kopiert wurde.",
        expiredTitle: "Link abgelaufen",
        expiredMessage: { day in day.map { "Dieser Link ist am \($0) abgelaufen und kann nicht mehr geöffnet werden." } ?? "Dieser Link ist abgelaufen und kann nicht mehr geöffnet werden." },
        unavailableTitle: "Gleich noch einmal versuchen",
        unavailableMessage: "Dieser Link kann gerade nicht geöffnet werden. Bitte versuchen Sie es gleich noch einmal.",
        invalidTitle: "Dieser Link ist ungültig",
        invalidMessage: "Dieser Link ist unvollständig oder wurde verändert und kann nicht geöffnet werden. Bitten Sie den Absender um einen neuen.",
        storeMissingTitle: "In diesem Store nicht erhältlich",
        storeMissingMessage: "Dieser Link führt zu keiner App in diesem Store. Öffnen Sie den Link selbst, um zu sehen, wohin er führt.",
        goToWebsite: { "Weiter zu \($0)" })
    .withPassword(
        title: "Dieser Link ist geschützt", message: "Geben Sie das Passwort ein, das Sie erhalten haben, um ihn zu öffnen.", label: "Passwort", button: "Link öffnen",
        wrong: "Das Passwort ist nicht richtig. Bitte prüfen Sie es und versuchen Sie es erneut.", tooMany: { "Zu viele Versuche. Versuchen Sie es in \($0) Sekunden erneut." })

    static let french = PageStrings(
        openInApp: "Ouvrir dans l’app",
        appStore: "Télécharger dans l’App Store",
        googlePlay: "Disponible sur Google Play",
        iosFallback: "Obtenir l’app iPhone",
        androidFallback: "Obtenir l’app Android",
        continueInBrowser: "Continuer dans le navigateur",
        copiesLinkNote: "Ce bouton copie aussi le lien, pour que l’app puisse l’ouvrir une fois installée.",
        defaultTitle: "Ouvrir dans l’app",
        scanTitle: "Ouvrir sur votre téléphone",
        scanHint: "Pointez l’appareil photo de votre téléphone vers le code pour ouvrir ce lien dans l’app.",
        qrCodeLabel: { "Code QR de \($0)" },
        getTheApp: "Obtenir l’app :",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "App iPhone",
        androidAppName: "App Android",
        notFoundTitle: "Lien introuvable",
        notFoundMessage: "Aucun lien ne se trouve à cette adresse. Vérifiez qu’elle a été copiée en entier.",
        expiredTitle: "Lien expiré",
        expiredMessage: { day in day.map { "Ce lien a expiré le \($0) et ne peut plus être ouvert." } ?? "Ce lien a expiré et ne peut plus être ouvert." },
        unavailableTitle: "Réessayez dans un instant",
        unavailableMessage: "Ce lien ne peut pas être ouvert pour le moment. Veuillez réessayer dans un instant.",
        invalidTitle: "Ce lien n’est pas valide",
        invalidMessage: "Ce lien est incomplet ou a été modifié et ne peut donc pas être ouvert. Demandez-en un nouveau à la personne qui vous l’a envoyé.",
        storeMissingTitle: "Indisponible sur cette boutique",
        storeMissingMessage: "Ce lien ne mène à aucune app de cette boutique. Ouvrez le lien lui-même pour voir où il mène.",
        goToWebsite: { "Aller sur \($0)" })
    .withPassword(
        title: "Ce lien est protégé", message: "Saisissez le mot de passe qui vous a été communiqué pour l’ouvrir.", label: "Mot de passe", button: "Ouvrir le lien",
        wrong: "Ce mot de passe n’est pas le bon. Vérifiez-le et réessayez.", tooMany: { "Trop de tentatives. Réessayez dans \($0) secondes." })

    static let spanish = PageStrings(
        openInApp: "Abrir en la app",
        appStore: "Descargar en el App Store",
        googlePlay: "Disponible en Google Play",
        iosFallback: "Descargar la app para iPhone",
        androidFallback: "Descargar la app para Android",
        continueInBrowser: "Continuar en el navegador",
        copiesLinkNote: "Este botón también copia el enlace, para que la app pueda abrirlo cuando la instales.",
        defaultTitle: "Abrir en la app",
        scanTitle: "Abrir en tu teléfono",
        scanHint: "Apunta la cámara de tu teléfono al código para abrir este enlace en la app.",
        qrCodeLabel: { "Código QR de \($0)" },
        getTheApp: "Descarga la app:",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "App para iPhone",
        androidAppName: "App para Android",
        notFoundTitle: "Enlace no encontrado",
        notFoundMessage: "No hay ningún enlace en esta dirección. Comprueba que se haya copiado completo.",
        expiredTitle: "Enlace caducado",
        expiredMessage: { day in day.map { "Este enlace caducó el \($0) y ya no se puede abrir." } ?? "Este enlace ha caducado y ya no se puede abrir." },
        unavailableTitle: "Vuelve a intentarlo en un momento",
        unavailableMessage: "Ahora mismo no se puede abrir este enlace. Vuelve a intentarlo en un momento.",
        invalidTitle: "Este enlace no es válido",
        invalidMessage: "Este enlace está incompleto o se ha modificado, así que no se puede abrir. Pide uno nuevo a quien te lo envió.",
        storeMissingTitle: "No disponible en esta tienda",
        storeMissingMessage: "Este enlace no lleva a ninguna app de esta tienda. Abre el propio enlace para ver adónde lleva.",
        goToWebsite: { "Ir a \($0)" })
    .withPassword(
        title: "Este enlace está protegido", message: "Introduce la contraseña que te dieron para abrirlo.", label: "Contraseña", button: "Abrir el enlace",
        wrong: "La contraseña no es correcta. Revísala e inténtalo de nuevo.", tooMany: { "Demasiados intentos. Vuelve a intentarlo dentro de \($0) segundos." })

    static let italian = PageStrings(
        openInApp: "Apri nell’app",
        appStore: "Scarica su App Store",
        googlePlay: "Disponibile su Google Play",
        iosFallback: "Scarica l’app per iPhone",
        androidFallback: "Scarica l’app per Android",
        continueInBrowser: "Continua nel browser",
        copiesLinkNote: "Questo pulsante copia anche il link, così l’app potrà aprirlo dopo l’installazione.",
        defaultTitle: "Apri nell’app",
        scanTitle: "Apri sul telefono",
        scanHint: "Inquadra il codice con la fotocamera del telefono per aprire questo link nell’app.",
        qrCodeLabel: { "Codice QR per \($0)" },
        getTheApp: "Scarica l’app:",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "App per iPhone",
        androidAppName: "App per Android",
        notFoundTitle: "Link non trovato",
        notFoundMessage: "A questo indirizzo non c’è nessun link. Controlla che sia stato copiato per intero.",
        expiredTitle: "Link scaduto",
        expiredMessage: { day in day.map { "Questo link è scaduto in data \($0) e non può più essere aperto." } ?? "Questo link è scaduto e non può più essere aperto." },
        unavailableTitle: "Riprova tra poco",
        unavailableMessage: "Al momento questo link non può essere aperto. Riprova tra poco.",
        invalidTitle: "Questo link non è valido",
        invalidMessage: "Questo link è incompleto o è stato modificato, quindi non può essere aperto. Chiedine uno nuovo a chi te l’ha inviato.",
        storeMissingTitle: "Non disponibile in questo store",
        storeMissingMessage: "Questo link non porta a nessuna app in questo store. Apri il link stesso per vedere dove porta.",
        goToWebsite: { "Vai su \($0)" })
    .withPassword(
        title: "Questo link è protetto", message: "Inserisci la password che hai ricevuto per aprirlo.", label: "Password", button: "Apri il link",
        wrong: "La password non è corretta. Controllala e riprova.", tooMany: { "Troppi tentativi. Riprova tra \($0) secondi." })

    static let portuguese = PageStrings(
        openInApp: "Abrir no app",
        appStore: "Baixar na App Store",
        googlePlay: "Disponível no Google Play",
        iosFallback: "Baixar o app para iPhone",
        androidFallback: "Baixar o app para Android",
        continueInBrowser: "Continuar no navegador",
        copiesLinkNote: "Este botão também copia o link, para que o app possa abri-lo depois de instalado.",
        defaultTitle: "Abrir no app",
        scanTitle: "Abrir no telefone",
        scanHint: "Para abrir este link no app, aponte a câmera do telefone para o código.",
        qrCodeLabel: { "Código QR de \($0)" },
        getTheApp: "Baixe o app:",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "App para iPhone",
        androidAppName: "App para Android",
        notFoundTitle: "Link não encontrado",
        notFoundMessage: "Não há nenhum link neste endereço. Verifique se ele foi copiado por completo.",
        expiredTitle: "Link expirado",
        expiredMessage: { day in day.map { "Este link expirou em \($0) e não pode mais ser aberto." } ?? "Este link expirou e não pode mais ser aberto." },
        unavailableTitle: "Tente novamente em instantes",
        unavailableMessage: "Não é possível abrir este link agora. Tente novamente em instantes.",
        invalidTitle: "Este link não é válido",
        invalidMessage: "Este link está incompleto ou foi alterado, por isso não pode ser aberto. Peça um novo a quem o enviou.",
        storeMissingTitle: "Indisponível nesta loja",
        storeMissingMessage: "Este link não leva a nenhum app nesta loja. Abra o próprio link para ver aonde ele leva.",
        goToWebsite: { "Ir para \($0)" })
    .withPassword(
        title: "Este link é protegido", message: "Digite a senha que você recebeu para abri-lo.", label: "Senha", button: "Abrir o link",
        wrong: "Essa senha não está correta. Verifique e tente novamente.", tooMany: { "Muitas tentativas. Tente novamente em \($0) segundos." })

    static let japanese = PageStrings(
        openInApp: "アプリで開く",
        appStore: "App Storeからダウンロード",
        googlePlay: "Google Play で手に入れよう",
        iosFallback: "iPhone版アプリを入手",
        androidFallback: "Android版アプリを入手",
        continueInBrowser: "ブラウザで続ける",
        copiesLinkNote: "このボタンを押すとリンクもコピーされ、インストール後にアプリでこのリンクを開けます。",
        defaultTitle: "アプリで開く",
        scanTitle: "スマートフォンで開く",
        scanHint: "スマートフォンのカメラをこのコードに向けると、このリンクをアプリで開けます。",
        qrCodeLabel: { "\($0) のQRコード" },
        getTheApp: "アプリを入手：",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "iPhone版アプリ",
        androidAppName: "Android版アプリ",
        notFoundTitle: "リンクが見つかりません",
        notFoundMessage: "このアドレスのリンクは見つかりませんでした。アドレスが最後まで正しくコピーされているか確認してください。",
        expiredTitle: "リンクの有効期限が切れています",
        expiredMessage: { day in day.map { "このリンクは\($0)に有効期限が切れたため、開くことができません。" } ?? "このリンクは有効期限が切れたため、開くことができません。" },
        unavailableTitle: "しばらくしてからもう一度お試しください",
        unavailableMessage: "現在このリンクを開くことができません。しばらくしてからもう一度お試しください。",
        invalidTitle: "このリンクは無効です",
        invalidMessage: "このリンクは不完全であるか、変更されているため、開くことができません。送信者に新しいリンクを送ってもらってください。",
        storeMissingTitle: "このストアでは入手できません",
        storeMissingMessage: "このストアには、このリンクに対応するアプリがありません。リンクを直接開いて、リンク先を確認してください。",
        goToWebsite: { "\($0) へ移動" })
    .withPassword(
        title: "このリンクは保護されています", message: "開くには、受け取ったパスワードを入力してください。", label: "パスワード", button: "リンクを開く",
        wrong: "パスワードが正しくありません。確認して、もう一度お試しください。", tooMany: { "試行回数が多すぎます。\($0)秒後にもう一度お試しください。" })

    static let simplifiedChinese = PageStrings(
        openInApp: "在 App 中打开",
        appStore: "在 App Store 下载",
        googlePlay: "下载应用，请到 Google Play",
        iosFallback: "获取 iPhone 版 App",
        androidFallback: "获取 Android 版 App",
        continueInBrowser: "在浏览器中继续",
        copiesLinkNote: "此按钮还会复制链接，这样安装 App 后即可打开该链接。",
        defaultTitle: "在 App 中打开",
        scanTitle: "在手机上打开",
        scanHint: "将手机摄像头对准此二维码，即可在 App 中打开此链接。",
        qrCodeLabel: { "\($0) 的二维码" },
        getTheApp: "获取 App：",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "iPhone 版 App",
        androidAppName: "Android 版 App",
        notFoundTitle: "找不到链接",
        notFoundMessage: "此地址下没有对应的链接。请检查链接是否已完整复制。",
        expiredTitle: "链接已过期",
        expiredMessage: { day in day.map { "此链接已于\($0)过期，无法再打开。" } ?? "此链接已过期，无法再打开。" },
        unavailableTitle: "请稍后再试",
        unavailableMessage: "此链接暂时无法打开，请稍后再试。",
        invalidTitle: "此链接无效",
        invalidMessage: "此链接不完整或已被修改，因此无法打开。请联系发送者获取新链接。",
        storeMissingTitle: "此应用商店中没有该 App",
        storeMissingMessage: "此链接在该应用商店中没有对应的 App。请直接打开链接，查看链接指向的页面。",
        goToWebsite: { "前往 \($0)" })
    .withPassword(
        title: "此链接受密码保护", message: "请输入您收到的密码以打开此链接。", label: "密码", button: "打开链接",
        wrong: "密码不正确，请检查后重试。", tooMany: { "尝试次数过多，请在 \($0) 秒后重试。" })
}

extension PageStrings {
    /// The strings with a password page's texts.
    func withPassword(title: String, message: String, label: String, button: String, wrong: String, tooMany: @escaping @Sendable (Int) -> String)
        -> PageStrings
    {
        var strings = self
        strings.passwordTitle = title
        strings.passwordMessage = message
        strings.passwordLabel = label
        strings.passwordButton = button
        strings.passwordWrong = wrong
        strings.passwordTooMany = tooMany
        return strings
    }
}
