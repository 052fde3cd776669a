#!/usr/bin/env bash
# Regenerates the Mermaid graph of the shipped flow in docs/storyboards.md (between the storyboard-graph
# markers) from `entries storyboard graph`. A test (EntriesStoryboardCommandTests) fails when it is
# out of date.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product entries >&2
# Without the developer's own keys.yaml or storyboards: the shipped flow only.
graph=$(XDG_CONFIG_HOME=/nonexistent/entries-docs .build/debug/entries storyboard graph)
python3 - "$graph" <<'PY'
import re, sys
graph = sys.argv[1].rstrip("\n")
text = open("docs/storyboards.md").read()
begin, end = "<!-- storyboard-graph:begin -->", "<!-- storyboard-graph:end -->"
block = begin + "\n```mermaid\n" + graph + "\n```\n" + end
text, count = re.subn(re.escape(begin) + ".*?" + re.escape(end), lambda _: block, text, flags=re.S)
if count != 1:
    sys.exit("docs/storyboards.md needs exactly one pair of storyboard-graph markers")
open("docs/storyboards.md", "w").write(text)
PY
