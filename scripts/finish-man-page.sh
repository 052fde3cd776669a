#!/usr/bin/env bash
# Finishes the man page that swift-argument-parser's generate-manual wrote from the command definitions:
#   scripts/finish-man-page.sh ENTRIES_BINARY PAGE
# - blank lines inside the help texts become paragraph breaks (.Pp), which mdoc wants instead;
# - the sections a generator cannot know are added before EXIT STATUS: KEYS (every binding of the
#   built-in storyboards, listed by the binary itself, so the page never disagrees with the app),
#   ENVIRONMENT and FILES (scripts/man-sections.mdoc), and the usage errors' exit status.
set -euo pipefail
binary="$1"
page="$2"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -x "$binary" && -f "$page" ]] || { echo "usage: $0 ENTRIES_BINARY PAGE" >&2; exit 64; }
grep -q '^\.Sh KEYS' "$page" && exit 0  # already finished

keys="$(mktemp)"
trap 'rm -f "$keys" "$page.tmp"' EXIT
# `entries keys` prints: context scene key action [(storyboard-wide)] source. Keys of the built-in
# storyboards only (no keys.yaml of whoever builds the page), each storyboard-wide key once per context.
env -u XDG_CONFIG_HOME HOME=/nonexistent "$binary" keys --database /nonexistent/entries.sqlite | awk '
    function heading(title) { if (title != current) { if (current != "") print ".El"; print ".Ss " title; print ".Bl -tag -width 12n -compact"; current = title } }
    {
        context = $1; scene = $2; key = $3; action = $4
        if ($5 == "(storyboard-wide)") {
            if (seen[context, key]++) next
            if (!(context in wide)) order[++count] = context
            wide[context] = wide[context] ".It Cm " key "\n" action "\n"
            next
        }
        heading(context ", " scene)
        print ".It Cm " key
        print action
    }
    END {
        if (current != "") print ".El"
        for (i = 1; i <= count; i++) { print ".Ss " order[i] ", every scene"; print ".Bl -tag -width 12n -compact"; printf "%s", wide[order[i]]; print ".El" }
    }' > "$keys"
[[ -s "$keys" ]] || { echo "$0: entries keys listed nothing" >&2; exit 1; }

awk -v keys="$keys" -v sections="$here/man-sections.mdoc" '
    /^$/ { print ".Pp"; next }
    /^\.Sh "EXIT STATUS"/ {
        print ".Sh KEYS"
        print "The full-screen app is driven by the keys below, each a binding in a storyboard (change them in"
        print ".Pa ~/.config/entries/keys.yaml ;"
        print ".Ic entries keys"
        print "lists them with where each came from). Press"
        print ".Cm ?"
        print "in any scene for its keys; Ctrl-C always quits, Ctrl-Z suspends."
        while ((getline line < keys) > 0) print line
        while ((getline line < sections) > 0) print line
        print
        next
    }
    /^\.Ex -std/ { print; print "Usage errors (an unknown option, a missing argument) exit with status 64."; next }
    { print }
' "$page" > "$page.tmp"
mv "$page.tmp" "$page"
