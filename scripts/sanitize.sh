#!/usr/bin/env bash
# The tests that exercise threads and C code under the sanitizers (`make sanitize`).
#
#   scripts/sanitize.sh            # ThreadSanitizer, then AddressSanitizer
#   scripts/sanitize.sh thread     # one of them: thread or address
#   scripts/sanitize.sh --no-build thread
#
# ThreadSanitizer (`--sanitize=thread`, built in .build-tsan) runs the tests of the code that shares
# state between threads: the background loader (reads off the main thread, results through the
# mailbox), the pipelined COPY into PostgreSQL, the streamed full-text index thread of a large import,
# the busy watchdog and the signal watcher of the terminal run loop (the latter two in the real binary,
# which these tests start, built with the same sanitizer), and the repository under concurrent use.
# AddressSanitizer (`--sanitize=address`, built in .build-asan) runs the tests of the C code and of the
# parsers of strangers' bytes: the encrypting VFS of encrypted journals (libsodium), the SQLite defensive
# flag on hostile files, the FTS5 records the ranking function decodes, zlib for zip imports, libyaml
# under the storyboard reader, the import formats, the search language and date phrases, the terminal
# input decoder and the Markdown renderer.
#
# Each sanitizer has a build folder of its own, so the normal build (.build) is never invalidated. A
# report of any process, the tests' own or a binary they start, is written to
# .build-<sanitizer>/reports/<sanitizer>.<pid> (the *SAN_OPTIONS log_path); the run fails when a test
# fails or when any report was written. The last lines list what ran and what was found.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
# Test classes by what they exercise; each runs under the named sanitizer.
THREAD_TESTS=(
    'EntriesContextTests.BackgroundLoaderTests'                    # background loader + mailbox
    'AppShellTests.TerminalRunLoopFirstFrameTests'                 # work posted from other threads
    'EntryStoreTests.PostgreSQLBulkInsertTests'                    # pipelined COPY
    'EntryStoreTests.PostgreSQLCopyOnLostConnectionTests'          # pipelined COPY, connection lost
    'EntryStoreTests.EntryRepositoryStreamedFullTextIndexTests'    # streamed full-text thread
    'EntryStoreTests.EntryRepositoryStreamedInsertTests'           # streamed import (both stores)
    'EntryStoreTests.EntryRepositoryConcurrencyTests'              # one store, many threads
    'ReliabilityTests.TerminalBusyAppTests'                        # busy watchdog, in the binary
    'ReliabilityTests.TerminalSignalTests'                         # signal watcher, in the binary
    'AppShellTests.TerminalRunLoopPtyTests'                        # run loop, signals, on a pty
    'AppFactoryTests.AppCalendarBackgroundReadTests'               # the Calendar's reads, on the loader's thread
)
ADDRESS_TESTS=(
    'EntryStoreTests.EncryptedJournalTests'                        # SQLiteCipher VFS (C, libsodium)
    'EntryStoreTests.JournalCipherKnownAnswerTests'
    'EntryStoreTests.EncryptedJournalFormatTests'                  # AES-256-GCM pages (BoringSSL), format 1 kept
    'EntryStoreTests.EncryptedPageCacheTests'                      # the cipher's cache of opened pages (C)
    'EntryStoreTests.EncryptionProbeLockTests'                     # a journal's first bytes, through SQLite's VFS
    'EntriesCommandTests.EntriesEncryptionCommandTests'            # the same in the binary, passphrase programs
    'EntryStoreTests.EntryDatabaseFileSafetyTests'                 # SQLiteDefensive on hostile files
    'ReliabilityTests.BadDatabaseFileTests'
    'EntryStoreTests.SQLiteRankDocsizeTests'                       # FTS5 records decoded by the ranking function
    'EntryStoreTests.InterchangeDayOneZipTests'                    # CZlib inflate
    'ReliabilityTests.HostileZipTests'
    'EntryStoreTests.InterchangeJSONTests'                         # the import parsers
    'EntryStoreTests.InterchangeJSONLinesTests'
    'EntryStoreTests.InterchangeJrnlTests'
    'EntryStoreTests.InterchangeDayOneTests'
    'EntryStoreTests.InterchangeCSVTests'
    'EntryStoreTests.InterchangeMarkdownTests'
    'EntryStoreTests.InterchangeStreamingTests'
    'EntryStoreTests.SearchQueryParserTests'                       # the search language, date phrases
    'EntryStoreTests.DatePhraseReaderTests'
    'AppShellTests.InputDecoderSequenceTests'                      # the terminal input decoder
    'AppShellTests.InputDecoderSplitTests'
    'AppShellTests.InputDecoderRobustnessTests'
    'AppShellTests.MouseInputTests'
    'AppShellTests.YAMLInputGuardTests'                            # libyaml (C) on hostile YAML
    'AppShellTests.StoryboardRobustnessTests'
    'AppShellTests.StoryboardDiagnosticsTests'
    'AppShellTests.StoryboardDuplicateKeyPositionTests'
    'AppShellTests.MarkdownNestingTests'                           # the Markdown renderer
    'AppShellTests.MarkdownRenderingTests'
    'AppShellTests.LayoutLoaderReportTableTests'                   # layout files
    'AppShellTests.LayoutRenderingPropertyTests'
    'EntryStoreTests.EntryLinkParserTests'                         # links in an entry's text
)

build=1 sanitizers=()
for argument in "$@"; do
    case "$argument" in
        --no-build) build=0 ;;
        thread|address) sanitizers+=("$argument") ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "sanitize.sh: unknown argument $argument (see --help)" >&2; exit 64 ;;
    esac
done
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(thread address)

summary=() failed=0
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        thread) scratch=.build-tsan short=tsan tests=("${THREAD_TESTS[@]}") ;;
        address) scratch=.build-asan short=asan tests=("${ADDRESS_TESTS[@]}") ;;
    esac
    flags=(--scratch-path "$scratch" --sanitize="$sanitizer")
    if [ "$build" -eq 1 ]; then
        echo "building the tests with --sanitize=$sanitizer in $scratch"
        # Through a pipe, so the compiler never sees a terminal (the Makefile says why).
        "$SWIFT" build --build-tests "${flags[@]}" 2>&1 | cat
    fi
    reports="$scratch/reports"
    rm -rf "$reports" && mkdir -p "$reports"
    options="log_path=$PWD/$reports/$short:halt_on_error=0"
    # Swift's own crash handler would race the sanitizer's report.
    export SWIFT_BACKTRACE=enable=no
    for test in "${tests[@]}"; do
        # A class that is not in this checkout (yet) is said so, not counted as run.
        log="$reports/../$(echo "$test" | tr . -).log"
        status=0
        TSAN_OPTIONS="$options${TSAN_OPTIONS:+:$TSAN_OPTIONS}" ASAN_OPTIONS="$options:detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
            "$SWIFT" test --skip-build "${flags[@]}" --disable-swift-testing --filter "$test/" >"$log" 2>&1 || status=$?
        executed=$(grep -oE 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -n 1 || true)
        if [ -z "$executed" ] || grep -q 'Executed 0 tests' "$log"; then
            line="$(printf '%-8s %-62s no such tests ran (see %s)' "$sanitizer" "$test" "$log")"
            failed=1
        elif [ "$status" -ne 0 ]; then
            line="$(printf '%-8s %-62s FAILED: %s (see %s)' "$sanitizer" "$test" "$executed" "$log")"
            failed=1
        else
            line="$(printf '%-8s %-62s %s' "$sanitizer" "$test" "$executed")"
        fi
        summary+=("$line")
        echo "$line"
    done
    count=$(find "$reports" -type f | wc -l)
    if [ "$count" -gt 0 ]; then
        failed=1
        summary+=("$(printf '%-8s %d report(s) in %s:' "$sanitizer" "$count" "$reports")")
        for report in "$reports"/*; do
            summary+=("    $(grep -m1 -E 'WARNING: ThreadSanitizer|ERROR: AddressSanitizer|SUMMARY' "$report" || echo "$report")")
        done
    else
        summary+=("$(printf '%-8s no reports' "$sanitizer")")
    fi
done

echo
echo "sanitize: what ran"
printf '%s\n' "${summary[@]}"
exit "$failed"
