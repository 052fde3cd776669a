#!/usr/bin/env bash
# Links at scale: a journal of 1,000,000 generated entries with three links each on average, then the
# backlinks of an entry, the look-up of 50 links, "on this day" and a rename of a linked title.
#   scripts/bench-links.sh [--count 1000000] [--in DIR]     (DIR: where the temporary journal goes)
# Numbers from a release build; ENTRIES_BENCH_DEBUG=1 uses the debug build (slower Swift code).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${ENTRIES_BENCH_DEBUG:-}" == 1 ]]; then
    swift build --product entries-bench 2>&1 | tail -1 >&2
    exec .build/debug/entries-bench links "$@"
fi
swift build -c release --product entries-bench 2>&1 | tail -1 >&2
exec .build/release/entries-bench links "$@"
