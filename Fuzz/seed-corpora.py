#!/usr/bin/env python3
"""Writes the seed corpora (Fuzz/Corpus/<Harness>/) from the test suite's own fixtures: the string
literals of the tests that feed each parser, plus the shipped storyboards. Run it again after adding
fixtures worth seeding from; libFuzzer's finds are added beside these by `make fuzz` runs (kept out
of git unless one is worth keeping). Each seed is named by its content's hash, so reruns are stable."""
import hashlib, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")
MAX_SEED = 4096
# `seed-corpora.py Config KeyOverlay` writes only those corpora.
ONLY = set(sys.argv[1:])

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}

def unescape(text):
    """Swift string escapes; None for a literal with interpolation (its value is not known here)."""
    if "\\(" in text:
        return None
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            if n in ESCAPES:
                out.append(ESCAPES[n]); i += 2; continue
            m = re.match(r"u\{([0-9a-fA-F]+)\}", text[i + 1:])
            if m:
                value = int(m.group(1), 16)
                if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
                    return None
                out.append(chr(value)); i += 2 + len(m.group(0)) - 1; continue
            if n == "\n":  # a line continuation in a multi-line literal
                i += 2; continue
        out.append(c); i += 1
    return "".join(out)

def literals(path):
    source = open(path, encoding="utf-8").read()
    for m in re.finditer(r'(?<!#)"""\n(.*?)\n([ \t]*)"""', source, re.S):
        indent = m.group(2)
        lines = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in m.group(1).split("\n")]
        value = unescape("\n".join(lines))
        if value is not None:
            yield value
    for m in re.finditer(r'(?<![#"\\])"((?:[^"\\\n]|\\.)*)"(?!")', source):
        value = unescape(m.group(1))
        if value is not None and len(value) >= 2:
            yield value

def write(harness, seeds, prefix=b""):
    if ONLY and harness not in ONLY:
        return
    folder = os.path.join(CORPUS, harness)
    os.makedirs(folder, exist_ok=True)
    count = 0
    for seed in seeds:
        data = prefix + (seed.encode("utf-8", "surrogatepass") if isinstance(seed, str) else seed)
        if len(data) > MAX_SEED:
            continue
        name = hashlib.sha1(data).hexdigest()[:16]
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        count += 1
    print(f"{harness}: {count} seeds", file=sys.stderr)

def from_tests(*files, keep=lambda s: True):
    seen = []
    for name in files:
        for value in literals(os.path.join(ROOT, "Tests", name)):
            if keep(value) and value not in seen:
                seen.append(value)
    return seen

def storyboard_like(s):
    return "storyboard:" in s or "scenes:" in s or "segues:" in s

def main():
    shipped = [open(os.path.join(ROOT, p), encoding="utf-8").read() for p in (
        "Sources/EntriesContext/Entries.storyboard", "Sources/SettingsContext/Settings.storyboard",
        "Sources/CalendarContext/Calendar.storyboard")]
    appshell = [os.path.join("AppShellTests", n) for n in sorted(os.listdir(os.path.join(ROOT, "Tests", "AppShellTests")))
                if n.endswith(".swift") and ("Storyboard" in n or "Fixtures" in n)]
    appshell += [os.path.join("AppShellTests", "Fixtures", n) for n in sorted(os.listdir(os.path.join(ROOT, "Tests", "AppShellTests", "Fixtures")))]
    write("Storyboard", shipped + from_tests(*appshell, keep=storyboard_like))
    keys = from_tests("AppFactoryTests/PersonalKeysTests.swift", "EntriesCommandTests/EntriesKeysCommandTests.swift",
                      keep=lambda s: ":" in s and ("\n" in s or "{" in s))
    write("KeyOverlay", keys)
    settings = ("database:", "editor:", "theme:", "colors:", "mouse:", "sort:", "date-format:", "confirm-delete:",
                "color:", "first-day-of-week:", "template:", "preview", "first-day")
    config = from_tests("AppFactoryTests/AppConfiguredPreferencesTests.swift", "AppFactoryTests/ConfigFileThemeWriterTests.swift",
                        "AppFactoryTests/AppThemeTests.swift", "EntriesCommandTests/EntriesConfigCommandTests.swift",
                        "ReliabilityTests/HostileYAMLTests.swift", "ReliabilityTests/HostileEditorConfigTests.swift",
                        keep=lambda s: any(setting in s for setting in settings))
    write("Config", config + ["theme: light\nsort: oldest\ndate-format: iso\n", "colors:\n  accent: {foreground: bright-blue, background: \"#102030\"}\n",
                              "database: ~/journal.sqlite  # mine\neditor: vim\npreview: yes\npreview-width: 120\n",
                              "journals:\n  work: ~/work.sqlite\n  shared: postgresql://me@db.example/journal\ndefault-journal: work\ntheme: dark\n"])
    markdown = from_tests("AppShellTests/MarkdownRenderingTests.swift", "AppShellTests/MarkdownDocumentTests.swift")
    # width 60, height 20, at 1,1, scrolled.
    write("MarkdownRenderer", markdown, prefix=bytes([60, 20, 1, 1, 1]))
    write("DatePhrase", from_tests("EntryStoreTests/DatePhraseReaderTests.swift", keep=lambda s: len(s) <= 80),
          prefix=bytes([0x80, 0x00, 0x00]))
    write("SearchQuery", from_tests("EntryStoreTests/SearchQueryParserTests.swift", "EntryStoreTests/EntryRepositorySearchQueryTests.swift"))
    write("ImportJSON", from_tests("EntryStoreTests/InterchangeJSONTests.swift", keep=lambda s: s.lstrip().startswith("[")))
    write("ImportJSONLines", from_tests("EntryStoreTests/InterchangeJSONLinesTests.swift", keep=lambda s: s.lstrip().startswith("{")))
    write("ImportJrnl", from_tests("EntryStoreTests/InterchangeJrnlTests.swift", keep=lambda s: s.lstrip().startswith("{")))
    write("ImportDayOne", from_tests("EntryStoreTests/InterchangeDayOneTests.swift", keep=lambda s: s.lstrip().startswith("{")))
    write("ImportCSV", from_tests("EntryStoreTests/InterchangeCSVTests.swift", keep=lambda s: "," in s and "\n" in s))
    write("ImportMarkdownNote", from_tests("EntryStoreTests/InterchangeMarkdownTests.swift", keep=lambda s: "\n" in s))
    write("InputDecoder", input_seeds(), prefix=bytes([8, 0]))
    write("ImportDayOneZip", zip_seeds())
    layouts = [open(os.path.join(ROOT, p), encoding="utf-8").read() for p in (
        "Sources/EntryUI/Layouts/EntryList.layout", "Sources/EntriesContext/Layouts/EntryDetails.layout",
        "Sources/EntriesContext/Layouts/EntryPreview.layout", "Sources/EntriesContext/Layouts/EntryMoreDetails.layout")]
    layout_tests = from_tests("AppShellTests/LayoutLoaderReportTableTests.swift", "AppFactoryTests/LayoutStrangerFileTests.swift",
                              "EntriesCommandTests/EntriesLayoutCommandTests.swift", "AppFactoryTests/ListRowConfigTests.swift",
                              "EntriesContextTests/EntryDetailsLayoutTests.swift", "EntriesContextTests/EntryListLayoutTests.swift",
                              keep=lambda s: "kind:" in s)
    # The outlets' values follow the file, after a NUL.
    write("Layout", layouts + layout_tests + [layouts[0] + "\0\x1b[31mred\x07\0漢字\0é\0"])
    links = from_tests("EntryStoreTests/EntryLinkParserTests.swift", "EntryStoreTests/EntryRepositoryLinksTests.swift",
                       keep=lambda s: "[[" in s)
    # The first byte steers the harness (0x40: also each link in a code span).
    write("EntryLinks", links, prefix=b"\x40")
    # Docsize records: one varint per column (four columns), short and long, and damaged ones.
    write("FullTextRecord", [bytes([5, 3, 16, 0]), bytes([0x81, 0x00, 0x01, 0x02, 0x03]), bytes([0x81]),
                             bytes([1] * 65), bytes([0xFF] * 9), bytes([0x87, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0])])
    # JournalHeader: its seed is a real header (Fuzz/Corpus/JournalHeader/seed-header, made by
    # `entries init --encrypted`; its harness holds its bytes and recovery key), not written here.

def input_seeds():
    """What terminals send: keys, modifiers, mouse, pastes, UTF-8 text (from the decoder's tests)."""
    tests = from_tests("AppShellTests/InputDecoderSequenceTests.swift", "AppShellTests/InputDecoderSplitTests.swift",
                       "AppShellTests/InputDecoderRobustnessTests.swift", "AppShellTests/MouseInputTests.swift",
                       keep=lambda s: any(ord(c) > 127 or ord(c) < 32 for c in s))
    fixed = ["\x1b[A\x1b[B\x1b[C\x1b[D", "\x1bOP\x1bOQ\x1b[15~\x1b[24~", "\x1b[1;5A\x1b[1;3D\x1b[3~\x1b[5~\x1b[6~",
             "\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<64;3;3M", "\x1b[200~pasted\r\ntext\x1b[201~", "héllo e\u0301 👍🏽 日本",
             "\x1bx\x1b\x1b[Z\x01\x7f\r\t", "\x1b[[A\x1b[[E\x1b[1~\x1b[4~\x1b[7~\x1b[8~", "\x1b[M !!"]
    return fixed + tests

def zip_seeds():
    import io, zipfile
    seeds = []
    journal = ('{"metadata": {"version": "1.0"}, "entries": [{"uuid": "A1", "creationDate": "2024-06-03T10:00:00Z", '
               '"modifiedDate": "2024-06-04T10:00:00Z", "starred": true, "tags": ["garden"], '
               '"text": "# Beans\\n\\nPlanted the beans."}]}')
    for name, method in (("Journal.json", zipfile.ZIP_DEFLATED), ("Export/Journal.json", zipfile.ZIP_STORED)):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as archive:
            archive.writestr(name, journal)
            archive.writestr("photos/a.jpeg", b"\xff\xd8\xff")
        seeds.append(buffer.getvalue())
    return seeds

main()
