/// A sanitized file name with the report of what was changed and what it is.
///
/// ```swift
/// let r = FilenameSanitizer.sanitize("invoice.pdf\u{202E}.exe", for: .windows)
/// r.name      // "invoice.pdf.exe"
/// r.changes   // [removed-bidi-control]
/// r.risk      // .executable
/// r.disguise  // [.doubleExtension, .bidiSpoof]
/// ```
public struct SanitizedFilename: Sendable, Hashable {
  /// The safe name, with its stem, extension and risk.
  public let filename: SafeFilename
  /// Every change made, in pipeline order; empty when the input was already safe.
  public let changes: [SanitizerChange]
  /// Disguise tricks seen in the input (`Disguise.allCases` lists them).
  public let disguise: [Disguise]

  /// The safe name: one non-empty path component, legal and within the length limit on the platform.
  public var name: String { filename.string }
  /// What the OS would do with `name`'s own extension (before any `.download` from `.neutralize`).
  public var risk: FileRisk { filename.risk }

  /// A result of the sanitizer's own making (its guarantees checked in debug builds by
  /// `SafeFilename`); nothing outside it can claim a name is safe.
  init(
    name: String, platform: Platform, options: SanitizerOptions, changes: [SanitizerChange], risk: FileRisk,
    disguise: [Disguise]
  ) {
    self.filename = SafeFilename(sanitized: name, platform: platform, options: options, risk: risk)
    self.changes = changes
    self.disguise = disguise
  }

  /// `r` with `changes` in front of its own.
  init(_ r: SanitizedFilename, prepending changes: [SanitizerChange]) {
    self.filename = r.filename
    self.changes = changes + r.changes
    self.disguise = r.disguise
  }

  /// `name` as a result when it is already safe for `platform` with `options`
  /// (`FilenameSanitizer.isSafe`): no changes, its risk on the platform and the disguises it shows;
  /// nil when sanitizing it would change it.
  ///
  /// ```swift
  /// SanitizedFilename(validating: "report.pdf", for: .windows)?.risk  // .ordinary
  /// SanitizedFilename(validating: "CON.txt", for: .windows)          // nil
  /// ```
  public init?(validating name: String, for platform: Platform, options: SanitizerOptions = .init()) {
    guard FilenameSanitizer.isSafe(name, for: platform, options: options) else { return nil }
    let r = FilenameSanitizer.sanitize(name, for: platform, options: options)
    guard r.changes.isEmpty, ASCII.sameUTF8(r.name, name) else { return nil }
    self = r
  }

  /// Whether the sanitizer changed nothing.
  public var isUnchanged: Bool { changes.isEmpty }

  /// Whether nothing of the input survived and `name` is the fallback (`fallback-name`): a
  /// candidate that sanitizes to this names nothing.
  public var isFallback: Bool { changes.contains { $0.code == .fallbackName } }
}
