import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes payloads under a destination directory: each under the first free variant of its name
/// (`UniqueFilename.claim`, `O_CREAT|O_EXCL`: nothing is ever overwritten), in the directory itself
/// (`flat`) or in one directory per host (`mirror`). Every name is one sanitized path component,
/// and a host directory is opened with `O_NOFOLLOW`, so nothing is written outside the destination.
final class WarcExtractor {
  /// Where payloads go under the destination.
  enum Layout: String {
    /// All in the destination directory.
    case flat
    /// In `HOST/`, the target URI's host (sanitized as a file name).
    case mirror
  }

  let directory: String
  let layout: Layout
  let platform: Platform
  private let dirFD: Int32
  private var hostDirs: [String: Int32] = [:]
  /// The file being written: its descriptor, directory descriptor and name.
  private var current: (fd: Int32, dir: Int32, name: String)?

  /// Opens `directory` (which must exist).
  init(directory: String, layout: Layout, platform: Platform) throws(UsageError) {
    self.directory = directory
    self.layout = layout
    self.platform = platform
    do {
      dirFD = try UniqueFilename.openDirectory(directory)
    } catch {
      throw UsageError(error.message)
    }
  }

  deinit {
    if let c = current { _ = close(c.fd) }
    for fd in hostDirs.values { _ = close(fd) }
    _ = close(dirFD)
  }

  /// Creates the file for a payload named `name` from `targetURI`; returns its path relative to the
  /// destination, or throws why it cannot.
  func begin(name: String, targetURI: String?) throws(UniqueFilenameError) -> String {
    var dir = dirFD
    var prefix = ""
    if layout == .mirror {
      let host = Self.hostComponent(targetURI, platform: platform)
      dir = try hostDirectory(host)
      prefix = host + "/"
    }
    let claimed = try UniqueFilename.claim(directoryFD: dir, named: directory, name: name, for: platform)
    current = (claimed.fd, dir, claimed.name)
    return prefix + claimed.name
  }

  /// Appends payload bytes to the current file; false when the write fails (`errno`).
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let c = current, let base = bytes.baseAddress else { return true }
    var done = 0
    while done < bytes.count {
      let n = write(c.fd, base + done, bytes.count - done)
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      done += n
    }
    return true
  }

  /// Closes the current file; with `keep` false it is removed (only if the name still is the file
  /// this run created).
  func end(keep: Bool) {
    guard let c = current else { return }
    current = nil
    if !keep {
      var a = stat()
      var b = stat()
      if fstat(c.fd, &a) == 0, fstatat(c.dir, c.name, &b, AT_SYMLINK_NOFOLLOW) == 0, a.st_dev == b.st_dev,
        a.st_ino == b.st_ino
      {
        _ = unlinkat(c.dir, c.name, 0)
      }
    }
    _ = close(c.fd)
  }

  /// The host directory, created if needed and opened without following a symlink.
  private func hostDirectory(_ host: String) throws(UniqueFilenameError) -> Int32 {
    if let fd = hostDirs[host] { return fd }
    if mkdirat(dirFD, host, 0o755) != 0 && errno != EEXIST {
      throw UniqueFilenameError(errno: errno, message: "cannot create directory '\(host)' in '\(directory)'")
    }
    let fd = openat(dirFD, host, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else {
      throw UniqueFilenameError(errno: errno, message: "cannot open directory '\(host)' in '\(directory)'")
    }
    hostDirs[host] = fd
    return fd
  }

  /// The host of `uri` (`scheme://[userinfo@]host[:port]/…`), sanitized as one file name;
  /// `no-host` when there is none.
  static func hostComponent(_ uri: String?, platform: Platform) -> String {
    var host: [UInt8] = []
    if let uri {
      let bytes = Array(uri.utf8)
      var i = 0
      while i + 2 < bytes.count && !(bytes[i] == 0x3A && bytes[i + 1] == 0x2F && bytes[i + 2] == 0x2F) { i += 1 }
      if i + 2 < bytes.count {
        let stops: [UInt8] = [0x2F, 0x3F, 0x23, 0x5C]  // / ? # \
        let authority = bytes[(i + 3)...].prefix { !stops.contains($0) }
        let afterUser = authority.lastIndex(of: 0x40).map { authority.index(after: $0) } ?? authority.startIndex
        host = authority[afterUser...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
      }
    }
    let options = SanitizerOptions(fallbackName: "no-host")
    return FilenameSanitizer.sanitize(utf8: host, for: platform, options: options).name
  }

}
