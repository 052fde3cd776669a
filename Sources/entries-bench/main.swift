// entries-bench: benchmarks anyone can rerun, one subcommand each.
//   swift run -c release entries-bench store [--sizes 10000,100000,1000000] [--keep DIR]
//   swift run -c release entries-bench markdown
//   swift run -c release entries-bench layout
//   swift run -c release entries-bench folder [--count 100000] [--in DIR]
//   swift run -c release entries-bench switch --journals A.sqlite,B.sqlite [--switches 10]
//   swift run -c release entries-bench links [--count 1000000] [--in DIR]
//   swift run -c release entries-bench contexts --database PATH [--times 20] [--reads background|at-once]
// Add a benchmark by adding a case below that hands the remaining arguments to its own type.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: entries-bench <benchmark> [options]
    benchmarks:
      store   the entry stores: import rate, keyset pages, full-text search, size
              options: --sizes 10000,100000,1000000  --keep DIR  --backend sqlite|postgres
              (postgres: SQLite and a private PostgreSQL server side by side)
      markdown  rendering an entry's Markdown: a 100 kB entry at 120×40, a 10 MB one
      folder  a Markdown folder: export and import of 100,000 entries
              options: --count 100000  --in DIR (a folder on the disk to measure)
      links   links at scale: import, backlinks, 50 links looked up, on this day, a rename
              options: --count 1000000  --in DIR
      layout  a list row's layout per key: the code before layouts, the shipped layout, six columns
      search  search pages, snippets and date filters on an existing database
              options: --database PATH (e.g. one kept by `store --keep DIR`), --encrypted (one kept by `store --encrypted`)
      switch  the app switching between two journals: each switch's first screen, and memory
              options: --journals A.sqlite,B.sqlite  --switches 10
      contexts  the app opening and closing the Calendar, Settings and the Trash from the list
              options: --database PATH  --times 20  --reads background|at-once
    """

switch arguments.first {
case "store":
    exit(StoreBenchmarkCommand.run(arguments: Array(arguments.dropFirst())))
case "search":
    exit(SearchBenchmarkCommand.run(arguments: Array(arguments.dropFirst())))
case "markdown":
    exit(MainActor.assumeIsolated { MarkdownBenchmark.run(arguments: Array(arguments.dropFirst())) })
case "layout":
    exit(MainActor.assumeIsolated { LayoutBenchmark.run(arguments: Array(arguments.dropFirst())) })
case "switch":
    exit(MainActor.assumeIsolated { JournalSwitchBenchmark.run(arguments: Array(arguments.dropFirst())) })
case "contexts":
    exit(MainActor.assumeIsolated { ContextOpenCloseBenchmark.run(arguments: Array(arguments.dropFirst())) })
case "folder":
    exit(MarkdownFolderBenchmark.run(arguments: Array(arguments.dropFirst())))
case "links":
    exit(LinksBenchmark.run(arguments: Array(arguments.dropFirst())))
case "-h", "--help", "help":
    print(usage)
default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}
