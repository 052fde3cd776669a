#!/usr/bin/env bash
# Switching journals in the app at 1,000,000 entries: the whole app (real factory, App Controller and
# contexts) on a headless 120×40 screen, launched on one journal of a million entries and switched
# to another of a million and back, ten times. Each switch is timed from the App Controller's
# switchJournal to the new journal's first screen rendered (store opened, contexts made, old store
# closed, list's first page read and drawn); resident and peak memory are read after the first screen
# and after every switch (nothing of a closed journal may stay: the peak after ten switches within
# 2 MB of one journal's).
#
#   scripts/bench-switch.sh              # SIZE=1000000 SWITCHES=10
#   SIZE=10000 scripts/bench-switch.sh
#
# The journals are made once by `entries-bench store --keep` in .build-bench-data/ (shared with
# scripts/bench-tui.sh; delete the folder to rebuild them); the second is a copy of the first, in a
# file of its own.
set -euo pipefail
release_flags="$("$(dirname "${BASH_SOURCE[0]}")/release-flags.sh")"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

size="${SIZE:-1000000}"
switches="${SWITCHES:-10}"
data="$root/.build-bench-data"

echo "# building the release benchmark" >&2
swift build $release_flags --product entries-bench >&2
bin="$(swift build $release_flags --show-bin-path)"

mkdir -p "$data"
if [[ ! -f "$data/store-$size.sqlite" ]]; then
    echo "# making a journal of $size entries in $data (once)" >&2
    "$bin/entries-bench" store --sizes "$size" --keep "$data" --import-only >&2
fi
if [[ ! -f "$data/store-$size-b.sqlite" ]]; then
    cp "$data/store-$size.sqlite" "$data/store-$size-b.sqlite"
fi

"$bin/entries-bench" switch --journals "$data/store-$size.sqlite,$data/store-$size-b.sqlite" --switches "$switches"
