#!/usr/bin/env bash
# The reliability suite at full strength (`make reliability`): killed imports, concurrent writers, a
# full disk, bad files, signals and a closed terminal, fuzzing, hostile text. `make test` runs the
# same tests with small counts; RELIABILITY_FULL=1 selects the big ones. Prints a table at the end:
# each fault or input class, how often it was tried, how often it failed, and whether anything was lost.
#
#   scripts/reliability.sh                 # the full run (about 5 minutes, 10 at most)
#   RELIABILITY_SEED=42 scripts/reliability.sh   # another random sequence (the seed is printed)
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
LIMIT_SECONDS=${RELIABILITY_TIME_LIMIT:-600}
report=$(mktemp "${TMPDIR:-/tmp}/entries-reliability-report.XXXXXX")
log=$(mktemp "${TMPDIR:-/tmp}/entries-reliability-log.XXXXXX")
trap 'rm -f "$report"' EXIT

"$SWIFT" build --build-tests

echo "Running the reliability suite (full counts, at most ${LIMIT_SECONDS}s); log: $log"
status=0
RELIABILITY_FULL=1 RELIABILITY_REPORT="$report" \
    timeout --kill-after=15 "$LIMIT_SECONDS" \
    "$SWIFT" test --skip-build --disable-swift-testing --filter ReliabilityTests >"$log" 2>&1 || status=$?
grep -E "error:|failed|Executed .* tests" "$log" | tail -n 25 || true
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "reliability: the suite ran past ${LIMIT_SECONDS}s and was stopped" >&2
fi

# One row per fault or input class (rows of the same class are added up), in the order they ran.
echo
awk -F'\t' '
    $1 == "RELIABILITY" {
        key = $2
        if (!(key in trials)) { order[++count] = key; lost[key] = "n/a" }
        trials[key] += $3; failures[key] += $4
        if ($5 == "NO") lost[key] = "NO"
        else if ($5 == "yes" && lost[key] != "NO") lost[key] = "yes"
        if ($6 != "") notes[key] = (notes[key] == "" ? $6 : notes[key] "; " $6)
    }
    END {
        format = "%-62s %8s %9s %12s  %s\n"
        printf format, "fault or input", "trials", "failures", "nothing lost", "notes"
        printf format, "--------------------------------------------------------------", "------", "--------", "------------", "-----"
        for (i = 1; i <= count; i++) {
            key = order[i]
            printf format, key, trials[key], failures[key], lost[key], notes[key]
            totalTrials += trials[key]; totalFailures += failures[key]
        }
        printf format, "total", totalTrials, totalFailures, "", ""
    }' "$report"
exit "$status"
