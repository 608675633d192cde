/// The history page's style sheet: the HTML report's palette and base rules (the same light and dark
/// colours, fonts and tables; `HistoryPageTests` holds the palette to the report template's), and the
/// charts' own rules.
enum HistoryStyle {
    /// The colours, as the HTML report's stylesheet (report-templates/html-style.mustache) defines them.
    static let palette = """
        :root { --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --panel: #f6f8fa;
          --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --accent: #0969da; --mark: #fff8c5; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --panel: #151b23;
            --pass: #3fb950; --fail: #f85149; --warn: #d29922; --accent: #4493f8; --mark: #3b2e00; }
        }
        """

    static let sheet =
        palette + "\n"
            + """
            * { box-sizing: border-box; }
            body { margin: 0 auto; max-width: 1200px; padding: 16px 24px 24px; background: var(--bg); color: var(--fg);
              font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; }
            @media (max-width: 600px) { body { padding: 12px; } }
            h1 { font-size: 1.5em; margin: 0 0 4px; }
            h2 { border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 40px; }
            h3 { margin: 24px 0 6px; font-size: 1.1em; }
            /* Ids and file names are long: they wrap rather than widen the page. */
            h1, h2, h3, p, li, summary, .name, .axis span, figcaption { overflow-wrap: anywhere; }
            a { color: var(--accent); }
            /* A right-to-left override in a name ends with the name, not with its line. */
            code, strong, a, bdi { unicode-bidi: isolate; }
            code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
            .verdict { margin: 0; }
            .status { display: inline-block; padding: 2px 12px; border-radius: 16px; font-weight: 600; border: 1px solid; }
            .status.pass { color: var(--pass); } .status.fail { color: var(--fail); } .status.none { color: var(--muted); }
            nav { margin: 4px 0 0; color: var(--muted); }
            .note { color: var(--muted); font-style: italic; margin: 4px 0; }
            .count { font-weight: normal; color: var(--muted); }
            /* A table wider than the window scrolls inside its box; the page itself never scrolls sideways. */
            .table-box { overflow-x: auto; max-width: 100%; margin: 8px 0 16px; }
            /* A box that scrolls shows it, as on the report: a shadow on the side where more is (none when it
               fits). Not the report's "scroll →" tag, an image, which this page's Content-Security-Policy forbids. */
            .table-box {
              background: linear-gradient(to right, var(--bg) 30%, transparent) left / 40px 100% no-repeat local,
                linear-gradient(to left, var(--bg) 30%, transparent) right / 40px 100% no-repeat local,
                radial-gradient(farthest-side at 0 50%, rgba(128, 128, 128, 0.55), transparent) left / 14px 100% no-repeat scroll,
                radial-gradient(farthest-side at 100% 50%, rgba(128, 128, 128, 0.55), transparent) right / 14px 100% no-repeat scroll,
                var(--bg); }
            /* Paths wrap after a "/" (each is followed by a <wbr>), not inside a name. */
            code.path { overflow-wrap: break-word; word-break: normal; }
            table { border-collapse: collapse; }
            th, td { border: 1px solid var(--line); padding: 4px 10px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
            table.broken code { overflow-wrap: break-word; }
            th { background: var(--panel); }
            td.num { text-align: right; white-space: nowrap; }
            .v-holds { color: var(--pass); font-weight: 600; } .v-broken { color: var(--fail); font-weight: 600; }
            .v-baselined { color: var(--warn); font-weight: 600; } .v-none { color: var(--muted); }
            details > summary { cursor: pointer; padding: 6px 0; font-weight: 600; }
            /* On a phone each broken claim is a card: its trace, then its cells, labelled. */
            @media (max-width: 640px) {
              table.broken, table.broken tbody, table.broken tr, table.broken th, table.broken td { display: block; }
              table.broken thead { display: none; }
              table.broken tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 6px; padding: 3px 8px; }
              table.broken th, table.broken td { border: none; padding: 0; background: none; }
              table.broken td::before { content: attr(data-label) ": "; color: var(--muted); }
            }
            /* Per app: a policy's name and standing, then its strip, which takes the rest of the row. */
            .series { display: grid; grid-template-columns: minmax(9rem, 20rem) minmax(0, 1fr); gap: 4px 16px; align-items: center; }
            .series .name { font-size: 0.93em; }
            .axis { display: flex; justify-content: space-between; gap: 12px; color: var(--muted); font-size: 0.8em; }
            .axis span:last-child { text-align: right; }
            @media (max-width: 640px) {
              .series { grid-template-columns: minmax(0, 1fr); gap: 2px; }
              .series .name { margin-top: 6px; }
              .series .axis-gap { display: none; }
            }
            svg.strip { display: block; width: 100%; height: 22px; }
            /* Adjacent columns of a long history meet without a seam of background between them. */
            svg.strip rect, svg.bars rect { shape-rendering: crispEdges; }
            svg.strip .holds { fill: var(--pass); } svg.strip .baselined { fill: var(--warn); }
            svg.strip .broken { fill: var(--fail); } svg.strip .absent { fill: var(--line); }
            .legend { font-size: 0.9em; color: var(--muted); }
            .key { display: inline-block; width: 10px; vertical-align: baseline; margin: 0 4px 0 8px; }
            .key.holds { height: 0.5em; background: var(--pass); } .key.baselined { height: 0.75em; background: var(--warn); }
            .key.broken { height: 1em; background: var(--fail); } .key.absent { height: 2px; background: var(--line); }
            .counts { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 12px 24px; }
            .counts figure { margin: 0; }
            .counts figcaption { font-size: 0.93em; }
            .counts figcaption .count { display: block; }
            svg.bars { display: block; width: 100%; height: 64px; }
            svg.bars .base { fill: var(--line); }
            svg.bars.traces rect { fill: var(--accent); } svg.bars.held rect { fill: var(--pass); }
            svg.bars.broken rect { fill: var(--fail); } svg.bars.errors rect { fill: var(--warn); }
            svg.bars rect.base { fill: var(--line); }
            footer { margin-top: 40px; color: var(--muted); font-size: 0.85em; }
            """

    /// The widest a run's column gets: a short history's charts are as wide as their runs need, not
    /// stretched across the window (an empty string when the charts fill a laptop's window anyway).
    static func columns(_ runs: Int) -> String {
        let width = max(runs * 28, 420)
        return width >= 900 ? "" : "\nsvg.strip, .axis, svg.bars { max-width: \(width)px; }"
    }
}
