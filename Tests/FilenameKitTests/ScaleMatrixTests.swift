import Testing

@testable import FilenameKit

extension ScaleShape: CustomTestStringConvertible {
  public var testDescription: String { id }

  /// The shape's Content-Disposition options: its profile and referrer charset.
  var dispositionOptions: ContentDisposition.Options {
    ContentDisposition.Options(
      profile: profile == "strict" ? .strict : .compatible,
      fallbackCharset: referrer_charset.flatMap { Charset(label: $0) })
  }

  /// Parses `bytes` with the shape's parser and returns the steps it reported.
  func work(_ bytes: [UInt8]) -> Int {
    let meter = WorkMeter()
    WorkMeter.$current.withValue(meter) {
      switch (parser, api) {
      case ("disposition", _):
        _ = ContentDisposition(parsing: bytes, options: dispositionOptions)
      case ("mime", "header-bytes"):
        _ = MediaType(headerBytes: bytes)
      case ("mime", "extract"):
        _ = MediaType.extract(fromContentTypeBytes: bytes)
      default:
        _ = MediaType(String(decoding: bytes, as: UTF8.self))
      }
    }
    return meter.steps
  }
}

/// Issue 13: every parser does linear work on every hostile shape. Work is counted, never timed:
/// parsers report the bytes they examined and the comparisons they made (debug builds).
@Suite("Scale matrix: linear work at 64 KiB and 1 MiB")
struct ScaleMatrixTests {
  static let shapes: [ScaleShape] = FixtureLoader.load("hostile/scale-matrix.json")
  /// Steps per input byte a parser may spend (the worst shape today is well below it).
  static let maxStepsPerByte = 48.0
  /// Growth of work from 64 KiB to 1 MiB (16× the input): linear is 16, n log n about 20.
  static let maxGrowth = 18.0

  @Test func loaded() { #expect(Self.shapes.count >= 40) }

  @Test(arguments: shapes)
  func linear(_ shape: ScaleShape) {
    let small = shape.build(size: 64 << 10)
    let large = shape.build(size: 1 << 20)
    let smallWork = shape.work(small)
    let largeWork = shape.work(large)
    #expect(smallWork > 0, "the parser reported no work")
    let growth = Double(largeWork) / Double(max(smallWork, 1))
    let perByte = Double(largeWork) / Double(large.count)
    #expect(growth <= Self.maxGrowth, "work grew \(growth)x for 16x the input (\(smallWork) -> \(largeWork))")
    #expect(perByte <= Self.maxStepsPerByte, "\(perByte) steps per byte")
  }

  /// The answer stays small too: however often a hostile header repeats a problem, a parse keeps
  /// each diagnostic code at most `DiagnosticList.perCode` times (then one `diagnostics-truncated`),
  /// and a suggestion's trace is bounded with it.
  @Test(arguments: shapes.filter { $0.parser == "disposition" })
  func diagnosticsStayBounded(_ shape: ScaleShape) {
    let bytes = shape.build(size: 64 << 10)
    let cd = ContentDisposition(parsing: bytes, options: shape.dispositionOptions)
    var perCode: [String: Int] = [:]
    for d in cd.diagnostics { perCode[d.code.rawValue, default: 0] += 1 }
    for (code, n) in perCode where code != Diagnostic.Code.diagnosticsTruncated.rawValue {
      #expect(n <= DiagnosticList.perCode, "\(n) × \(code)")
    }
    #expect((perCode[Diagnostic.Code.diagnosticsTruncated.rawValue] ?? 0) <= 1)
    let s = suggestFilename(for: DownloadMetadata(contentDisposition: bytes))
    #expect(s.trace.count <= 200, "\(s.trace.count) trace entries")
  }
}
