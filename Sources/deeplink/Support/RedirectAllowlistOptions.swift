import ArgumentParser

/// `--allow-redirect-host HOST`, shared by `serve` and `import firebase` so that an import
/// accepts exactly the fallback URLs the server will redirect to.
struct RedirectAllowlistOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Another host links may redirect to; *.example.com allows subdomains. Repeatable.", valueName: "host"))
    var allowRedirectHost: [String] = []
}
