import Testing

@testable import FilenameKit

/// Own parsing cases, Fetch "extract a MIME type", the MIME type groups, and robustness.
@Suite("MediaType")
struct MediaTypeTests {
  struct ParseCase: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let input: String
    let output: String?
    let essence: String?
    let charset: String??
    var description: String { id }

    enum CodingKeys: String, CodingKey { case id, source, input, output, essence, charset }
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      id = try c.decode(String.self, forKey: .id)
      source = try c.decode(String.self, forKey: .source)
      input = try c.decode(String.self, forKey: .input)
      output = try c.decodeIfPresent(String.self, forKey: .output)
      essence = try c.decodeIfPresent(String.self, forKey: .essence)
      // Absent: not checked; null: must be nil.
      charset = c.contains(.charset) ? .some(try c.decodeIfPresent(String.self, forKey: .charset)) : .none
    }
  }

  struct ExtractCase: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let input: String
    let output: String?
    var description: String { id }
  }

  struct GroupCase: Decodable, Sendable, CustomStringConvertible {
    let id: String
    let source: String
    let input: String
    let groups: [String]
    var description: String { id }
  }

  static let parseCases: [ParseCase] = FixtureLoader.load("mime-types/own-mime-types.json")
  static let extractCases: [ExtractCase] = FixtureLoader.load("mime-types/extract-content-type.json")
  static let groupCases: [GroupCase] = FixtureLoader.load("mime-types/mime-type-groups.json")

  @Test func fixturesLoad() {
    #expect(Self.parseCases.count >= 20)
    #expect(Self.extractCases.count >= 16)
    #expect(Self.groupCases.count >= 35)
  }

  @Test("Own parse case", arguments: parseCases)
  func parse(_ c: ParseCase) {
    let parsed = MediaType(c.input)
    #expect(parsed?.description == c.output, "\(c.id)")
    if let essence = c.essence { #expect(parsed?.essence == essence, "\(c.id)") }
    if case .some(let charset) = c.charset { #expect(parsed?.charset == charset, "\(c.id)") }
    // Serialization is a fixed point: parsing it again gives the same type.
    if let parsed { #expect(MediaType(parsed.description) == parsed, "\(c.id) round trip") }
  }

  @Test("Fetch extract a MIME type", arguments: extractCases)
  func extract(_ c: ExtractCase) {
    #expect(MediaType.extract(fromContentType: c.input)?.description == c.output, "\(c.id)")
    #expect(MediaType.extract(fromContentTypeBytes: Array(c.input.utf8))?.description == c.output, "\(c.id) (bytes)")
  }

  @Test("MIME type groups", arguments: groupCases)
  func groups(_ c: GroupCase) throws {
    let t = try #require(MediaType(c.input))
    let actual: [(String, Bool)] = [
      ("html", t.isHTML), ("xml", t.isXML), ("javascript", t.isJavaScript), ("json", t.isJSON),
      ("image", t.isImage), ("audio-video", t.isAudioOrVideo), ("font", t.isFont), ("text", t.isText),
      ("zip-based", t.isZIPBased), ("archive", t.isArchive), ("scriptable", t.isScriptable),
      ("generic", t.isGeneric),
    ]
    let holding = actual.filter(\.1).map(\.0)
    #expect(Set(holding) == Set(c.groups), "\(c.id)")
  }

  @Test func parameterLookupIgnoresCase() throws {
    let t = try #require(MediaType("text/html; Charset=UTF-8; Foo=\"B a r\""))
    #expect(t.parameter("FOO") == "B a r")
    #expect(t.parameter("charset") == "UTF-8")
    #expect(t.parameter("missing") == nil)
    #expect(t.parameters.map(\.name) == ["charset", "foo"])
  }

  @Test func substringInput() throws {
    let header = "Content-Type: image/PNG; x=1"
    let value = header[header.index(header.startIndex, offsetBy: 14)...]
    #expect(MediaType(value)?.description == "image/png;x=1")
  }

  @Test func hugeAndHostileInputDoesNotCrash() {
    let long = "a/b;" + String(repeating: "x=\"\\", count: 50_000)
    #expect(MediaType(long) != nil)
    #expect(MediaType(String(repeating: ";", count: 100_000)) == nil)
    #expect(MediaType(utf8: [0xFF, 0xFE, 0x2F, 0x61]) == nil)
    #expect(MediaType(utf8: Array("text/plain;a=\"".utf8) + [0xC3])?.description == "text/plain")
    #expect(MediaType.extract(fromContentType: String(repeating: ",\"", count: 10_000)) == nil)
    var bytes: [UInt8] = []
    for b in 0...255 { bytes.append(UInt8(b)) }
    _ = MediaType(headerBytes: bytes)
    _ = MediaType(utf8: bytes)
  }

  @Test("random inputs: no crash; serialization is a fixed point of parsing")
  func randomInputs() {
    // A fixed-seed generator over the characters that matter to the grammar.
    let alphabet = Array("aZ/;=\" \t\r\n\\,(é中\u{7F}\u{0}xX-+.".unicodeScalars)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var parsedCount = 0
    for _ in 0..<3000 {
      var s = "t/s"
      if next() % 3 == 0 { s = "" }
      for _ in 0..<(next() % 24) { s.unicodeScalars.append(alphabet[next() % alphabet.count]) }
      _ = MediaType.extract(fromContentType: s)
      _ = MediaType(headerBytes: Array(s.utf8))
      guard let t = MediaType(s) else { continue }
      parsedCount += 1
      #expect(MediaType(t.description) == t, "\(s.debugDescription) -> \(t.description.debugDescription)")
    }
    #expect(parsedCount > 200)
  }

  @Test func headerBytesAreIsomorphicallyDecoded() throws {
    // 0xE9 alone is é as a header byte (ISO-8859-1), but ill-formed as UTF-8.
    let bytes = Array("text/plain;name=caf".utf8) + [0xE9]
    #expect(try #require(MediaType(headerBytes: bytes)).parameter("name") == "caf\u{E9}")
    #expect(try #require(MediaType(utf8: bytes)).parameter("name") == nil)
  }
}
