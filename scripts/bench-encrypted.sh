#!/usr/bin/env bash
# A plain and an encrypted journal of the same generated entries, compared row by row: opening
# (read-only, for writing, the app's first screen: an open for writing and the list's first page),
# adding an entry, and the searches, search pages, prefixes and snippets of `entries-bench search`.
# The two are run in turn, ROUNDS times each (plain, encrypted, plain, ...), so that a machine whose
# load drifts weighs on both alike; each row's median over the rounds is printed with the ratio
# encrypted / plain. The key derivation (Argon2id) is done before any timing; `entries-bench store
# --encrypted` reports its cost separately. The last line compares the process's resident memory
# after all the searches (the journal still open).
#
#   scripts/bench-encrypted.sh                       # 1,000,000 entries, 3 rounds
#   SIZE=100000 ROUNDS=5 scripts/bench-encrypted.sh
#
# Environment:
#   SIZE     entries in each journal (default 1000000)
#   ROUNDS   runs of each journal (default 3)
#   CLOCK    cpu (default): each row times the process's CPU time, which other work on a shared
#            machine disturbs far less than wall-clock time; wall: wall-clock time
#   CONFIG   debug (default) or release: the build of entries-bench to use (built if missing)
#   DATA     folder of the two journals, made once by `entries-bench store --encrypted --keep`
#            (default .build-bench-data/encrypted; delete it to make them again)
#   RESULTS  folder for every run's output (default bench-results/encrypted)
#   ENTRIES_BENCH_CIPHER_CACHE_BYTES  the encrypted journal's cache of opened pages, in bytes, instead
#            of none (4194304: the 4 MiB it kept before its readers' cache took that memory)
#   ENTRIES_BENCH_READER_CACHE_KIB  SQLite's page cache of each of the encrypted journal's reading
#            connections, in KiB, instead of its 6096 (2000: SQLite's default, a plain journal's)
#   BENCH    an entries-bench to use instead of the build's (e.g. a copy built from other sources)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-1000000}
ROUNDS=${ROUNDS:-3}
CLOCK=${CLOCK:-cpu}
CONFIG=${CONFIG:-debug}
DATA=${DATA:-.build-bench-data/encrypted}
RESULTS=${RESULTS:-bench-results/encrypted}
BENCH=${BENCH:-.build/$CONFIG/entries-bench}
if [ ! -x "$BENCH" ]; then
    if [ "$CONFIG" = release ]; then
        # shellcheck disable=SC2046
        swift build $(scripts/release-flags.sh) --product entries-bench
    else
        swift build --product entries-bench
    fi
fi
mkdir -p "$DATA" "$RESULTS"
PLAIN=$DATA/store-$SIZE.sqlite
ENCRYPTED=$DATA/store-$SIZE-encrypted.sqlite
if [ ! -f "$PLAIN" ] || [ ! -f "$ENCRYPTED" ]; then
    echo "making the journals ($SIZE entries each; the store benchmark's table goes to $RESULTS/store-$SIZE.txt)" >&2
    rm -f "$PLAIN"* "$ENCRYPTED"*
    "$BENCH" store --encrypted --sizes "$SIZE" --keep "$DATA" > "$RESULTS/store-$SIZE.txt"
fi
rm -f "$RESULTS"/plain-"$SIZE"-*.txt "$RESULTS"/encrypted-"$SIZE"-*.txt
for round in $(seq 1 "$ROUNDS"); do
    echo "round $round of $ROUNDS" >&2
    ENTRIES_BENCH_CLOCK=$CLOCK "$BENCH" search --database "$PLAIN" > "$RESULTS/plain-$SIZE-$round.txt"
    ENTRIES_BENCH_CLOCK=$CLOCK "$BENCH" search --database "$ENCRYPTED" --encrypted > "$RESULTS/encrypted-$SIZE-$round.txt"
done
# Each row: the median over the rounds of each journal's median, and their ratio.
awk -v rounds="$ROUNDS" -v size="$SIZE" -v clock="$CLOCK" '
    function median(list,    n, values, i, j, t) {
        n = split(list, values, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (values[j] + 0 < values[i] + 0) { t = values[i]; values[i] = values[j]; values[j] = t }
        return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
    }
    / ms \(median \/ p99\)$/ {
        label = $0; sub(/: [0-9.]+ \/ [0-9.]+ ms \(median \/ p99\)$/, "", label)
        value = $0; sub(/^.*: /, "", value); sub(/ \/.*$/, "", value)
        kind = FILENAME ~ /\/encrypted-/ ? "encrypted" : "plain"
        if (!(label in seen)) { seen[label] = 1; order[++count] = label }
        times[kind, label] = times[kind, label] " " value
    }
    /^resident memory after the searches: [0-9]+ kB$/ {
        kind = FILENAME ~ /\/encrypted-/ ? "encrypted" : "plain"
        memory[kind] = memory[kind] " " $(NF - 1)
    }
    END {
        printf "%d entries, %d rounds each, %s time in ms (median of the rounds)\n", size, rounds, clock
        printf "%-72s %10s %10s %8s\n", "", "plain", "encrypted", "ratio"
        for (i = 1; i <= count; i++) {
            label = order[i]
            plain = median(times["plain", label]); encrypted = median(times["encrypted", label])
            printf "%-72s %10.3f %10.3f %8.2f\n", label, plain, encrypted, (plain > 0 ? encrypted / plain : 0)
        }
        if (memory["plain"] != "" && memory["encrypted"] != "") {
            plain = median(memory["plain"]); encrypted = median(memory["encrypted"])
            printf "%-72s %10d %10d %+8d\n", "resident memory after the searches, kB (last column: the difference)", plain, encrypted, encrypted - plain
        }
    }' "$RESULTS"/plain-"$SIZE"-*.txt "$RESULTS"/encrypted-"$SIZE"-*.txt
