#!/usr/bin/env bash
# The terminal UI's numbers of issue 5, measured end to end on the real release binary in tmux with
# ttff.py: time from process start to the first screen of the list, time from a key press (j, PgDn,
# Enter, Esc) to the updated screen, and peak memory, at 10k and 1M entries.
#
#   scripts/bench-tui.sh                 # sizes 10000 and 1000000, 5 runs of 30 key presses each
#   SIZES=10000 RUNS=3 scripts/bench-tui.sh
#
# Targets: first screen < 30 ms, key median < 3 ms, peak RSS < 30 MB and about the same at both sizes.
# "floor" is the method's own cost for a key (scripts/tui-floor.py, below): the table of floors prints
# it beside the app's j and the difference, what the app adds.
# At 120 columns the list shows the selected entry's preview (on by default, issue 15: <= 3 ms per
# key with it, the body read once per selection); "j no preview" is the same key with `preview: false`;
# "j date filter" is j with the list filtered to a date phrase (DATE_PHRASE, default 2024; issue 14);
# "j six columns" is j with a six-column list row: scripts/bench-layouts/six-columns/EntryList.layout,
# put where a person puts a layout ($XDG_CONFIG_HOME/entries/layouts/).
#
# A person's layouts: LAYOUTS=DIR (a folder of `<Kind>.layout` files) runs the app's measures (j,
# PgDn, Enter, Esc, j no preview, j date filter) once more with DIR's layouts, handed to the app as
# a person would (`--storyboards` with a folder holding the bench storyboard and DIR's layouts,
# checked first with `entries layout lint`), and prints a second row per size beside the shipped
# layouts', with the first screens' ratio (the first screen should stay within 5% of the shipped):
#
#   SIZES=1000000 LAYOUTS=scripts/bench-layouts/six-columns scripts/bench-tui.sh
# "switch" is switching journals (issue 32: the journal switched to draws its first screen within the
# app's first-screen time): the app starts on a journal of one entry, and o j Enter (the journals, the
# next one, switch) is timed until the screen of the journal of SIZE entries holds still: ttff.py's
# "done" time of the step, the last change before SWITCH_SETTLE_MS ms (default 300) without one (the
# status line says "Opening the journal…" first, while the store opens on a thread of its own). One
# switch per run: on the last journal, o j Enter would only close the list. Each run's last screen
# is checked to be the big journal's list; one that is not is counted as an error.
#
# The databases are made once by `entries-bench store --keep` and cached in .build-bench-data/
# (delete the folder to rebuild them). ttff.py comes from ../shared/bench/ttff.py, or $TTFF.
# Environment: SIZES, RUNS, STEPS, WIDTH, HEIGHT, WAIT_QUIET (s to wait for a quiet machine before
# each run), RESULTS (folder for the JSON of every run; default bench-results/tui), BACKEND (sqlite,
# the default, or postgres), MEASURES (which to take, default all: less floor j pgdn enter esc
# j-nopreview j-date j-six switch), LAYOUTS (above), SWITCH_SETTLE_MS, MIN_GAP_MS and POLL_MS (below), and BIN: a folder holding `entries` and `entries-bench`
# already built, used instead of building the release ones (to try the script with a debug build on
# small journals; its numbers are not the app's).
#
# MIN_GAP_MS (default 0.25) and POLL_MS (default 5) go to ttff.py as --min-gap-ms and --poll-ms, for
# every measure alike (the app's, the floor's, less's). A key's time is from send-keys to the first
# capture-pane that differs; ttff.py captures right after the key (a capture takes ~0.2-0.3 ms), and
# when that capture is too early it waits for the pane's next output, but never less than MIN_GAP_MS
# after the last capture began. With ttff.py's default of 1 ms, a key was counted as ~0.3 ms or
# ~1.3-1.6 ms, whichever side of the first capture its frame fell: the method's floor
# (scripts/tui-floor.py) measured 1.58 ms median at 1.0, 1.19 at 0.5, 0.90 at 0.25 and 0.90 at 0.1
# (1,000,000 entries, RUNS=7 each, one run, a shared 2-core machine; docs/performance-log.md). The
# floor stops falling at 0.25, a gap no longer than a capture itself takes: the next capture follows
# the pane's output at once; at 0.1 the app's keys were no faster (six-column j slower, in one run).
# The extra captures cost nothing measurable: each run takes the same
# ~360 captures at every gap (most of them the settle waits' polls, every POLL_MS), since a smaller
# gap adds a capture only while a key's frame is awaited. Numbers taken with MIN_GAP_MS=1 are not
# comparable with these.
#
# BACKEND=postgres runs the same measures on a PostgreSQL server of the script's own on this machine
# (initdb in .build-bench-data/postgres, a free port on 127.0.0.1, stopped at the end), each size a
# database filled once from the SQLite one with `entries copy`. Targets there (issue 13): first
# screen < 100 ms, key median < 3 ms.
#
# Enter and Esc each need a screen they change every time. The bench runs the app with a copy of the
# shipped Entries storyboard that also binds Esc in the list to showDetails and Enter in the details to
# back (the app reads storyboards at start: no rebuild), so that `--key Enter` and `--key Escape` go
# list → details → list...: every other step is the shipped binding (Enter opens, Esc goes back).
set -euo pipefail
# As the Makefile builds releases (scripts/release-flags.sh says why each flag).
release_flags="$("$(dirname "${BASH_SOURCE[0]}")/release-flags.sh")"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

sizes="${SIZES:-10000 1000000}"
runs="${RUNS:-5}"
steps="${STEPS:-30}"
width="${WIDTH:-120}"
height="${HEIGHT:-40}"
wait_quiet="${WAIT_QUIET:-10}"
min_gap="${MIN_GAP_MS:-0.25}"
poll="${POLL_MS:-5}"
data="$root/.build-bench-data"
results="${RESULTS:-$root/bench-results/tui}"
ttff="${TTFF:-$root/../shared/bench/ttff.py}"

if [[ ! -f "$ttff" ]]; then
    echo "bench-tui: ttff.py not found at $ttff; set TTFF=/path/to/ttff.py" >&2
    exit 1
fi
command -v tmux >/dev/null || { echo "bench-tui: tmux is needed (scripts/install-deps.sh installs it)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench-tui: python3 is needed to run ttff.py" >&2; exit 1; }

# Release, with the Swift runtime and Foundation linked in (as `make run` builds it): a dynamically
# linked binary spends ~3 ms more loading and relocating a dozen shared libraries at start, and their
# touched pages add ~5 MB to its resident memory.
if [[ -n "${BIN:-}" ]]; then
    bin="$(cd "$BIN" && pwd)"
    echo "# using the binaries in $bin (BIN), not release builds" >&2
else
    echo "# building the release binaries" >&2
    swift build $release_flags --product entries >&2
    bin="$(swift build $release_flags --show-bin-path)"
fi
measures=" ${MEASURES:-less floor j pgdn enter esc j-nopreview j-date j-six switch} "
wants() { [[ "$measures" == *" $1 "* ]]; }

mkdir -p "$data" "$results"
for size in $sizes; do
    if [[ ! -f "$data/store-$size.sqlite" ]]; then
        echo "# making a database of $size entries in $data (once)" >&2
        [[ -n "${BIN:-}" ]] || swift build $release_flags --product entries-bench >&2
        "$bin/entries-bench" store --sizes "$size" --keep "$data" --import-only >&2
    fi
done

backend="${BACKEND:-sqlite}"
# Where each size's journal is: the SQLite file, or (postgres) a database on the script's server.
location() { echo "$data/store-$1.sqlite"; }
if [[ "$backend" == postgres ]]; then
    pgbin="$(pg_config --bindir 2>/dev/null || ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    [[ -x "$pgbin/initdb" ]] || { echo "bench-tui: PostgreSQL is needed (scripts/install-deps.sh installs it)" >&2; exit 1; }
    pgdir="$data/postgres"
    runas=()
    [[ "$(id -u)" == 0 ]] && runas=(runuser -u postgres --)   # the server refuses to run as root
    if [[ ! -d "$pgdir/data" ]]; then
        mkdir -p "$pgdir" && chmod 777 "$pgdir"
        "${runas[@]}" "$pgbin/initdb" -D "$pgdir/data" -U entries --auth=trust -E UTF8 --locale=C >&2
    fi
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    "${runas[@]}" "$pgbin/pg_ctl" -D "$pgdir/data" -l "$pgdir/server.log" -w \
        -o "-p $port -k $pgdir -c listen_addresses=127.0.0.1 -c shared_buffers=256MB" start >&2
    trap '"${runas[@]}" "$pgbin/pg_ctl" -D "$pgdir/data" -m fast -w stop >&2' EXIT
    location() { echo "postgresql://entries@127.0.0.1:$port/bench$1?sslmode=disable"; }
    for size in $sizes; do
        if ! "$pgbin/psql" -X -h "$pgdir" -p "$port" -U entries -d postgres -tAc \
            "SELECT 1 FROM pg_database WHERE datname = 'bench$size'" | grep -q 1; then
            echo "# copying the $size entries into PostgreSQL (once)" >&2
            "$pgbin/createdb" -h "$pgdir" -p "$port" -U entries "bench$size"
            "$bin/entries" copy --from "$data/store-$size.sqlite" --to "$(location "$size")" >&2
            "$pgbin/psql" -X -h "$pgdir" -p "$port" -U entries -d "bench$size" -qc "VACUUM ANALYZE" >&2
        fi
    done
    results="$results/postgres"
    mkdir -p "$results"
fi

# The benchmark storyboard (see above), checked by the app's own linter.
storyboards="$data/storyboards"
mkdir -p "$storyboards"
# In the details Enter follows the selected link: the bench's entries have none, and Enter goes back.
sed -e 's/^\(    keys: {enter: showDetails, \)/\1esc: showDetails, /' \
    -e '/^    keys: {m: showMoreDetails, e: edit, d: delete/s/, enter: followLink//' \
    -e 's/^\(    keys: {m: showMoreDetails, e: edit, d: delete\)/\1, enter: back/' \
    Sources/EntriesContext/Entries.storyboard > "$storyboards/Entries.storyboard"
if ! grep -q 'esc: showDetails' "$storyboards/Entries.storyboard" || ! grep -q 'enter: back' "$storyboards/Entries.storyboard"; then
    echo "bench-tui: could not add the benchmark keys to Entries.storyboard (did its keys lines change?)" >&2
    exit 1
fi
"$bin/entries" storyboard lint "$storyboards" >&2

# A config that turns the preview off, for the "j no preview" column.
mkdir -p "$data/no-preview/entries"
printf 'preview: false\n' > "$data/no-preview/entries/config.yaml"

# A six-column list row (a key should cost the same as with the shipped row, <= 1.5 ms): the
# same layout as `entries-bench layout` measures, as a person's layouts/EntryList.layout.
rm -rf "$data/six-columns/entries/layouts"
mkdir -p "$data/six-columns/entries/layouts"
cp scripts/bench-layouts/six-columns/EntryList.layout "$data/six-columns/entries/layouts/"
"$bin/entries" layout lint "$data/six-columns/entries/layouts/EntryList.layout" >&2

# LAYOUTS=DIR: the bench storyboard beside DIR's layouts, the folder `--storyboards` names for the
# second row. A layout with a problem stops the bench here, with its file:line:col.
layouts_name=""
if [[ -n "${LAYOUTS:-}" ]]; then
    [[ -d "$LAYOUTS" ]] || { echo "bench-tui: LAYOUTS=$LAYOUTS is not a folder" >&2; exit 1; }
    layout_files=("$LAYOUTS"/*.layout)
    [[ -f "${layout_files[0]}" ]] || { echo "bench-tui: LAYOUTS=$LAYOUTS holds no .layout file" >&2; exit 1; }
    layouts_name="$(basename "$(cd "$LAYOUTS" && pwd)")"
    laid_out="$data/storyboards-$layouts_name"
    rm -rf "$laid_out"
    mkdir -p "$laid_out"
    cp "$storyboards/Entries.storyboard" "${layout_files[@]}" "$laid_out/"
    "$bin/entries" layout lint --storyboards "$laid_out" >&2
    "$bin/entries" layout show --storyboards "$laid_out" | grep -v '^  outlets:' >&2
fi

# The "j date filter" column (issue 14: keys < 3 ms with a date filter on): a launcher that starts
# the app and, a second later, types into its own pane what a person would (D, the phrase, Enter);
# ttff.py waits for the filtered footer (--ready-re) before it presses j. The phrase matches about a
# tenth of the generated entries (they span ten years).
date_phrase="${DATE_PHRASE:-2024}"
cat > "$data/with-date-filter.sh" <<'LAUNCHER'
#!/bin/sh
( sleep 1; tmux send-keys -t "$TMUX_PANE" D; sleep 0.3
  tmux send-keys -t "$TMUX_PANE" -l "$BENCH_DATE_PHRASE"; tmux send-keys -t "$TMUX_PANE" Enter ) </dev/null >/dev/null 2>&1 &
exec "$@"
LAUNCHER
chmod +x "$data/with-date-filter.sh"

# One ttff.py measurement: LABEL SIZE KEY [VAR=VALUE for the app] [LAUNCHER READY-REGEX]; the app's
# `--storyboards` folder is $flows (the bench storyboard, and LAYOUTS' layouts for the second row).
flows="$storyboards"
measure() {
    local label="$1" size="$2" key="$3" extra="${4:-ENTRIES_BENCH=1}" launcher="${5:-}" ready="${6:-}"
    local count
    local before=() after=()
    [[ -n "$launcher" ]] && before=("$launcher")
    [[ -n "$ready" ]] && after=(--ready-re "$ready")
    count="$(python3 -c "print(f'{int(\"$size\"):,}')")"   # the footer's "1 of 10,000"
    echo "# $size entries, key $key" >&2
    python3 "$ttff" --expect "1 of $count" --key "$key" --steps "$steps" --runs "$runs" --quit q \
        --width "$width" --height "$height" --wait-quiet "$wait_quiet" --min-gap-ms "$min_gap" --poll-ms "$poll" \
        --env "ENTRIES_DATABASE=$(location "$size")" --env "$extra" \
        --label "$label" --json "$results/$size-$label.json" "${after[@]}" \
        -- "${before[@]}" "$bin/entries" --storyboards "$flows" >&2 || echo "# (ttff.py reported errors for $label)" >&2
}

# The floor (issue 17), in the same run: `sqlite3 … | less` showing the same journal's titles newest
# first, its first screen and its j (one line down), measured by the same harness.
floor() {
    local size="$1" first
    command -v sqlite3 >/dev/null && command -v less >/dev/null || { echo "# (no sqlite3 or less: no floor)" >&2; return; }
    first="$(sqlite3 -readonly "$data/store-$size.sqlite" "SELECT substr(title, 1, 30) FROM entry ORDER BY createdAt DESC, id DESC LIMIT 1")"
    echo "# $size entries, sqlite3 | less" >&2
    python3 "$ttff" --expect "$first" --key j --steps "$steps" --runs "$runs" --quit q \
        --width "$width" --height "$height" --wait-quiet "$wait_quiet" --min-gap-ms "$min_gap" --poll-ms "$poll" \
        --label less --json "$results/$size-less.json" \
        -- sh -c 'sqlite3 -readonly "$1" "SELECT title FROM entry ORDER BY createdAt DESC, id DESC" | less' sh "$data/store-$size.sqlite" >&2 \
        || echo "# (ttff.py reported errors for less)" >&2
}

# The method's own floor for a key, in the same run: scripts/tui-floor.py, a full-screen program that
# does the least a key can ask (raw mode, the alternate screen, a highlighted row moved by j, the two
# rows and the footer's number written in one write()), timed by the same harness with the same
# options. A key of the app costs this much before the app does anything; the app's j minus it is
# what the app adds.
key_floor() {
    local size="$1" count
    count="$(python3 -c "print(f'{int(\"$size\"):,}')")"
    echo "# the method's floor: scripts/tui-floor.py, key j" >&2
    python3 "$ttff" --expect "1 of $count" --key j --steps "$steps" --runs "$runs" --quit q \
        --width "$width" --height "$height" --wait-quiet "$wait_quiet" --min-gap-ms "$min_gap" --poll-ms "$poll" \
        --label floor-j --json "$results/$size-floor-j.json" \
        -- python3 "$root/scripts/tui-floor.py" "$size" >&2 || echo "# (ttff.py reported errors for the floor)" >&2
}

# The switch: the journal of one entry it starts on (made once), and per size a config naming it
# `start` and the journal of SIZE entries `big` (`database:` is `start`'s file, so the list of
# journals holds these two: start, then big).
switch_start="$data/switch-start.sqlite"
if wants switch && [[ ! -f "$switch_start" ]]; then
    "$bin/entries" add --database "$switch_start" --title "Where the switch starts" >&2
fi
measure_switch() {
    local size="$1" folder="$data/switch-$backend-$1"
    mkdir -p "$folder/entries"
    printf 'database: %s\njournals:\n  start: %s\n  big: %s\n' "$switch_start" "$switch_start" "$(location "$size")" \
        > "$folder/entries/config.yaml"
    rm -rf "$results/$size-switch-screens"
    echo "# $size entries, switch (o j Enter)" >&2
    python3 "$ttff" --expect "1 of 1" --key o --key j --key Enter --steps 1 --runs "$runs" --quit q \
        --step-settle-ms "${SWITCH_SETTLE_MS:-300}" \
        --width "$width" --height "$height" --wait-quiet "$wait_quiet" --min-gap-ms "$min_gap" --poll-ms "$poll" \
        --env "XDG_CONFIG_HOME=$folder" --env "XDG_DATA_HOME=$folder" \
        --label switch --json "$results/$size-switch.json" --screenshot-dir "$results/$size-switch-screens" \
        -- "$bin/entries" -j start >&2 || echo "# (ttff.py reported errors for switch)" >&2
}

# The app's measures of one size, each result labelled with SUFFIX (empty, or @NAME for LAYOUTS).
measure_app() {
    local size="$1" suffix="$2"
    if wants j; then measure "j$suffix" "$size" j; fi
    if wants pgdn; then measure "pgdn$suffix" "$size" NPage; fi
    if wants enter; then measure "enter$suffix" "$size" Enter; fi
    if wants esc; then measure "esc$suffix" "$size" Escape; fi
    if wants j-nopreview; then measure "j-nopreview$suffix" "$size" j "XDG_CONFIG_HOME=$data/no-preview"; fi
    if wants j-date; then
        measure "j-date$suffix" "$size" j "BENCH_DATE_PHRASE=$date_phrase" "$data/with-date-filter.sh" \
            "dated .$date_phrase. · 1 of"
    fi
}

for size in $sizes; do
    if wants less; then floor "$size"; fi
    flows="$storyboards"
    if wants floor; then key_floor "$size"; fi
    measure_app "$size" ""
    if wants j-six; then measure j-six "$size" j "XDG_CONFIG_HOME=$data/six-columns"; fi
    if wants switch; then measure_switch "$size"; fi
    if [[ -n "$layouts_name" ]]; then
        echo "# $size entries, with the layouts of $LAYOUTS" >&2
        flows="$laid_out"
        measure_app "$size" "@$layouts_name"
    fi
done

python3 - "$results" "$layouts_name" $sizes <<'EOF'
import json, os, statistics, sys
results, layouts_name, sizes = sys.argv[1], sys.argv[2], sys.argv[3:]
labels = ("j", "pgdn", "enter", "esc", "j-nopreview", "j-date", "j-six")

def fmt(x, nd=1):
    return "-" if x is None else f"{x:.{nd}f}"

def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None

# Other work on the machine slows single runs down badly (ttff.py flags a run whose machine was busy
# just before it): the figures are medians over the quiet runs when there are at least 3 of them.
floors = []
def switch_median(size):
    """The switch's median time over its runs whose last screen is the big journal's list (quiet ones
    when there are 3); and how many runs ended elsewhere."""
    path = os.path.join(results, f"{size}-switch.json")
    data = json.load(open(path)) if os.path.exists(path) else {"runs": []}
    runs = [r for r in data["runs"] if not r["warmup"] and r.get("steps_done_ms")]
    shots = os.path.join(results, f"{size}-switch-screens")

    def switched(run):
        try:
            text = open(os.path.join(shots, f"run{run['run']}.txt")).read()
        except OSError:
            return False
        return text.startswith("big › Entries") and f"1 of {int(size):,}" in text

    good = [r for r in runs if switched(r)]
    quiet = [r for r in good if r["machine_busy_pct_before"] <= 15.0]
    chosen = quiet if len(quiet) >= 3 else good
    return median([r["steps_done_ms"][0] for r in chosen]), len(runs) - len(good)

def app_row(size, suffix):
    """The medians of the app's measures of one size (suffix "" for the shipped layouts, "@NAME" for
    LAYOUTS'): first screen, each key, peak RSS, the runs counted, the errors, and the first screen of
    the measures both rows take (all but j six columns, whose runs use a layout of their own)."""
    runs, errors = {}, set()
    for label in labels:
        path = os.path.join(results, f"{size}-{label}{suffix}.json")
        data = json.load(open(path)) if os.path.exists(path) else {"runs": [], "summary": {}}
        runs[label] = [r for r in data["runs"] if not r["warmup"] and r["ttff_ms"] is not None]
        errors.update(data["summary"].get("errors", []))
    quiet = {label: [r for r in rs if r["machine_busy_pct_before"] <= 15.0] for label, rs in runs.items()}
    total = sum(len(rs) for rs in runs.values())
    use_quiet = sum(len(rs) for rs in quiet.values()) >= 3
    # Per measure: its quiet runs when it has any, else all of its runs.
    chosen = {label: (quiet[label] if use_quiet and quiet[label] else rs) for label, rs in runs.items()}
    every = [r for rs in chosen.values() for r in rs]
    ttff = median([r["ttff_ms"] for r in every])
    rss = median([r["peak_rss_kb"] / 1024 for r in every if r.get("peak_rss_kb")])
    keys = [median([s for r in chosen[label] for s in r["steps_ms"]]) for label in labels]
    note = f"{len(every)} of {total} runs" + (" (quiet ones)" if use_quiet else " (machine busy: all runs)")
    both = median([r["ttff_ms"] for label in labels if label != "j-six" for r in chosen[label]])
    return ttff, keys, rss, note, errors, both

header = (f"{'entries':>10}  {'first screen ms':>15}  {'j ms':>6}  {'PgDn ms':>7}  {'Enter ms':>8}  {'Esc ms':>6}"
          f"  {'j no preview':>12}  {'j date filter':>13}  {'j six columns':>13}  {'switch ms':>9}  {'peak RSS MB':>11}  runs")
print(header)
laid_out = []
for size in sizes:
    ttff, keys, rss, note, errors, shipped_first = app_row(size, "")
    less_path = os.path.join(results, f"{size}-less.json")
    less = json.load(open(less_path)) if os.path.exists(less_path) else {"runs": []}
    less_runs = [r for r in less["runs"] if not r["warmup"] and r["ttff_ms"] is not None]
    less_quiet = [r for r in less_runs if r["machine_busy_pct_before"] <= 15.0]
    less_runs = less_quiet if len(less_quiet) >= 3 else less_runs
    less_ttff = median([r["ttff_ms"] for r in less_runs])
    less_j = median([s for r in less_runs for s in r["steps_ms"]])
    ratio = None if ttff is None or not less_ttff else ttff / less_ttff
    floor_path = os.path.join(results, f"{size}-floor-j.json")
    floor = json.load(open(floor_path)) if os.path.exists(floor_path) else {"runs": []}
    floor_runs = [r for r in floor["runs"] if not r["warmup"] and r["ttff_ms"] is not None]
    floor_quiet = [r for r in floor_runs if r["machine_busy_pct_before"] <= 15.0]
    floor_j = median([s for r in (floor_quiet if len(floor_quiet) >= 3 else floor_runs) for s in r["steps_ms"]])
    above = None if floor_j is None or keys[0] is None else keys[0] - floor_j
    floors.append(f"{int(size):>10,}  {fmt(less_ttff):>15}  {fmt(less_j):>6}  {fmt(ratio):>20}"
                  f"  {fmt(floor_j, 2):>13}  {fmt(keys[0], 2):>6}  {fmt(above, 2):>14}")
    switch, elsewhere = switch_median(size)
    if elsewhere:
        errors.add(f"{elsewhere} switch run(s) did not end on the big journal's list")
    print(f"{int(size):>10,}  {fmt(ttff):>15}  {fmt(keys[0]):>6}  {fmt(keys[1]):>7}  {fmt(keys[2]):>8}  {fmt(keys[3]):>6}  {fmt(keys[4]):>12}  {fmt(keys[5]):>13}  {fmt(keys[6]):>13}  {fmt(switch):>9}  {fmt(rss):>11}  {note}"
          + (f"  errors: {'; '.join(sorted(errors))}" if errors else ""))
    if layouts_name:
        l_ttff, l_keys, l_rss, l_note, l_errors, _ = app_row(size, "@" + layouts_name)
        first = None if l_ttff is None or not shipped_first else l_ttff / shipped_first
        laid_out.append(f"{int(size):>10,}  {fmt(l_ttff):>15}  {fmt(l_keys[0]):>6}  {fmt(l_keys[1]):>7}  {fmt(l_keys[2]):>8}  {fmt(l_keys[3]):>6}  {fmt(l_keys[4]):>12}  {fmt(l_keys[5]):>13}  {fmt(shipped_first):>15}  {fmt(first, 3):>15}  {fmt(l_rss):>11}  {l_note}"
                        + (f"  errors: {'; '.join(sorted(l_errors))}" if l_errors else ""))
if laid_out:
    print()
    print(f"with the layouts of {layouts_name} (LAYOUTS), the same run:")
    print(f"{'entries':>10}  {'first screen ms':>15}  {'j ms':>6}  {'PgDn ms':>7}  {'Enter ms':>8}  {'Esc ms':>6}  {'j no preview':>12}  {'j date filter':>13}  {'shipped first':>15}  {'first / shipped':>15}  {'peak RSS MB':>11}  runs")
    print("\n".join(laid_out))
print()
print(f"{'the floor':>10}  {'less first screen':>15}  {'less j':>6}  {'entries / less (first)':>20}"
      f"  {'tui-floor j':>13}  {'j':>6}  {'j above floor':>14}")
print("\n".join(floors))
print("(medians; first screen: process start to the list on screen; a key: sent to the first change")
print(" of the screen; switch: o j Enter from a journal of one entry to the list of this one, until the")
print(" screen holds still; targets: < 30 ms, < 3 ms, the switch within the first screen's time,")
print(" < 30 MB and about the same at both sizes; with a person's layouts: a key <= 1.5 ms at")
print(" 1,000,000 entries, the first screen within 5% of the shipped layouts' (first / shipped <= 1.05);")
print(" tui-floor j: scripts/tui-floor.py, the least a full-screen program can do for j, in this measure)")
EOF
