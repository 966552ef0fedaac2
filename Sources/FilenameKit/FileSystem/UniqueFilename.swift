#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unique names that never overwrite: `name.ext`, `name (1).ext`, `name (2).ext`, …
///
/// ```swift
/// UniqueFilename.firstAvailable("report.pdf", for: .linux) { taken.contains($0) }
/// // "report (1).pdf" when "report.pdf" is taken
/// UniqueFilename.firstAvailable("archive.tar.gz", for: .linux) { _ in … }
/// // "archive (1).tar.gz": the compound extension stays whole
/// let (fd, name) = try UniqueFilename.claim(directory: "/tmp/downloads", name: "report.pdf")
/// ```
///
/// Candidates stay within the platform's length limit: when the suffix would not fit, the stem
/// is cut at a grapheme cluster boundary (the extension is kept, as in `FilenameSanitizer`).
public enum UniqueFilename {
  /// The `attempt`-th candidate for `name`: the name itself for 0, else `stem (n).ext`, cut to
  /// fit the platform's limit, or `maxLength` (in the platform's unit) when that is lower. Nil when
  /// not even the suffix fits.
  public static func candidate(
    _ name: String, attempt: Int, for platform: Platform = .current, maxLength: Int? = nil
  ) -> String? {
    let budget = maxLength.map { min(max($0, 0), platform.maxLength) } ?? platform.maxLength
    if attempt == 0 {
      return FilenameSanitizer.fit(name, budget: budget, on: platform)?.name
    }
    let suffix = " (\(attempt))"
    let suffixLength = platform.length(of: suffix)
    let (stem, ext) = split(name)
    let extPart = ext.map { "." + $0 } ?? ""
    let extLength = platform.length(of: extPart)
    if platform.length(of: stem) + suffixLength + extLength <= budget {
      return String(stem) + suffix + extPart
    }
    // Cut the stem to make room; drop an extension too long to keep.
    if ext != nil, extLength <= FilenameSanitizer.maxKeptExtensionLength {
      let cut = FilenameSanitizer.prefix(stem, room: budget - suffixLength - extLength, on: platform)
      if !cut.isEmpty { return String(cut) + suffix + extPart }
    }
    let cut = FilenameSanitizer.prefix(name[...], room: budget - suffixLength, on: platform)
    return cut.isEmpty ? nil : String(cut) + suffix
  }

  /// `FileExtension.split`, with the `.download` the sanitizer appends to a neutralized name kept
  /// after the extension it follows: `setup.exe.download` is `setup` and `exe.download`, so a
  /// numbered copy is `setup (1).exe.download`, not `setup.exe (1).download`, nor, cut to fit,
  /// `setup (1).download` with the real extension gone.
  static func split(_ name: String) -> (stem: Substring, ext: Substring?) {
    let trailer = FilenameSanitizer.neutralizingTrailer
    guard name.hasSuffix(trailer) else { return FileExtension.split(name) }
    let inner = name.utf8.index(name.utf8.endIndex, offsetBy: -trailer.utf8.count)
    let (stem, ext) = FileExtension.split(name[..<inner])
    guard let ext else { return FileExtension.split(name) }
    return (stem, name[ext.startIndex...])
  }

  /// The distinct candidates of `name`'s sequence in order (`candidate(_:attempt:for:maxLength:)`
  /// for attempts 0, 1, …), at most `maxAttempts` attempts, ending early when not even the suffix
  /// fits. Cutting can make two attempts equal only in degenerate limits; none is offered twice.
  package static func candidates(
    _ name: String, for platform: Platform, maxLength: Int? = nil, maxAttempts: Int = 10_000
  ) -> Candidates {
    Candidates(name: name, platform: platform, maxLength: maxLength, maxAttempts: max(maxAttempts, 0))
  }

  /// The sequence `candidates(_:for:maxAttempts:)` returns.
  package struct Candidates: Sequence, IteratorProtocol {
    let name: String
    let platform: Platform
    let maxLength: Int?
    let maxAttempts: Int
    var attempt = 0
    var seen = Set<String>()

    package mutating func next() -> String? {
      while attempt < maxAttempts {
        guard let c = UniqueFilename.candidate(name, attempt: attempt, for: platform, maxLength: maxLength) else {
          attempt = maxAttempts
          return nil
        }
        attempt += 1
        if seen.insert(c).inserted { return c }
      }
      return nil
    }
  }

  /// The first of `name`, `stem (1).ext`, `stem (2).ext`, … (compound-extension aware:
  /// `archive (1).tar.gz`) for which `exists` is false, within the platform's length limit;
  /// nil when `maxAttempts` candidates are all taken. `maxLength` (in the platform's unit) lowers the
  /// limit, as the sanitizer's option of that name does.
  ///
  /// This is the pure variant for callers with their own storage; it is only as race-free as
  /// `exists`. For the file system, use `claim(directory:name:for:maxAttempts:)`.
  public static func firstAvailable(
    _ name: String, for platform: Platform = .current, maxLength: Int? = nil, maxAttempts: Int = 10_000,
    exists: (String) -> Bool
  ) -> String? {
    candidates(name, for: platform, maxLength: maxLength, maxAttempts: maxAttempts).first { !exists($0) }
  }

  /// Creates a new file in `directory` under the first free name of the same sequence as
  /// `firstAvailable`, with `open(O_CREAT|O_EXCL|O_WRONLY|O_CLOEXEC, 0o644)` relative to the
  /// directory, so two processes (or threads) can never get the same file. It never deletes,
  /// truncates or replaces anything.
  ///
  /// Numbered names stay within `maxLength` (in the platform's unit) when it is lower than the
  /// platform's limit, as the sanitizer's `maxLength` keeps the name itself.
  ///
  /// - Returns: the open descriptor (the caller closes it) and the name it was created under.
  /// - Throws: `UniqueFilenameError` when `name` is not one path component (`EINVAL`), the
  ///   directory cannot be opened, creating fails for a reason other than `EEXIST`, or all
  ///   `maxAttempts` names are taken (`EEXIST`).
  public static func claim(
    directory: String, name: String, for platform: Platform = .current, maxLength: Int? = nil,
    maxAttempts: Int = 10_000
  ) throws(UniqueFilenameError) -> (fd: Int32, name: String) {
    try checkComponent(name)
    let dirFD = try openDirectory(directory)
    defer { _ = close(dirFD) }
    return try claim(
      directoryFD: dirFD, named: directory, name: name, for: platform, maxLength: maxLength, maxAttempts: maxAttempts)
  }

  /// `claim(directory:name:for:maxLength:maxAttempts:)` for a name the sanitizer made, under its
  /// own platform's rules (a suggestion's `filename`).
  ///
  /// ```swift
  /// let s = suggestFilename(for: metadata)
  /// let (fd, name) = try UniqueFilename.claim(directory: "/tmp/downloads", name: s.filename)
  /// ```
  public static func claim(
    directory: String, name: SafeFilename, maxLength: Int? = nil, maxAttempts: Int = 10_000
  ) throws(UniqueFilenameError) -> (fd: Int32, name: String) {
    try claim(
      directory: directory, name: name.string, for: name.platform, maxLength: maxLength, maxAttempts: maxAttempts)
  }

  /// `claim(directory:name:for:maxAttempts:)` in a directory already open as `directoryFD` (which
  /// stays open), so that a caller who goes on to rename or remove the file (`linkat`, `unlinkat`)
  /// acts in the same directory even if its path is replaced meanwhile. `named` is the directory's
  /// path, for messages only.
  public static func claim(
    directoryFD dirFD: Int32, named directory: String, name: String, for platform: Platform = .current,
    maxLength: Int? = nil, maxAttempts: Int = 10_000
  ) throws(UniqueFilenameError) -> (fd: Int32, name: String) {
    try checkComponent(name)
    for c in candidates(name, for: platform, maxLength: maxLength, maxAttempts: maxAttempts) {
      while true {
        let fd = openat(dirFD, c, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode_t(0o644))
        if fd >= 0 { return (fd, c) }
        let e = errno
        if e == EINTR { continue }
        if e == EEXIST { break }
        throw UniqueFilenameError(errno: e, message: "cannot create '\(c)' in '\(directory)': \(describe(e))")
      }
    }
    throw UniqueFilenameError(
      errno: EEXIST, message: "no free name for '\(name)' in '\(directory)' after \(maxAttempts) attempts")
  }

  /// Throws `EINVAL` unless `name` is one path component.
  private static func checkComponent(_ name: String) throws(UniqueFilenameError) {
    guard !name.isEmpty, name != ".", name != "..", !name.utf8.contains(0x2F), !name.utf8.contains(0) else {
      throw UniqueFilenameError(errno: EINVAL, message: "'\(name)' is not a single path component")
    }
  }

  /// Opens `path` as a directory (`O_RDONLY|O_DIRECTORY|O_CLOEXEC`) for `claim(directoryFD:…)`;
  /// the caller closes the descriptor.
  public static func openDirectory(_ path: String) throws(UniqueFilenameError) -> Int32 {
    try openDirectory(bytes: Array(path.utf8), named: path)
  }

  /// `openDirectory(_:)` for a path given as bytes, which need not be UTF-8 (a path is any bytes but
  /// NUL to the kernel); `named` is the path for messages. A NUL byte is `EINVAL`: the kernel would
  /// read the path only up to it, a different directory.
  public static func openDirectory(bytes path: [UInt8], named: String) throws(UniqueFilenameError) -> Int32 {
    guard !path.isEmpty, !path.contains(0) else {
      throw UniqueFilenameError(errno: EINVAL, message: "'\(named)' is not a directory path (empty, or holds a NUL)")
    }
    let cPath = path.map { CChar(bitPattern: $0) } + [0]
    while true {
      let fd = open(cPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if fd >= 0 { return fd }
      let e = errno
      if e == EINTR { continue }
      throw UniqueFilenameError(errno: e, message: "cannot open directory '\(named)': \(describe(e))")
    }
  }

  static func describe(_ e: Int32) -> String {
    guard let s = strerror(e) else { return "errno \(e)" }
    return String(cString: s)
  }
}

/// Why `UniqueFilename.claim` failed: the `errno` value and a message naming the file.
public struct UniqueFilenameError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The POSIX error number (`EEXIST` when every candidate was taken).
  public let errno: Int32
  /// What failed, for people.
  public let message: String

  /// Creates an error.
  public init(errno: Int32, message: String) {
    self.errno = errno
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
