/// Where an op's answer fields go, in order: straight into bytes (`JSONFieldWriter`, the batch engine's
/// path, no tree built) or into `[(String, JSONValue)]` (`JSONFieldList`, for commands that add to the
/// fields or nest them). Each op writes its fields once, generic over the sink, so both agree.
protocol JSONFieldSink {
  /// A member with a value.
  mutating func field(_ key: StaticString, _ value: JSONValue)
  /// A string member, null for nil.
  mutating func field(_ key: StaticString, _ value: String?)
  /// A string member whose text `compose` hands over in pieces (a trace entry's detail): the
  /// writer escapes each as it comes, without the joined string.
  mutating func field(_ key: StaticString, pieces compose: ((String) -> Void) -> Void)
  /// A member whose value is an object whose members `body` writes.
  mutating func object(_ key: StaticString, _ body: (inout Self) -> Void)
  /// A member whose value is an array of objects, one per item, written by `body`.
  mutating func objects<C: Collection>(_ key: StaticString, _ items: C, _ body: (C.Element, inout Self) -> Void)
  /// A member whose value is an array of strings.
  mutating func strings<C: Collection>(_ key: StaticString, _ items: C, _ text: (C.Element) -> String)
  /// A member whose value is an object of string members: one per item for which `pair` is not nil.
  mutating func stringMembers<C: Collection>(_ key: StaticString, _ items: C, _ pair: (C.Element) -> (String, String?)?)
  /// A member whose value is an array of two-string arrays, one per item.
  mutating func stringPairs<C: Collection>(_ key: StaticString, _ items: C, _ pair: (C.Element) -> (String, String))
}

extension JSONFieldSink {
  /// A string member, null for nil.
  mutating func field(_ key: StaticString, _ value: String?) { field(key, .string(value)) }
}

/// Writes the members as JSON text (`,"key":value` each) into `out`, exactly as `JSONValue.write`
/// would serialize them. Nested objects are written by writers that share `out`.
struct JSONFieldWriter: JSONFieldSink {
  var out: OutputBuffer
  private var first: Bool

  /// A writer that appends to `out`; `afterFirst` when a member is already written (the `id`).
  init(_ out: OutputBuffer, afterFirst: Bool) {
    self.out = out
    first = !afterFirst
  }

  /// `,"key":` (no comma before the first).
  private mutating func key(_ key: StaticString) {
    if !first { out.append(UInt8(ascii: ",")) }
    first = false
    out.append(UInt8(ascii: "\""))
    JSONValue.appendLiteral(key, to: &out)
    out.append(UInt8(ascii: "\""))
    out.append(UInt8(ascii: ":"))
  }

  mutating func field(_ key: StaticString, _ value: JSONValue) {
    self.key(key)
    value.write(into: &out)
  }

  /// Written as it goes: no `JSONValue` per pair (a 1 MiB media type has 130,000 parameters).
  mutating func stringPairs<C: Collection>(_ key: StaticString, _ items: C, _ pair: (C.Element) -> (String, String)) {
    self.key(key)
    out.append(UInt8(ascii: "["))
    var separator = false
    for item in items {
      let (a, b) = pair(item)
      if separator { out.append(UInt8(ascii: ",")) }
      separator = true
      out.append(UInt8(ascii: "["))
      JSONValue.writeString(a, to: &out)
      out.append(UInt8(ascii: ","))
      JSONValue.writeString(b, to: &out)
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "]"))
  }

  mutating func field(_ key: StaticString, _ value: String?) {
    self.key(key)
    if let value {
      JSONValue.writeString(value, to: &out)
    } else {
      JSONValue.appendLiteral("null", to: &out)
    }
  }

  mutating func field(_ key: StaticString, pieces compose: ((String) -> Void) -> Void) {
    self.key(key)
    out.append(UInt8(ascii: "\""))
    compose { JSONValue.writeStringContents($0, to: &out) }
    out.append(UInt8(ascii: "\""))
  }

  mutating func object(_ key: StaticString, _ body: (inout JSONFieldWriter) -> Void) {
    self.key(key)
    out.append(UInt8(ascii: "{"))
    var inner = JSONFieldWriter(out, afterFirst: false)
    body(&inner)
    out.append(UInt8(ascii: "}"))
  }

  mutating func objects<C: Collection>(
    _ key: StaticString, _ items: C, _ body: (C.Element, inout JSONFieldWriter) -> Void
  ) {
    self.key(key)
    out.append(UInt8(ascii: "["))
    // From the elements' storage, so each is lent to `body` where it lies: an array's subscript
    // copied it out (and released it after), for every trace entry.
    var inner = JSONFieldWriter(out, afterFirst: false)
    let lent: Void? = items.withContiguousStorageIfAvailable { elements in
      for i in elements.indices { Self.object(elements[i], first: i == 0, into: &inner, body) }
    }
    if lent == nil {
      for i in items.indices { Self.object(items[i], first: i == items.startIndex, into: &inner, body) }
    }
    out.append(UInt8(ascii: "]"))
  }

  /// One element of `objects`: `{…}`, after a comma unless it is the first, written by `w`.
  private static func object<T>(
    _ item: T, first: Bool, into w: inout JSONFieldWriter, _ body: (T, inout JSONFieldWriter) -> Void
  ) {
    if !first { w.out.append(UInt8(ascii: ",")) }
    w.out.append(UInt8(ascii: "{"))
    w.first = true
    body(item, &w)
    w.out.append(UInt8(ascii: "}"))
  }

  /// A run of equal strings (a hostile header yields a million `empty-parameter` diagnostics) is
  /// written once and its bytes repeated by doubling, not escaped again per element.
  mutating func strings<C: Collection>(_ key: StaticString, _ items: C, _ text: (C.Element) -> String) {
    self.key(key)
    out.append(UInt8(ascii: "["))
    var previous: String? = nil
    var previousStart = 0
    var repeats = 0
    for item in items {
      let s = text(item)
      if s == previous {
        repeats += 1
        continue
      }
      appendRepeats(of: previousStart, repeats)
      repeats = 0
      if previous != nil { out.append(UInt8(ascii: ",")) }
      previousStart = out.count
      JSONValue.writeString(s, to: &out)
      previous = s
    }
    appendRepeats(of: previousStart, repeats)
    out.append(UInt8(ascii: "]"))
  }

  /// Appends `,` and the element written from `start` to the end, `count` more times.
  private mutating func appendRepeats(of start: Int, _ count: Int) {
    guard count > 0 else { return }
    var block: [UInt8] = [UInt8(ascii: ",")] + out.bytes(from: start)
    var k = count
    while k > 0 {
      if k & 1 == 1 { block.withUnsafeBufferPointer { out.append(bytes: $0) } }
      k >>= 1
      if k > 0 { block.append(contentsOf: block) }
    }
  }

  mutating func stringMembers<C: Collection>(
    _ key: StaticString, _ items: C, _ pair: (C.Element) -> (String, String?)?
  ) {
    self.key(key)
    out.append(UInt8(ascii: "{"))
    var n = 0
    for item in items {
      guard let (k, v) = pair(item) else { continue }
      if n > 0 { out.append(UInt8(ascii: ",")) }
      n += 1
      JSONValue.writeString(k, to: &out)
      out.append(UInt8(ascii: ":"))
      if let v { JSONValue.writeString(v, to: &out) } else { JSONValue.appendLiteral("null", to: &out) }
    }
    out.append(UInt8(ascii: "}"))
  }
}

/// Collects the members as `[(String, JSONValue)]`.
struct JSONFieldList: JSONFieldSink {
  var members: [(String, JSONValue)] = []

  mutating func field(_ key: StaticString, _ value: JSONValue) { members.append((key.description, value)) }

  mutating func field(_ key: StaticString, pieces compose: ((String) -> Void) -> Void) {
    var text = ""
    compose { text += $0 }
    field(key, text)
  }

  mutating func object(_ key: StaticString, _ body: (inout JSONFieldList) -> Void) {
    var inner = JSONFieldList()
    body(&inner)
    members.append((key.description, .object(inner.members)))
  }

  mutating func objects<C: Collection>(
    _ key: StaticString, _ items: C, _ body: (C.Element, inout JSONFieldList) -> Void
  ) {
    let values = items.map { item -> JSONValue in
      var inner = JSONFieldList()
      body(item, &inner)
      return .object(inner.members)
    }
    members.append((key.description, .array(values)))
  }

  mutating func strings<C: Collection>(_ key: StaticString, _ items: C, _ text: (C.Element) -> String) {
    members.append((key.description, .array(items.map { .string(text($0)) })))
  }

  mutating func stringPairs<C: Collection>(_ key: StaticString, _ items: C, _ pair: (C.Element) -> (String, String)) {
    members.append(
      (
        key.description,
        .array(
          items.map {
            let (a, b) = pair($0)
            return .array([.string(a), .string(b)])
          })
      ))
  }

  mutating func stringMembers<C: Collection>(
    _ key: StaticString, _ items: C, _ pair: (C.Element) -> (String, String?)?
  ) {
    members.append((key.description, .object(items.compactMap(pair).map { ($0.0, .string($0.1)) })))
  }

  /// The members `write` produces.
  static func collect(_ write: (inout JSONFieldList) -> Void) -> [(String, JSONValue)] {
    var list = JSONFieldList()
    write(&list)
    return list.members
  }
}
