#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (Playwright's own download cannot work here):
# `chromium-headless-shell`, the same Chromium build's headless shell, which the browser tests drive (about 30% less
# browser test time than the full browser in headless mode: docs/decisions.md "Browser tests in Debian's headless
# shell"), and `chromium`, the full browser, for screenshots and a person's own look.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
echo "Installing Debian's chromium and chromium-headless-shell…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell >/dev/null
/usr/bin/chromium --version
/usr/bin/chromium-headless-shell --version
