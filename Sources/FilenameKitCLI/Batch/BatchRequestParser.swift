/// Reads one batch request line (JSON text, RFC 8259) in a single pass over its bytes, straight into a
/// `BatchRequest`: no document tree, no copy of the line, one `String` per member an op reads.
///
/// What it accepts is RFC 8259 JSON with one old leniency kept: a UTF-8 byte order mark before the
/// object. Nesting is limited to 512 levels. What it refuses, and the error line it gives:
/// - text that is not JSON: `not valid JSON`, id null; a comma right before `}` or `]` (RFC 8259
///   has none there) says so, and so does nesting deeper
///   than the limit (`nested too deep (limit 512)`);
/// - a string that is not Unicode text (a lone surrogate escape, invalid UTF-8, a raw control
///   character, an unknown escape): says which, in any member;
/// - a key given twice, at any depth: `duplicate key`, since parsers differ on which one counts;
/// - a member of the wrong type: `wrong type for '…'` (the first in `BatchField` order).
/// The `id` is echoed with every error once it was read whole (its value sound, and followed by `,` or
/// `}`), also when the text stops being JSON after it or nests too deep; an `id` the error came
/// before, or inside, is answered `null`.
struct BatchRequestParser {
  /// Why a line is not a request: the error line's message, and the `id` to echo with it.
  struct Failure {
    var id: Range<Int>?
    var message: String
  }

  /// Text that is not JSON: the line is answered `not valid JSON`, or `reason` when there is one.
  struct Syntax: Error {
    var reason: String? = nil
  }

  static let maxDepth = 512

  private let b: UnsafeBufferPointer<UInt8>
  private var i = 0
  private var depth = 0
  /// The decoded bytes of the last string scanned that had an escape (kept between lines for its
  /// capacity); see `lastString`.
  var text: [UInt8]
  /// Where the text of the last string scanned lies in the line when it had no escape (most do:
  /// then it is read in place, not copied into `text`).
  private var lastPlain: Range<Int>?
  /// The request read, once `parse` found no failure. Read in place: a copy would retain (and
  /// release) every member's text.
  private(set) var request = BatchRequest()
  private var seen: UInt32 = 0
  private var idSound = true
  /// The `id`'s value is followed by `,` or `}`: it ended where a member ends (`"id":12x` did not).
  private var idDelimited = false
  private var contentProblem: String?
  private var duplicateKey: String?
  private var wrongType: BatchField?

  init(_ line: UnsafeBufferPointer<UInt8>, text: [UInt8] = []) {
    b = line
    self.text = text
  }

  /// Reads the whole line into `request`; nil when it is a request, else why it is not.
  mutating func parse() -> Failure? {
    do throws(Syntax) {
      if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
      skipSpace()
      let isObject = i < b.count && b[i] == UInt8(ascii: "{")
      if isObject { try readRequest() } else { try skipValue() }
      skipSpace()
      guard i == b.count else { throw Syntax() }
      if !isObject && contentProblem == nil {
        return Failure(id: nil, message: "malformed request: not a JSON object")
      }
    } catch {
      // An `id` read whole before the text stopped being JSON (or hit a limit) is echoed, as the
      // line-size cap echoes one read before the cut; `request.id` is set only once its value was
      // read to its end, and only for the top-level object's own member.
      let id = idSound && idDelimited ? request.id : nil
      return Failure(id: id, message: "malformed request: \(error.reason ?? "not valid JSON")")
    }
    let id = idSound ? request.id : nil
    if let p = contentProblem { return Failure(id: id, message: "malformed request: \(p)") }
    if let k = duplicateKey {
      return Failure(id: id, message: "malformed request: duplicate key '\(k)' (send each member once)")
    }
    if let f = wrongType { return Failure(id: id, message: "malformed request: wrong type for '\(f.key)'") }
    request.id = id
    return nil
  }

  /// Whether the whole buffer is one JSON value (of any type) whose strings are Unicode text and whose
  /// objects repeat no key: the test for an `id` found in a line cut off at the cap.
  mutating func isOneSoundValue() -> Bool {
    do {
      try skipValue()
      skipSpace()
      return i == b.count && contentProblem == nil && duplicateKey == nil
    } catch {
      return false
    }
  }

  // MARK: the request object

  /// The top-level object: known members are read into `request`, others checked and skipped.
  private mutating func readRequest() throws(Syntax) {
    var unknownKeys = KeySet()
    try members { (p: inout BatchRequestParser) throws(Syntax) in
      guard let field = p.lastString(BatchField.named) else {
        p.noteKey(&unknownKeys)
        if p.request.ignoredKeys.count < BatchRequest.maxIgnoredKeys {
          p.request.ignoredKeys.append(p.lastString { String(decoding: $0, as: UTF8.self) })
        }
        try p.skipValue()
        return
      }
      if p.seen & field.bit != 0 {
        p.duplicateKey = p.duplicateKey ?? field.key
        if field == .id { p.idSound = false }
        try p.skipValue()
      } else {
        p.seen |= field.bit
        try p.read(field)
      }
    }
  }

  /// Reads one known member's value.
  private mutating func read(_ field: BatchField) throws(Syntax) {
    guard i < b.count else { throw Syntax() }
    let c = b[i]
    if c == UInt8(ascii: "n") && field != .id {
      try literal("null")  // null is the same as absent
      return
    }
    switch field.kind {
    case .any:
      let start = i
      let (problem, duplicate) = (contentProblem, duplicateKey)
      try skipValue()
      request.id = start..<i
      if problem != contentProblem || duplicate != duplicateKey { idSound = false }
      var j = i
      while j < b.count && BatchLine.isSpace(b[j]) { j += 1 }
      idDelimited = j < b.count && (b[j] == UInt8(ascii: ",") || b[j] == UInt8(ascii: "}"))
    case .text:
      guard c == UInt8(ascii: "\"") else { return try mistyped(field) }
      let s = try string(decode: true)
      set(field, s)
    case .flag:
      guard c == UInt8(ascii: "t") || c == UInt8(ascii: "f") else { return try mistyped(field) }
      let value = c == UInt8(ascii: "t")
      try literal(value ? "true" : "false")
      switch field {
      case .nfd: request.nfd = value
      case .neutralize: request.neutralize = value
      case .ascii: request.ascii = value
      default: request.detect = value
      }
    case .number:
      request.maxLength = try numberOrOther()
    case .textObject:
      guard c == UInt8(ascii: "{") else { return try mistyped(field) }
      try readTextObject(field)
    }
  }

  /// An object whose values are all strings (`fields`), in member order; a value of another type
  /// makes the member mistyped.
  private mutating func readTextObject(_ field: BatchField) throws(Syntax) {
    var pairs: [(String, String)] = []
    var keys = KeySet()
    var mistyped = false
    try members { (p: inout BatchRequestParser) throws(Syntax) in
      p.noteKey(&keys)
      let key = p.lastString { String(decoding: $0, as: UTF8.self) }
      guard p.i < p.b.count, p.b[p.i] == UInt8(ascii: "\"") else {
        mistyped = true
        try p.skipValue()
        return
      }
      pairs.append((key, try p.string(decode: true)))
    }
    if mistyped {
      if wrongType == nil || field.rawValue < wrongType!.rawValue { wrongType = field }
      return
    }
    request.fields = pairs
  }

  private mutating func mistyped(_ field: BatchField) throws(Syntax) {
    if wrongType == nil || field.rawValue < wrongType!.rawValue { wrongType = field }
    try skipValue()
  }

  private mutating func set(_ field: BatchField, _ s: String) {
    switch field {
    case .op: request.op = s
    case .header: request.header = s
    case .headerHex: request.headerHex = s
    case .referrerCharset: request.referrerCharset = s
    case .profile: request.profile = s
    case .name: request.name = s
    case .platform: request.platform = s
    case .input: request.input = s
    case .contentType: request.contentType = s
    case .url: request.url = s
    case .contentDisposition: request.contentDisposition = s
    case .contentDispositionHex: request.contentDispositionHex = s
    case .suggestedName: request.suggestedName = s
    case .defaultName: request.defaultName = s
    case .renderer: request.renderer = s
    case .contentHex: request.contentHex = s
    case .language: request.language = s
    case .template: request.template = s
    case .headHex: request.headHex = s
    case .indexName: request.indexName = s
    case .id, .maxLength, .detect, .nfd, .neutralize, .ascii, .fields: break
    }
  }

  /// A length limit's value as the op sees it: a whole number that fits an `Int` is `.int` (also when
  /// written `8.0` or `8e0`), another finite number `.double`, one beyond `Double` kept as written.
  private mutating func numberOrOther() throws(Syntax) -> JSONValue {
    let start = i
    switch b[i] {
    case UInt8(ascii: "\""): return .string(try string(decode: true))
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      try skipValue()
      return .bool(b[start] == UInt8(ascii: "t"))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try number()
      return Self.numberValue(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
    default:
      try skipValue()
      return .array([])
    }
  }

  static func numberValue(_ text: String) -> JSONValue {
    let integral = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    if integral, let v = Int(text) { return .int(v) }
    guard let d = Double(text), d.isFinite else { return .number(text) }
    if let v = Int(exactly: d) { return .int(v) }
    return .double(d)
  }

  // MARK: any value (checked, not kept)

  /// Checks one value of any type and moves past it.
  mutating func skipValue() throws(Syntax) {
    guard i < b.count else { throw Syntax() }
    switch b[i] {
    case UInt8(ascii: "\""): _ = try string(decode: false)
    case UInt8(ascii: "{"):
      var keys = KeySet()
      try members { (p: inout BatchRequestParser) throws(Syntax) in
        p.noteKey(&keys)
        try p.skipValue()
      }
    case UInt8(ascii: "["): try elements()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    default: throw Syntax()
    }
  }

  /// An object's members: for each, the key is decoded into `text` and `value` reads the value.
  private mutating func members(
    _ value: (inout BatchRequestParser) throws(Syntax) -> Void
  ) throws(Syntax) {
    if try openList(UInt8(ascii: "}")) { return }
    while true {
      guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw Syntax() }
      _ = try scanString(decode: true)  // the key's bytes, in `lastString` (no `String`)
      skipSpace()
      guard i < b.count, b[i] == UInt8(ascii: ":") else { throw Syntax() }
      i += 1
      skipSpace()
      try value(&self)
      if try endOfList(UInt8(ascii: "}")) { return }
    }
  }

  /// An array's elements.
  private mutating func elements() throws(Syntax) {
    if try openList(UInt8(ascii: "]")) { return }
    while true {
      try skipValue()
      if try endOfList(UInt8(ascii: "]")) { return }
    }
  }

  /// Past an opening bracket and the space after it; true, and past the closing bracket too, when
  /// the list is empty.
  private mutating func openList(_ close: UInt8) throws(Syntax) -> Bool {
    try enter()
    i += 1
    skipSpace()
    guard i < b.count && b[i] == close else { return false }
    i += 1
    depth -= 1
    return true
  }

  /// After a member or element: true past the closing bracket, false past a comma (and the space
  /// after it) when another item follows. A comma right before the bracket is refused (RFC 8259 §4,
  /// §5: a comma separates values; parsers that accept it and parsers that refuse it disagree).
  private mutating func endOfList(_ close: UInt8) throws(Syntax) -> Bool {
    skipSpace()
    guard i < b.count else { throw Syntax() }
    if b[i] == UInt8(ascii: ",") {
      i += 1
      skipSpace()
      guard i < b.count, b[i] == close else { return false }
      let bracket = close == UInt8(ascii: "}") ? "}" : "]"
      throw Syntax(reason: "a comma right before '\(bracket)' (RFC 8259 allows none)")
    } else if b[i] != close {
      throw Syntax()
    }
    i += 1
    depth -= 1
    return true
  }

  private mutating func enter() throws(Syntax) {
    depth += 1
    if depth > Self.maxDepth { throw Syntax(reason: "nested too deep (limit \(Self.maxDepth))") }
  }

  /// Records the last key scanned in `keys`; a repeat is a duplicate key.
  private mutating func noteKey(_ keys: inout KeySet) {
    if !lastString({ keys.insert($0) }) && duplicateKey == nil {
      duplicateKey = lastString { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// Lends the decoded bytes of the last string scanned: in place in the line, or `text`.
  private func lastString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let r = lastPlain { return body(UnsafeBufferPointer(rebasing: b[r])) }
    return text.withUnsafeBufferPointer(body)
  }

  /// A string literal at `i`: its text (when decoding), with any content problem recorded.
  private mutating func string(decode: Bool) throws(Syntax) -> String {
    try scanString(decode: decode) && decode ? lastString { String(decoding: $0, as: UTF8.self) } : ""
  }

  /// Scans a string literal at `i` (its text then in `lastString` when decoding); false, with the
  /// content problem recorded, when it is not Unicode text.
  private mutating func scanString(decode: Bool) throws(Syntax) -> Bool {
    switch JSONStringScanner.scan(b, &i, into: &text, decode: decode, plain: &lastPlain) {
    case .ok: return true
    case .invalid(let reason):
      contentProblem = contentProblem ?? reason
      return false
    case .unterminated: throw Syntax()
    }
  }

  /// A number (RFC 8259 §6): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func number() throws(Syntax) {
    if b[i] == UInt8(ascii: "-") { i += 1 }
    guard i < b.count, isDigit(b[i]) else { throw Syntax() }
    if b[i] == UInt8(ascii: "0") { i += 1 } else { digits() }
    if i < b.count && b[i] == UInt8(ascii: ".") {
      i += 1
      guard i < b.count, isDigit(b[i]) else { throw Syntax() }
      digits()
    }
    if i < b.count && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
      i += 1
      if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
      guard i < b.count, isDigit(b[i]) else { throw Syntax() }
      digits()
    }
  }

  private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
  private mutating func digits() { while i < b.count && isDigit(b[i]) { i += 1 } }

  private mutating func literal(_ word: StaticString) throws(Syntax) {
    let n = word.utf8CodeUnitCount
    guard i + n <= b.count else { throw Syntax() }
    for k in 0..<n where b[i + k] != word.utf8Start[k] { throw Syntax() }
    i += n
  }

  private mutating func skipSpace() {
    while i < b.count && BatchLine.isSpace(b[i]) { i += 1 }
  }
}

/// The keys of one object, to find a repeat: nothing allocated until the second key, then the keys'
/// bytes in one array and a table from each key's hash to where its bytes are, so that an object of
/// 145,000 keys costs no allocation per key (a `Set<[UInt8]>` made one each).
struct KeySet {
  private var first: [UInt8]?
  private var bytes: [UInt8] = []
  private var byHash: [Int: Range<Int>] = [:]
  /// Keys whose hash another key already had (almost never).
  private var collided: Set<[UInt8]> = []

  /// Adds `key`; false when it was already there.
  mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first else {
      self.first = Array(key)
      return true
    }
    if first.elementsEqual(key) { return false }
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(key))
    let hash = hasher.finalize()
    if let known = byHash[hash] {
      if bytes[known].elementsEqual(key) { return false }
      return collided.insert(Array(key)).inserted
    }
    byHash[hash] = bytes.count..<bytes.count + key.count
    bytes.append(contentsOf: key)
    return true
  }
}
