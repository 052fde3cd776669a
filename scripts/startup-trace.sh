#!/usr/bin/env bash
# Where the first screen's time goes (issue 17): runs the release `entries` in tmux (120×40) on a
# database with ENTRIES_STARTUP_TRACE, waits for the list's footer, quits, and prints the phases the
# app noted (see Sources/entries/StartupTrace.swift), RUNS times. The launcher passes the time just
# before it executes `entries`, so the first phase is the process start, the runtime and Foundation.
#
#   scripts/startup-trace.sh                          # .build-bench-data/store-1000000.sqlite, 5 runs
#   DATABASE=/tmp/x.sqlite RUNS=3 scripts/startup-trace.sh
#
# The database is one `scripts/bench-tui.sh` makes (or any other). BIN: a folder holding `entries`
# (default: the static release build, made here as bench-tui.sh makes it).
set -euo pipefail
# As the Makefile builds releases (scripts/release-flags.sh says why each flag).
release_flags="$("$(dirname "${BASH_SOURCE[0]}")/release-flags.sh")"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
database="${DATABASE:-$root/.build-bench-data/store-1000000.sqlite}"
runs="${RUNS:-5}"
[[ -f "$database" ]] || { echo "startup-trace: no database at $database (DATABASE=…)" >&2; exit 1; }
if [[ -z "${BIN:-}" ]]; then
    swift build $release_flags --product entries >&2
    BIN="$(swift build $release_flags --show-bin-path)"
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/entries-startup.XXXXXX")"
socket="entries-startup-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
expected="of $(python3 -c "import sqlite3,sys; print(f'{sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM entry\").fetchone()[0]:,}')" "$database")"

for run in $(seq 1 "$runs"); do
    trace="$work/trace-$run.txt"
    # The launcher takes the time, then becomes `entries` (exec): nothing runs in between.
    tmux -L "$socket" new-session -d -x 120 -y 40 \
        "ENTRIES_STARTUP_TRACE='$trace' python3 -c 'import os, sys, time; os.environ[\"ENTRIES_STARTUP_TRACE_T0\"] = str(time.clock_gettime_ns(time.CLOCK_REALTIME)); os.execv(sys.argv[1], sys.argv[1:])' '$BIN/entries' --database '$database'"
    for _ in $(seq 1 200); do
        tmux -L "$socket" capture-pane -p | grep -q "$expected" && break
        sleep 0.05
    done
    sleep 0.3
    tmux -L "$socket" send-keys q
    for _ in $(seq 1 100); do [[ -s "$trace" ]] && break; sleep 0.05; done
    tmux -L "$socket" kill-server 2>/dev/null || true
    echo "# run $run"
    cat "$trace" 2>/dev/null || echo "(no trace written)"
done
