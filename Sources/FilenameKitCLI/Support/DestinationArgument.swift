import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--dest DIR` (and `--long-paths`) of `suggest`, `sanitize` and `fetch`: the directory the name goes
/// into, resolved to its absolute path, its file system (`TargetFileSystem`: the rules, unless
/// `--platform` says otherwise, and `NAME_MAX`), and the room a name has there (`PathBudget`).
enum DestinationArgument {
  /// A destination: its file system and the budget of a name there.
  struct Destination {
    let fileSystem: TargetFileSystem
    let budget: PathBudget
    var platform: Platform { budget.platform }
  }

  /// The options `--dest` and `--long-paths` add.
  static let valueOptions: Set<String> = ["--dest"]
  static let flagOptions: Set<String> = ["--long-paths"]

  /// The destination `--dest` names, or nil without it: the rules are its file system's unless
  /// `--platform` was given (then `platform`). A directory that does not exist, is not a directory
  /// or cannot be opened is an error naming it, and so is one that leaves no room for a name.
  static func destination(_ a: Arguments, platform: Platform) throws(UsageError) -> Destination? {
    guard let raw = a.bytes("--dest") else {
      if a.has("--long-paths") { throw UsageError("--long-paths needs --dest") }
      return nil
    }
    return try destination(raw, option: "--dest", a, platform: platform)
  }

  /// The destination of the directory `raw` that `option` named, as `destination(_:platform:)`
  /// reads it (`fetch --output-dir` too: a download's rules are those of the disk written to).
  static func destination(
    _ raw: [UInt8], option: String, _ a: Arguments, platform: Platform
  ) throws(UsageError) -> Destination {
    let directory = try resolve(raw, option: option)
    let fs: TargetFileSystem
    do throws(TargetFileSystemError) {
      fs = try TargetFileSystem.detect(directory: directory)
    } catch {
      throw UsageError("\(option): \(TerminalText.escape(error.description))")
    }
    do throws(PathBudgetError) {
      // The file system's rules, counted on the path its own system shows; or the rules asked
      // for, on the directory as given.
      let budget =
        a.value("--platform") == nil
        ? try PathBudget(directory: directory, on: fs, longPaths: a.has("--long-paths"))
        : try PathBudget(
          directory: directory, platform: platform, longPaths: a.has("--long-paths"), maxNameLength: fs.maxNameLength)
      return Destination(fileSystem: fs, budget: budget)
    } catch {
      throw UsageError("\(option): \(TerminalText.escape(error.description))")
    }
  }

  /// The absolute path of the directory `raw` (`realpath`), checked to open as a directory.
  static func resolve(_ raw: [UInt8], option: String = "--dest") throws(UsageError) -> String {
    let shown = TerminalText.escape(String(decoding: raw, as: UTF8.self))
    guard !raw.isEmpty, !raw.contains(0) else { throw UsageError("\(option): '\(shown)' is not a directory path") }
    let resolved = (raw + [0]).withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
    }
    guard let resolved else {
      throw UsageError("\(option): cannot use directory '\(shown)': \(String(cString: strerror(errno)))")
    }
    defer { free(resolved) }
    let path = String(cString: resolved)
    do throws(UniqueFilenameError) {
      _ = close(try UniqueFilename.openDirectory(path))
    } catch {
      throw UsageError("\(option): cannot use directory '\(shown)': \(String(cString: strerror(error.errno)))")
    }
    return path
  }

  /// The summary lines: the path the name would have and the room it had, and the file system.
  static func summary(_ d: Destination, name: String, labels: (String, String)) -> String {
    let b = d.budget
    let unit = b.platform.lengthUnitName
    let fs = d.fileSystem
    let kind = fs.isKnown ? "\(fs.platform.rawValue) rules" : "unknown, \(fs.platform.rawValue) rules"
    return
      "\(labels.0)\(TerminalText.escape(b.path(for: name))) (name room \(b.room) \(unit), path limit \(b.maxPathLength)"
      + (b.volumeDirectory.map { " on the volume as \(TerminalText.escape($0))" } ?? "") + ")\n"
      + "\(labels.1)\(TerminalText.escape(fs.typeName)) (\(kind), case \(fs.foldsCase ? "folded" : "kept"))\n"
  }

  /// The `destination` object of `--json`.
  static func write<S: JSONFieldSink>(_ d: Destination, name: String, to f: inout S) {
    let b = d.budget
    f.field("directory", b.directory)
    f.field("path", b.path(for: name))
    f.field("room", .int(b.room))
    f.field("path_limit", .int(b.maxPathLength))
    f.field("name_max", .int(b.maxNameLength))
    f.field("file_system", d.fileSystem.typeName)
    f.field("file_system_known", .bool(d.fileSystem.isKnown))
    f.field("rules", b.platform.rawValue)
    f.field("folds_case", .bool(d.fileSystem.foldsCase))
    f.field("volume_directory", b.volumeDirectory)
  }
}
