import Foundation

/// Real FAT and exFAT volumes for tests: an image made by `mkfs.vfat` and mounted with `fusefat`, or
/// made by `mkfs.exfat`, attached to a loop device by `losetup` and mounted with `mount.exfat-fuse`.
/// Needs root, `/dev/fuse` and those tools (dosfstools, fusefat, exfatprogs, exfat-fuse); tests are
/// skipped otherwise. (A kernel `mount -o loop` of vfat needs the vfat module, which containers often
/// lack; FUSE needs none.)
public enum MountedVolume {
  /// A tool that could not be run.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// The path of an installed tool, or nil.
  public static func tool(_ name: String) -> String? {
    ["/usr/sbin/", "/usr/bin/", "/sbin/", "/bin/"].map { $0 + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Whether FUSE volumes can be mounted here at all.
  public static let canMount =
    getuid() == 0 && FileManager.default.fileExists(atPath: "/dev/fuse") && tool("fusermount") != nil
  /// Whether a FAT image can be made and mounted.
  public static let canMountFAT = canMount && tool("mkfs.vfat") != nil && tool("fusefat") != nil
  /// Whether an exFAT image can be made, attached to a loop device and mounted.
  public static let canMountExFAT =
    canMount && tool("mkfs.exfat") != nil && tool("mount.exfat-fuse") != nil && tool("losetup") != nil

  /// Runs a tool (`posix_spawn`, `waitpid`); its exit status and, with `output`, its standard
  /// output. Output goes to a file, never a pipe: a FUSE daemon keeps what it inherits open.
  @discardableResult
  public static func run(_ name: String, _ args: [String], output: Bool = false) throws -> (Int32, String) {
    guard let path = tool(name) else { throw Failure(description: "\(name) not installed") }
    let outPath = NSTemporaryDirectory() + "fk-mount-out-\(UUID().uuidString.prefix(8))"
    defer { unlink(outPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output ? outPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid = pid_t()
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return (-1, "") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = output ? (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" : ""
    return ((status >> 8) & 0xFF, text)
  }

  /// A fresh directory under the temporary directory, with an empty `mnt` inside.
  public static func scratch() throws -> String {
    let dir = NSTemporaryDirectory() + "fk-mount-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: dir + "/mnt", withIntermediateDirectories: true)
    return dir
  }

  /// Makes a 16 MiB FAT image, mounts it, runs `body` with the mount point, and unmounts it.
  public static func withFAT<T>(_ body: (String) throws -> T) throws -> T {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let image = dir + "/fat.img"
    guard FileManager.default.createFile(atPath: image, contents: Data(count: 16 << 20)),
      try run("mkfs.vfat", [image]).0 == 0
    else { throw Failure(description: "mkfs.vfat failed") }
    guard try run("fusefat", ["-o", "rw+", image, dir + "/mnt"]).0 == 0 else {
      throw Failure(description: "fusefat could not mount the image")
    }
    defer { _ = try? run("fusermount", ["-u", dir + "/mnt"]) }
    return try body(dir + "/mnt")
  }

  /// Makes a 16 MiB exFAT image on a loop device, mounts it, runs `body` with the mount point, and
  /// unmounts and detaches it.
  public static func withExFAT<T>(_ body: (String) throws -> T) throws -> T {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let image = dir + "/exfat.img"
    guard FileManager.default.createFile(atPath: image, contents: Data(count: 16 << 20)),
      try run("mkfs.exfat", [image]).0 == 0
    else { throw Failure(description: "mkfs.exfat failed") }
    let (status, loop) = try run("losetup", ["-f", "--show", image], output: true)
    guard status == 0 else { throw Failure(description: "losetup could not attach the image") }
    let device = loop.trimmingCharacters(in: .whitespacesAndNewlines)
    defer { _ = try? run("losetup", ["-d", device]) }
    guard try run("mount.exfat-fuse", [device, dir + "/mnt"]).0 == 0 else {
      throw Failure(description: "mount.exfat-fuse could not mount \(device)")
    }
    defer { _ = try? run("fusermount", ["-u", dir + "/mnt"]) }
    return try body(dir + "/mnt")
  }
}
