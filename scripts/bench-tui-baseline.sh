#!/usr/bin/env bash
# The terminal UI's first screen and keys beside an older version's, in the same run: did a change
# keep them within 5%? Each measure runs on this checkout's release binary and on the older
# checkout's, one after the other, so that the machine's load falls on both alike.
#
#   scripts/bench-tui-baseline.sh /path/to/older/checkout            # 1,000,000 entries
#   SIZES="10000 1000000" RUNS=5 scripts/bench-tui-baseline.sh ../entries-old
#
# The older checkout is any clone of the project at the commit to compare with
# (`git clone . /tmp/old && git -C /tmp/old checkout COMMIT`). Both sides are built in release with
# their own scripts/release-flags.sh, and each side's journal is made by its own `entries-bench
# store` (the same generated entries; an older binary cannot open a journal of a newer schema), once,
# in .build-bench-data/ (this checkout's, shared with scripts/bench-tui.sh) and in the older
# checkout's .build-bench-data/.
#
# The measures: first screen (process start to the list on screen), then j, PgDn, Enter and Esc (a
# key sent to the first change of the screen), as scripts/bench-tui.sh takes them, with the same
# benchmark storyboard made from each side's own Entries.storyboard. Before each key's pair, the
# method's own floor is measured the same way (scripts/tui-floor.py, this checkout's: a full-screen
# program that does the least a key can ask, its j): each side's key minus the floor is what the app
# adds, and a target below the floor cannot be met in this measure by any program.
# Environment: SIZES, RUNS, STEPS, WIDTH, HEIGHT, WAIT_QUIET, RESULTS (default bench-results/tui-baseline),
# KEYS (default "j NPage Enter Escape"; "j-six" adds j with the six-column list row of
# scripts/bench-layouts/six-columns, put where a person puts a layout: both sides must read layouts),
# and NEW_BIN / OLD_BIN: a folder holding that side's release `entries` already built (with its
# `entries-bench` when its journal is still to be made), used instead of building the side:
#
#   NEW_BIN=.build-release/release OLD_BIN=/path/to/main/.build/release KEYS="j j-six NPage Enter Escape" \
#       RUNS=9 scripts/bench-tui-baseline.sh /path/to/main-checkout
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old="${1:?usage: scripts/bench-tui-baseline.sh OLDER-CHECKOUT}"
old="$(cd "$old" && pwd)"
[[ "$old" != "$root" ]] || { echo "bench-tui-baseline: the older checkout must be another folder" >&2; exit 64; }
[[ -x "$old/scripts/release-flags.sh" ]] || { echo "bench-tui-baseline: $old has no scripts/release-flags.sh" >&2; exit 64; }

sizes="${SIZES:-1000000}"
runs="${RUNS:-5}"
steps="${STEPS:-30}"
width="${WIDTH:-120}"
height="${HEIGHT:-40}"
wait_quiet="${WAIT_QUIET:-10}"
results="${RESULTS:-$root/bench-results/tui-baseline}"
ttff="${TTFF:-$root/../shared/bench/ttff.py}"
[[ -f "$ttff" ]] || { echo "bench-tui-baseline: ttff.py not found at $ttff; set TTFF=/path/to/ttff.py" >&2; exit 1; }
command -v tmux >/dev/null || { echo "bench-tui-baseline: tmux is needed" >&2; exit 1; }

# Builds one side (a checkout) in release and makes its journals and its benchmark storyboard.
# Prints the folder of its binaries.
prepare() {
    local checkout="$1" built="${2:-}" flags bin data
    if [[ -n "$built" ]]; then
        bin="$(cd "$built" && pwd)"
        echo "# using the binaries in $bin for $checkout" >&2
    else
        flags="$("$checkout/scripts/release-flags.sh")"
        echo "# building $checkout in release" >&2
        (cd "$checkout" && swift build $flags --product entries >&2 && swift build $flags --product entries-bench >&2)
        bin="$(cd "$checkout" && swift build $flags --show-bin-path)"
    fi
    data="$checkout/.build-bench-data"
    mkdir -p "$data/storyboards"
    for size in $sizes; do
        if [[ ! -f "$data/store-$size.sqlite" ]]; then
            echo "# making a database of $size entries in $data (once)" >&2
            (cd "$checkout" && "$bin/entries-bench" store --sizes "$size" --keep "$data" --import-only >&2)
        fi
    done
    # Esc in the list opens the details and Enter in the details goes back, so that every Enter
    # and every Esc changes the screen (scripts/bench-tui.sh says why).
    sed -e 's/^\(    keys: {enter: showDetails, \)/\1esc: showDetails, /' \
        -e '/^    keys: {m: showMoreDetails, e: edit, d: delete/s/, enter: followLink//' \
        -e 's/^\(    keys: {m: showMoreDetails, e: edit, d: delete\)/\1, enter: back/' \
        "$checkout/Sources/EntriesContext/Entries.storyboard" > "$data/storyboards/Entries.storyboard"
    if ! grep -q 'esc: showDetails' "$data/storyboards/Entries.storyboard" \
        || ! grep -q 'enter: back' "$data/storyboards/Entries.storyboard"; then
        echo "bench-tui-baseline: could not add the benchmark keys to $checkout's Entries.storyboard" >&2
        exit 1
    fi
    "$bin/entries" storyboard lint "$data/storyboards" >&2
    echo "$bin"
}

new_bin="$(prepare "$root" "${NEW_BIN:-}")"
old_bin="$(prepare "$old" "${OLD_BIN:-}")"
mkdir -p "$results"
keys="${KEYS:-j NPage Enter Escape}"
# j-six: each side's config folder holds the six-column list row as a person's layout.
for side in new old; do
    rm -rf "$results/config-$side-six"
    mkdir -p "$results/config-$side-six/entries/layouts"
    cp "$root/scripts/bench-layouts/six-columns/EntryList.layout" "$results/config-$side-six/entries/layouts/"
done

# One ttff.py measurement: SIDE (new or old) SIZE KEY
measure() {
    local side="$1" size="$2" key="$3" bin checkout count config="$results/config-$1" sent="$3"
    if [[ "$side" == new ]]; then bin="$new_bin" checkout="$root"; else bin="$old_bin" checkout="$old"; fi
    if [[ "$key" == j-six ]]; then sent=j config="$results/config-$side-six"; fi
    count="$(python3 -c "print(f'{int(\"$size\"):,}')")"
    echo "# $side, $size entries, key $key" >&2
    python3 "$ttff" --expect "1 of $count" --key "$sent" --steps "$steps" --runs "$runs" --quit q \
        --width "$width" --height "$height" --wait-quiet "$wait_quiet" \
        --env "ENTRIES_DATABASE=$checkout/.build-bench-data/store-$size.sqlite" --env ENTRIES_BENCH=1 \
        --env "XDG_CONFIG_HOME=$config" \
        --label "$side-$key" --json "$results/$size-$side-$key.json" \
        -- "$bin/entries" --storyboards "$checkout/.build-bench-data/storyboards" >&2 \
        || echo "# (ttff.py reported errors for $side $key)" >&2
}

# The method's floor (see above), labelled floor-KEY after the pair it runs before; always j.
measure_floor() {
    local size="$1" key="$2" count
    count="$(python3 -c "print(f'{int(\"$size\"):,}')")"
    echo "# the method's floor (scripts/tui-floor.py, j), $size, before $key" >&2
    python3 "$ttff" --expect "1 of $count" --key j --steps "$steps" --runs "$runs" --quit q \
        --width "$width" --height "$height" --wait-quiet "$wait_quiet" \
        --label "floor-$key" --json "$results/$size-floor-$key.json" \
        -- python3 "$root/scripts/tui-floor.py" "$size" >&2 || echo "# (ttff.py reported errors for the floor)" >&2
}

for size in $sizes; do
    for key in $keys; do
        measure_floor "$size" "$key"
        measure new "$size" "$key"
        measure old "$size" "$key"
    done
done

python3 - "$results" "$(git -C "$old" rev-parse --short HEAD)" "$keys" $sizes <<'EOF'
import json, os, statistics, sys
results, old_commit, keys, sizes = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4:]

def runs_of(size, side, key):
    path = os.path.join(results, f"{size}-{side}-{key}.json")
    if not os.path.exists(path):
        return []
    data = json.load(open(path))
    every = [r for r in data["runs"] if not r["warmup"] and r["ttff_ms"] is not None]
    quiet = [r for r in every if r["machine_busy_pct_before"] <= 15.0]
    return quiet if len(quiet) >= 3 else every

def median(values):
    return statistics.median(values) if values else None

def fmt(x):
    return "-" if x is None else f"{x:.2f}"

print(f"this checkout against {old_commit} (medians, ms; ratio = this / older; floor: scripts/tui-floor.py's j,")
print("measured before each key's pair; above floor: this and older minus the floor)")
print(f"{'entries':>10}  {'measure':>12}  {'this':>7}  {'older':>7}  {'ratio':>6}  {'floor':>6}  {'above floor':>15}")
for size in sizes:
    floor = median([s for k in keys for r in runs_of(size, "floor", k) for s in r["steps_ms"]])
    rows = [("first screen", lambda side: median([r["ttff_ms"] for k in keys for r in runs_of(size, side, k)]))]
    for key in keys:
        rows.append((key, lambda side, key=key: median([s for r in runs_of(size, side, key) for s in r["steps_ms"]])))
    for name, value in rows:
        new, old = value("new"), value("old")
        ratio = f"{new / old:.3f}" if new and old else "-"
        if name == "first screen" or floor is None or new is None or old is None:
            print(f"{int(size):>10,}  {name:>12}  {fmt(new):>7}  {fmt(old):>7}  {ratio:>6}")
        else:
            above = f"{new - floor:.2f} / {old - floor:.2f}"
            print(f"{int(size):>10,}  {name:>12}  {fmt(new):>7}  {fmt(old):>7}  {ratio:>6}  {fmt(floor):>6}  {above:>15}")
EOF
