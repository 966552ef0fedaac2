import FilenameKit
import FilenameKitTestSupport
import Foundation

/// The hostile shapes of `Fixtures/hostile/scale-matrix.json` (issue 13) at 1 MiB, through the same
/// core entry point the scale-matrix test counts work in (Content-Disposition with the shape's
/// profile, or the media-type parse its `api` names): rows `hostile:<shape>`, reported in ms.
/// This is the per-byte constant factor of the parsers; `filenamekit batch` adds its own JSON and
/// hex decoding on top.
enum HostileWorkload {
  static let size = 1 << 20

  static func shapes(fixtures: URL) -> [ScaleShape] {
    FixtureLoader.load(
      contentsOf: fixtures.deletingLastPathComponent().appendingPathComponent("hostile/scale-matrix.json"))
  }

  static func make(_ shape: ScaleShape, size: Int = HostileWorkload.size) -> Benchmark {
    let bytes = shape.build(size: size)
    let name = "hostile:\(shape.id)"
    switch (shape.parser, shape.api) {
    case ("disposition", _):
      let options = ContentDisposition.Options(
        profile: shape.profile == "strict" ? .strict : .compatible,
        fallbackCharset: shape.referrer_charset.flatMap { Charset(label: $0) })
      return Benchmark(name, bytes: bytes.count) { n in
        for _ in 0..<n { blackHole(ContentDisposition(parsing: bytes, options: options)) }
      }
    case ("mime", "header-bytes"):
      return Benchmark(name, bytes: bytes.count) { n in
        for _ in 0..<n { blackHole(MediaType(headerBytes: bytes)) }
      }
    case ("mime", "extract"):
      return Benchmark(name, bytes: bytes.count) { n in
        for _ in 0..<n { blackHole(MediaType.extract(fromContentTypeBytes: bytes)) }
      }
    default:
      let text = String(decoding: bytes, as: UTF8.self)
      return Benchmark(name, bytes: bytes.count) { n in
        for _ in 0..<n { blackHole(MediaType(text)) }
      }
    }
  }
}
