#!/usr/bin/env python3
"""Opens conform's HTML reports in headless Chromium, as a person would, and checks what they see.

    browser-check.py [--screenshots DIR] [--history] NAME=REPORT.html ...

For each report, at 1280 x 800 (a laptop) and 390 x 844 (a phone), from the page's DOM:
  - the verdict (#verdict) lies wholly on the first screen, and the per-app summary (#apps) starts on
    it: its heading and first row; at 1280 x 800 the whole summary does, when it has at most 14 apps
    (the example corpus has 14);
  - the page does not scroll sideways (documentElement.scrollWidth <= innerWidth), as loaded and with
    every folded section opened;
  - no console error and no uncaught exception;
  - every in-page link (href="#...") names an element that exists;
  - every diagram (svg) has a non-zero size once its section is open;
  - every claimed verdict lies within the window's width without scrolling sideways (its right edge
    <= innerWidth): the matrix's claims column, the per-app summary's claims and the broken claims' rows
    (at 1280 px also each outlined claim cell of a shown policy column);
  - the matrix's header row and trace column are sticky: in a box that scrolls down (or sideways), after
    scrolling it the header is still at the box's top (the trace column at its left); a box that does not
    scroll down is no taller than the window, so its header is on screen with its rows;
  - the policies of a domain a table's traces do not speak (class x) are hidden as loaded, and shown after
    the toggle (label for #matrix-all) is clicked: a CSS checkbox, no script;
  - no path (code.path) breaks inside a word: every "/" is followed by a <wbr>, and no line of a path
    starts between two letters or digits ("Traces/Calenda|r") unless its segment alone is wider than
    its box;
  - the badge counts broken claims in words that agree ("1 claim broken", "4 claims broken"), the same
    number as the verdict line's link;
  - nothing is explained by a tooltip alone: no title attribute in the per-app summary, and each
    "N others" is a <details> whose names show once opened;
  - every box that scrolls sideways (.table-box, .matrix-box, .diagram-box) shows it: a background
    gradient attached to its content (the scroll shadow) and the "scroll →" tag (a PNG background).
It saves the first screen and the full page as PNGs in DIR (default .build/browser-screenshots/), named
REPORT-WIDTHxHEIGHT-first-screen.png and REPORT-WIDTHxHEIGHT-full-page.png (a page taller than 16,000 px:
its top 16,000 px, REPORT-WIDTHxHEIGHT-top-16000px.png), and a report's matrix as it opens and with the
other domains' policies shown (REPORT-WIDTHxHEIGHT-matrix.png, -matrix-all.png), for a person to look at.

With --history the pages are `conform history` pages, checked the same way except for the per-app
summary and the matrix (a history page has neither): the verdict on the first screen, no sideways
scroll, no console error, links that name elements, every chart (svg) of a non-zero size, as loaded and
with every folded section opened; every claimed verdict (each claimed policy's standing per app, each
broken or fixed claim's row) within the window's width; paths that break only after a "/"; the badge's
count in words that agree; and the scroll shadow on every box that scrolls (not the "scroll →" tag, an
image, which the page's Content-Security-Policy forbids).

Playwright drives Debian's Chromium (CHROMIUM, default /usr/bin/chromium): it downloads no browser.
Exit status 0 when every check passes, 1 when one fails (each failure printed), 2 on a usage error.
"""

import argparse
import os
import pathlib
import sys

from playwright.sync_api import sync_playwright

SIZES = [(1280, 800), (390, 844)]
# A summary this long (the example corpus's) fits a laptop's first screen; a longer one must at least start on it.
WHOLE_SUMMARY_APPS = 14
# A longer page is shot down to here only (REPORT-WIDTHxHEIGHT-top-16000px.png): Chromium draws no
# taller bitmap in one piece.
FULL_PAGE_LIMIT = 16_000

CHECKS = r"""
() => {
  const box = (element) => {
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, width: rect.width, height: rect.height };
  };
  const apps = document.getElementById('apps');
  const rows = apps ? apps.querySelectorAll('tbody tr') : [];
  const missing = [];
  for (const link of document.querySelectorAll('a[href^="#"]')) {
    const id = decodeURIComponent(link.getAttribute('href').slice(1));
    if (!document.getElementById(id)) missing.push(link.getAttribute('href'));
  }
  return {
    innerWidth: window.innerWidth, innerHeight: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
    verdict: box(document.getElementById('verdict')),
    verdictText: (document.getElementById('verdict') || {}).textContent || '',
    apps: box(apps), appsHeading: box(apps && apps.querySelector('h2')), firstApp: box(rows[0]), appCount: rows.length,
    links: document.querySelectorAll('a[href^="#"]').length, missingTargets: missing,
  };
}
"""

OPEN_ALL = "() => { for (const d of document.querySelectorAll('details')) d.open = true; }"

# Every place a claimed verdict is shown: each must lie within the window's width as the page loads
# (sideways scroll at 0), since a phone has no room to look for it.
CLAIMED_VERDICTS = r"""
(width) => {
  window.scrollTo(0, window.scrollY);
  for (const box of document.querySelectorAll('.matrix-box, .table-box')) box.scrollLeft = 0;
  const selectors = [
    'table.matrix td.claims > span', '#apps td[data-label="claims"] .item', '#broken tbody th', '#broken tbody td[data-label="policy"]',
    '#fixed tbody th', '#fixed tbody td[data-label="policy"]', '#apps .series .name',
  ];
  if (width >= 1000) selectors.push('table.matrix td.c:not(.x)');
  const outside = [];
  let count = 0;
  for (const selector of selectors) {
    for (const element of document.querySelectorAll(selector)) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      count += 1;
      if (rect.right > window.innerWidth + 0.5 || rect.left < -0.5) {
        outside.push(`${selector} "${element.textContent.trim().slice(0, 60)}" at ${rect.left.toFixed(0)}-${rect.right.toFixed(0)} px`);
      }
    }
  }
  return { count, outside: outside.slice(0, 10), outsideCount: outside.length };
}
"""

# The matrix's sticky header row and trace column, box by box.
STICKY = r"""
() => {
  const problems = [];
  let scrolledDown = 0, scrolledRight = 0;
  for (const box of document.querySelectorAll('.matrix-box')) {
    const header = box.querySelector('thead th');
    const first = box.querySelector('tbody th');
    if (!header || !first) continue;
    box.scrollIntoView({ block: 'start' });
    const top = box.getBoundingClientRect().top + box.clientTop;
    if (box.scrollHeight > box.clientHeight + 1) {
      box.scrollTop = Math.min(400, box.scrollHeight - box.clientHeight);
      const at = header.getBoundingClientRect().top;
      if (Math.abs(at - top) > 1.5) problems.push(`after scrolling its box down, the header is at ${at.toFixed(0)} px, not the box's top ${top.toFixed(0)} px`);
      box.scrollTop = 0;
      scrolledDown += 1;
    } else if (box.getBoundingClientRect().height > window.innerHeight) {
      problems.push(`a matrix box ${box.getBoundingClientRect().height.toFixed(0)} px tall does not scroll, so its header leaves the window`);
    }
    if (box.scrollWidth > box.clientWidth + 1) {
      const left = box.getBoundingClientRect().left + box.clientLeft;
      box.scrollLeft = box.scrollWidth;
      const at = first.getBoundingClientRect().left;
      if (Math.abs(at - left) > 1.5) problems.push(`after scrolling its box sideways, the trace column is at ${at.toFixed(0)} px, not the box's left ${left.toFixed(0)} px`);
      box.scrollLeft = 0;
      scrolledRight += 1;
    }
  }
  window.scrollTo(0, 0);
  return { problems, scrolledDown, scrolledRight, boxes: document.querySelectorAll('.matrix-box').length };
}
"""

HIDDEN_COLUMNS = r"""
() => {
  const cells = Array.from(document.querySelectorAll('table.matrix .x'));
  const shown = cells.filter((cell) => getComputedStyle(cell).display !== 'none').length;
  return { count: cells.length, shown, toggle: !!document.querySelector('label[for="matrix-all"]') };
}
"""

# A path breaks only after a "/" or between the words of a name ("-", "_"): each "/" is followed by a
# <wbr>, and within a text node (a segment between two <wbr>) no line starts between two letters or
# digits ("Calenda|r"), unless the segment alone is wider than its box.
PATHS = r"""
() => {
  const problems = [];
  let count = 0, wrapped = 0;
  for (const code of document.querySelectorAll('code.path')) {
    if (code.getClientRects().length === 0) continue;
    count += 1;
    const text = code.textContent;
    const slashes = (text.match(/\//g) || []).length;
    const wbrs = code.querySelectorAll('wbr').length;
    if (wbrs < slashes) problems.push(`"${text.slice(0, 60)}" has ${slashes} slashes but ${wbrs} <wbr>`);
    const style = getComputedStyle(code);
    if (style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere') problems.push(`"${text.slice(0, 60)}" may break anywhere (${style.wordBreak}, ${style.overflowWrap})`);
    if (code.getClientRects().length > 1) wrapped += 1;
    const room = (code.parentElement || code).getBoundingClientRect().width;
    for (const node of code.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || node.length < 2) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().width > room && range.getClientRects().length > 1) continue;
      let previous = null;
      for (let index = 0; index < node.length; index += 1) {
        range.setStart(node, index); range.setEnd(node, index + 1);
        const rect = range.getBoundingClientRect();
        // A line may start after a "-" or "_" (between words of a name), never between two letters or digits.
        if (previous !== null && rect.top > previous + 2 && /[\p{L}\p{N}]/u.test(node.data[index - 1]) && /[\p{L}\p{N}]/u.test(node.data[index])) {
          problems.push(`"${text.slice(0, 60)}" breaks inside "${node.data}" before "${node.data.slice(index)}"`);
          break;
        }
        previous = rect.top;
      }
    }
  }
  return { count, wrapped, problems: problems.slice(0, 10) };
}
"""

BADGE = r"""
() => {
  const status = document.querySelector('#verdict .status');
  const brokenLink = document.querySelector('#verdict a[href="#broken"]');
  const titled = document.querySelectorAll('#apps [title]').length;
  const others = Array.from(document.querySelectorAll('details.others')).map((details) => {
    details.open = true;
    const text = details.textContent.replace(details.querySelector('summary').textContent, '').trim();
    const height = details.getBoundingClientRect().height;
    details.open = false;
    return { text, height };
  });
  return { status: status ? status.textContent.trim() : '', link: brokenLink ? brokenLink.textContent.trim() : '', titled, others };
}
"""

SCROLL_CUES = r"""
() => Array.from(document.querySelectorAll('.table-box, .matrix-box, .diagram-box'))
  .filter((box) => box.getClientRects().length > 0 && box.scrollWidth > box.clientWidth + 1)
  .map((box) => {
    const style = getComputedStyle(box);
    // The shadows (gradients, their covers attached to the content) and the "scroll →" tag (a PNG).
    return {
      className: box.className,
      shadow: style.backgroundImage.includes('gradient') && style.backgroundAttachment.includes('local'),
      tag: style.backgroundImage.includes('data:image/png'),
    };
  })
"""


def badge_failures(where, badge, history):
    """The badge's words and count: "1 claim broken", "4 claims broken", agreeing with the verdict line."""
    import re

    failures = []
    text = badge["status"]
    suffix = " in the latest run" if history else ""
    found = re.fullmatch(r"(\d+) (claims?) broken" + re.escape(suffix), text)
    if "broken" in text and not found:
        failures.append(f"{where}: the badge says {text!r}, not 'N claim(s) broken{suffix}'")
    if found:
        number = int(found.group(1))
        if (number == 1) != (found.group(2) == "claim") or number == 0:
            failures.append(f"{where}: the badge's count and noun disagree: {text!r}")
        if not history and badge["link"] and badge["link"] != f"{number} broken":
            failures.append(f"{where}: the badge says {text!r} but the verdict line {badge['link']!r}")
    if "a claim is broken" in text:
        failures.append(f"{where}: the badge says {text!r}, without the count")
    if badge["titled"]:
        failures.append(f"{where}: {badge['titled']} elements of the per-app summary explain themselves only in a tooltip (title)")
    for item in badge["others"]:
        if not item["text"] or item["height"] <= 0:
            failures.append(f"{where}: an 'N others' shows no names when opened")
    return failures

DIAGRAMS = r"""
() => Array.from(document.querySelectorAll('svg')).map((svg) => {
  const rect = svg.getBoundingClientRect();
  return { id: svg.id || '(no id)', width: rect.width, height: rect.height };
})
"""


def check(browser, name, path, width, height, shots, history=False):
    """The failures found in one report (or, with history, one history page) at one size."""
    failures = []
    where = f"{name} at {width}x{height}"
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.goto(pathlib.Path(path).resolve().as_uri(), wait_until="load")

    seen = page.evaluate(CHECKS)
    verdict, heading, first = seen["verdict"], seen["appsHeading"], seen["firstApp"]
    if not verdict or verdict["height"] == 0:
        failures.append(f"{where}: no verdict (#verdict) shown")
    elif verdict["bottom"] > height:
        failures.append(f"{where}: the verdict ends at {verdict['bottom']:.0f} px, below the first screen ({height} px)")
    if history:
        # A history page has its charts per app (#apps), not a summary table; their size is checked below.
        if not seen["apps"]:
            failures.append(f"{where}: no per-app charts (#apps)")
    elif not seen["apps"] or not first:
        failures.append(f"{where}: no per-app summary (#apps with a row per app)")
    else:
        if heading["top"] >= height or first["bottom"] > height:
            failures.append(f"{where}: the per-app summary's first row ends at {first['bottom']:.0f} px, below the first screen ({height} px)")
        if width >= 1000 and seen["appCount"] <= WHOLE_SUMMARY_APPS and seen["apps"]["bottom"] > height:
            failures.append(
                f"{where}: the per-app summary ({seen['appCount']} apps) ends at {seen['apps']['bottom']:.0f} px, below the first screen ({height} px)")
    if seen["scrollWidth"] > seen["innerWidth"]:
        failures.append(f"{where}: the page scrolls sideways as loaded ({seen['scrollWidth']} px wide in a {seen['innerWidth']} px window)")
    for target in seen["missingTargets"][:10]:
        failures.append(f"{where}: the link {target} names no element")

    badge = page.evaluate(BADGE)
    failures += badge_failures(where, badge, history)
    hidden = page.evaluate(HIDDEN_COLUMNS)
    if not history:
        if hidden["count"] and hidden["shown"]:
            failures.append(f"{where}: {hidden['shown']} of {hidden['count']} cells of other domains' policies are shown as loaded")
        if hidden["count"] and not hidden["toggle"]:
            failures.append(f"{where}: policies of other domains are hidden with no toggle to show them")

    page.screenshot(path=str(shots / f"{name}-{width}x{height}-first-screen.png"))
    if seen["scrollHeight"] <= FULL_PAGE_LIMIT:
        page.screenshot(path=str(shots / f"{name}-{width}x{height}-full-page.png"), full_page=True)
    else:
        # A window as tall as the part shown: Playwright's full-page shot would lay out the whole page
        # at once, which takes minutes for a 10,000-trace report.
        page.set_viewport_size({"width": width, "height": FULL_PAGE_LIMIT})
        page.screenshot(path=str(shots / f"{name}-{width}x{height}-top-{FULL_PAGE_LIMIT}px.png"))
        page.set_viewport_size({"width": width, "height": height})

    # Opened as a reader would open every folded trace and the matrix: still no sideways scroll, and
    # every diagram drawn.
    page.evaluate(OPEN_ALL)
    opened = page.evaluate(CHECKS)
    claimed = page.evaluate(CLAIMED_VERDICTS, width)
    for item in claimed["outside"]:
        failures.append(f"{where}: a claimed verdict is outside the window's width ({width} px): {item}")
    if claimed["outsideCount"] > len(claimed["outside"]):
        failures.append(f"{where}: ... {claimed['outsideCount']} claimed verdicts in all are outside the window's width")
    if not claimed["count"]:
        failures.append(f"{where}: no claimed verdict found to check")
    sticky = {"problems": [], "scrolledDown": 0, "scrolledRight": 0, "boxes": 0}
    if not history:
        sticky = page.evaluate(STICKY)
        for problem in sticky["problems"]:
            failures.append(f"{where}: matrix: {problem}")
        # What a reader sees of the matrix: its first screen.
        page.evaluate("() => { const m = document.getElementById('matrix'); if (m) m.scrollIntoView({ block: 'start' }); }")
        page.screenshot(path=str(shots / f"{name}-{width}x{height}-matrix.png"))
        if hidden["count"]:
            page.click('label[for="matrix-all"]')
            toggled = page.evaluate(HIDDEN_COLUMNS)
            if toggled["shown"] != toggled["count"]:
                failures.append(f"{where}: after the toggle, {toggled['shown']} of {toggled['count']} cells of other domains' policies are shown")
            page.evaluate("() => document.getElementById('matrix').scrollIntoView({ block: 'start' })")
            page.screenshot(path=str(shots / f"{name}-{width}x{height}-matrix-all.png"))
            page.click('label[for="matrix-all"]')
    paths = page.evaluate(PATHS)
    for problem in paths["problems"]:
        failures.append(f"{where}: a path breaks inside a name: {problem}")
    for box in page.evaluate(SCROLL_CUES):
        if not box["shadow"]:
            failures.append(f"{where}: a box ({box['className']}) scrolls sideways with no scroll shadow")
        # A history page's Content-Security-Policy forbids images, the tag's too: its shadow is its cue.
        if not history and not box["tag"]:
            failures.append(f"{where}: a box ({box['className']}) scrolls sideways with no 'scroll →' tag")
    if opened["scrollWidth"] > opened["innerWidth"]:
        failures.append(
            f"{where}: with every section open the page scrolls sideways ({opened['scrollWidth']} px wide in a {opened['innerWidth']} px window)")
    diagrams = page.evaluate(DIAGRAMS)
    for diagram in diagrams:
        if diagram["width"] <= 0 or diagram["height"] <= 0:
            failures.append(f"{where}: the diagram {diagram['id']} is not visible ({diagram['width']}x{diagram['height']})")
    if history and not diagrams:
        failures.append(f"{where}: no chart (svg) at all")
    for error in errors[:10]:
        failures.append(f"{where}: console error: {error}")
    print(
        f"{where}: verdict {verdict['top']:.0f}-{verdict['bottom']:.0f} px" if verdict else f"{where}: no verdict",
        f"({' '.join(seen['verdictText'].split())!r});",
        ("charts from" if history else f"summary of {seen['appCount']} apps") + f" {seen['apps']['top']:.0f}-{seen['apps']['bottom']:.0f} px;"
        if seen["apps"] else "no summary;",
        f"page {seen['scrollWidth']}x{seen['scrollHeight']} px ({opened['scrollWidth']} px wide opened);",
        f"{seen['links']} in-page links, {len(diagrams)} diagrams, {len(errors)} console errors;",
        f"badge {badge['status']!r}; {claimed['count']} claimed verdicts in the window's width;",
        f"{hidden['count']} cells of other domains hidden; {sticky['boxes']} matrix boxes ({sticky['scrolledDown']} scrolled down,"
        f" {sticky['scrolledRight']} sideways); {paths['count']} paths ({paths['wrapped']} wrapped)",
    )
    page.close()
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--screenshots", default=".build/browser-screenshots", help="where the PNGs go")
    parser.add_argument("--history", action="store_true", help="the pages are `conform history` pages")
    parser.add_argument("reports", nargs="+", metavar="NAME=REPORT.html")
    arguments = parser.parse_args()
    reports = []
    for item in arguments.reports:
        name, separator, path = item.partition("=")
        if not separator or not name or not os.path.isfile(path):
            parser.error(f"{item}: give NAME=REPORT.html, naming an existing file")
        reports.append((name, path))
    shots = pathlib.Path(arguments.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    failures = []
    with sync_playwright() as playwright:
        # No network: the page must need none (its Content-Security-Policy forbids it anyway).
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--proxy-server=127.0.0.1:9"])
        for name, path in reports:
            for width, height in SIZES:
                failures += check(browser, name, path, width, height, shots, history=arguments.history)
        browser.close()
    for failure in failures:
        print("FAILED:", failure)
    print(f"screenshots in {shots}/")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
