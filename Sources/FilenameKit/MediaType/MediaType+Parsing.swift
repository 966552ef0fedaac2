// WHATWG MIME Sniffing Standard §4.4 "parse a MIME type", run on bytes: every delimiter is ASCII,
// so the algorithm walks UTF-8 (or, for header bytes, ISO-8859-1) code units directly and only
// the checks of code point classes look at how a non-ASCII code point is encoded.

extension MediaType {
  /// WHATWG "parse a MIME type" on a string; nil on failure.
  public init?(_ string: String) {
    // The common argument, parsed in place without the generic path of `some StringProtocol`.
    var copy = string
    guard let parsed = copy.withUTF8({ MediaType.parse($0, latin1: false) }) else { return nil }
    self = parsed
  }

  /// WHATWG "parse a MIME type" on a string; nil on failure.
  public init?(_ string: some StringProtocol) {
    if let parsed = string.utf8.withContiguousStorageIfAvailable({ MediaType.parse($0, latin1: false) }) {
      guard let parsed else { return nil }
      self = parsed
      return
    }
    var copy = String(string)
    guard let parsed = copy.withUTF8({ MediaType.parse($0, latin1: false) }) else { return nil }
    self = parsed
  }

  /// Parses UTF-8 text (an ill-formed sequence reads as U+FFFD, which no token or value admits).
  public init?(utf8 bytes: some Collection<UInt8>) {
    self.init(String(decoding: bytes, as: UTF8.self))
  }

  /// WHATWG "parse a MIME type from bytes": each byte is one code point (isomorphic decoding), as
  /// for a header value received over HTTP.
  public init?(headerBytes bytes: some Collection<UInt8>) {
    let array = Array(bytes)
    guard let parsed = array.withUnsafeBufferPointer({ MediaType.parse($0, latin1: true) }) else { return nil }
    self = parsed
  }

  /// Parses `p[range]`. `latin1`: bytes are code points U+0000-U+00FF; else `p` is valid UTF-8.
  static func parse(_ p: UnsafeBufferPointer<UInt8>, in range: Range<Int>? = nil, latin1: Bool) -> MediaType? {
    var steps = StepCount()
    defer { WorkMeter.report(steps.value) }
    return parse(p, in: range, latin1: latin1, steps: &steps)
  }

  /// `parse(_:in:latin1:)`, counting its work in `steps`. Every byte of the range is examined a
  /// bounded number of times, and a repeated parameter name is found by hashing once there are
  /// more than a handful of parameters (a linear look-back over thousands is quadratic).
  static func parse(
    _ p: UnsafeBufferPointer<UInt8>, in range: Range<Int>?, latin1: Bool,
    steps: inout StepCount
  ) -> MediaType? {
    var start = range?.lowerBound ?? 0
    // Each byte is visited by at most a few scans (the value and its check, the string copy).
    steps.add(4 * ((range?.count ?? p.count) + 1))
    var end = range?.upperBound ?? p.count
    // 1. Strip leading and trailing HTTP whitespace.
    while start < end && ASCII.isHTTPWhitespace(p[start]) { start += 1 }
    while end > start && ASCII.isHTTPWhitespace(p[end - 1]) { end -= 1 }
    // 3-4. type: up to "/", non-empty HTTP token. One scan: token code points, then "/" (which
    // is not one).
    var pos = start
    while pos < end && HTTPToken.isTokenChar(p[pos]) { pos += 1 }
    guard pos > start, pos < end, p[pos] == UInt8(ascii: "/") else { return nil }
    let typeCount = pos - start
    // 6-9. subtype: up to ";", trailing whitespace removed, non-empty HTTP token. One scan: token
    // code points, then only HTTP whitespace may come before the ";" (";" is not a token code point).
    pos += 1
    let subtypeStart = pos
    while pos < end && HTTPToken.isTokenChar(p[pos]) { pos += 1 }
    let subtypeEnd = pos
    while pos < end && ASCII.isHTTPWhitespace(p[pos]) { pos += 1 }
    guard subtypeEnd > subtypeStart, pos == end || p[pos] == UInt8(ascii: ";") else { return nil }
    // Type, `/` and subtype are adjacent in the input: the essence is one String of them, made
    // lowercase as it is copied (ASCII; up to 15 bytes it is stored inline, with no allocation).
    let essence = ASCII.lowercasedString(UnsafeBufferPointer(rebasing: p[start..<subtypeEnd]))
    let parameters = pos < end ? parseParameters(p, from: pos, to: end, latin1: latin1, steps: &steps) : []
    let result = MediaType(essence: essence, typeCount: typeCount, parameters: parameters)
    result.checkInvariants()
    return result
  }

  /// Asserts the WHATWG post-conditions of a parsed MIME type (debug builds): lowercased token type,
  /// subtype and names, no repeated name, values of quoted-string token code points only.
  func checkInvariants() {
    #if DEBUG
      func isLowerToken(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { HTTPToken.isTokenChar($0) && !(0x41...0x5A).contains($0) }
      }
      assert(isLowerToken(type) && isLowerToken(subtype), "type or subtype not a lowercased token")
      assert(essence.utf8.count == typeCount + 1 + subtype.utf8.count, "essence not type/subtype")
      var names = Set<String>()
      for p in parameters {
        assert(isLowerToken(p.name), "parameter name not a lowercased token")
        assert(names.insert(p.name).inserted, "a repeated parameter name survived")
        assert(
          p.value.unicodeScalars.allSatisfy {
            $0 == "\t" || (0x20...0x7E).contains($0.value) || (0x80...0xFF).contains($0.value)
          },
          "a value outside the HTTP quoted-string token code points")
      }
    #endif
  }

  /// Step 11: the parameters of `p[start..<end]` (`start` on the `;` after the subtype, or at `end`).
  static func parseParameters(
    _ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, latin1: Bool,
    steps: inout StepCount
  ) -> [Parameter] {
    var pos = start
    var parameters: [Parameter] = []
    var seen: NameSet? = nil
    var quoted: [UInt8] = []
    while pos < end {
      pos += 1  // past ";"
      while pos < end && ASCII.isHTTPWhitespace(p[pos]) { pos += 1 }
      let nameStart = pos
      while pos < end && p[pos] != UInt8(ascii: ";") && p[pos] != UInt8(ascii: "=") { pos += 1 }
      let nameRange = nameStart..<pos
      if pos < end {
        if p[pos] == UInt8(ascii: ";") { continue }
        pos += 1  // past "="
      }
      if pos >= end { break }
      let value: String?
      if p[pos] == UInt8(ascii: "\"") {
        quoted.removeAll(keepingCapacity: true)
        collectQuotedString(p, &pos, end, into: &quoted)
        while pos < end && p[pos] != UInt8(ascii: ";") { pos += 1 }
        value = quoted.withUnsafeBufferPointer { q in
          isQuotedStringTokens(q, 0..<q.count, latin1: latin1) ? string(q, 0..<q.count, latin1: latin1) : nil
        }
      } else {
        let valueStart = pos
        while pos < end && p[pos] != UInt8(ascii: ";") { pos += 1 }
        var valueEnd = pos
        while valueEnd > valueStart && ASCII.isHTTPWhitespace(p[valueEnd - 1]) { valueEnd -= 1 }
        if valueEnd == valueStart { continue }
        value =
          isQuotedStringTokens(p, valueStart..<valueEnd, latin1: latin1)
          ? string(p, valueStart..<valueEnd, latin1: latin1) : nil
      }
      guard let value, !nameRange.isEmpty, isToken(p, nameRange) else { continue }
      let name = ASCII.lowercasedString(UnsafeBufferPointer(rebasing: p[nameRange]))
      if isNewName(name, in: parameters, &seen, steps: &steps) {
        parameters.append(Parameter(name: name, value: value))
      }
    }
    return parameters
  }

  /// Whether no earlier parameter has `name` (WHATWG step 11.10: the first occurrence wins): a look-back
  /// while there are at most `linearLimit` parameters, then a `NameSet` of every name kept. When it
  /// returns true, `name` is about to be appended to `parameters`.
  static func isNewName(
    _ name: String, in parameters: [Parameter], _ seen: inout NameSet?,
    steps: inout StepCount
  ) -> Bool {
    let linearLimit = 8
    if parameters.count < linearLimit {
      steps.add(parameters.count + 1)
      return !parameters.contains { $0.name == name }
    }
    if seen == nil {
      var set = NameSet(capacity: 4 * linearLimit)
      for (k, q) in parameters.enumerated() { _ = set.insert(q.name, at: k) { parameters[$0].name } }
      steps.add(parameters.count)
      seen = set
    }
    steps.add(1)
    return seen!.insert(name, at: parameters.count) { parameters[$0].name }
  }

  /// Fetch "collect an HTTP quoted string" with extract-value true: `p[pos]` is `"`; appends the
  /// unescaped content to `out` and leaves `pos` after the closing quote (or at `end`).
  static func collectQuotedString(
    _ p: UnsafeBufferPointer<UInt8>, _ pos: inout Int, _ end: Int, into out: inout [UInt8]
  ) {
    pos += 1
    while true {
      while pos < end && p[pos] != UInt8(ascii: "\"") && p[pos] != UInt8(ascii: "\\") {
        out.append(p[pos])
        pos += 1
      }
      if pos >= end { return }
      let quoteOrBackslash = p[pos]
      pos += 1
      guard quoteOrBackslash == UInt8(ascii: "\\") else { return }
      if pos >= end {
        out.append(UInt8(ascii: "\\"))
        return
      }
      out.append(p[pos])
      pos += 1
    }
  }

  /// Fetch "collect an HTTP quoted string" with extract-value false: only moves `pos` past it.
  static func skipQuotedString(_ p: UnsafeBufferPointer<UInt8>, _ pos: inout Int, _ end: Int) {
    pos += 1
    while pos < end {
      let b = p[pos]
      pos += 1
      if b == UInt8(ascii: "\"") { return }
      if b == UInt8(ascii: "\\") && pos < end { pos += 1 }
    }
  }

  /// Whether `p[r]` solely contains HTTP token code points (all ASCII).
  private static func isToken(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    var i = r.lowerBound
    while i < r.upperBound && HTTPToken.isTokenChar(p[i]) { i += 1 }
    return i == r.upperBound
  }

  /// Whether `p[r]` solely contains HTTP quoted-string token code points: U+0009, U+0020-U+007E,
  /// U+0080-U+00FF. In UTF-8 the last range is the two-byte sequences led by C2 or C3.
  private static func isQuotedStringTokens(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, latin1: Bool) -> Bool {
    var i = r.lowerBound
    while i < r.upperBound {
      let b = p[i]
      if b == 0x09 || (b >= 0x20 && b <= 0x7E) {
        i += 1
      } else if b >= 0x80 && latin1 {
        i += 1
      } else if (b == 0xC2 || b == 0xC3) && i + 1 < r.upperBound && p[i + 1] & 0xC0 == 0x80 {
        i += 2
      } else {
        return false
      }
    }
    return true
  }

  /// The text of `p[r]`: UTF-8 as is, or ISO-8859-1 bytes transcoded to UTF-8.
  static func string(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, latin1: Bool) -> String {
    let bytes = UnsafeBufferPointer(rebasing: p[r])
    return latin1 ? Charset.decodeLatin1(bytes) : String(decoding: bytes, as: UTF8.self)
  }
}
