import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// Day One's export JSON, on a sample built from its documented format, and its odd or missing fields.
final class InterchangeDayOneTests: XCTestCase {
    static let sample = #"""
        {
          "metadata" : {
            "version" : "1.0"
          },
          "entries" : [
            {
              "uuid" : "A1B2C3D4E5F60718293A4B5C6D7E8F90",
              "creationDate" : "2024-01-05T09:30:00Z",
              "modifiedDate" : "2024-01-06T18:02:11Z",
              "timeZone" : "Europe\/Lisbon",
              "starred" : true,
              "isPinned" : false,
              "duration" : 0,
              "editingTime" : 312.5,
              "creationDevice" : "Ana’s iPhone",
              "creationDeviceType" : "iPhone",
              "creationDeviceModel" : "iPhone14,2",
              "creationOSName" : "iOS",
              "creationOSVersion" : "17.2",
              "tags" : [ "travel", "lisbon" ],
              "text" : "# Tram 28 to Gra\u00e7a\n\nWe rode the **tram** up the hill\\. Views\\!\n\n![](dayone-moment:\/\/0F1E2D3C4B5A69788796A5B4C3D2E1F0)\n",
              "richText" : "{\"meta\":{\"version\":1}}",
              "location" : {
                "region" : { "center" : { "longitude" : -9.1300, "latitude" : 38.7139 }, "radius" : 75 },
                "localityName" : "Lisbon",
                "country" : "Portugal",
                "placeName" : "Miradouro da Gra\u00e7a",
                "administrativeArea" : "Lisbon",
                "latitude" : 38.7163,
                "longitude" : -9.1317
              },
              "weather" : {
                "conditionsDescription" : "Partly Cloudy",
                "temperatureCelsius" : 16.5,
                "windSpeedKPH" : 11,
                "relativeHumidity" : 72,
                "weatherCode" : "partly-cloudy-day",
                "weatherServiceName" : "HAMweather"
              },
              "photos" : [
                {
                  "identifier" : "0F1E2D3C4B5A69788796A5B4C3D2E1F0",
                  "md5" : "5d41402abc4b2a76b9719d911017c592",
                  "type" : "jpeg",
                  "width" : 4032,
                  "height" : 3024,
                  "orderInEntry" : 0,
                  "creationDevice" : "Ana’s iPhone"
                }
              ],
              "audios" : [
                { "identifier" : "AUD1", "md5" : "7d793037a0760186574b0282f2f435e7", "format" : "m4a", "duration" : 12.0 }
              ]
            },
            {
              "uuid" : "B2",
              "creationDate" : "2024-01-07T21:15:42Z",
              "text" : "Quiet evening"
            },
            {
              "uuid" : "C3",
              "creationDate" : "2024-01-08T07:00:00Z",
              "modifiedDate" : "2024-01-08T06:00:00Z",
              "tags" : [ ],
              "photos" : [ { "identifier" : "P2", "md5" : "abc", "type" : "heic" } ]
            }
          ]
        }
        """#

    func testASampleExportReadsAsEntries() throws {
        XCTAssertEqual(ImportFormat.detect(path: "Journal.json", content: Data(Self.sample.utf8)), .dayone)
        let drafts = try DayOneJSONFormat.drafts(from: Data(Self.sample.utf8))
        XCTAssertEqual(drafts.count, 3)
        XCTAssertEqual(drafts[0].title, "Tram 28 to Graça")
        XCTAssertEqual(
            drafts[0].body,
            "We rode the **tram** up the hill\\. Views\\!\n\n![](dayone-moment://0F1E2D3C4B5A69788796A5B4C3D2E1F0)\n")
        XCTAssertEqual(drafts[0].tags, ["travel", "lisbon"])
        XCTAssertEqual(drafts.map(\.starred), [true, false, false], "Day One's star is the entry's, not a tag")
        XCTAssertEqual(drafts[0].createdAt, InterchangeDate.date(from: "2024-01-05T09:30:00Z"))
        XCTAssertEqual(drafts[0].updatedAt, InterchangeDate.date(from: "2024-01-06T18:02:11Z"))
        XCTAssertEqual(
            drafts[0].moreDetails,
            """
            Time zone: Europe/Lisbon
            Location: Miradouro da Graça, Lisbon, Portugal, (38.7163, -9.1317)
            Weather: Partly Cloudy, 16.5 °C, wind 11 km/h, humidity 72 %
            Device: Ana’s iPhone (iPhone14,2), iOS 17.2
            Media (not imported): photos/5d41402abc4b2a76b9719d911017c592.jpeg, audios/7d793037a0760186574b0282f2f435e7
            """)
        XCTAssertEqual(drafts[1].title, "Quiet evening")
        XCTAssertEqual(drafts[1].body, "")
        XCTAssertEqual(drafts[1].updatedAt, drafts[1].createdAt)
        XCTAssertEqual(drafts[2].title, "Untitled", "a photo alone")
        XCTAssertEqual(drafts[2].moreDetails, "Media (not imported): photos/abc.heic")
        XCTAssertEqual(drafts[2].updatedAt, drafts[2].createdAt, "a modification before the creation is not kept")
    }

    func testMissingOrOddFieldsAreNamedWithRecordAndLine() {
        let cases: [(String, String)] = [
            (
                #"{"entries": [{"text": "a"}]}"#,
                "record 1 (line 1), field \"creationDate\": the creation date is missing"
            ),
            (
                #"{"entries": [{"creationDate": "last tuesday"}]}"#,
                "record 1 (line 1), field \"creationDate\": \"last tuesday\" is not an ISO 8601 date"
            ),
            (
                "{\"entries\": [\n{\"creationDate\": \"2024-01-05T09:30:00Z\"},\n{\"creationDate\": \"2024-01-05T09:30:00Z\", \"text\": 42}]}",
                "record 2 (line 3), field \"text\": expected a string, found a number"
            ),
            (
                #"{"entries": [{"creationDate": "2024-01-05T09:30:00Z", "location": "home"}]}"#,
                "field \"location\": expected an object {…}, found a string"
            ),
            (
                #"{"entries": [{"creationDate": "2024-01-05T09:30:00Z", "location": {"latitude": "north", "longitude": 1}}]}"#,
                "field \"location.latitude\": expected a number, found a string"
            ),
            (
                #"{"entries": [{"creationDate": "2024-01-05T09:30:00Z", "photos": ["x.jpg"]}]}"#,
                "field \"photos\": item 1 is a string, expected an object"
            ),
            (
                #"{"entries": [{"creationDate": "2024-01-05T09:30:00Z", "tags": "work"}]}"#,
                "field \"tags\": expected an array of strings"
            ),
            (
                #"{"entries": [{"creationDate": "2024-01-05T09:30:00Z", "starred": "yes"}]}"#,
                "field \"starred\": expected true or false"
            ),
            (
                "{\"entries\": [\n{\"creationDate\": \"6010-01-05T09:30:00Z\"},\n{\"creationDate\": \"999999999-01-05T09:30:00Z\"}]}",
                "record 2 (line 3), field \"creationDate\": \"999999999-01-05T09:30:00Z\" is too far from today"
            ),
            (#"{"metadata": {}}"#, "this is not a Day One export: the object has no \"entries\" array"),
            (#"{"entries": [{"creationDate": "2024-01-05T09:30:00Z"}"#, "line 1"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try DayOneJSONFormat.drafts(from: Data(json.utf8)), json) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error) should contain \(message)")
            }
        }
    }

    func testTitlesLoseTheirHeadingMarkAndEscapesOnly() {
        XCTAssertEqual(DayOneJSONFormat.split("## Hello\\! \\a\r\n\n\nbody").title, "Hello! \\a")
        XCTAssertEqual(DayOneJSONFormat.split("## Hello\\! \\a\r\n\n\nbody").body, "body")
        XCTAssertEqual(DayOneJSONFormat.split("#hashtag first").title, "#hashtag first")
        XCTAssertEqual(DayOneJSONFormat.split("   ").title, "Untitled")
    }
}
