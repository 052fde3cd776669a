import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// Collects each chunk separately, to see how the exporter hands over its bytes.
private struct ChunkRecorder: ExportDestination {
    var chunks: [[UInt8]] = []

    mutating func write(_ bytes: [UInt8]) throws {
        chunks.append(bytes)
    }
}

private struct FailingDestination: ExportDestination {
    struct Full: Error {}

    mutating func write(_ bytes: [UInt8]) throws {
        throw Full()
    }
}

final class InterchangeExporterStreamingTests: XCTestCase {
    func testBytesGoOutInChunksThatAddUpToTheWholeExport() throws {
        let entries = (1...200).map {
            InterchangeFixtures.entry(id: Int64($0), title: "Entry \($0)", body: String(repeating: "b", count: 100))
        }
        for format in ExportFormat.allCases {
            var exporter = EntryExporter(format: format, destination: ChunkRecorder(), chunkSize: 1024)
            for entry in entries { try exporter.write(entry) }
            XCTAssertEqual(exporter.count, 200)
            let recorder = try exporter.finish()
            XCTAssertGreaterThan(recorder.chunks.count, 10, "\(format) should stream")
            XCTAssertTrue(
                recorder.chunks.dropLast().allSatisfy { $0.count < 1024 + 1024 }, "\(format) chunks stay small")
            XCTAssertEqual(
                recorder.chunks.flatMap { $0 }, EntryExporter.bytes(of: entries, format: format), "\(format)")
        }
    }

    func testAFailingDestinationSurfacesItsError() {
        var exporter = EntryExporter(format: .json, destination: FailingDestination(), chunkSize: 10)
        XCTAssertThrowsError(try exporter.write(InterchangeFixtures.entry(id: 1))) { error in
            XCTAssertTrue(error is FailingDestination.Full)
        }
    }

    func testFileHandleDestinationWritesTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        var exporter = EntryExporter(format: .jsonl, destination: FileHandleExportDestination(handle: handle))
        let entries = InterchangeFixtures.trickyEntries
        for entry in entries { try exporter.write(entry) }
        try exporter.finish()
        try handle.close()
        XCTAssertEqual(Array(try Data(contentsOf: url)), EntryExporter.bytes(of: entries, format: .jsonl))
    }
}
