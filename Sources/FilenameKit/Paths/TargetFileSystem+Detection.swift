// Reading a directory's file system: statfs and pathconf, and for FUSE mounts the mount table and
// the device's boot sector. System calls only (Glibc, Darwin), no Foundation.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TargetFileSystem {
  /// The file system of `directory` (see the type's table). A directory that does not exist, is
  /// not a directory or cannot be opened is an error naming it.
  public static func detect(directory: String) throws(TargetFileSystemError) -> TargetFileSystem {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw TargetFileSystemError(directory: directory, errno: errno, step: "open") }
    defer { _ = close(fd) }
    return try detect(directoryFD: fd, named: directory)
  }

  /// The file system of the directory open as `fd`; `named` is its path, for messages.
  public static func detect(directoryFD fd: Int32, named: String) throws(TargetFileSystemError) -> TargetFileSystem {
    let limit = fpathconf(fd, Int32(_PC_NAME_MAX))
    let nameMax = limit > 0 ? Int(limit) : nil
    #if canImport(Darwin)
      var s = statfs()
      guard fstatfs(fd, &s) == 0 else { throw TargetFileSystemError(directory: named, errno: errno, step: "statfs") }
      let typeName = withUnsafeBytes(of: s.f_fstypename) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      // 1 case-sensitive, 0 not, -1 unknown.
      let sensitive = fpathconf(fd, Int32(_PC_CASE_SENSITIVE))
      return classify(typeName: typeName, nameMax: nameMax, foldsCase: sensitive < 0 ? nil : sensitive == 0)
    #else
      let type = try statfsType(fd, named: named)
      var st = stat()
      guard fstat(fd, &st) == 0, let mount = mountEntry(device: UInt64(st.st_dev)) else {
        return classify(statfsType: type, nameMax: nameMax)
      }
      let boot =
        type == fuseMagic && mount.type == "fuseblk" && mount.source.hasPrefix("/dev/")
        ? leadingBytes(of: mount.source) : nil
      var fs = classify(statfsType: type, mountType: mount.type, bootSector: boot, nameMax: nameMax)
      fs.mountPoint = mount.point
      return fs
    #endif
  }

  #if !canImport(Darwin)
    /// `fstatfs`'s `f_type` for `fd`. The Glibc module does not export `sys/vfs.h`, so glibc's
    /// `fstatfs` is found with `dlsym` and called through a C function pointer; `f_type` is the
    /// first member of `struct statfs`, a `__fsword_t` (a C `long`, Swift's `Int`), on every Linux
    /// architecture.
    static func statfsType(_ fd: Int32, named: String) throws(TargetFileSystemError) -> Int64 {
      typealias FStatFS = @convention(c) (Int32, UnsafeMutableRawPointer) -> Int32
      guard let symbol = dlsym(nil, "fstatfs") else {
        throw TargetFileSystemError(directory: named, errno: ENOSYS, step: "statfs")
      }
      let call = unsafeBitCast(symbol, to: FStatFS.self)
      // `struct statfs` is 120 bytes on 64-bit Linux, 64 or 84 on 32-bit: 512 is room to spare.
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
      defer { buffer.deallocate() }
      buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 512)
      guard call(fd, buffer) == 0 else { throw TargetFileSystemError(directory: named, errno: errno, step: "statfs") }
      // Unsigned, as the magic numbers are written (0xFF534D42 is negative as a 32-bit long).
      return Int64(bitPattern: UInt64(UInt(bitPattern: buffer.load(as: Int.self))))
    }

    /// The type and source of the mount whose device is `device` in `/proc/self/mountinfo`
    /// (`proc(5)`: ID, parent, major:minor, root, mount point, options, optional fields, `-`,
    /// type, source, super options).
    static func mountEntry(device: UInt64) -> (type: String, source: String, point: String)? {
      // Linux's dev_t encoding (glibc's gnu_dev_major / gnu_dev_minor).
      let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
      let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
      let wanted = Array("\(major):\(minor)".utf8)
      guard let table = leadingBytes(of: "/proc/self/mountinfo", limit: 4 << 20) else { return nil }
      for line in table.split(separator: UInt8(ascii: "\n")) {
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.count > 4, fields[2].elementsEqual(wanted),
          let dash = fields.firstIndex(where: { $0.elementsEqual([UInt8(ascii: "-")]) }), dash + 2 < fields.count
        else { continue }
        return (unescape(fields[dash + 1]), unescape(fields[dash + 2]), unescape(fields[4]))
      }
      return nil
    }

    /// A mount table field with its octal escapes (`\040` for a space) decoded.
    static func unescape(_ field: ArraySlice<UInt8>) -> String {
      var out: [UInt8] = []
      var i = field.startIndex
      while i < field.endIndex {
        if field[i] == UInt8(ascii: "\\"), i + 3 < field.endIndex,
          field[(i + 1)...(i + 3)].allSatisfy({ $0 >= 0x30 && $0 <= 0x37 })
        {
          out.append(field[(i + 1)...(i + 3)].reduce(0) { $0 &* 8 &+ ($1 - 0x30) })
          i += 4
        } else {
          out.append(field[i])
          i += 1
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  #endif

  /// The first `limit` bytes of the file at `path`, or nil when it cannot be read.
  static func leadingBytes(of path: String, limit: Int = 512) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { _ = close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: Swift.min(limit, 64 << 10))
    while out.count < limit {
      let want = Swift.min(chunk.count, limit - out.count)
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, want) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { break }
      out += chunk[..<n]
    }
    return out
  }
}

/// Why a directory's file system could not be read: the directory, the `errno` value and the step.
public struct TargetFileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The directory, as given.
  public let directory: String
  /// The POSIX error number.
  public let errno: Int32
  /// The call that failed (`open`, `statfs`).
  public let step: String

  /// Creates an error.
  public init(directory: String, errno: Int32, step: String) {
    self.directory = directory
    self.errno = errno
    self.step = step
  }

  /// A message naming the directory.
  public var description: String {
    let reason = strerror(errno).map { String(cString: $0) } ?? "errno \(errno)"
    return "cannot read the file system of directory '\(directory)': \(reason)"
  }
}
