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
  - every diagram (svg) has a non-zero size once its section is open.
It saves the first screen and the full page as PNGs in DIR (default .build/browser-screenshots/), named
REPORT-WIDTHxHEIGHT-first-screen.png and REPORT-WIDTHxHEIGHT-full-page.png (a page taller than 16,000 px:
its top 16,000 px, REPORT-WIDTHxHEIGHT-top-16000px.png), for a person to look at.

With --history the pages are `conform history` pages, checked the same way except for the per-app
summary (a history page has none): the verdict on the first screen, no sideways scroll, no console
error, links that name elements, and every chart (svg) of a non-zero size, as loaded and with every
folded section opened.

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
        f"{seen['links']} in-page links, {len(diagrams)} diagrams, {len(errors)} console errors",
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
