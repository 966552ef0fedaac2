// Turns raw parameters into decoded ones and resolves the file name:
// duplicates (RFC 6266 §4.1), ext-values (RFC 8187), continuations (RFC 2231 §3-4),
// and the `compatible` decodings of plain values (raw 8-bit, RFC 2047, %-escaped UTF-8).

struct ParameterResolver {
  let options: ContentDisposition.Options
  var diagnostics: [Diagnostic] = []
  var invalid = false

  init(options: ContentDisposition.Options) { self.options = options }

  var strict: Bool { options.profile == .strict }

  mutating func note(_ code: Diagnostic.Code, _ offset: Int, _ detail: String? = nil) {
    diagnostics.append(Diagnostic(code, at: offset, detail))
  }

  /// A continuation section of a parameter (`name*3` or `name*3*`).
  struct Section {
    var index: Int
    var encoded: Bool
    var raw: RawParameter
  }

  mutating func resolve(_ raws: [RawParameter]) -> (parameters: [ContentDisposition.Parameter], candidates: [ContentDisposition.FilenameCandidate]) {
    // Duplicate names: a linear look-back for the usual handful of parameters, a set beyond that.
    let linearLimit = 8
    var seen = Set<String>()
    var parameters: [ContentDisposition.Parameter] = []
    parameters.reserveCapacity(raws.count)
    var extFilename: ContentDisposition.FilenameCandidate? = nil
    var plainFilename: ContentDisposition.FilenameCandidate? = nil
    var nameParam: ContentDisposition.FilenameCandidate? = nil
    var filenameSections: [Section] = []

    for (position, raw) in raws.enumerated() {
      let duplicate = raws.count <= linearLimit
        ? raws[..<position].contains { $0.name == raw.name }
        : !seen.insert(raw.name).inserted
      if duplicate {
        note(.duplicateParameter, raw.nameOffset, raw.name)
        if strict { invalid = true; return ([], []) }
        continue
      }
      if let (base, index, encoded) = splitSection(raw.name) {
        guard let index = sectionIndex(index, raw) else {
          parameters.append(.init(name: raw.name, value: nil, rawValue: raw.value, charset: nil, language: nil, offset: raw.nameOffset))
          continue
        }
        if base == "filename" {
          filenameSections.append(Section(index: index, encoded: encoded, raw: raw))
        }
        let text = encoded ? nil : decodePlain(raw, isFilename: false).text
        parameters.append(.init(name: raw.name, value: text, rawValue: raw.value, charset: nil, language: nil, offset: raw.nameOffset))
      } else if raw.name.utf8.last == UInt8(ascii: "*") {
        let ext = decodeExtValue(raw)
        parameters.append(.init(name: raw.name, value: ext?.text, rawValue: raw.value, charset: ext?.charset,
                                language: ext?.language, offset: raw.nameOffset))
        if raw.name == "filename*", let ext {
          extFilename = candidate(ext.text, .extended, ext.charset.kind == .utf8 && isASCII(ext.text) ? nil : ext.charset, nil, raw.nameOffset)
        }
      } else {
        let isFilename = raw.name == "filename" || raw.name == "name"
        let plain = decodePlain(raw, isFilename: isFilename)
        parameters.append(.init(name: raw.name, value: plain.text, rawValue: raw.value, charset: plain.charset,
                                language: nil, offset: raw.nameOffset))
        if raw.name == "filename" {
          plainFilename = candidate(plain.text, .plain, plain.charset, plain.decoding, raw.nameOffset)
        } else if raw.name == "name" && !strict {
          nameParam = candidate(plain.text, .name, plain.charset, plain.decoding, raw.nameOffset)
        }
      }
    }

    var candidates: [ContentDisposition.FilenameCandidate] = []
    if let extFilename { candidates.append(extFilename) }
    if !filenameSections.isEmpty, let joined = joinContinuations(filenameSections) { candidates.append(joined) }
    if let plainFilename { candidates.append(plainFilename) }
    if candidates.isEmpty, let nameParam {
      note(.nameParameterUsed, 0)
      candidates.append(nameParam)
    }
    return (parameters, candidates)
  }

  /// Builds a candidate from a decoded value: the last path segment, or nil when empty.
  mutating func candidate(_ text: String?, _ source: ContentDisposition.FilenameSource, _ charset: Charset?,
                          _ decoding: String?, _ offset: Int) -> ContentDisposition.FilenameCandidate? {
    guard let text else { return nil }
    var name = Substring(text)
    // RFC 6266 §4.3: use only the last path segment; a trailing separator means the one before it.
    // `strict` treats only "/" as a separator, as tc2231 does for non-Windows agents; `compatible`
    // also strips at "\\" (tc2231 lists that result as acceptable).
    let backslashIsSeparator = !strict
    if text.utf8.contains(where: { $0 == UInt8(ascii: "/") || (backslashIsSeparator && $0 == UInt8(ascii: "\\")) }) {
      let segments = text.split(whereSeparator: { $0 == "/" || (backslashIsSeparator && $0 == "\\") })
      name = segments.last ?? ""
      note(.pathStripped, offset, source.rawValue)
    }
    if name.isEmpty {
      note(.emptyFilename, offset, source.rawValue)
      return nil
    }
    return .init(name: String(name), source: source, charset: charset, decoding: decoding)
  }

  func isASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 < 0x80 } }

  /// `filename*12*` -> ("filename", "12", true); nil for names without a section.
  func splitSection(_ name: String) -> (String, Substring, Bool)? {
    let utf8 = name.utf8
    guard let star = utf8.firstIndex(of: UInt8(ascii: "*")) else { return nil }
    var rest = name[name.index(after: star)...]
    var encoded = false
    if rest.utf8.last == UInt8(ascii: "*") { encoded = true; rest = rest.dropLast() }
    guard !rest.isEmpty, rest.utf8.allSatisfy(ASCII.isDigit) else { return nil }
    return (String(name[..<star]), rest, encoded)
  }

  /// Validates a section number: no leading zeros, not absurdly large.
  mutating func sectionIndex(_ digits: Substring, _ raw: RawParameter) -> Int? {
    if digits.utf8.count > 1 && digits.utf8.first == UInt8(ascii: "0") {
      note(.continuationLeadingZero, raw.nameOffset, raw.name)
      return nil
    }
    guard digits.utf8.count <= 9, let n = Int(digits) else {
      note(.continuationIndexTooLarge, raw.nameOffset, raw.name)
      return nil
    }
    return n
  }

  // MARK: - RFC 8187 ext-value

  struct ExtValue {
    var text: String
    var charset: Charset
    var language: String?
  }

  /// ext-value = charset "'" [ language ] "'" value-chars (RFC 8187 §3.2.1).
  mutating func decodeExtValue(_ raw: RawParameter) -> ExtValue? {
    if raw.quoted {
      note(.extValueQuoted, raw.nameOffset, raw.name)
      return nil
    }
    let v = raw.value
    guard let q1 = v.firstIndex(of: UInt8(ascii: "'")),
          let q2 = v[(q1 + 1)...].firstIndex(of: UInt8(ascii: "'")) else {
      note(.extValueMalformed, raw.nameOffset, raw.name)
      return nil
    }
    let charsetBytes = v[..<q1]
    let language = q2 > q1 + 1 ? String(decoding: v[(q1 + 1)..<q2], as: UTF8.self) : nil
    guard let bytes = percentDecodeExt(v[(q2 + 1)...]) else {
      note(.extValueBadEscape, raw.nameOffset, raw.name)
      return nil
    }
    let charset: Charset
    if charsetBytes.isEmpty {
      // RFC 8187 requires a charset; `compatible` assumes UTF-8 (tc2231 attwithfn2231noc is undefined).
      note(.extValueMissingCharset, raw.nameOffset, raw.name)
      if strict { return nil }
      charset = .utf8
    } else if let c = Charset(mimeName: String(decoding: charsetBytes, as: UTF8.self)) {
      charset = c
    } else {
      note(.extValueUnknownCharset, raw.nameOffset, String(decoding: charsetBytes, as: UTF8.self))
      return nil
    }
    guard let text = charset.decode(bytes) else {
      note(.extValueDecodeFailed, raw.nameOffset, charset.name)
      return nil
    }
    return ExtValue(text: text, charset: charset, language: language)
  }

  /// value-chars = *( pct-encoded / attr-char ). `compatible` also lets other visible bytes
  /// through (servers send unescaped spaces and parentheses); `strict` rejects them.
  func percentDecodeExt(_ s: ArraySlice<UInt8>) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var i = s.startIndex
    while i < s.endIndex {
      let b = s[i]
      if b == UInt8(ascii: "%") {
        guard i + 2 < s.endIndex, let h = ASCII.hexValue(s[i + 1]), let l = ASCII.hexValue(s[i + 2]) else {
          return nil
        }
        out.append(h << 4 | l)
        i += 3
      } else if HTTPToken.isAttrChar(b) || (!strict && b >= 0x20 && b != 0x7F) {
        out.append(b)
        i += 1
      } else {
        return nil
      }
    }
    return out
  }

  // MARK: - RFC 2231 continuations

  mutating func joinContinuations(_ sections: [Section]) -> ContentDisposition.FilenameCandidate? {
    var sorted = sections
    if zip(sections, sections.dropFirst()).contains(where: { $0.index > $1.index }) {
      note(.continuationOutOfOrder, sections[0].raw.nameOffset)
      sorted.sort { $0.index < $1.index }
    }
    guard sorted[0].index == 0 else {
      note(.continuationMissingStart, sorted[0].raw.nameOffset)
      return nil
    }
    var bytes: [UInt8] = []
    var charset: Charset? = nil
    var expected = 0
    var anyEncoded = false
    for section in sorted {
      if section.index < expected {
        note(.continuationDuplicate, section.raw.nameOffset, section.raw.name)
        continue
      }
      if section.index > expected {
        note(.continuationGap, section.raw.nameOffset, section.raw.name)
        break
      }
      expected += 1
      if section.encoded {
        anyEncoded = true
        var value = section.raw.value[...]
        if section.index == 0 {
          guard let q1 = value.firstIndex(of: UInt8(ascii: "'")),
                let q2 = value[(q1 + 1)...].firstIndex(of: UInt8(ascii: "'")) else {
            note(.extValueMalformed, section.raw.nameOffset, section.raw.name)
            return nil
          }
          let label = String(decoding: value[..<q1], as: UTF8.self)
          if label.isEmpty {
            note(.extValueMissingCharset, section.raw.nameOffset, section.raw.name)
            if strict { return nil }
            charset = .utf8
          } else {
            guard let c = Charset(mimeName: label) else {
              note(.extValueUnknownCharset, section.raw.nameOffset, label)
              return nil
            }
            charset = c
          }
          value = value[(q2 + 1)...]
        }
        guard !section.raw.quoted, let decoded = percentDecodeExt(value) else {
          note(.extValueBadEscape, section.raw.nameOffset, section.raw.name)
          return nil
        }
        bytes.append(contentsOf: decoded)
      } else {
        bytes.append(contentsOf: section.raw.value)
      }
    }
    let offset = sorted[0].raw.nameOffset
    if anyEncoded, let charset {
      guard let text = charset.decode(bytes) else {
        note(.extValueDecodeFailed, offset, charset.name)
        return nil
      }
      return candidate(text, .continuation, isASCII(text) ? nil : charset, nil, offset)
    }
    let plain = decodePlain(RawParameter(name: "filename", nameOffset: offset, value: bytes, quoted: true), isFilename: true)
    return candidate(plain.text, .continuation, plain.charset, plain.decoding, offset)
  }

  // MARK: - plain values

  /// Decodes a plain value's bytes. ASCII is taken as is. `strict`: 8-bit bytes are ISO-8859-1
  /// (RFC 6266 §4.3). `compatible`: UTF-8, then the fallback charset, then ISO-8859-1
  /// (windows-1252 for C1 bytes); a file name then gets RFC 2047 and %-escaped UTF-8 decoding.
  mutating func decodePlain(_ raw: RawParameter, isFilename: Bool) -> (text: String, charset: Charset?, decoding: String?) {
    let bytes = raw.value
    let ascii = bytes.allSatisfy { $0 < 0x80 }
    var text: String
    var charset: Charset? = nil
    if ascii {
      text = String(decoding: bytes, as: UTF8.self)
    } else if strict {
      text = bytes.withUnsafeBufferPointer { Charset.decodeLatin1($0) }
      charset = .isoLatin1
      note(.raw8bitLatin1, raw.nameOffset, raw.name)
    } else if let s = Charset.utf8.decode(bytes) {
      text = s
      charset = .utf8
      note(.raw8bitUTF8, raw.nameOffset, raw.name)
    } else if let fallback = options.fallbackCharset, let s = fallback.decode(bytes) {
      text = s
      charset = fallback
      note(.raw8bitFallback, raw.nameOffset, fallback.name)
    } else if let s = Charset.isoLatin1.decode(bytes) ?? Charset.windows1252.decode(bytes) {
      text = s
      charset = s.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) } ? .windows1252 : .isoLatin1
      note(.raw8bitLatin1, raw.nameOffset, raw.name)
    } else {
      text = bytes.withUnsafeBufferPointer { Charset.decodeLatin1($0) }
      charset = .isoLatin1
      note(.raw8bitLatin1, raw.nameOffset, raw.name)
    }
    guard isFilename && !strict else { return (text, charset, nil) }
    if ascii, bytes.count >= 4 {
      // Most names hold neither "=?" nor "%": skip both decoders without allocating.
      var wordStart = false, percent = false
      for (i, b) in bytes.enumerated() {
        if b == UInt8(ascii: "%") { percent = true }
        else if b == UInt8(ascii: "="), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?") { wordStart = true }
      }
      if wordStart, let words = RFC2047.decode(bytes) {
        switch words {
        case .decoded(let s, let wordCharset):
          note(.rfc2047Decoded, raw.nameOffset, wordCharset.name)
          return (s, wordCharset, "rfc2047")
        case .invalid:
          note(.rfc2047Invalid, raw.nameOffset, raw.name)
        }
      }
      if percent, let s = PercentEncoding.decodeNonASCIIUTF8(bytes) {
        note(.percentDecodedUTF8, raw.nameOffset, raw.name)
        text = s
        return (text, .utf8, "percent-utf8")
      }
    }
    return (text, charset, nil)
  }
}
