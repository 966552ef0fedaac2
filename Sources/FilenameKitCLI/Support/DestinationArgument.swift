import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--dest DIR` (and `--long-paths`) of `suggest` and `sanitize`: the directory the name goes
/// into, resolved to its absolute path, and the room a name has there (`PathBudget`).
enum DestinationArgument {
  /// The options `--dest` and `--long-paths` add.
  static let valueOptions: Set<String> = ["--dest"]
  static let flagOptions: Set<String> = ["--long-paths"]

  /// The budget in `--dest` for `platform`, or nil without `--dest`. A directory that does not
  /// exist, is not a directory or cannot be opened is an error naming it, and so is one that
  /// leaves no room for a name.
  static func budget(_ a: Arguments, platform: Platform) throws(UsageError) -> PathBudget? {
    guard let raw = a.bytes("--dest") else {
      if a.has("--long-paths") { throw UsageError("--long-paths needs --dest") }
      return nil
    }
    let directory = try resolve(raw)
    do throws(PathBudgetError) {
      return try PathBudget(directory: directory, platform: platform, longPaths: a.has("--long-paths"))
    } catch {
      throw UsageError("--dest: \(TerminalText.escape(error.description))")
    }
  }

  /// The absolute path of the directory `raw` (`realpath`), checked to open as a directory.
  static func resolve(_ raw: [UInt8]) throws(UsageError) -> String {
    let shown = TerminalText.escape(String(decoding: raw, as: UTF8.self))
    guard !raw.isEmpty, !raw.contains(0) else { throw UsageError("--dest: '\(shown)' is not a directory path") }
    let resolved = (raw + [0]).withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
    }
    guard let resolved else {
      throw UsageError("--dest: cannot use directory '\(shown)': \(String(cString: strerror(errno)))")
    }
    defer { free(resolved) }
    let path = String(cString: resolved)
    do throws(UniqueFilenameError) {
      _ = close(try UniqueFilename.openDirectory(path))
    } catch {
      throw UsageError("--dest: cannot use directory '\(shown)': \(String(cString: strerror(error.errno)))")
    }
    return path
  }

  /// The summary line: the path the name would have, and the room it had.
  static func summary(_ b: PathBudget, name: String, label: String) -> String {
    let unit = b.platform.lengthUnitName
    return
      "\(label)\(TerminalText.escape(b.path(for: name))) (name room \(b.room) \(unit), path limit \(b.maxPathLength))\n"
  }

  /// The `destination` object of `--json`.
  static func write<S: JSONFieldSink>(_ b: PathBudget, name: String, to f: inout S) {
    f.field("directory", b.directory)
    f.field("path", b.path(for: name))
    f.field("room", .int(b.room))
    f.field("path_limit", .int(b.maxPathLength))
    f.field("name_max", .int(b.maxNameLength))
  }
}
