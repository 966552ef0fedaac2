import Foundation
import Testing

@testable import FilenameKitCLI
@testable import FilenameKitFetch

/// One progress-display case from `Fixtures/cli/fetch-progress.json`.
struct ProgressCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let kind: String
  let style: String?
  let received: Int64?
  let total: Int64?
  let rate: Double?
  let width: Int?
  let value: Double?
  /// `download-total`: the response's header fields, as [name, value] pairs.
  let headers: [[String]]?
  let expected: String
  var testDescription: String { id }
}

@Suite("fetch progress display")
struct FetchProgressTests {
  static let cases = loadFetchFixture("fetch-progress.json", as: ProgressCase.self)

  @Test func loaded() { #expect(Self.cases.count == 18) }

  @Test("fixture case", arguments: cases)
  func fixture(_ c: ProgressCase) throws {
    switch c.kind {
    case "render":
      let style = try #require(ProgressMeter.Style(rawValue: c.style ?? ""))
      let got = ProgressMeter.render(
        received: c.received ?? 0, total: c.total, rate: c.rate ?? 0, style: style, width: c.width ?? 80)
      #expect(got == c.expected)
      if style == .bar, c.total != nil { #expect(got.count <= c.width ?? 80) }
    case "bytes":
      #expect(ProgressMeter.bytes(Int64(c.value ?? 0)) == c.expected)
    case "duration":
      #expect(ProgressMeter.duration(c.value ?? 0) == c.expected)
    case "download-total":
      #expect(try Self.lastTotal(headers: c.headers ?? []).map(String.init) ?? "unknown" == c.expected)
    default:
      Issue.record("unknown kind \(c.kind)")
    }
  }

  /// The total a `FileDownload` last reported to its progress callback for a 200 response with
  /// `headers` and a 600-byte body (the decoded size, whatever the headers say).
  static func lastTotal(headers: [[String]]) throws -> Int64? {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var total: Int64? = -1
    let download = FileDownload(
      directory: dir, platform: .linux, leadingByteLimit: 0, nameByContent: { _, _ in "x.bin" },
      progress: { total = $1 })
    let fields = headers.map { HTTPHeaderField(name: $0[0], value: Array($0[1].utf8)) }
    let response = HTTPResponse(
      request: HTTPRequest(url: "http://127.0.0.1/x"), status: 200, reason: "OK", headers: fields)
    _ = download.keepsContentCoding(response)
    #expect(download.headersReceived(response) == .receive)
    let body = [UInt8](repeating: 0x61, count: 600)
    #expect(body.withUnsafeBytes { download.bodyReceived($0) })
    #expect(download.complete(), "\(download.failure ?? "")")
    return total
  }

  /// Plain lines at most once per interval, then one summary line; a bar is redrawn with `\r`.
  @Test func throttling() {
    final class Clock { var now = 0.0 }
    let clock = Clock()
    var written: [String] = []
    let lines = ProgressMeter(style: .lines, write: { written.append($0) }, clock: { clock.now })
    for (t, n) in [(0.5, 100), (1.0, 200), (1.5, 300), (2.1, 400)] {
      clock.now = t
      lines.update(received: Int64(n), total: 1000)
    }
    lines.finish(note: "saved")
    #expect(written.count == 3, "\(written)")
    #expect(written.first?.hasPrefix("progress: 200 B / 1000 B (20%), ") == true)
    #expect(written.last?.hasPrefix("saved: 400 B in 0:02") == true)

    written = []
    clock.now = 0
    let bar = ProgressMeter(style: .bar, write: { written.append($0) }, clock: { clock.now })
    clock.now = 0.2
    bar.update(received: 500, total: 1000)
    bar.finish(note: "saved")
    #expect(written.count == 2)
    #expect(written.allSatisfy { $0.hasPrefix("\r") })
    #expect(written.last?.hasSuffix("\u{1B}[K\n") == true)

    written = []
    let none = ProgressMeter(style: .none, write: { written.append($0) }, clock: { clock.now })
    none.update(received: 1, total: 2)
    none.finish(note: "saved")
    #expect(written.isEmpty)
  }
}
