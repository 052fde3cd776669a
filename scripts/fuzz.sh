#!/usr/bin/env bash
# Coverage-guided fuzzing of the parsers that read strangers' bytes (`make fuzz`): builds the libFuzzer
# harnesses of Fuzz/ (Fuzz/Package.swift lists them, Fuzz/Sources/Fuzz*/main.swift say what each
# checks) with `--sanitize=fuzzer --sanitize=address`, then runs each one in turn. A run fails on a
# crash or a broken property, a leak, an input that takes more than a second, or one that needs more
# than FUZZ_RSS_MB of memory; the input that did it is kept in Fuzz/.build/findings/<harness>/.
#
#   scripts/fuzz.sh                          # every harness for FUZZ_SECONDS (default 30) each
#   FUZZ_SECONDS=600 scripts/fuzz.sh Storyboard ImportCSV   # the named harnesses, ten minutes each
#   FUZZ_RUNS=1000000 FUZZ_SECONDS=3600 scripts/fuzz.sh       # each until a million executions (or an hour)
#   scripts/fuzz.sh --corpus-only            # each harness over its checked-in corpus only (make test)
#   scripts/fuzz.sh --no-build ...           # with the harnesses already built
#
# What a run finds beyond the checked-in corpus (Fuzz/Corpus/<harness>) goes to Fuzz/.build/corpus/
# <harness>, kept between runs, so that the next run starts where this one ended; copy an input into
# Fuzz/Corpus when it is worth keeping for `make test`. Each harness's executions and coverage (libFuzzer's
# `cov:` and `ft:`) are printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-30}
# A harness also stops after this many executions (0: no such limit, only the time).
RUNS_EACH=${FUZZ_RUNS:-0}
# libFuzzer's timeout is wall-clock time: on a machine so loaded that a (niced) harness waits seconds for
# a core, inputs that take milliseconds are reported as timeouts. There, raise it (FUZZ_TIMEOUT=20) and
# replay what a run keeps alone: `Fuzz/.build/release/Fuzz<Name> <input>` prints the time it took.
TIMEOUT=${FUZZ_TIMEOUT:-1}
RSS_MB=${FUZZ_RSS_MB:-2048}
# Longer inputs mostly repeat what shorter ones cover, and cost time per execution.
MAX_LEN=${FUZZ_MAX_LEN:-4096}
CONFIGURATION=${FUZZ_CONFIGURATION:-release}
HARNESSES_ALL=(InputDecoder MarkdownRenderer Storyboard KeyOverlay Config DatePhrase SearchQuery
    ImportJSON ImportJSONLines ImportJrnl ImportDayOne ImportDayOneZip ImportCSV ImportMarkdownNote
    Layout EntryLinks FullTextRecord JournalHeader)

corpus_only=0 build=1 harnesses=()
for argument in "$@"; do
    case "$argument" in
        --corpus-only) corpus_only=1 ;;
        --no-build) build=0 ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $argument (see --help)" >&2; exit 64 ;;
        *) harnesses+=("$argument") ;;
    esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${HARNESSES_ALL[@]}")
for name in "${harnesses[@]}"; do
    [ -d "Fuzz/Sources/Fuzz$name" ] || { echo "fuzz.sh: no harness $name (Fuzz/Sources/Fuzz$name)" >&2; exit 64; }
done

# The output goes through a pipe so the compiler never sees a terminal (the Makefile says why).
# The sanitizers are named twice, on purpose: SwiftPM's --sanitize makes the harnesses' main libFuzzer's,
# but it keeps them in a set and passes them to the compiler in its hash order, which changes from one
# run to the next; after `-sanitize=fuzzer -sanitize=address` the optimizer (in release) instruments
# nothing and libFuzzer fuzzes blind (1 coverage counter instead of thousands). The -Xswiftc pair comes
# last and in the order that works. Deterministic hashing keeps the order, hence the flags, the same
# from one run to the next, so a second build does not recompile everything.
export SWIFT_DETERMINISTIC_HASHING=1
build_flags=(--package-path Fuzz -c "$CONFIGURATION" --sanitize=fuzzer --sanitize=address
    -Xswiftc -sanitize=address -Xswiftc -sanitize=fuzzer --disable-dead-strip)
if [ "$build" -eq 1 ]; then
    "$SWIFT" build "${build_flags[@]}" 2>&1 | cat
fi
bin=$("$SWIFT" build "${build_flags[@]}" --show-bin-path)
unset SWIFT_DETERMINISTIC_HASHING

# Leaks are findings too; Swift's runtime keeps metadata caches for the life of the process, which
# LeakSanitizer does not count (they stay reachable). Swift allocates at every turn, and AddressSanitizer
# records each allocation's stack and fills its first 4 KB: without both, a harness spends about an eighth
# less CPU per input and still finds every bad access; replay a kept input with
# `ASAN_OPTIONS=malloc_context_size=30` for the stack of the allocation a report names.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:malloc_context_size=0:max_malloc_fill_size=0}
# Swift's own crash handler would race AddressSanitizer's report (and read its shadow memory).
export SWIFT_BACKTRACE=enable=no
failed=() summary=()
empty_input=$(mktemp "${TMPDIR:-/tmp}/entries-fuzz-empty.XXXXXX")
trap 'rm -f "$empty_input"' EXIT
for name in "${harnesses[@]}"; do
    executable="$bin/Fuzz$name"
    seeds="Fuzz/Corpus/$name"
    findings="Fuzz/.build/findings/$name"
    mkdir -p "$findings"
    dictionary=""
    case "$name" in
        ImportJSON|ImportJSONLines|ImportJrnl|ImportDayOne) dictionary=Fuzz/Dictionaries/Import.dict ;;
        *) [ -f "Fuzz/Dictionaries/$name.dict" ] && dictionary="Fuzz/Dictionaries/$name.dict" ;;
    esac
    options=(-timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" -malloc_limit_mb="$RSS_MB" -artifact_prefix="$findings/"
        -print_final_stats=1)
    [ -n "$dictionary" ] && options+=(-dict="$dictionary")
    log="Fuzz/.build/findings/$name.log"
    status=0
    # A harness built without coverage would still run, and find next to nothing: refuse it.
    counters=$("$executable" "$empty_input" 2>&1 | grep -oE 'Loaded 1 modules +\([0-9]+ inline' | grep -oE '[0-9]+ inline' | grep -oE '[0-9]+' || echo 0)
    if [ "$counters" -lt 100 ]; then
        failed+=("$name")
        summary+=("$(printf '%-20s FAILED: built without coverage instrumentation (%s counters)' "$name" "$counters")")
        continue
    fi
    if [ "$corpus_only" -eq 1 ]; then
        # Every checked-in input once, no mutation: seconds, and any input that once failed fails again.
        "$executable" "${options[@]}" -runs=0 "$seeds" >"$log" 2>&1 || status=$?
    else
        corpus="Fuzz/.build/corpus/$name"
        mkdir -p "$corpus"
        limits=(-max_total_time="$SECONDS_EACH")
        [ "$RUNS_EACH" -gt 0 ] && limits+=(-runs="$RUNS_EACH")
        echo "fuzzing $name for ${SECONDS_EACH}s$([ "$RUNS_EACH" -gt 0 ] && echo " or $RUNS_EACH executions") (log: $log)"
        "$executable" "${options[@]}" -max_len="$MAX_LEN" "${limits[@]}" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
    fi
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
    took=$(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$log" | grep -oE '[0-9]+ second' | grep -oE '[0-9]+' || echo "?")
    coverage=$(grep -E '^#[0-9]+.*(cov|ft):' "$log" | tail -n 1 | grep -oE '(cov|ft): [0-9]+' | tr '\n' ' ' || true)
    if [ "$status" -ne 0 ]; then
        failed+=("$name")
        summary+=("$(printf '%-20s FAILED (exit %s): %s' "$name" "$status" "$(grep -m1 -E 'ERROR: |Fatal error|property broken|==ERROR' "$log" || echo "see $log")")")
        grep -E -A3 'Fatal error|==ERROR|ERROR: libFuzzer|SUMMARY' "$log" | head -n 20 >&2 || true
        ls -t "$findings" 2>/dev/null | head -n 1 | sed "s|^|  input kept: $findings/|" >&2
    else
        summary+=("$(printf '%-20s %12s runs in %6s s   %s' "$name" "$runs" "$took" "$coverage")")
    fi
done

printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${#failed[@]} harness(es) failed: ${failed[*]} (inputs in Fuzz/.build/findings/)" >&2
    exit 1
fi
