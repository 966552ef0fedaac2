/// A file name that is safe on its platform: one non-empty path component, legal there, within the
/// length limit, in its normalization form — what `FilenameSanitizer` promises, held as a value.
///
/// Only the sanitizer makes one (`SanitizedFilename/filename`, `Suggestion/filename`), or
/// ``init(validating:for:options:)`` for a name that is already safe, so a `SafeFilename` is never an
/// unsafe name, as swift-system's `FilePath.Component` is never a path. It carries what the
/// pipeline found once: its stem and extension (a compound `tar.gz` whole, as
/// `FileExtension.split` reads it) and the risk of its extension on its platform.
///
/// ```swift
/// let f = FilenameSanitizer.sanitize("report: Q3.tar.gz", for: .windows).filename
/// f.string         // "report_ Q3.tar.gz"
/// f.stem           // "report_ Q3"
/// f.fileExtension  // "tar.gz"
/// ```
public struct SafeFilename: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The name.
  public let string: String
  /// The platform whose rules it satisfies.
  public let platform: Platform
  /// What the OS would do with its own extension (before any `.download` from `.neutralize`).
  public let risk: FileRisk
  /// The UTF-8 offsets where the stem ends and the extension begins (`FileExtension.extensionBounds`),
  /// or nil without an extension.
  private let bounds: (stemEnd: Int, extStart: Int)?

  /// A name the sanitizer just made; in debug builds its guarantees are checked here, once, for
  /// every name that leaves the sanitizer (as swift-system's `FilePath._invariantCheck()`).
  init(sanitized string: String, platform: Platform, options: SanitizerOptions, risk: FileRisk) {
    #if DEBUG
      precondition(
        FilenameSanitizer.isSafe(string, for: platform, options: options),
        "FilenameSanitizer produced an unsafe name on \(platform): \(string.debugDescription)")
    #endif
    self.string = string
    self.platform = platform
    self.risk = risk
    // A sanitized name is a native string: its bytes are read in place (no copy, no retain).
    bounds =
      string.utf8.withContiguousStorageIfAvailable(FileExtension.extensionBounds)
      ?? {
        var copy = string
        return copy.withUTF8(FileExtension.extensionBounds)
      }()
  }

  /// `name` when it is already safe for `platform` with `options`: what
  /// `SanitizedFilename(validating:for:options:)` accepts; nil when sanitizing it would change it.
  public init?(validating name: String, for platform: Platform, options: SanitizerOptions = .init()) {
    guard let r = SanitizedFilename(validating: name, for: platform, options: options) else { return nil }
    self = r.filename
  }

  /// The name without its extension and the dot before it (the whole name when it has none).
  public var stem: Substring {
    guard let bounds else { return string[...] }
    return string[..<string.utf8.index(string.utf8.startIndex, offsetBy: bounds.stemEnd)]
  }

  /// The extension without its dot (`pdf`, `tar.gz`), or nil.
  public var fileExtension: Substring? {
    bounds.map { string[string.utf8.index(string.utf8.startIndex, offsetBy: $0.extStart)...] }
  }

  /// The name.
  public var description: String { string }

  /// Names are equal when their bytes are (String's `==` is canonical equivalence, and a file
  /// system compares bytes) and so are their platforms.
  public static func == (a: SafeFilename, b: SafeFilename) -> Bool {
    a.platform == b.platform && ASCII.sameUTF8(a.string, b.string)
  }

  /// Hashes the bytes and the platform, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(platform)
    for b in string.utf8 { hasher.combine(b) }
  }

  /// Byte order of the names (the order `ls` with `LC_ALL=C` shows).
  public static func < (a: SafeFilename, b: SafeFilename) -> Bool {
    a.string.utf8.lexicographicallyPrecedes(b.string.utf8)
  }
}
