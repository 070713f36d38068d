#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100) into a cache dir, offline-safe (npm registry only).
# Each step leaves a marker so a re-run skips what is already done. The cache is the user's, like Playwright's
# browsers: a second clone of the project finds code-server installed (about 50 s of downloads and native builds
# saved); CODEAGENT_E2E_CACHE puts it elsewhere. A lock keeps two checkouts provisioning at once from colliding.
set -euo pipefail
VERSION=4.100.3
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${CODEAGENT_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/codeagent/e2e}"
DIR="$CACHE/code-server-$VERSION"
PKG="$DIR/package"
mkdir -p "$DIR"
exec 9>"$CACHE/.provision.lock"
flock 9

step() { # name, command...
  local name="$1"; shift
  if [ -f "$DIR/.done-$name" ]; then return 0; fi
  echo "[provision] $name" >&2
  "$@"
  touch "$DIR/.done-$name"
}

fetch() {
  cd "$DIR"
  rm -rf package code-server-*.tgz
  npm pack --silent "code-server@$VERSION" >/dev/null
  tar xzf "code-server-$VERSION.tgz"
  rm -f "code-server-$VERSION.tgz"
}
server_deps() {
  cd "$PKG"
  npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
  # argon2's own postinstall refuses to run as root; rebuild builds it the same way.
  npm_config_yes=true npm rebuild argon2 --loglevel=error
}
vscode_deps() {
  cd "$PKG/lib/vscode"
  npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
  # @vscode/ripgrep's postinstall downloads from GitHub; it exits early when bin/ exists.
  mkdir -p node_modules/@vscode/ripgrep/bin
  ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  # Only the native modules VS Code loads on Linux: kerberos (a lazy import for a proxy's Negotiate auth) and the
  # Windows-only ones took a third of this step's compile time for nothing.
  npm_config_yes=true npm rebuild @parcel/watcher @vscode/spdlog @vscode/deviceid native-watchdog node-pty --loglevel=error
  ln -sfn node_modules node_modules.asar
}
builtin_extensions() {
  cd "$PKG/lib/vscode/extensions"
  npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
}

command -v rg >/dev/null || { echo "ripgrep (rg) is missing: run bash scripts/installSystemDeps.sh" >&2; exit 1; }
step fetch fetch
step server-deps server_deps
step vscode-deps vscode_deps
step extensions builtin_extensions
echo "$PKG"
