/// An HTTP/1.x response head as a client received it: the status line and the header fields, read
/// from raw bytes (RFC 9112 §2.2, §4, §5), in one linear pass.
///
/// What it does with bytes a strict parser refuses, as browsers and libcurl do and says so in
/// `problems`:
/// - a line may end in CRLF or a bare LF (RFC 9112 §2.2); any other CR becomes SP (§2.2: "replace
///   each bare CR with SP"), so `a.txt\rX: y.exe` is not read as two fields;
/// - a NUL in a value becomes SP (RFC 9110 §5.5: CR, LF and NUL "are invalid and dangerous", and a
///   recipient may replace them with SP);
/// - an obs-fold (a line starting with SP or HTAB) continues the previous value, joined with one SP
///   (RFC 9112 §5.2);
/// - a line without a colon is skipped; a name with whitespace before the colon (RFC 9112 §5.1) is
///   kept as sent but matches no field it imitates (`content-disposition :` is not used);
/// - interim 1xx heads (RFC 9110 §15.2) are skipped: the final head is the one returned.
/// A head without a status line (curl's `%{header_json}`, or fields only) has `status` nil.
public struct ResponseHead: Sendable, Hashable {
  /// One header field as received (name lowercased when it is a token).
  public struct Field: Sendable, Hashable {
    /// The name, ASCII-lowercased; as sent (not lowercased) when it is not a token.
    public let name: [UInt8]
    /// The value, trimmed of surrounding whitespace, folds joined.
    public let value: [UInt8]
    /// Whether the name is an RFC 9110 token (only those are matched).
    public let nameIsToken: Bool

    /// Creates a field (the name is lowercased here).
    public init(name: [UInt8], value: [UInt8]) {
      let token = !name.isEmpty && name.allSatisfy(HTTPToken.isTokenChar)
      self.name = token ? name.map(ASCII.lowercase) : name
      self.value = value
      self.nameIsToken = token
    }
  }

  /// The status code, or nil when the head has no (valid) status line.
  public var status: Int?
  /// Every field of the final head, in order.
  public var fields: [Field] = []
  /// How many bytes the head took, its empty line included (where the body starts); the whole
  /// input when it never ended.
  public var length = 0
  /// Whether the head ended with its empty line (false: cut off).
  public var isComplete = false
  /// What was repaired or skipped (at most `maxProblems`, each once), for a note to the user.
  public var problems: [Problem] = []

  /// A repair made while reading.
  public enum Problem: String, Sendable, Hashable {
    case bareCR = "bare-cr"
    case nul = "nul"
    case obsFold = "obs-fold"
    case lineWithoutColon = "line-without-colon"
    case invalidFieldName = "invalid-field-name"
    case interimHead = "interim-head"
    case noStatusLine = "no-status-line"
    case incomplete = "incomplete"
  }

  /// Creates an empty head.
  public init(status: Int? = nil, fields: [Field] = []) {
    self.status = status
    self.fields = fields
  }

  /// Reads a head from `bytes` (anything after its empty line is the body and is not read).
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ResponseHead {
    var head = ResponseHead()
    var i = 0
    var firstLine = true
    while i < bytes.count {
      var end = i
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      let next = end < bytes.count ? end + 1 : end
      var lineEnd = end
      if lineEnd > i && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
      if lineEnd == i && end < bytes.count {
        // The empty line: the end of a head. An interim 1xx head is followed by another.
        if let s = head.status, (100..<200).contains(s), next < bytes.count {
          head.note(.interimHead)
          head.status = nil
          head.fields.removeAll()
          firstLine = true
          i = next
          continue
        }
        head.length = next
        head.isComplete = true
        break
      }
      let line = head.cleaned(UnsafeBufferPointer(rebasing: bytes[i..<lineEnd]))
      if firstLine {
        firstLine = false
        if line.starts(with: "HTTP/".utf8) {
          head.status = statusCode(line)
          i = next
          continue
        }
        head.note(.noStatusLine)
      }
      head.take(line)
      i = next
    }
    if !head.isComplete {
      head.length = bytes.count
      if !bytes.isEmpty { head.note(.incomplete) }
    }
    return head
  }

  /// `parse(_:)` over an array.
  public static func parse(_ bytes: [UInt8]) -> ResponseHead { bytes.withUnsafeBufferPointer { parse($0) } }

  /// The most problems recorded.
  static let maxProblems = 8

  private mutating func note(_ p: Problem) {
    if problems.count < Self.maxProblems && !problems.contains(p) { problems.append(p) }
  }

  /// The line with bare CRs and NULs replaced by SP (RFC 9112 §2.2, RFC 9110 §5.5).
  private mutating func cleaned(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out = Array(line)
    for k in out.indices where out[k] == 0x0D || out[k] == 0x00 {
      note(out[k] == 0 ? .nul : .bareCR)
      out[k] = 0x20
    }
    return out
  }

  /// One field line, or a fold continuing the last one.
  private mutating func take(_ line: [UInt8]) {
    if let first = line.first, ASCII.isOWS(first) {
      note(.obsFold)
      guard let last = fields.popLast() else { return }
      let more = Self.trimmed(line[...])
      fields.append(Field(name: last.name, value: more.isEmpty ? last.value : last.value + [0x20] + more))
      return
    }
    guard let colon = line.firstIndex(of: 0x3A) else {
      note(.lineWithoutColon)
      return
    }
    let field = Field(name: Array(line[..<colon]), value: Self.trimmed(line[(colon + 1)...]))
    if !field.nameIsToken { note(.invalidFieldName) }
    fields.append(field)
  }

  /// `HTTP/1.1 200 OK` → 200; nil unless three digits follow the first space.
  private static func statusCode(_ line: [UInt8]) -> Int? {
    guard let space = line.firstIndex(of: 0x20) else { return nil }
    var code = 0
    var k = space + 1
    while k < line.count && k < space + 4 {
      guard ASCII.isDigit(line[k]) else { return nil }
      code = code * 10 + Int(line[k] - 0x30)
      k += 1
    }
    guard k == space + 4, k == line.count || line[k] == 0x20 else { return nil }
    return code
  }

  private static func trimmed(_ s: ArraySlice<UInt8>) -> [UInt8] {
    var a = s.startIndex
    var b = s.endIndex
    while a < b && ASCII.isOWS(s[a]) { a += 1 }
    while b > a && ASCII.isOWS(s[b - 1]) { b -= 1 }
    return Array(s[a..<b])
  }

  /// Every value of the field `name` (lowercase), in order.
  public func values(_ name: String) -> [[UInt8]] {
    fields.filter { $0.nameIsToken && $0.name.elementsEqual(name.utf8) }.map(\.value)
  }

  /// The values of `name` joined with `", "`, as RFC 9110 §5.3 combines a repeated field; nil when absent.
  public func combined(_ name: String) -> [UInt8]? {
    let v = values(name)
    return v.isEmpty ? nil : Array(v.joined(separator: [0x2C, 0x20]))
  }
}
