#!/bin/sh
# Runs a command with Node.js 24 first on PATH.
#
# The project needs Node >= 22.22 (React Router 8) and is built and tested on 24 LTS.
# Machines that ship an older Node get the official binary from the npm registry
# (package node-<os>-<arch>), installed once into a cache folder; nothing is fetched
# from anywhere else. Usage: scripts/with-node.sh <command> [args...]
set -eu

NODE_VERSION="24.21.0"
MIN_MAJOR=22
MIN_MINOR=22

current_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e "const [a,b]=process.versions.node.split('.').map(Number);process.exit(a>${MIN_MAJOR}||(a===${MIN_MAJOR}&&b>=${MIN_MINOR})?0:1)"
}

if ! current_ok; then
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "with-node: unsupported OS $(uname -s); install Node ${NODE_VERSION} yourself" >&2; exit 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "with-node: unsupported CPU $(uname -m); install Node ${NODE_VERSION} yourself" >&2; exit 1 ;;
  esac
  cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/mare-talent/node-${NODE_VERSION}}"
  bin="$cache/node_modules/node-${os}-${arch}/bin"
  if [ ! -x "$bin/node" ]; then
    echo "with-node: installing Node ${NODE_VERSION} (npm package node-${os}-${arch}) into $cache" >&2
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-${os}-${arch}@${NODE_VERSION}" >&2
  fi
  PATH="$bin:$PATH"
  export PATH
fi

exec "$@"
