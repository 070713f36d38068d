#!/usr/bin/env bash
# Installs the system packages the e2e suite needs (docs: offline-vscode-e2e.md):
# Chromium's headless shell for Playwright, ripgrep for code-server's search, and the headers code-server's
# native modules (argon2, node-pty, kerberos, native-keymap, keytar…) are rebuilt against;
# bubblewrap and socat for the sandboxed commands of spec §18 (without them their tests skip).
set -euo pipefail
PACKAGES=(chromium-headless-shell ripgrep pkg-config libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev build-essential python3 bubblewrap socat)
SUDO=
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "run as root: apt-get update && apt-get install -y ${PACKAGES[*]}" >&2; exit 1; }
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends "${PACKAGES[@]}"
