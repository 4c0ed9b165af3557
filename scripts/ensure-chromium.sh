#!/usr/bin/env bash
# The HTML report is tested in a real browser: Debian's Chromium, driven by playwright-core.
# Installs it when missing and we may (root with apt-get); otherwise says what to do.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "syncplan: installing Debian chromium for the browser test (one time)..." >&2
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "syncplan: the browser test needs Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
