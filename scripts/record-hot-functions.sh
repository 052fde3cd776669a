#!/usr/bin/env bash
# Records scripts/hot-functions.txt: the functions of `entries` that a start and a short session run,
# which the linker lays out next to each other (see scripts/release-flags.sh). Run it after large changes
# to the start or the list (`make hot-functions`); a stale list still works, it only helps less.
#
# How: the release binary runs under valgrind's callgrind (it records every function that runs, where
# sampling would miss the short ones) in tmux 120×40 on a journal of 100,000 generated entries. The
# session: the first screen, j/k, PgDn/PgUp, an entry's details and back, a search typed and left,
# help, a date filter (D 2024) and j in it, the preview toggled twice, and q. Each function that ran
# is named once, in name order.
#
#   scripts/record-hot-functions.sh            # needs valgrind (apt-get install valgrind) and tmux
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
command -v valgrind > /dev/null || { echo "record-hot-functions: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
command -v tmux > /dev/null || { echo "record-hot-functions: tmux is needed (scripts/install-deps.sh installs it)" >&2; exit 1; }

release_flags="$(scripts/release-flags.sh)"
swift build $release_flags --product entries >&2
swift build $release_flags --product entries-bench >&2
bin="$(swift build $release_flags --show-bin-path)"

work="$(mktemp -d "${TMPDIR:-/tmp}/entries-hot.XXXXXX")"
socket="entries-hot-$$"
trap 'tmux -L "$socket" kill-server 2> /dev/null || true; rm -rf "$work"' EXIT
"$bin/entries-bench" store --sizes 100000 --keep "$work" --import-only > /dev/null
# Valgrind 3.19 cannot read this toolchain's DWARF 5: it runs a copy without debug information (the
# symbol table, which names the functions, stays).
strip --strip-debug -o "$work/entries" "$bin/entries"

tmux -L "$socket" new-session -d -x 120 -y 40 \
    "valgrind --tool=callgrind --demangle=no --callgrind-out-file='$work/callgrind.out' '$work/entries' --database '$work/store-100000.sqlite' 2> '$work/valgrind.log'"
for _ in $(seq 1 120); do
    tmux -L "$socket" capture-pane -p 2> /dev/null | grep -q "of 100,000" && break
    sleep 0.5
done
tmux -L "$socket" capture-pane -p | grep -q "of 100,000" || { echo "record-hot-functions: the first screen did not come" >&2; cat "$work/valgrind.log" >&2; exit 1; }
keys() { for key in "$@"; do tmux -L "$socket" send-keys "$key"; sleep 0.7; done; }
keys j j j j k NPage NPage PPage Enter
sleep 1; keys Escape; sleep 1
keys /; tmux -L "$socket" send-keys -l "garden mee"; sleep 2
keys Enter j; sleep 1; keys Escape; sleep 1; keys Escape; sleep 1
keys "?"; sleep 1; keys Escape; sleep 1
keys D; tmux -L "$socket" send-keys -l "2024"; sleep 1; keys Enter j; sleep 1; keys Escape; sleep 1
keys p p q
for _ in $(seq 1 60); do [[ -s "$work/callgrind.out" ]] && break; sleep 0.5; done

# The names of the binary's own functions that ran. Callgrind compresses a
# repeated name to "(id)", and marks a function's recursive copies "name'2": those are the same function.
python3 - "$work/callgrind.out" > "$root/scripts/hot-functions.txt" << 'EOF'
import re, sys
tables = {"ob": {}, "fn": {}}
current_object, seen = None, {}
pattern = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
for line in open(sys.argv[1]):
    match = pattern.match(line.rstrip("\n"))
    if not match:
        continue
    kind, ident, name = match.group(1), match.group(2), match.group(3)
    table = tables[kind.lstrip("c")]
    if name is not None:
        table[ident] = name
    name = table.get(ident)
    if kind == "ob":
        current_object = name
    elif kind == "fn" and current_object and current_object.endswith("/entries") and name:
        name = re.sub(r"'\d+$", "", name)
        if not name.startswith("0x") and not name.startswith("(") and name not in seen:
            seen[name] = True
print("\n".join(sorted(seen)))  # sorted: a new recording differs from the old one only where the code did
EOF
echo "record-hot-functions: $(wc -l < "$root/scripts/hot-functions.txt") functions in scripts/hot-functions.txt" >&2
# SwiftPM does not see the list as an input of the link: removing the binary makes the next build link it.
rm -f "$bin/entries"
