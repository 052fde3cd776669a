import Foundation

/// The store benchmark's results as one plain, aligned table: a row per measure, a column per store
/// and size. A measure one store does not have (its own way of opening) shows "-" for the others.
struct StoreBenchmarkTable {
    let results: [StoreBenchmark.Result]

    func render() -> String {
        var rows: [[String]] = []
        rows.append(["store"] + results.map(\.backend))
        rows.append(["entries"] + results.map { grouped($0.size) })
        rows.append(["import (entries/s), median run"] + results.map { grouped(Int($0.importRate)) })
        rows.append(["import (s), median run"] + results.map { String(format: "%.2f", $0.importSeconds) })
        rows.append(
            ["import (entries/s), slowest run"]
                + results.map { grouped(Int(Double($0.size) / $0.slowestImportSeconds)) })
        for (index, stage) in ImportStages.names.enumerated() {
            rows.append(
                ["  of which \(stage) (s)"]
                    + results.map { result in
                        result.importStages.map { String(format: "%.2f", $0[index]) } ?? "-"
                    })
        }
        var detailLabels: [String] = []
        for result in results {
            for detail in result.importDetails where !detailLabels.contains(detail.label) {
                detailLabels.append(detail.label)
            }
        }
        for label in detailLabels {
            rows.append(
                ["    \(label) (s)"]
                    + results.map { result in
                        result.importDetails.first { $0.label == label }.map { String(format: "%.2f", $0.seconds) }
                            ?? "-"
                    })
        }
        rows.append(["import runs, each into a new database"] + results.map { String($0.importRuns) })
        rows.append(["database size (MB)"] + results.map { String(format: "%.1f", Double($0.fileBytes) / 1_048_576) })
        rows.append(["full keyset walk of every order"] + results.map { $0.walkChecked ? "ok" : "WRONG" })
        for (index, match) in (results.first?.searchMatches ?? []).enumerated() {
            rows.append(
                ["search \(match.label): results (max 50)"] + results.map { String($0.searchMatches[index].count) })
        }
        rows.append([""] + results.map { _ in "" })
        rows.append(["time in ms: median / p99"] + results.map { _ in "" })
        var labels: [String] = []
        for result in results {
            for timing in result.timings where !labels.contains(timing.label) { labels.append(timing.label) }
        }
        for label in labels {
            rows.append(
                [label]
                    + results.map { result in
                        result.timings.first { $0.label == label }?.timing.millisecondsSummary ?? "-"
                    })
        }
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "   ")
        }.joined(separator: "\n")
    }

    private func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
