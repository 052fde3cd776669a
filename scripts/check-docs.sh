#!/usr/bin/env bash
# Opens the documentation site that scripts/build-docs.sh made in a real headless browser (Chromium)
# and checks what a reader would see: the landing page lists every library, and each library's page
# shows its overview (the first sentence of its catalog's summary). DocC sites are drawn by
# JavaScript from JSON files, so a page that "exists" can still show nothing; only a browser tells.
#
#   scripts/check-docs.sh [SITE]     SITE defaults to .build/docs/site
set -euo pipefail
cd "$(dirname "$0")/.."
site=${1:-.build/docs/site}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    # As with the PostgreSQL tests: skipped with a note where the browser cannot be installed, but
    # never in CI, where scripts/install-deps.sh installs it.
    echo "check-docs: no Chromium found (scripts/install-deps.sh installs it with apt-get); not checked" >&2
    [ "${CI:-}" = "true" ] && exit 1
    exit 0
fi
[ -f "$site/index.html" ] || { echo "check-docs: no site in $site (run scripts/build-docs.sh)" >&2; exit 1; }

# A static server on a free port of the loopback (DocC's pages load their JSON with fetch, which a
# browser refuses from file:// URLs).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" > /dev/null 2>&1 &
server=$!
profile=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$profile"' EXIT
for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break
    sleep 0.1
done

# The text a reader sees on a page, once its scripts have run.
page_text() {
    timeout 90 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$profile" \
        --virtual-time-budget=15000 --dump-dom "http://127.0.0.1:$port/$1" 2>/dev/null \
        | sed -e 's/<[^>]*>/\n/g' | sed -e 's/^[[:space:]]*//' -e '/^$/d'
}

failures=0
landing=$(page_text documentation/)
for catalog in Sources/*/Documentation.docc; do
    module=$(basename "$(dirname "$catalog")")
    if ! grep -qx "$module" <<< "$landing"; then
        echo "check-docs: the landing page does not list $module" >&2
        failures=$((failures + 1))
        continue
    fi
    # The catalog's summary: the first line after its title, cut at the first ``symbol`` or sentence end.
    summary=$(awk 'NR > 1 && NF { print; exit }' "$catalog/$module.md" | sed -e 's/[:,.`].*//' | cut -c1-40)
    lower=$(tr '[:upper:]' '[:lower:]' <<< "$module")
    text=$(page_text "documentation/$lower")
    if ! grep -qF -- "$summary" <<< "$text"; then
        echo "check-docs: documentation/$lower does not show \"$summary\"" >&2
        failures=$((failures + 1))
    fi
done
# Every tutorial page shows its title (a table of contents, `@Tutorials`, has no page of its own
# under the module); there must be at least one.
tutorials=0
for tutorial in Sources/*/Documentation.docc/*.tutorial; do
    [ -e "$tutorial" ] || continue
    grep -q '^@Tutorials(' "$tutorial" && continue
    tutorials=$((tutorials + 1))
    title=$(sed -n 's/^@Tutorial(.*//; s/^ *@Intro(title: "\([^"]*\)").*/\1/p' "$tutorial" | head -1)
    [ -n "$title" ] || continue
    path=$(basename "$tutorial" .tutorial | tr '[:upper:]' '[:lower:]')
    module=$(basename "$(dirname "$(dirname "$tutorial")")" | tr '[:upper:]' '[:lower:]')
    if ! grep -qF -- "$title" <<< "$(page_text "tutorials/$module/$path")"; then
        echo "check-docs: the tutorial \"$title\" does not show at tutorials/$module/$path" >&2
        failures=$((failures + 1))
    fi
done
if [ "$tutorials" -eq 0 ]; then
    echo "check-docs: no tutorial found in Sources/*/Documentation.docc" >&2
    failures=$((failures + 1))
fi
if [ "$failures" -gt 0 ]; then
    exit 1
fi
echo "check-docs: every library's page shows its overview, and each of the $tutorials tutorials its title, in Chromium"
