/// A MIME type (media type) as the WHATWG MIME Sniffing Standard defines it: a lowercased type and
/// subtype plus ordered parameters.
///
/// ```swift
/// let t = MediaType("Text/HTML; Charset=\"utf-8\"; x=y")!
/// t.essence       // "text/html"
/// t.charset       // "utf-8"
/// t.description   // "text/html;charset=utf-8;x=y"
/// MediaType("text/html(")  // nil: parsing fails
/// ```
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
  /// One parameter: a lowercased name and its value (quotes and escapes removed).
  public struct Parameter: Sendable, Hashable {
    /// The name, ASCII-lowercased; only HTTP token code points.
    public let name: String
    /// The value, as given (case kept); only HTTP quoted-string token code points.
    public let value: String
  }

  // The one String a parse builds for type and subtype: up to 15 bytes it is stored
  // inline, with no allocation.
  /// `type/subtype`, ASCII-lowercased (`text/html`).
  public let essence: String
  /// The number of UTF-8 bytes of `type` at the start of `essence` (the `/` follows).
  let typeCount: Int
  /// The parameters in input order; when a name repeats, the first occurrence wins (WHATWG).
  public let parameters: [Parameter]

  /// The type, ASCII-lowercased (`text` in `text/html`).
  public var type: String {
    // From the bytes: a short type is then stored inline, without String index arithmetic.
    var e = essence
    return e.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[..<typeCount]), as: UTF8.self) }
  }

  /// The subtype, ASCII-lowercased (`html` in `text/html`).
  public var subtype: String {
    String(essence[essence.utf8.index(essence.startIndex, offsetBy: typeCount + 1)...])
  }

  init(essence: String, typeCount: Int, parameters: [Parameter]) {
    self.essence = essence
    self.typeCount = typeCount
    self.parameters = parameters
  }

  /// Whether the type is `lower` (a lowercase ASCII literal), compared in place.
  func typeIs(_ lower: StaticString) -> Bool {
    typeCount == lower.utf8CodeUnitCount && essenceBytesMatch(lower, at: 0)
  }

  /// Whether the subtype ends in `suffix` (an ASCII literal without `/`), compared in place.
  func subtypeHasSuffix(_ suffix: StaticString) -> Bool {
    let n = essence.utf8.count
    return n - typeCount - 1 >= suffix.utf8CodeUnitCount
      && essenceBytesMatch(suffix, at: n - suffix.utf8CodeUnitCount)
  }

  /// Whether `essence`'s bytes from `offset` on start with `literal` (which must fit).
  private func essenceBytesMatch(_ literal: StaticString, at offset: Int) -> Bool {
    var e = essence
    return e.withUTF8 { b in
      let p = literal.utf8Start
      for k in 0..<literal.utf8CodeUnitCount where b[offset + k] != p[k] { return false }
      return true
    }
  }

  /// The value of the parameter `name` (ASCII-case-insensitive), or nil.
  public func parameter(_ name: String) -> String? {
    let lower = FileExtension.lowercasedASCII(name)
    return parameters.first { $0.name == lower }?.value
  }

  /// The value of the `charset` parameter, or nil.
  public var charset: String? { parameters.first { $0.name == "charset" }?.value }

  /// The WHATWG serialization: `type/subtype;name=value`, a value quoted (with `"` and `\` escaped)
  /// when it is empty or not an HTTP token.
  public var description: String { serialized(upTo: Int.max).text }

  /// The serialization's first `limit` bytes or a little more (a value is cut at a scalar
  /// boundary), and whether anything was left out: a trace shows a megabyte of parameters by its
  /// start without building all of it.
  func serialized(upTo limit: Int) -> (text: String, cut: Bool) {
    // Built as UTF-8 bytes: `"` and `\` are ASCII, so they never occur inside a multi-byte
    // sequence, and the runs between them are copied whole (a megabyte of value is one pass).
    var out: [UInt8] = []
    out.append(contentsOf: essence.utf8)
    for p in parameters {
      if out.count >= limit { return (String(decoding: out, as: UTF8.self), true) }
      out.append(UInt8(ascii: ";"))
      out.append(contentsOf: p.name.utf8)
      out.append(UInt8(ascii: "="))
      var value = p.value
      value.withUTF8 { v in
        let shown = v.count <= limit ? v.count : UTF8Validation.scalarBoundary(in: v, atOrBefore: limit)
        let bytes = UnsafeBufferPointer(rebasing: v[..<shown])
        if !bytes.isEmpty && bytes.allSatisfy(HTTPToken.isTokenChar) {
          out.append(contentsOf: bytes)
          return
        }
        out.append(UInt8(ascii: "\""))
        var run = 0
        for k in 0..<bytes.count where bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "\\") {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<k]))
          out.append(UInt8(ascii: "\\"))
          run = k
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        out.append(UInt8(ascii: "\""))
      }
      if value.utf8.count > limit { return (String(decoding: out, as: UTF8.self), true) }
    }
    return (String(decoding: out, as: UTF8.self), false)
  }
}

// MARK: - Groups (WHATWG MIME Sniffing §4.6, where it defines them)

extension MediaType {
  /// Essences that carry no information about the content: a server sends them to force a
  /// download. They never decide a file extension. The WHATWG-undefined but widespread ones:
  /// `application/octet-stream`, `binary/octet-stream`, `application/force-download`,
  /// `application/x-force-download`, `application/download`, `application/x-download`,
  /// `application/unknown`, `application/x-unknown`, `application/x-unknown-content-type`,
  /// `application/octetstream`, `application/x-octet-stream`, `application/binary`,
  /// `application/save`, `application/x-save`, `unknown/unknown`, and `*/*`.
  static let genericEssences: [StaticString] = [
    "application/octet-stream", "binary/octet-stream", "application/force-download",
    "application/x-force-download", "application/download", "application/x-download",
    "application/unknown", "application/x-unknown", "application/x-unknown-content-type",
    "application/octetstream", "application/x-octet-stream", "application/binary",
    "application/save", "application/x-save", "unknown/unknown", "*/*",
  ]

  /// Whether `essence` (any ASCII case) is one of `genericEssences`.
  static func isGenericEssence(_ essence: some Collection<UInt8>) -> Bool {
    for g in genericEssences where g.utf8CodeUnitCount == essence.count {
      let bytes = UnsafeBufferPointer(start: g.utf8Start, count: g.utf8CodeUnitCount)
      if essence.lazy.map(ASCII.lowercase).elementsEqual(bytes) { return true }
    }
    return false
  }

  /// Whether this is a generic type (`application/octet-stream`, `binary/octet-stream`,
  /// `application/force-download`, `application/x-download`, `application/unknown`, …) that says
  /// nothing about the content and never forces a file extension.
  public var isGeneric: Bool {
    // Compared as bytes: the essence is lowercase already.
    var e = essence
    return e.withUTF8 { b in
      MediaType.genericEssences.contains { g in
        g.utf8CodeUnitCount == b.count
          && ASCII.bytesEqual(b, UnsafeBufferPointer(start: g.utf8Start, count: g.utf8CodeUnitCount))
      }
    }
  }

  /// An HTML MIME type: essence `text/html`.
  public var isHTML: Bool { essence == "text/html" }

  /// An XML MIME type: subtype ends in `+xml`, or essence `text/xml` or `application/xml`.
  public var isXML: Bool {
    subtypeHasSuffix("+xml") || essence == "text/xml" || essence == "application/xml"
  }

  /// A JavaScript MIME type: one of the sixteen essences of the WHATWG list (`text/javascript`,
  /// `application/javascript`, `text/ecmascript`, `text/javascript1.0`…`1.5`, `text/jscript`, …).
  public var isJavaScript: Bool {
    switch essence {
    case "application/ecmascript", "application/javascript", "application/x-ecmascript",
      "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
      "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
      "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript", "text/x-javascript":
      return true
    default:
      return false
    }
  }

  /// A JSON MIME type: subtype ends in `+json`, or essence `application/json` or `text/json`.
  public var isJSON: Bool {
    subtypeHasSuffix("+json") || essence == "application/json" || essence == "text/json"
  }

  /// An image MIME type: type `image`.
  public var isImage: Bool { typeIs("image") }

  /// An audio or video MIME type: type `audio` or `video`, or essence `application/ogg`.
  public var isAudioOrVideo: Bool { typeIs("audio") || typeIs("video") || essence == "application/ogg" }

  /// A font MIME type: type `font`, or one of the legacy `application/font-*`,
  /// `application/vnd.ms-fontobject`, `application/vnd.ms-opentype` essences.
  public var isFont: Bool {
    if typeIs("font") { return true }
    switch essence {
    case "application/font-cff", "application/font-off", "application/font-sfnt", "application/font-ttf",
      "application/font-woff", "application/vnd.ms-fontobject", "application/vnd.ms-opentype":
      return true
    default:
      return false
    }
  }

  /// Type `text` (the spec defines no text group; this is the plain reading).
  public var isText: Bool { typeIs("text") }

  /// A ZIP-based MIME type: subtype ends in `+zip`, or essence `application/zip`.
  public var isZIPBased: Bool { subtypeHasSuffix("+zip") || essence == "application/zip" }

  /// An archive MIME type: `application/x-rar-compressed`, `application/zip` or `application/x-gzip`.
  public var isArchive: Bool {
    switch essence {
    case "application/x-rar-compressed", "application/zip", "application/x-gzip": return true
    default: return false
    }
  }

  /// A scriptable MIME type: XML, HTML, or `application/pdf`.
  public var isScriptable: Bool { isXML || isHTML || essence == "application/pdf" }

  /// WHATWG "minimize a supported MIME type": `text/javascript` for JavaScript, `application/json`
  /// for JSON, `image/svg+xml`, `application/xml` for other XML, the essence when the registry knows
  /// the type ("supported"), else the empty string.
  public var minimizedEssence: String {
    if isJavaScript { return "text/javascript" }
    if isJSON { return "application/json" }
    if essence == "image/svg+xml" { return "image/svg+xml" }
    if isXML { return "application/xml" }
    return MediaTypeRegistry.contains(essence) ? essence : ""
  }
}
