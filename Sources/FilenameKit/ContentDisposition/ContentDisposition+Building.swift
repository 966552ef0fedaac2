extension ContentDisposition {
  /// Builds an RFC 6266 header value for a file name, as a server should send it.
  ///
  /// The value always has a quoted ASCII `filename` (non-ASCII letters lose their accents or become
  /// `_`), and adds `filename*=UTF-8''…` (RFC 8187) whenever the ASCII form would not carry the name
  /// exactly. Path separators and control characters in `filename` become `_`: a file name is one
  /// path component. Parsing the result returns the same name.
  ///
  /// ```swift
  /// ContentDisposition.header(filename: "中文.pdf")
  /// // attachment; filename="__.pdf"; filename*=UTF-8''%E4%B8%AD%E6%96%87.pdf
  /// ```
  public static func header(type: DispositionType = .attachment, filename: String) -> String {
    var name = ""
    name.unicodeScalars.append(
      contentsOf: filename.unicodeScalars.map { s in
        (s == "/" || s == "\\" || s.value < 0x20 || (0x7F..<0xA0).contains(s.value)) ? "_" : s
      })
    guard !name.isEmpty else { return type.name }
    let fallback = asciiFallback(name)
    var out = type.name + "; filename=\""
    for b in fallback.utf8 {
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { out += "\\" }
      out.unicodeScalars.append(Unicode.Scalar(b))
    }
    out += "\""
    // The ASCII form is exact only when it equals the name and no parser tolerance could reread it.
    if fallback != name || name.utf8.contains(UInt8(ascii: "%"))
      || zip(name.utf8, name.utf8.dropFirst()).contains(where: { $0 == UInt8(ascii: "=") && $1 == UInt8(ascii: "?") })
      || name.first == " " || name.last == " "
    {
      out += "; filename*=UTF-8''"
      for b in name.utf8 {
        if HTTPToken.isAttrChar(b) {
          out.unicodeScalars.append(Unicode.Scalar(b))
        } else {
          let (percent, high, low) = PercentEncoding.escape(b)
          out.unicodeScalars.append(Unicode.Scalar(percent))
          out.unicodeScalars.append(Unicode.Scalar(high))
          out.unicodeScalars.append(Unicode.Scalar(low))
        }
      }
    }
    return out
  }

  /// An ASCII stand-in: accents dropped (NFD, combining marks removed), other non-ASCII as `_`.
  static func asciiFallback(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }
    var utf8 = Array(name.utf8)
    let decomposed = utf8.withUnsafeMutableBufferPointer { TextServices.normalize(UnsafeBufferPointer($0), form: .nfd) }
    let source = decomposed.map { String(decoding: $0, as: UTF8.self) } ?? name
    var out = ""
    var lastWasMark = false
    for s in source.unicodeScalars {
      if s.value < 0x80 {
        out.unicodeScalars.append(s)
        lastWasMark = false
      } else if ScalarTraits(s).category == .nonspacingMark {
        if !lastWasMark && out.isEmpty { out += "_" }
        lastWasMark = true
      } else {
        out += "_"
        lastWasMark = false
      }
    }
    return out
  }
}
