import Foundation

/// A JSON value with ordered object keys: the CLI's output model, and the echoed batch `id`.
/// Serialization keeps member order; equality ignores it, as JSON does.
public enum JSONValue: Sendable, Equatable, Decodable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case let (.bool(x), .bool(y)): return x == y
    case let (.int(x), .int(y)): return x == y
    case let (.double(x), .double(y)): return x == y
    case let (.string(x), .string(y)): return x == y
    case let (.array(x), .array(y)): return x == y
    case let (.object(x), .object(y)):
      // JSON equality: the same members, in any order.
      guard x.count == y.count else { return false }
      let yByKey = Dictionary(y, uniquingKeysWith: { first, _ in first })
      return x.allSatisfy { key, value in yByKey[key].map { $0 == value } ?? false }
    default: return false
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    if let c = try? decoder.container(keyedBy: Key.self) {
      self = .object(try c.allKeys.map { ($0.stringValue, try c.decode(JSONValue.self, forKey: $0)) })
      return
    }
    if var c = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !c.isAtEnd { items.append(try c.decode(JSONValue.self)) }
      self = .array(items)
      return
    }
    let c = try decoder.singleValueContainer()
    if c.decodeNil() { self = .null }
    else if let b = try? c.decode(Bool.self) { self = .bool(b) }
    else if let i = try? c.decode(Int.self) { self = .int(i) }
    else if let d = try? c.decode(Double.self) { self = .double(d) }
    else { self = .string(try c.decode(String.self)) }
  }

  /// A string value, or null for nil.
  public static func string(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

  /// The compact JSON text of this value.
  public var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Appends the compact JSON text of this value.
  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : "\(d)") : "null"
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let items):
      out += "["
      for (i, v) in items.enumerated() { if i > 0 { out += "," }; v.write(to: &out) }
      out += "]"
    case .object(let pairs):
      out += "{"
      for (i, (k, v)) in pairs.enumerated() {
        if i > 0 { out += "," }
        JSONValue.writeString(k, to: &out)
        out += ":"
        v.write(to: &out)
      }
      out += "}"
    }
  }

  static func writeString(_ s: String, to out: inout String) {
    out += "\""
    // Fast path: nothing to escape (no control, quote, backslash, DEL, nor a U+2000–U+2FFF scalar,
    // whose UTF-8 lead byte 0xE2 covers U+2028 and U+2029): the string goes in whole.
    if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
      out += s
      out += "\""
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
