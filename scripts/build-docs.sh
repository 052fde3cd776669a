#!/usr/bin/env bash
# Builds the reference documentation of the public libraries with DocC, as one static site in
# .build/docs/site (open .build/docs/site/documentation/ through any static web server).
#
# Each library's symbols are read from the debug build's modules (swift-symbolgraph-extract, what
# swift-docc-plugin does too), joined with the library's catalog (Sources/<Module>/Documentation.docc:
# its overview, topics and tutorials), converted by docc one archive per library, then merged into one
# site. It prints each library's documentation coverage (public declarations with a summary). A
# warning (a link to a symbol that is not there, a parameter left undocumented) fails the build.
#
#   scripts/build-docs.sh            build the site
#   scripts/build-docs.sh --check    build it, then open it in headless Chromium (scripts/check-docs.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(AppShell AppShellTesting EntryModel EntryUI EntriesContext SettingsContext CalendarContext TrashContext AppFactory)
out=.build/docs
swift=${SWIFT:-swift}

# The modules as the debug build makes them; piped so a terminal's colour flag never changes the build.
"$swift" build 2>&1 | cat

rm -rf "$out"
mkdir -p "$out/symbol-graphs" "$out/archives"

# Every C module a library imports (GRDB's SQLite, Yams' libyaml, our zlib and SQLite shims) is found
# through its module map.
includes=(-I .build/debug/Modules -I .build/debug)
while IFS= read -r map; do
    includes+=(-I "$(dirname "$map")")
done < <(find Sources .build/checkouts -name module.modulemap -not -path '*/.build/checkouts/*/Tests/*' 2>/dev/null)

triple=$("$swift" -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in "${modules[@]}"; do
    mkdir -p "$out/symbol-graphs/$module"
    swift-symbolgraph-extract -module-name "$module" "${includes[@]}" -target "$triple" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$out/symbol-graphs/$module"
    # Only the library's own symbols: the extensions it makes to other modules' types stay in their files.
    docc convert "Sources/$module/Documentation.docc" \
        --additional-symbol-graph-dir "$out/symbol-graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.entries.$module" \
        --output-path "$out/archives/$module.doccarchive" \
        --experimental-documentation-coverage --coverage-summary-level brief --warnings-as-errors \
        > "$out/$module.log" 2>&1 || { cat "$out/$module.log" >&2; echo "docc failed on $module" >&2; exit 1; }
    # The summary docc prints: public declarations with an abstract, per kind.
    awk '/Experimental coverage output/{on=1; next} on && NF' "$out/$module.log" | sed "s/^/$module: /"
done

docc merge "$out"/archives/*.doccarchive --output-path "$out/site" \
    --synthesized-landing-page-name entries --synthesized-landing-page-kind Package > "$out/merge.log" 2>&1 \
    || { cat "$out/merge.log" >&2; exit 1; }
echo "documentation: $out/site (serve it, then open /documentation/)"

if [ "${1:-}" = "--check" ]; then
    scripts/check-docs.sh "$out/site"
fi
