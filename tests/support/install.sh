#!/usr/bin/env bash
# Installs what the tests need besides Rust: Dovecot (IMAP), aiosmtpd in a venv
# (SMTP), Chromium (HTML reports in a real browser) and its chromedriver (the order
# page driven through WebDriver), the DejaVu font. Debian only.
# Idempotent: skips what is already installed. Run as root, or with sudo available.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
# Real servers for the integration tests (tests/support/mailservers.sh, tests/common/).
# Idempotent: skips what is already installed, so a developer can re-run this script.
quietly() { # runs a command silently; on failure prints its output and stops the script
  local log; log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then cat "$log" >&2; echo "FAILED: $*" >&2; exit 1; fi
  rm -f "$log"
}
missing=()
for pkg in dovecot-imapd chromium chromium-driver fonts-dejavu-core openssl python3-venv; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "apt-get install ${missing[*]}"
  quietly $SUDO apt-get update
  quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
if ! /opt/mailtest-venv/bin/python -c 'import aiosmtpd, sys; sys.exit(aiosmtpd.__version__ != "1.4.6")' 2>/dev/null; then
  echo "venv /opt/mailtest-venv with aiosmtpd 1.4.6"
  quietly $SUDO /usr/bin/python3 -m venv /opt/mailtest-venv
  quietly $SUDO /opt/mailtest-venv/bin/pip install aiosmtpd==1.4.6
fi

