// Properties of `FilenameSanitizer.sanitize(_:for:options:)`.

@_spi(Checks) import FilenameKit

/// Input: option bytes (platform and form, dangerous-type policy, replacement, limits), then the
/// name and, after a NUL, the fallback name (both read as UTF-8, ill-formed bytes as U+FFFD).
enum SanitizeChecks {
  static func run(_ bytes: [UInt8], _ f: inout FuzzFailures) {
    var input = FuzzInput(bytes)
    let a = input.byte()
    let b = input.byte()
    let platform = FuzzChoices.platform(a)
    var options = SanitizerOptions()
    options.normalization = a & 0x04 != 0 ? .nfd : .nfc
    options.dangerousTypes = a & 0x08 != 0 ? .neutralize : .report
    options.replacement = FuzzChoices.replacement(a >> 4)
    if b & 0x80 != 0 { options.maxLength = Int(b & 0x3F) }
    if b & 0x40 != 0 { options.reservedSuffixLength = Int(b & 0x0F) }
    let fields = input.fields(2)
    let name = String(decoding: fields[0] ?? [], as: UTF8.self)
    if let fallback = fields[1] { options.fallbackName = String(decoding: fallback, as: UTF8.self) }
    checkSanitized(name, platform: platform, options: options, &f)
    f.expect(
      FilenameSanitizer.fastPathAgrees(name, platform: platform, form: options.normalization),
      "the plain-text fast path disagrees with the full scalar pass on \(shown(name))")
    f.expect(
      FilenameSanitizer.unchangedNameAgrees(name, platform: platform, options: options),
      "the unchanged-name shortcut disagrees with the pipeline on \(platform.rawValue) for \(shown(name))")
    checkWindow(name, platform: platform, options: options, &f)
    // The same name in ASCII mode: plain ASCII, and every guarantee of a final name.
    var ascii = options
    ascii.asciiOnly = true
    let asciiName = checkSanitized(name, platform: platform, options: ascii, &f)
    f.expect(
      asciiName.utf8.allSatisfy { $0 < 0x80 }, "not ASCII in ASCII mode: \(shown(asciiName)) from \(shown(name))")
    // One input in eight (no maxLength, bits 0x30 of the second byte set) is also stretched past
    // the window's threshold by repeating it, so the window (step 0) is fuzzed on every shape;
    // another eighth (bits 0x30 = 0x20) is stretched at its end, by repeating its last three
    // scalars: a name ending in a long run of dots, spaces or removed characters, which the window
    // cuts short (`examinedEnd`). One stretch per input, to stay within the time property.
    if b & 0xB0 == 0x30 || b & 0xB0 == 0x20, !name.isEmpty {
      let unit = b & 0x10 != 0 ? name : String(String.UnicodeScalarView(name.unicodeScalars.suffix(3)))
      let long =
        (b & 0x10 != 0 ? "" : name)
        + String(repeating: unit, count: FilenameSanitizer.windowThreshold / unit.utf8.count + 2)
      checkSanitized(long, platform: platform, options: options, &f)
      checkWindow(long, platform: platform, options: options, &f)
      // Sanitized three times: once here, windowed and whole in `windowAgrees`.
      f.derivedBytes += 3 * long.utf8.count
    }
  }

  /// The window of a long name (step 0) gives the whole name's answer; nothing happens below
  /// the threshold (most inputs).
  static func checkWindow(_ name: String, platform: Platform, options: SanitizerOptions, _ f: inout FuzzFailures) {
    f.expect(
      FilenameSanitizer.windowAgrees(name, platform: platform, options: options),
      "the window (step 0) changes the answer on \(platform.rawValue) for \(shown(name))")
  }

  /// Sanitizes `name` and checks every guarantee of the result.
  @discardableResult
  static func checkSanitized(_ name: String, platform: Platform, options: SanitizerOptions, _ f: inout FuzzFailures)
    -> String
  {
    let r = FilenameSanitizer.sanitize(name, for: platform, options: options)
    checkSafeName(r.name, platform: platform, options: options, context: "sanitize(\(shown(name)))", &f)
    return r.name
  }

  /// The guarantees of a final name, checked independently where that is simple and through
  /// `isSafe` for the rest, plus idempotence.
  static func checkSafeName(
    _ out: String, platform: Platform, options: SanitizerOptions, context: String, _ f: inout FuzzFailures
  ) {
    let where_ = "\(platform.rawValue): \(context) = \(shown(out))"
    f.expect(!out.isEmpty, "empty name; \(where_)")
    f.expect(out != "." && out != "..", "dot name; \(where_)")
    f.expect(!out.unicodeScalars.contains("/"), "contains '/'; \(where_)")
    if platform == .windows || platform == .portable {
      f.expect(!out.unicodeScalars.contains("\\"), "contains '\\'; \(where_)")
      f.expect(!FilenameSanitizer.isReservedOnWindows(out), "reserved name; \(where_)")
      f.expect(!FilenameSanitizer.isShellNameOnWindows(out), "shell name (desktop.ini, ...); \(where_)")
      f.expect(
        !out.unicodeScalars.contains { isBestFitSeparatorOrQuote($0.value) }, "best-fit lookalike of / \\ \"; \(where_)"
      )
    }
    if platform == .portable { f.expect(out.utf8.first != UInt8(ascii: "-"), "leading '-' on portable; \(where_)") }
    f.expect(!out.unicodeScalars.contains { isBlankLooking($0) }, "blank, private-use or unassigned scalar; \(where_)")
    f.expect(!out.unicodeScalars.contains { isControlOrBidi($0.value) }, "control or bidi character; \(where_)")
    f.expect(platform.length(of: out) <= platform.maxLength, "longer than \(platform.maxLength); \(where_)")
    if let limit = options.maxLength {
      f.expect(platform.length(of: out) <= max(limit, 1), "longer than maxLength \(limit); \(where_)")
    }
    f.expect(FilenameSanitizer.isSafe(out, for: platform, options: options), "isSafe is false; \(where_)")
    let again = FilenameSanitizer.sanitize(out, for: platform, options: options)
    f.expect(
      again.name == out && again.changes.isEmpty,
      "not idempotent: again = \(shown(again.name)) \(again.changes.map(\.code.rawValue)); \(where_)")
  }

  /// U+FF0F, U+2215, U+FF3C, U+2216, U+00A5, U+20A9, U+FF02 (Windows best-fit maps them to `/ \\ "`).
  static func isBestFitSeparatorOrQuote(_ v: UInt32) -> Bool {
    [0xFF0F, 0x2215, 0xFF3C, 0x2216, 0x00A5, 0x20A9, 0xFF02].contains(v)
  }

  /// U+2800, U+1D159, U+FFFC, private-use and unassigned scalars (removed or folded by the sanitizer).
  static func isBlankLooking(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    if v == 0x2800 || v == 0x1D159 || v == 0xFFFC { return true }
    let c = s.properties.generalCategory
    return c == .privateUse || c == .unassigned
  }

  /// C0, DEL, C1, and the bidi controls (U+061C, U+200E/F, U+202A–E, U+2066–9), and U+2028/9.
  static func isControlOrBidi(_ v: UInt32) -> Bool {
    v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
      || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x2028 || v == 0x2029
  }
}

/// The property failures `name` raises as a final file name on `platform` (empty when it is safe):
/// the checks the sanitize, url and suggest targets run on their outputs.
public func finalNameFailures(_ name: String, platform: Platform, options: SanitizerOptions = .init()) -> [String] {
  var f = FuzzFailures()
  SanitizeChecks.checkSafeName(name, platform: platform, options: options, context: "name", &f)
  return f.messages
}
