/// One thing `FilenameSanitizer` changed in a name.
///
/// Codes are stable kebab-case strings (`SanitizerChange.Code.allCases` lists them), reported in
/// pipeline order, each at most once.
public struct SanitizerChange: Sendable, Hashable, CustomStringConvertible {
  /// A machine-readable kind of change; its `rawValue` is the stable kebab-case name that JSON
  /// output and the batch protocol carry.
  public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code's stable kebab-case name.
    public let rawValue: String
    /// Wraps a code name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code's name.
    public var description: String { rawValue }
  }

  /// The machine-readable kind of change.
  public let code: Code
  /// What happened, for people: `truncated from 612 to 255 bytes`.
  public let detail: String

  /// Creates a change record.
  public init(code: Code, detail: String) {
    self.code = code
    self.detail = detail
  }

  /// `code: detail`.
  public var description: String { "\(code.rawValue): \(detail)" }
}

extension SanitizerChange.Code {
  /// Bytes that are not UTF-8 were kept visible as `%XX` (`sanitize(utf8:for:options:)`).
  public static let escapedInvalidUTF8 = Self(rawValue: "escaped-invalid-utf8")
  /// The name was far too long to survive whole: only its head and tail were examined, and the
  /// bytes between them dropped unexamined (step 0, the window).
  public static let skippedMiddle = Self(rawValue: "skipped-middle")
  /// Unicode normalization changed the text (NFC, or NFD on request).
  public static let normalized = Self(rawValue: "normalized")
  /// C0/C1 controls or DEL were removed.
  public static let removedControl = Self(rawValue: "removed-control")
  /// Bidi controls (marks, embeddings, overrides, isolates) were removed.
  public static let removedBidiControl = Self(rawValue: "removed-bidi-control")
  /// U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR were removed.
  public static let removedLineSeparator = Self(rawValue: "removed-line-separator")
  /// Invisible (Default_Ignorable) characters no script or emoji needed were removed.
  public static let removedInvisible = Self(rawValue: "removed-invisible")
  /// Combining marks beyond 30 in a row were removed (UAX #15 Stream-Safe).
  public static let removedExcessMarks = Self(rawValue: "removed-excess-marks")
  /// Blank-looking characters that are not whitespace (braille blank, Hangul fillers, U+FFFC, …),
  /// private-use and unassigned code points were removed.
  public static let removedBlank = Self(rawValue: "removed-blank")
  /// The name was a path: dot segments (`.`, `..`) and empty segments were dropped.
  public static let removedPathSegments = Self(rawValue: "removed-path-segments")
  /// Path separators between kept segments were replaced.
  public static let replacedSeparator = Self(rawValue: "replaced-separator")
  /// With ``SanitizerOptions/asciiOnly``: letters of other scripts and accented Latin were
  /// transliterated to ASCII by ICU (`Any-Latin; Latin-ASCII`).
  public static let transliterated = Self(rawValue: "transliterated")
  /// With ``SanitizerOptions/asciiOnly``: characters with no ASCII transliteration (emoji,
  /// most symbols) were replaced.
  public static let replacedNonASCII = Self(rawValue: "replaced-non-ascii")
  /// With ``SanitizerOptions/asciiOnly``: ICU's transliteration could not be loaded, so every
  /// character that is not ASCII was replaced.
  public static let transliterationUnavailable = Self(rawValue: "transliteration-unavailable")
  /// Characters the platform forbids were replaced.
  public static let replacedForbidden = Self(rawValue: "replaced-forbidden")
  /// Lookalikes that Windows' best-fit code-page mapping turns into `\ / . : "` etc. were replaced.
  public static let replacedBestFit = Self(rawValue: "replaced-best-fit")
  /// Whitespace other than U+0020 became U+0020.
  public static let replacedWhitespace = Self(rawValue: "replaced-whitespace")
  /// Runs of whitespace were collapsed to one space.
  public static let collapsedWhitespace = Self(rawValue: "collapsed-whitespace")
  /// Whitespace at the ends was trimmed.
  public static let trimmedWhitespace = Self(rawValue: "trimmed-whitespace")
  /// Leading dots were removed.
  public static let removedLeadingDots = Self(rawValue: "removed-leading-dots")
  /// Combining marks at the start, with no character before them to attach to, were removed (a
  /// listing would draw them on whatever it shows before the name).
  public static let removedLeadingMarks = Self(rawValue: "removed-leading-marks")
  /// Trailing dots were removed (windows, portable).
  public static let removedTrailingDots = Self(rawValue: "removed-trailing-dots")
  /// Leading `-` were replaced, so no tool reads the name as an option (portable).
  public static let replacedLeadingHyphen = Self(rawValue: "replaced-leading-hyphen")
  /// A leading `~` was replaced, so no shell expands the name to a home directory (portable).
  public static let replacedLeadingTilde = Self(rawValue: "replaced-leading-tilde")
  /// Nothing usable was left; the fallback name was used.
  public static let fallbackName = Self(rawValue: "fallback-name")
  /// The room reserved for a uniqueness suffix (`reservedSuffixLength`) was reduced, because all
  /// of it would have cut the extension off.
  public static let reducedReserve = Self(rawValue: "reduced-reserve")
  /// The name was shortened to the length limit.
  public static let truncated = Self(rawValue: "truncated")
  /// A Windows reserved device name got `_` after its base name.
  public static let reservedName = Self(rawValue: "reserved-name")
  /// A Windows shell-integrated file name (`desktop.ini`, `autorun.inf`, …) got `_` after its base name.
  public static let shellName = Self(rawValue: "shell-name")
  /// A name in the form of an NTFS 8.3 short name (`SETUP~1.EXE`, `DESKTO~1.INI`), which on a volume
  /// with short names can be another, existing file's alias, got `_` for its `~`.
  public static let shortNameAlias = Self(rawValue: "short-name-alias")
  /// A dangerous name was neutralized (`.download` appended, or its dots broken).
  public static let neutralized = Self(rawValue: "neutralized")

  /// Every code, in pipeline order (the order changes are reported in).
  public static let allCases: [Self] = [
    .escapedInvalidUTF8, .skippedMiddle, .normalized, .removedControl, .removedBidiControl, .removedLineSeparator,
    .removedInvisible,
    .removedExcessMarks,
    .removedBlank, .removedPathSegments, .replacedSeparator, .replacedForbidden, .replacedBestFit, .replacedWhitespace,
    .collapsedWhitespace, .trimmedWhitespace, .transliterated, .replacedNonASCII, .transliterationUnavailable,
    .removedLeadingDots, .removedLeadingMarks, .removedTrailingDots,
    .replacedLeadingHyphen,
    .replacedLeadingTilde, .fallbackName, .reducedReserve, .truncated, .reservedName, .shellName, .shortNameAlias,
    .neutralized,
  ]
}

/// The changes of one sanitizer run, one record per code, in first-seen order.
struct SanitizerChangeLog {
  private(set) var changes: [SanitizerChange] = []

  /// Records a change, unless one with the same code is already recorded.
  mutating func record(_ code: SanitizerChange.Code, _ detail: @autoclosure () -> String) {
    guard !changes.contains(where: { $0.code == code }) else { return }
    changes.append(SanitizerChange(code: code, detail: detail()))
  }

  /// Whether a change with `code` is recorded.
  func contains(_ code: SanitizerChange.Code) -> Bool { changes.contains { $0.code == code } }
}

/// Counts removed or replaced scalars of one kind and keeps a few examples for the detail text.
struct ScalarTally {
  private(set) var count = 0
  private var examples: [UInt32] = []

  mutating func add(_ s: Unicode.Scalar) {
    count += 1
    if examples.count < 4, !examples.contains(s.value) { examples.append(s.value) }
  }

  /// `3 control characters (U+0000, U+0007)`.
  func describe(_ noun: String) -> String {
    let list = examples.map(CodePoint.spelled)
    return
      "\(count) \(noun)\(count == 1 ? "" : "s") (\(list.joined(separator: ", "))\(count > examples.count ? ", …" : ""))"
  }
}
