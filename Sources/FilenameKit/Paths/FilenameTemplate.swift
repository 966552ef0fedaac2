/// A file name built from a template of fixed text and `{field}` placeholders, fitted to a length
/// budget.
///
/// ```swift
/// let t = try FilenameTemplate("{title} [{id!}].{ext}")
/// let r = try t.render(["title": "A very long title…", "id": "x1", "ext": "mp4"], for: .linux)
/// r.name  // "A very long title… [x1].mp4", the title cut when the whole is too long
/// ```
///
/// Placeholders name fields the caller gives; `suggestionFields(of:url:)` gives `{name}`, `{stem}`,
/// `{ext}` and `{host}` for a suggestion. `{{` and `}}` are literal braces. A field name is ASCII
/// letters, digits, `_` and `-`, starting with a letter or `_`; a `!` after it (`{id!}`) marks a
/// field that must survive a cut. ``render(_:for:options:)`` gives the rules of the fit.
public struct FilenameTemplate: Sendable, Hashable {
  /// One piece of a template.
  public enum Piece: Sendable, Hashable {
    /// Fixed text, kept whole.
    case text(String)
    /// A placeholder: the field's name, whether it is marked to survive a cut (`!`), and the byte
    /// offset of its `{` in the template.
    case field(String, keep: Bool, offset: Int)
  }

  /// The pieces in template order.
  public let pieces: [Piece]

  /// Parses `template` in one pass over its bytes; throws on an unbalanced brace, an empty or
  /// malformed placeholder, or a path separator (`/`, `\`) or NUL in the fixed text: a template
  /// names one file, never a directory.
  public init(_ template: String) throws(FilenameTemplateError) {
    var copy = template
    let parsed = copy.withUTF8 { bytes in
      Result { () throws(FilenameTemplateError) -> [Piece] in try Self.parse(bytes) }
    }
    pieces = try parsed.get()
  }

  /// The pieces of a template's bytes; see `init(_:)`.
  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(FilenameTemplateError) -> [Piece] {
    var pieces: [Piece] = []
    var text: [UInt8] = []
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "{") {
        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
          text.append(b)
          i += 2
          continue
        }
        // The placeholder runs to the next brace; a `{` before its `}` leaves this one open.
        var j = i + 1
        while j < bytes.count, bytes[j] != UInt8(ascii: "}"), bytes[j] != UInt8(ascii: "{") { j += 1 }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "}") else { throw .unbalancedBrace(offset: i, brace: "{") }
        var name = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j])
        let keep = name.last == UInt8(ascii: "!")
        if keep { name = UnsafeBufferPointer(rebasing: name.dropLast()) }
        guard Self.isFieldName(name) else {
          throw .invalidPlaceholder(offset: i, text: Self.excerpt(UnsafeBufferPointer(rebasing: bytes[i...j])))
        }
        if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
        text.removeAll(keepingCapacity: true)
        pieces.append(.field(String(decoding: name, as: UTF8.self), keep: keep, offset: i))
        i = j + 1
      } else if b == UInt8(ascii: "}") {
        guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "}") else {
          throw .unbalancedBrace(offset: i, brace: "}")
        }
        text.append(b)
        i += 2
      } else {
        if b == UInt8(ascii: "/") || b == UInt8(ascii: "\\") || b == 0 { throw .separatorInText(offset: i) }
        text.append(b)
        i += 1
      }
    }
    if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
    return pieces
  }

  /// The names of the placeholders, in template order, each once.
  public var fieldNames: [String] {
    var seen = Set<String>()
    var out: [String] = []
    for case .field(let n, _, _) in pieces where seen.insert(n).inserted { out.append(n) }
    return out
  }

  /// The fields a suggestion gives a template: `name` (the suggested file name), `stem` and `ext`
  /// (its stem and extension, a compound `tar.gz` whole, `ext` empty without one) and `host` (the
  /// URL's host as `URLFilename.hostName(of:)` reads it, empty without one). A name the sanitizer
  /// neutralized gives its fields without the `.download` (`setup.exe`, `exe`).
  public static func suggestionFields(of suggestion: Suggestion, url: String?) -> [String: String] {
    // The name before the `.download` a neutralized name was given: its own extension is `{ext}`,
    // and the rendered name is judged (and neutralized) whole by the render's last step.
    var name = suggestion.filename.string[...]
    let trailer = FilenameSanitizer.neutralizingTrailer
    if suggestion.risk != .ordinary, name.hasSuffix(trailer), name.utf8.count > trailer.utf8.count {
      name = name.dropLast(trailer.count)
    }
    let (stem, ext) = FileExtension.split(name)
    return [
      "name": String(name), "stem": String(stem), "ext": ext.map(String.init) ?? "",
      "host": url.flatMap { URLFilename.hostName(of: $0) } ?? "",
    ]
  }

  /// A field name: ASCII letters, digits, `_` and `-`, starting with a letter or `_`.
  static func isFieldName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = name.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
    return name.allSatisfy { isLetter($0) || ASCII.isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
  }

  /// Whether `b` is an ASCII letter.
  static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

  /// A bad placeholder as an error shows it: at most 40 bytes, cut at a scalar boundary, with `…`.
  static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count > 40 else { return String(decoding: bytes, as: UTF8.self) }
    var end = 40
    while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + "…"
  }
}
