/// The room a file name has in a destination directory: the platform's path limit less the
/// directory's own length and a separator, and never more than the directory's `NAME_MAX`.
///
/// ```swift
/// let b = try PathBudget(directory: #"C:\Users\alice\Downloads"#, platform: .windows)
/// b.room                                          // 234: MAX_PATH 260 less the NUL, 24 and "\"
/// let options = b.options(SanitizerOptions())     // maxLength 234
/// FilenameSanitizer.sanitize(longName, for: .windows, options: options).name
/// ```
///
/// Path limits, without the terminating NUL the C limits count: windows 259 UTF-16 code units
/// (`MAX_PATH` is 260; 32,766 when the application declares long paths, the `\\?\` limit of
/// 32,767); macos 1,023 bytes (`PATH_MAX` 1,024); linux 4,095 bytes (`PATH_MAX` 4,096); portable
/// Windows' 259, counted in UTF-8 bytes, which are never fewer than UTF-16 units. A name's room
/// is in the platform's own unit (`Platform.length(of:)`), never shorter than the path's unit, so
/// a name within `room` keeps the whole path within the limit. The directory is counted as given:
/// give it absolute (Windows resolves a relative path against the current directory, and the
/// result is what `MAX_PATH` limits).
public struct PathBudget: Sendable, Hashable {
  /// The directory, as given.
  public let directory: String
  /// The platform whose limits apply.
  public let platform: Platform
  /// The longest path, in the path's unit (`pathLength(of:)`), without the terminating NUL.
  public let maxPathLength: Int
  /// The longest name the directory takes (its `NAME_MAX`), in the platform's unit.
  public let maxNameLength: Int
  /// The directory's length with the separator a name needs after it, in the path's unit.
  public let directoryLength: Int
  /// The longest name that keeps the path within `maxPathLength` and `maxNameLength`: at least 1.
  public let room: Int
  /// The directory as the system whose rules apply sees it, when that is not the host
  /// (`X:\Music\` for `/media/usb/Music` on a FAT stick): what `maxPathLength` was counted on.
  public let volumeDirectory: String?

  /// The budget of a name in `directory` on `platform`. `longPaths`: a Windows application that
  /// declares long path awareness (its manifest and the `LongPathsEnabled` policy); `maxNameLength`:
  /// the directory's `NAME_MAX` when known (`pathconf`), at most the platform's 255.
  ///
  /// - Throws: `PathBudgetError.emptyDirectory` for an empty path, `.noRoom` when the directory
  ///   alone leaves no room for a name of even one unit.
  public init(
    directory: String, platform: Platform, longPaths: Bool = false, maxNameLength: Int? = nil
  ) throws(PathBudgetError) {
    guard !directory.isEmpty else { throw .emptyDirectory }
    self.directory = directory
    self.platform = platform
    maxPathLength = Self.maxPathLength(for: platform, longPaths: longPaths)
    self.maxNameLength = Swift.max(Swift.min(maxNameLength ?? platform.maxLength, platform.maxLength), 1)
    let separator = Self.endsWithSeparator(directory, on: platform) ? 0 : 1
    directoryLength = Self.pathLength(of: directory, on: platform) + separator
    let left = maxPathLength - directoryLength
    guard left >= 1 else {
      throw .noRoom(directory: directory, length: directoryLength, limit: maxPathLength, unit: Self.unitName(platform))
    }
    room = Swift.min(left, self.maxNameLength)
    volumeDirectory = nil
  }

  /// The budget of a name in `directory` on `fileSystem`, whose rules are `rules` (the file
  /// system's by default), written from `host`. When the rules are Windows' and the host is not,
  /// two limits hold: Windows' `MAX_PATH` on the path Windows shows (a drive root `X:\`, then the
  /// directory below `fileSystem.mountPoint`), and the host's own on the whole path, whose bytes a
  /// name of `n` UTF-16 units can make at most `3n` of. Otherwise it is `init(directory:platform:…)`
  /// with the file system's `NAME_MAX`.
  public init(
    directory: String, on fileSystem: TargetFileSystem, rules: Platform? = nil, host: Platform = .current,
    longPaths: Bool = false
  ) throws(PathBudgetError) {
    let rules = rules ?? fileSystem.platform
    let nameMax = fileSystem.maxNameLength
    guard rules == .windows, fileSystem.platform == .windows, host != .windows, let mount = fileSystem.mountPoint,
      let below = Self.relative(directory, to: mount)
    else {
      self = try PathBudget(directory: directory, platform: rules, longPaths: longPaths, maxNameLength: nameMax)
      return
    }
    let volume = #"X:\"# + below.split(separator: "/").joined(separator: #"\"#)
    let windows = try PathBudget(directory: volume, platform: .windows, longPaths: longPaths, maxNameLength: nameMax)
    let onHost = try PathBudget(directory: directory, platform: host)
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
    let hostBytes = onHost.maxPathLength - onHost.directoryLength
    let hostUnits = hostBytes >= 3 * rules.maxLength ? rules.maxLength : hostBytes / 3
    guard hostUnits >= 1 else {
      throw .noRoom(
        directory: directory, length: onHost.directoryLength, limit: onHost.maxPathLength, unit: Self.unitName(host))
    }
    self.directory = directory
    platform = .windows
    maxPathLength = windows.maxPathLength
    maxNameLength = windows.maxNameLength
    directoryLength = windows.directoryLength
    room = Swift.min(windows.room, hostUnits)
    volumeDirectory = volume
  }

  /// `path` below `root` (without a leading separator), or nil when it is not inside it.
  static func relative(_ path: String, to root: String) -> String? {
    if root == "/" { return String(path.drop { $0 == "/" }) }
    guard path.hasPrefix(root) else { return nil }
    let rest = path.dropFirst(root.count)
    guard rest.isEmpty || rest.first == "/" else { return nil }
    return String(rest.drop { $0 == "/" })
  }

  /// The longest path on `platform`, without the terminating NUL, in the path's unit.
  public static func maxPathLength(for platform: Platform, longPaths: Bool = false) -> Int {
    switch platform {
    case .windows, .portable: longPaths && platform == .windows ? 32_766 : 259
    case .macos: 1_023
    case .linux: 4_095
    }
  }

  /// A path's length as its limit counts it: UTF-16 code units on windows, UTF-8 bytes elsewhere
  /// (portable: bytes, the larger).
  public static func pathLength(of path: some StringProtocol, on platform: Platform) -> Int {
    platform == .windows ? path.utf16.count : path.utf8.count
  }

  /// The path's unit, for messages.
  static func unitName(_ platform: Platform) -> String { platform == .windows ? "UTF-16 code units" : "bytes" }

  /// Whether `path` ends with a separator (`/`; `\` too on windows and portable).
  static func endsWithSeparator(_ path: String, on platform: Platform) -> Bool {
    guard let last = path.utf8.last else { return false }
    return last == UInt8(ascii: "/") || (platform.hasWindowsRules && last == UInt8(ascii: "\\"))
  }

  /// `base` with its limit lowered to `room` (a lower `maxLength` stays).
  public func options(_ base: SanitizerOptions) -> SanitizerOptions {
    var o = base
    o.maxLength = Swift.min(base.maxLength ?? room, room)
    return o
  }

  /// The path of `name` in the directory: the directory, a separator unless it ends with one, and
  /// the name.
  public func path(for name: String) -> String {
    // A POSIX path (a Windows volume mounted on the host) keeps `/`.
    let separator = platform == .windows && !directory.hasPrefix("/") ? "\\" : "/"
    return Self.endsWithSeparator(directory, on: platform) ? directory + name : directory + separator + name
  }
}

/// Why a directory leaves no budget for a name.
public enum PathBudgetError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The directory path is empty.
  case emptyDirectory
  /// The directory with its separator is `length` long: the path limit `limit` leaves no room.
  case noRoom(directory: String, length: Int, limit: Int, unit: String)

  /// A one-line message naming the directory.
  public var description: String {
    switch self {
    case .emptyDirectory: "the destination directory is an empty path"
    case .noRoom(let d, let length, let limit, let unit):
      "the directory '\(d)' leaves no room for a name: \(length) \(unit) with its separator, the path limit is \(limit)"
    }
  }
}
