// The one seam between the core and ICU. Every ICU call of the core goes through `TextServices`;
// to run the core without system ICU, replace this file with one that implements the same
// functions natively (UTF-8 and ISO-8859-1 work without it; see `Charset`).
internal import CICU

/// The outcome of converting bytes in a legacy charset to Unicode.
enum ConversionResult: Sendable, Equatable {
  /// The bytes decoded completely.
  case decoded(String)
  /// A byte sequence at `offset` is illegal or unmappable in the charset.
  case illegal(offset: Int)
  /// ICU has no converter of that name.
  case unknownConverter
}

/// ICU-backed text services: normalization, charset conversion, charset detection and IDNA.
enum TextServices {
  /// Runs a C call that writes UTF-8 into a buffer, growing the buffer once when it is too small.
  private static func withOutput(
    capacity: Int,
    _ body: (UnsafeMutablePointer<UInt8>, Int32, UnsafeMutablePointer<Int32>) -> Int32
  ) -> (status: Int32, bytes: [UInt8]) {
    var cap = max(capacity, 16)
    for _ in 0..<2 {
      var outLen: Int32 = 0
      var status: Int32 = 0
      let bytes = [UInt8](unsafeUninitializedCapacity: cap) { buf, count in
        status = body(buf.baseAddress!, Int32(cap), &outLen)
        count = status == Int32(CICU_OK) ? Int(outLen) : 0
      }
      if status == Int32(CICU_OVERFLOW) {
        cap = Int(outLen) + 1
        continue
      }
      return (status, bytes)
    }
    return (Int32(CICU_FAILURE), [])
  }

  /// Returns `utf8` normalized to `form`, or nil when ICU fails (the input is not valid UTF-8).
  static func normalize(_ utf8: UnsafeBufferPointer<UInt8>, form: NormalizationForm) -> [UInt8]? {
    guard utf8.count < Int(Int32.max) / 4 else { return nil }
    let nfd: Int32 = form == .nfd ? 1 : 0
    let result = withOutput(capacity: utf8.count * 3 / 2 + 16) { dst, cap, outLen in
      cicu_normalize_utf8(nfd, utf8.baseAddress, Int32(utf8.count), dst, cap, outLen)
    }
    return result.status == Int32(CICU_OK) ? result.bytes : nil
  }

  /// Whether `utf8` is already in `form` (false when ICU cannot tell).
  static func isNormalized(_ utf8: UnsafeBufferPointer<UInt8>, form: NormalizationForm) -> Bool {
    guard utf8.count < Int(Int32.max) / 4 else { return false }
    return cicu_is_normalized_utf8(form == .nfd ? 1 : 0, utf8.baseAddress, Int32(utf8.count)) == 1
  }

  /// Converts `bytes` in the ICU charset `icuName` to a String, failing on the first bad sequence.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, icuName: String) -> ConversionResult {
    guard bytes.count < Int(Int32.max) / 4 else { return .illegal(offset: 0) }
    var errorOffset: Int32 = -1
    let result = withOutput(capacity: bytes.count * 3 + 16) { dst, cap, outLen in
      cicu_convert_to_utf8(icuName, bytes.baseAddress, Int32(bytes.count), dst, cap, outLen, &errorOffset)
    }
    switch result.status {
    case Int32(CICU_OK): return .decoded(String(decoding: result.bytes, as: UTF8.self))
    case Int32(CICU_UNKNOWN): return .unknownConverter
    default: return .illegal(offset: max(0, Int(errorOffset)))
    }
  }

  /// Converts a String to bytes in the ICU charset `icuName`; nil when a character is unmappable.
  static func encode(_ string: String, icuName: String) -> [UInt8]? {
    var utf8 = Array(string.utf8)
    return utf8.withUnsafeMutableBufferPointer { src -> [UInt8]? in
      let result = withOutput(capacity: src.count * 2 + 16) { dst, cap, outLen in
        cicu_convert_from_utf8(icuName, src.baseAddress, Int32(src.count), dst, cap, outLen)
      }
      return result.status == Int32(CICU_OK) ? result.bytes : nil
    }
  }

  /// Converts an ASCII (Punycode) host name to Unicode per UTS #46; nil when IDNA reports errors.
  static func idnaToUnicode(_ host: String) -> String? {
    var utf8 = Array(host.utf8)
    guard !utf8.isEmpty, utf8.count < 4096 else { return nil }
    var errors: UInt32 = 0
    let result = utf8.withUnsafeMutableBufferPointer { src in
      withOutput(capacity: src.count * 4 + 16) { dst, cap, outLen in
        cicu_idna_to_unicode(src.baseAddress, Int32(src.count), dst, cap, outLen, &errors)
      }
    }
    guard result.status == Int32(CICU_OK), errors == 0 else { return nil }
    return String(decoding: result.bytes, as: UTF8.self)
  }

  /// `text` transliterated to ASCII by ICU's `Any-Latin; Latin-ASCII` transform; what the transform
  /// has no rule for stays as it was. Nil when ICU's transliteration (libicui18n) is unavailable.
  static func transliteratedToASCII(_ text: String) -> String? {
    var utf8 = Array(text.utf8)
    guard utf8.count < Int(Int32.max) / 16 else { return nil }
    let result = utf8.withUnsafeMutableBufferPointer { src in
      withOutput(capacity: src.count * 2 + 16) { dst, cap, outLen in
        cicu_transliterate_ascii_utf8(src.baseAddress, Int32(src.count), dst, cap, outLen)
      }
    }
    guard result.status == Int32(CICU_OK) else { return nil }
    return String(decoding: result.bytes, as: UTF8.self)
  }
}
