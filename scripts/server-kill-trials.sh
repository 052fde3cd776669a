#!/bin/sh
# Runs PostgreSQLFaultTests' server-killed-during-imports test RUNS times (default 10), optionally with
# one core kept busy (LOAD=1: one shell busy loop pinned to CPU 0), and counts the runs that failed
# and the runs whose output has the Swift runtime's "CONTINUATION MISUSE" line (the flake of the
# `COPY` started on a connection the server had just dropped). Build first (`swift build --build-tests`).
#   scripts/server-kill-trials.sh            # 10 runs on a quiet machine
#   RUNS=20 LOAD=1 scripts/server-kill-trials.sh
set -u
runs=${RUNS:-10}
filter=${FILTER:-PostgreSQLFaultTests/testTheServerKilledDuringImportsLeavesAllOrNothing}
log=$(mktemp -d "${TMPDIR:-/tmp}/server-kill-trials.XXXXXX")
busy=""
if [ "${LOAD:-0}" = 1 ]; then
    taskset -c 0 sh -c 'while :; do :; done' &
    busy=$!
    trap 'kill "$busy" 2>/dev/null' EXIT INT TERM
fi
failed=0; misuse=0; i=0
while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    if ! swift test --skip-build --disable-swift-testing --filter "$filter" >"$log/run$i.log" 2>&1; then
        failed=$((failed + 1))
    fi
    if grep -q "CONTINUATION MISUSE" "$log/run$i.log"; then misuse=$((misuse + 1)); fi
done
echo "$runs runs (load: ${LOAD:-0}): $failed failed, $misuse with CONTINUATION MISUSE; logs in $log"
[ "$failed" -eq 0 ] && [ "$misuse" -eq 0 ]
