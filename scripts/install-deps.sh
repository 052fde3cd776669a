#!/usr/bin/env bash
# Installs the system packages entries needs, and only those that are missing.
#
#   scripts/install-deps.sh --run    what building and running the app needs (`make run`, `make install`):
#     libsqlite3-dev  the SQLite library and headers that GRDB.swift links against
#     zlib1g-dev      the zlib headers the CZlib target reads a Day One export's zip with
#     libsodium-dev   the cryptography of encrypted journals (the SQLiteCipher target)
#   scripts/install-deps.sh          the above, and what the tests need too (`make test`):
#     tmux            the terminal the end-to-end tests drive the real binary in
#     postgresql      the server the PostgreSQL tests start privately (initdb in a temporary folder)
#     zsh, fish       the shells the completion scripts are tried in (end-to-end tests)
#     chromium        the browser the documentation site is opened in (make docs)
#
# It uses apt-get (Debian/Ubuntu), with sudo when not run as root. Nothing is installed when all is present.
set -euo pipefail

tests=1
case "${1:-}" in
    --run) tests=0 ;;
    "") ;;
    *) echo "usage: scripts/install-deps.sh [--run]" >&2; exit 64 ;;
esac

missing=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

if command -v dpkg-query >/dev/null 2>&1; then
    have_pkg libsqlite3-dev || missing+=(libsqlite3-dev)
    have_pkg zlib1g-dev || missing+=(zlib1g-dev)
    have_pkg libsodium-dev || missing+=(libsodium-dev)
else
    # Not Debian-like (e.g. macOS): SQLite ships with the system; only tmux can be missing.
    :
fi
# What only the tests need.
if [ "$tests" -eq 1 ]; then
    command -v tmux >/dev/null 2>&1 || missing+=(tmux)
    # Only where apt-get can install them: elsewhere their tests are skipped, never a reason to stop.
    if command -v apt-get >/dev/null 2>&1; then
        command -v zsh >/dev/null 2>&1 || missing+=(zsh)
        command -v fish >/dev/null 2>&1 || missing+=(fish)
        command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    fi
    # The tests look for initdb in /usr/lib/postgresql/*/bin (Debian), then on the PATH.
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
        missing+=(postgresql)
    fi
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "entries needs: ${missing[*]}. Install them with your package manager and run again." >&2
    exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "entries needs: ${missing[*]}, and installing them needs root (no sudo found)." >&2
        exit 1
    fi
fi

echo "Installing missing system packages: ${missing[*]} (apt-get)..." >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
