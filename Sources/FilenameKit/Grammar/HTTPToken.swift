// RFC 9110 §5.6.2:
//   token  = 1*tchar
//   tchar  = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
//          / DIGIT / ALPHA
enum HTTPToken {
  /// 256-entry membership table for `tchar`.
  private static let table: [Bool] = {
    var t = [Bool](repeating: false, count: 256)
    for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = true }
    for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = true }
    for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = true }
    for c in "!#$%&'*+-.^_`|~".utf8 { t[Int(c)] = true }
    return t
  }()

  /// Whether `b` is a `tchar`.
  @inline(__always) static func isTokenChar(_ b: UInt8) -> Bool { table[Int(b)] }

  /// RFC 8187 §3.2.1: attr-char = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
  /// (token characters except "*", "'", "%").
  @inline(__always) static func isAttrChar(_ b: UInt8) -> Bool {
    table[Int(b)] && b != UInt8(ascii: "*") && b != UInt8(ascii: "'") && b != UInt8(ascii: "%")
  }
}
