import DeepLinkService

/// The dashboard's stylesheet and its one script, served from `/dashboard/assets/`. No
/// third-party assets. Colours keep WCAG AA contrast (4.5:1 for text) on their backgrounds, in the
/// light scheme and in the dark one, which follows the system's (`prefers-color-scheme`) as the
/// landing pages do; focus is always visible; below 720 px, tables become one card per row.
enum DashboardAssets {
    /// `/dashboard/assets/dashboard.css`.
    static let stylesheet = """
        :root { --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --page: #f6f8fa; --card: #ffffff;
          --accent: #0b5cad; --accent-ink: #ffffff; --accent-hover: #084a8c; --danger: #b42318; --danger-ink: #ffffff; --ok: #1a7f37; --focus: #ffbf47;
          --field: #ffffff; --field-line: #8c959f; --error-bg: #fff1f0; --error-ink: #8a1c12; --notice-bg: #eef6ff; --notice-line: #8fb8e8;
          --warn-bg: #fff8e6; --warn-line: #d4a72c; --badge-bg: #eaeef2; --good-bg: #dafbe1; --good-ink: #116329; --bad-bg: #ffebe9;
          --bad-ink: #8a1c12; --caution-bg: #fff8c5; --caution-ink: #6a4b00; --created-bg: #f0fff4;
          color-scheme: light dark;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 16px; line-height: 1.5; }
        @media (prefers-color-scheme: dark) {
          :root { --ink: #e6edf3; --muted: #9da7b3; --line: #30363d; --page: #0d1117; --card: #161b22;
            --accent: #58a6ff; --accent-ink: #0d1117; --accent-hover: #79b8ff; --danger: #f85149; --danger-ink: #0d1117; --ok: #3fb950;
            --field: #0d1117; --field-line: #6e7681; --error-bg: #3b1218; --error-ink: #ffa198; --notice-bg: #0c2d48; --notice-line: #1f6feb;
            --warn-bg: #3a2a05; --warn-line: #9e6a03; --badge-bg: #30363d; --good-bg: #12361f; --good-ink: #7ee787; --bad-bg: #3b1218;
            --bad-ink: #ffa198; --caution-bg: #3a2a05; --caution-ink: #e3b341; --created-bg: #12361f; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--page); color: var(--ink); }
        a { color: var(--accent); }
        a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, summary:focus-visible {
          outline: 3px solid var(--focus); outline-offset: 2px; box-shadow: 0 0 0 5px var(--ink); }
        .skip { position: absolute; left: -999px; top: 0; background: var(--card); padding: .5rem 1rem; }
        .skip:focus { left: 1rem; }
        .role-viewer .needs-editor { display: none; }
        .role-viewer .needs-admin, .role-editor .needs-admin { display: none; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .bar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1.5rem;
          background: #0d1b2a; color: #ffffff; }
        .bar a { color: #ffffff; text-decoration: none; }
        .logo { font-weight: 700; font-size: 1.15rem; letter-spacing: .02em; }
        .logo-sub { font-weight: 400; color: #c9d1d9; }
        .bar nav { display: flex; gap: .25rem; flex-wrap: wrap; }
        .bar nav a { padding: .35rem .75rem; border-radius: 6px; }
        .bar nav a:hover, .bar nav a[aria-current] { background: #24364a; }
        .signout { margin-left: auto; display: flex; align-items: center; gap: .5rem; }
        .who { color: #c9d1d9; font-size: .9rem; }
        main { max-width: 1100px; margin: 0 auto; padding: 1.5rem; }
        h1 { font-size: 1.6rem; margin: .25rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
        .heading { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .75rem; }
        .heading-actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-bottom: .75rem; }
        .buttons { display: flex; flex-wrap: wrap; gap: .5rem; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1.25rem; margin: 0 0 1.25rem; }
        .card.narrow { max-width: 28rem; margin: 2rem auto; }
        .card.inline, .search { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .75rem; }
        .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1.25rem; }
        .grid > .card { margin: 0; }
        .grid + .card, .grid + section { margin-top: 1.25rem; }
        .field { display: flex; flex-direction: column; gap: .25rem; margin: 0 0 .9rem; min-width: 10rem; }
        .search .field, .card.inline .field { margin: 0; }
        .field.grow { flex: 1 1 16rem; }
        label { font-weight: 600; font-size: .95rem; }
        .required { font-weight: 400; color: var(--muted); }
        input, select, textarea { font: inherit; color: var(--ink); background: var(--field); border: 1px solid var(--field-line); border-radius: 6px;
          padding: .5rem .65rem; width: 100%; min-height: 2.5rem; }
        input[readonly] { background: var(--page); }
        .invalid input, .invalid textarea { border-color: var(--danger); border-width: 2px; }
        fieldset .field.wide { grid-column: 1 / -1; }
        textarea.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .875rem; resize: vertical; }
        .field-error { color: var(--danger); font-weight: 600; margin: 0; }
        .hint { color: var(--muted); font-size: .875rem; margin: 0; }
        fieldset { border: 0; padding: 0; margin: 0 0 1.25rem; display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 0 1.25rem; }
        legend { font-weight: 700; font-size: 1.05rem; margin-bottom: .75rem; }
        label.check { display: flex; gap: .5rem; align-items: baseline; font-weight: 400; margin-bottom: .5rem; }
        label.check input { width: 1.1rem; height: 1.1rem; min-height: 0; padding: 0; flex: none; margin: .15rem 0 0; align-self: flex-start; }
        label.check .mono { word-break: normal; white-space: nowrap; }
        td.scopes { word-break: normal; }
        button, .button { font: inherit; display: inline-flex; align-items: center; justify-content: center; min-height: 2.5rem;
          padding: .45rem 1rem; border-radius: 6px; border: 1px solid var(--field-line); background: var(--field); color: var(--ink);
          text-decoration: none; cursor: pointer; white-space: nowrap; }
        button:hover, .button:hover { background: var(--page); }
        .primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); font-weight: 600; }
        .primary:hover { background: var(--accent-hover); }
        .danger { color: var(--danger); border-color: var(--danger); }
        button.danger[type=submit]:not(.small) { background: var(--danger); color: var(--danger-ink); }
        .small { min-height: 2rem; padding: .2rem .7rem; font-size: .9rem; }
        button.link { background: none; border: 0; color: #ffffff; text-decoration: underline; padding: 0; min-height: 0; }
        .actions { display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; }
        .error, .notice { padding: .75rem 1rem; border-radius: 8px; margin: 0 0 1rem; }
        .error { background: var(--error-bg); border: 1px solid var(--danger); color: var(--error-ink); }
        .notice { background: var(--notice-bg); border: 1px solid var(--notice-line); }
        .notice.warn { background: var(--warn-bg); border-color: var(--warn-line); }
        .muted { color: var(--muted); }
        .mono, code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9rem; }
        .mono, pre { word-break: break-all; }
        code { white-space: nowrap; }
        pre { background: var(--page); padding: .75rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; }
        table { border-collapse: collapse; width: 100%; background: var(--card); }
        .list { border: 1px solid var(--line); border-radius: 10px; overflow: hidden; margin-bottom: 1rem; }
        th, td { text-align: left; padding: .6rem .75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        thead th { background: var(--page); font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); }
        tbody th { font-weight: 600; }
        .compact th, .compact td { padding: .35rem .5rem; }
        caption { text-align: left; font-weight: 700; padding: .25rem 0 .5rem; }
        .badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600;
          background: var(--badge-bg); color: var(--ink); }
        .badge.on { background: var(--good-bg); color: var(--good-ink); }
        a.tag { display: inline-block; padding: .05rem .45rem; margin: .05rem 0; border: 1px solid var(--line); border-radius: 999px;
          font-size: .8rem; text-decoration: none; white-space: nowrap; }
        a.tag:hover { border-color: var(--accent); }
        .badge.off, .badge.fail { background: var(--bad-bg); color: var(--bad-ink); }
        .badge.pass { background: var(--good-bg); color: var(--good-ink); }
        .badge.warning { background: var(--caution-bg); color: var(--caution-ink); }
        .checks { list-style: none; padding: 0; margin: 0 0 1rem; }
        .checks li { padding: .25rem 0; }
        .pages { display: flex; justify-content: space-between; margin: 1rem 0; }
        .empty { padding: 2rem; text-align: center; background: var(--card); border: 1px dashed var(--line); border-radius: 10px; }
        .or { display: flex; align-items: center; gap: .75rem; color: var(--muted); margin: .25rem 0 1rem; }
        .or::before, .or::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
        .copy { display: flex; gap: .5rem; }
        .qr { margin: 1rem 0 0; text-align: center; }
        .qr img { display: block; margin: 0 auto .5rem; background: #ffffff; }
        .settings { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
        .settings dt { color: var(--muted); }
        .settings dd { margin: 0; word-break: break-all; }
        .tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .75rem; margin: 1rem 0; }
        .tile { border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; }
        .tile .value { display: block; font-size: 1.75rem; font-weight: 700; }
        .tile .label { color: var(--muted); font-size: .9rem; }
        .tile .note { display: block; font-size: .8rem; margin-top: .25rem; }
        .range { display: flex; gap: .25rem; }
        .range-form { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; margin: .75rem 0 0; }
        .range-form label { display: flex; align-items: center; gap: .4rem; }
        .range a { padding: .25rem .65rem; border: 1px solid var(--line); border-radius: 6px; text-decoration: none; }
        .range a[aria-current] { background: var(--accent); color: var(--accent-ink); border-color: var(--accent); }
        .chart { width: 100%; height: auto; min-height: 9rem; margin: .5rem 0; }
        .chart .bar-fill { fill: var(--accent); }
        .chart text { fill: var(--muted); font-size: 11px; font-family: system-ui, sans-serif; }
        .chart-narrow { display: none; }
        .chart-narrow text { font-size: 14px; }
        .chart line { stroke: var(--line); }
        .breakdowns { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; margin: 1rem 0; }
        .breakdowns > * { min-width: 0; }
        .breakdowns th:first-child, .breakdowns td:first-child { overflow-wrap: anywhere; }
        .breakdowns th:last-child, .breakdowns td:last-child { white-space: nowrap; text-align: right; }
        .list .number { white-space: nowrap; text-align: right; font-variant-numeric: tabular-nums; }
        details { margin: .5rem 0; }
        .journeys ol.steps { margin: .5rem 0 .75rem; padding-left: 1.5rem; }
        .journeys ol.steps li { margin: .35rem 0; overflow-wrap: anywhere; }
        .journeys .actor { font-weight: 600; }
        .journeys small { font-size: .8rem; }
        summary { cursor: pointer; color: var(--accent); }
        .created { border-color: var(--ok); background: var(--created-bg); }
        details.file { padding: .9rem 1.25rem; }
        details.file pre { margin: .75rem 0 0; max-height: 28rem; overflow: auto; }
        @media (max-width: 720px) {
          main { padding: 1rem; }
          .chart-wide { display: none; }
          .chart-narrow { display: block; }
          .bar { padding: .75rem 1rem; }
          .signout { margin-left: 0; }
          .list thead { display: none; }
          .list tr { display: block; border-bottom: 1px solid var(--line); padding: .5rem 0; }
          .list th, .list td { display: block; border: 0; padding: .2rem .75rem; }
          .list td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: .85rem; }
          .list .number { text-align: left; }
        }

        """

    /// `/dashboard/assets/dashboard.js`: shows the copy buttons, which need the clipboard API.
    /// Without it the value is in a read-only field to select and copy.
    static let script = """
        document.querySelectorAll("button.copy-button").forEach(function (button) {
          if (!navigator.clipboard) { return; }
          button.hidden = false;
          button.addEventListener("click", function () {
            var field = document.getElementById(button.dataset.copy);
            navigator.clipboard.writeText(field.value).then(function () {
              button.textContent = "Copied";
              setTimeout(function () { button.textContent = "Copy"; }, 2000);
            });
          });
        });

        """
}
