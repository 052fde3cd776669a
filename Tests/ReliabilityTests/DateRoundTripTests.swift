import AppShellTesting
import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// Dates in every year an import accepts, read and written in one calendar: the proleptic Gregorian
/// calendar of ISO 8601, before 1582 too (no Julian days, no ten days skipped in October 1582, a year
/// 0 and negative years written as ISO 8601 writes them). A jrnl date comes back as the same wall
/// clock, an export's date text reads back as the same instant, and export → import → export gives the
/// same file, for random dates of the years 0 to 9999 in zones east and west of UTC.
final class DateRoundTripTests: ReliabilityTestCase {
    /// Zones with a fixed offset (a wall clock under daylight saving can be missing or doubled).
    private static let zones: [TimeZone] = [
        .gmt, TimeZone(secondsFromGMT: 14 * 3600)!, TimeZone(secondsFromGMT: -12 * 3600)!,
        TimeZone(secondsFromGMT: 5 * 3600 + 1800)!,
    ]
    /// Dates the Julian calendar moves, and the edges of what the import takes.
    private static let chosen: [(Int, Int, Int)] = [
        (0, 1, 1), (1, 1, 1), (1000, 6, 15), (1500, 2, 28), (1582, 10, 4), (1582, 10, 5), (1582, 10, 14),
        (1582, 10, 15),
        (1600, 2, 29), (1700, 2, 28), (1970, 1, 1), (2000, 2, 29), (9999, 12, 31),
    ]

    private struct WallClock: Equatable {
        var year, month, day, hour, minute, second: Int
        var date: String { String(format: "%04d-%02d-%02d", year, month, day) }
        var time: String { String(format: "%02d:%02d:%02d", hour, minute, second) }
        /// The instant in `zone`, by the proleptic Gregorian calendar.
        func instant(in zone: TimeZone) -> Double {
            Double(CivilCalendar.days(fromYear: year, month: month, day: day)) * 86_400
                + Double(hour * 3600 + minute * 60 + second - zone.secondsFromGMT())
        }
    }

    private func randomWallClock(_ random: inout SeededGenerator) -> WallClock {
        // Most of them before the Gregorian reform, where a Julian calendar would show.
        let year =
            Int.random(in: 0...9, using: &random) < 6
            ? Int.random(in: 0...1600, using: &random) : Int.random(in: 0...9999, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        return WallClock(
            year: year, month: month,
            day: Int.random(in: 1...CivilCalendar.daysIn(month: month, year: year), using: &random),
            hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random),
            second: Int.random(in: 0...59, using: &random))
    }

    private func jrnl(_ clocks: [WallClock]) -> Data {
        let entries = clocks.enumerated().map { index, clock in
            #"{"title": "Entry \#(index)", "body": "", "date": "\#(clock.date)", "time": "\#(clock.time)", "tags": [], "starred": false}"#
        }
        return Data(("{\"tags\": {}, \"entries\": [" + entries.joined(separator: ",\n") + "]}").utf8)
    }

    func testJrnlDatesAndExportTextRoundTripInEveryYear() throws {
        var random = makeGenerator()
        var counter = TrialCounter()
        let trials = budget.isFull ? 50_000 : 3_000
        var clocks = Self.chosen.map { WallClock(year: $0.0, month: $0.1, day: $0.2, hour: 12, minute: 0, second: 0) }
        while clocks.count < trials { clocks.append(randomWallClock(&random)) }
        for (index, clock) in clocks.enumerated() {
            let zone = Self.zones[index % Self.zones.count]
            var problems: [String] = []
            do {
                let drafts = try ImportFormat.jrnl.drafts(from: jrnl([clock]), timeZone: zone)
                let created = drafts.first?.createdAt ?? .distantPast
                if created.timeIntervalSince1970 != clock.instant(in: zone) {
                    let shown = InterchangeDate.string(from: created)
                    problems.append(
                        "\(clock.date) \(clock.time) in UTC\(zone.secondsFromGMT() / 3600): read as \(shown), not the proleptic Gregorian day"
                    )
                }
                let text = InterchangeDate.string(from: created)
                if InterchangeDate.date(from: text) != created {
                    problems.append("\(clock.date) \(clock.time): the export text \(text) does not read back")
                }
            } catch {
                problems.append("\(clock.date) \(clock.time): refused: \(error)")
            }
            counter.record(problems)
        }
        ledger.record(
            counter.row("dates: jrnl wall clocks and export text, years 0-9999 (proleptic Gregorian)", nothingLost: nil)
        )
    }

    /// The binary, as a user runs it: a jrnl export imported under TZ, exported, imported into another
    /// journal and exported again: the two exports are the same, and under UTC each date is the one
    /// jrnl wrote.
    func testImportExportImportKeepsEveryDate() throws {
        var random = makeGenerator()
        var clocks = Self.chosen.map { WallClock(year: $0.0, month: $0.1, day: $0.2, hour: 0, minute: 30, second: 0) }
        while clocks.count < 400 { clocks.append(randomWallClock(&random)) }
        let file = try writeFile("jrnl.json", jrnl(clocks))
        var counter = TrialCounter()
        for zone in ["UTC", "Etc/GMT-14", "Etc/GMT+12"] {
            let first = path("first-\(zone.replacingOccurrences(of: "/", with: "-")).sqlite")
            let second = path("second-\(zone.replacingOccurrences(of: "/", with: "-")).sqlite")
            var problems: [String] = []
            let imported = try entries.run(
                ["--database", first, "import", "--format", "jrnl", file], extraEnvironment: ["TZ": zone])
            if imported.status != 0 { problems.append("\(zone): jrnl import: \(imported.standardError)") }
            let export = path("export.json")
            let exported = try entries.run(
                ["--database", first, "export", "--format", "json", "--output", export], extraEnvironment: ["TZ": zone])
            let reimported = try entries.run(["--database", second, "import", export], extraEnvironment: ["TZ": zone])
            if exported.status != 0 || reimported.status != 0 {
                problems.append(
                    "\(zone): export or import of the export: \(exported.standardError) \(reimported.standardError)")
            }
            let again = try entries.run(
                ["--database", second, "export", "--format", "json"], extraEnvironment: ["TZ": zone])
            let firstText = (try? String(contentsOfFile: export, encoding: .utf8)) ?? ""
            if Self.dates(firstText) != Self.dates(again.standardOutput) || Self.dates(firstText).count != clocks.count
            {
                problems.append(
                    "\(zone): the second export's dates differ from the first's (\(Self.dates(firstText).count) and \(Self.dates(again.standardOutput).count) dates)"
                )
            }
            if zone == "UTC" {
                let written = Set(clocks.map { "\($0.date)T\($0.time).000Z" })
                let missing = written.subtracting(Self.dates(firstText))
                if !missing.isEmpty {
                    problems.append("UTC: dates jrnl wrote are not in the export: \(missing.sorted().prefix(5))")
                }
                // The table shows them in the same calendar (years from 1: before that, years count as eras do).
                let table = try entries.run(
                    ["--database", first, "list", "--limit", "1000"], extraEnvironment: ["TZ": zone]
                ).standardOutput
                let shown = clocks.filter { $0.year >= 1 }.map { "\($0.date) \($0.time.prefix(5))" }.filter {
                    !table.contains($0)
                }
                if !shown.isEmpty { problems.append("UTC: entries list does not show \(shown.prefix(5))") }
            }
            counter.record(problems)
        }
        ledger.record(
            counter.row("dates: jrnl import, export, import, export under three zones (entries)", nothingLost: nil))
    }

    /// Every `"createdAt":"…"` value of an export, as a sorted list.
    private static func dates(_ export: String) -> [String] {
        var dates: [String] = []
        var rest = Substring(export)
        while let range = rest.range(of: "\"createdAt\" : \"") ?? rest.range(of: "\"createdAt\":\"") {
            let value = rest[range.upperBound...].prefix { $0 != "\"" }
            dates.append(String(value))
            rest = rest[range.upperBound...]
        }
        return dates.sorted()
    }
}
