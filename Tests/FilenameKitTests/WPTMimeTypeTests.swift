import Testing

@testable import FilenameKit

/// web-platform-tests' MIME type cases, and the generated code-point cases, against
/// WHATWG "parse a MIME type" + "serialize a MIME type".
@Suite("WPT MIME types")
struct WPTMimeTypeTests {
  struct Case: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let input: String
    let output: String?
    let encoding: String?
    let minimizedMIMEType: String?
    var description: String { id }
  }

  struct GeneratedCase: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let position: String
    let input: String
    let output: String?
    var description: String { id }
  }

  static let wpt: [Case] = FixtureLoader.load("mime-types/wpt-mime-types.json")
  static let generated: [GeneratedCase] = FixtureLoader.load("mime-types/generated-mime-types.json")

  @Test func fixturesLoad() {
    #expect(Self.wpt.count == 74)
    #expect(Self.generated.count >= 1280)
  }

  @Test("WPT case parses and serializes", arguments: wpt)
  func wptCase(_ c: Case) {
    let parsed = MediaType(c.input)
    #expect(parsed?.description == c.output, "\(c.id): \(c.input.debugDescription)")
    // From UTF-8 bytes: the same code points, so the same result.
    #expect(MediaType(utf8: Array(c.input.utf8))?.description == c.output, "\(c.id) (utf8)")
    // As header bytes (a byte is a code point) where every code point fits in a byte.
    if let latin1 = Self.latin1Bytes(c.input) {
      #expect(MediaType(headerBytes: latin1)?.description == c.output, "\(c.id) (header bytes)")
    }
  }

  @Test("WPT case: charset names the expected encoding", arguments: wpt.filter { $0.output != nil })
  func wptEncoding(_ c: Case) throws {
    let parsed = try #require(MediaType(c.input))
    let encoding = parsed.charset.flatMap { Charset(label: $0) }?.name
    #expect(encoding?.lowercased() == c.encoding?.lowercased(), "\(c.id)")
  }

  @Test("WPT case: minimized MIME type", arguments: wpt.filter { $0.output != nil && $0.minimizedMIMEType != nil })
  func wptMinimized(_ c: Case) throws {
    let parsed = try #require(MediaType(c.input))
    #expect(parsed.minimizedEssence == c.minimizedMIMEType, "\(c.id)")
  }

  @Test("Generated code point case", arguments: generated)
  func generatedCase(_ c: GeneratedCase) {
    #expect(MediaType(c.input)?.description == c.output, "\(c.id): \(c.input.debugDescription)")
    if let latin1 = Self.latin1Bytes(c.input) {
      #expect(MediaType(headerBytes: latin1)?.description == c.output, "\(c.id) (header bytes)")
    }
  }

  /// The ISO-8859-1 bytes of `s`, or nil when a code point is above U+00FF.
  static func latin1Bytes(_ s: String) -> [UInt8]? {
    var out: [UInt8] = []
    for scalar in s.unicodeScalars {
      guard scalar.value <= 0xFF else { return nil }
      out.append(UInt8(scalar.value))
    }
    return out
  }
}
