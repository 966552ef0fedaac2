import FilenameKitTestSupport
import FuzzSupport
import Testing

@testable import FilenameKit

/// A header of a fixture that names one (Fixtures/suggest/suggest.json, Fixtures/bench/workloads.json).
struct HeaderFixture: Decodable, Sendable {
  let id: String
  let content_disposition: String?
  let content_disposition_hex: String?
  let header: String?
  let header_hex: String?

  var bytes: [UInt8]? {
    if let hex = content_disposition_hex ?? header_hex { return FixtureHex.decode(hex) }
    return (content_disposition ?? header).map { Array($0.utf8) }
  }
}

/// Issue 17: the Content-Disposition fast path builds exactly the full parser's value, on every
/// header of the fixtures and on variations of the shapes it takes (the `fuzz-disposition-fast`
/// target checks the same property on generated inputs).
@Suite("Content-Disposition: fast path agrees with the full parser")
struct DispositionFastPathTests {
  static var fixtureHeaders: [[UInt8]] {
    let own: [DispositionCase] = FixtureLoader.load("content-disposition/cases.json")
    let tc2231: [TC2231Case] = FixtureLoader.load("content-disposition/tc2231.json")
    let suggest: [HeaderFixture] = FixtureLoader.load("suggest/suggest.json")
    let bench: [HeaderFixture] = FixtureLoader.load("bench/workloads.json")
    return own.map(\.bytes) + tc2231.map { FixtureHex.decode($0.header_hex) } + suggest.compactMap(\.bytes)
      + bench.compactMap(\.bytes)
  }

  @Test("every fixture header")
  func fixtures() {
    let headers = Self.fixtureHeaders
    #expect(headers.count >= 400)
    var taken = 0
    for h in headers {
      if ContentDisposition.fastPathParse(h) != nil { taken += 1 }
      let failures = DispositionFastPathChecks.disagreements(
        h, extraOptions: [.init(fallbackCharset: Charset(label: "gbk"))])
      #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }
    // The fixtures hold the common shapes too: the check above is not vacuous.
    #expect(taken >= 20, "the fast path took only \(taken) fixture headers")
  }

  @Test("every byte in a quoted and in a token value, and around the parameter")
  func everyByte() {
    var taken = 0
    for b in UInt8.min...UInt8.max {
      let variations: [[UInt8]] = [
        Array("attachment; filename=\"a".utf8) + [b] + Array("b.pdf\"".utf8),
        Array("attachment; filename=a".utf8) + [b] + Array("b.pdf".utf8),
        Array("inline; filename=\"=".utf8) + [b] + Array("x\"".utf8),
        [b] + Array("attachment; filename=\"x.pdf\"".utf8),
        Array("attachment".utf8) + [b] + Array("; filename=\"x.pdf\"".utf8),
        Array("attachment;".utf8) + [b] + Array("filename=\"x.pdf\"".utf8),
        Array("attachment; filename".utf8) + [b] + Array("=\"x.pdf\"".utf8),
        Array("attachment; filename=\"x.pdf\"".utf8) + [b],
        Array("attachment; filename=x.pdf".utf8) + [b],
      ]
      for h in variations {
        if ContentDisposition.fastPathParse(h) != nil { taken += 1 }
        let failures = DispositionFastPathChecks.disagreements(h)
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
      }
    }
    #expect(taken > 300, "the fast path took only \(taken) variations")
  }

  @Test("a one-filename parse stores its parameter inline, whichever path built it")
  func storage() {
    let header = Array("Attachment; FILENAME=\"quarterly report.pdf\"".utf8)
    let full = ContentDisposition.fullParse(header, options: .init())
    guard case .soleFilename = full.form else {
      Issue.record("the full parser kept \(full.form)")
      return
    }
    #expect(full.parameters.map(\.name) == ["filename"])
    #expect(full.parameter("filename")?.value == "quarterly report.pdf")
    #expect(ContentDisposition(parsing: header) == full)
  }
}
