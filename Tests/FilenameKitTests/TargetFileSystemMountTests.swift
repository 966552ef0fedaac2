import Foundation
import Testing

@testable import FilenameKit

/// `TargetFileSystem.detect` and unique claims on real FAT and exFAT volumes: a FAT image made by
/// `mkfs.vfat` and mounted with `fusefat`, an exFAT image made by `mkfs.exfat`, attached to a loop
/// device by `losetup` and mounted with `mount.exfat-fuse`. Needs root, `/dev/fuse` and those tools
/// (dosfstools, fusefat, exfatprogs, exfat-fuse); skipped otherwise. (A kernel `mount -o loop` of
/// vfat needs the vfat module, which containers often lack; FUSE needs none.)
@Suite("TargetFileSystem on mounted volumes", .serialized)
struct TargetFileSystemMountTests {
  static func tool(_ name: String) -> String? {
    ["/usr/sbin/", "/usr/bin/", "/sbin/", "/bin/"].map { $0 + name }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static let canMount =
    getuid() == 0 && FileManager.default.fileExists(atPath: "/dev/fuse") && tool("fusermount") != nil
  static let canMountFAT = canMount && tool("mkfs.vfat") != nil && tool("fusefat") != nil
  static let canMountExFAT =
    canMount && tool("mkfs.exfat") != nil && tool("mount.exfat-fuse") != nil && tool("losetup") != nil

  /// Runs a tool (`posix_spawn`, `waitpid`); its exit status and, with `output`, its standard
  /// output. Output goes to a file, never a pipe: a FUSE daemon keeps what it inherits open.
  @discardableResult
  static func run(_ name: String, _ args: [String], output: Bool = false) throws -> (Int32, String) {
    let path = try #require(tool(name), "\(name) not installed")
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

  /// A fresh directory under the temporary directory.
  static func scratch() throws -> String {
    let dir = NSTemporaryDirectory() + "fk-mount-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: dir + "/mnt", withIntermediateDirectories: true)
    return dir
  }

  /// What every Windows volume must show: Windows rules, folded case, and claims that fold.
  static func checkWindowsVolume(_ mnt: String, type: String) throws {
    let fs = try TargetFileSystem.detect(directory: mnt)
    #expect(fs.typeName == type)
    #expect(fs.platform == .windows)
    #expect(fs.foldsCase)
    #expect(fs.mountPoint == mnt)
    // The file system itself folds: O_EXCL refuses `report.txt` beside `Report.txt`.
    let (fd1, first) = try UniqueFilename.claim(directory: mnt, name: "Report.txt", for: fs.platform)
    _ = close(fd1)
    let (fd2, second) = try UniqueFilename.claim(directory: mnt, name: "report.txt", for: fs.platform)
    _ = close(fd2)
    #expect(first == "Report.txt")
    #expect(second == "report (1).txt")
    // The pure variant, given the listing, agrees.
    let listing = try FileManager.default.contentsOfDirectory(atPath: mnt)
    #expect(
      UniqueFilename.firstAvailable("REPORT.TXT", for: .windows, foldsCase: fs.foldsCase, taken: listing)
        == "REPORT (2).TXT")
    // Names for it are Windows names, within the room on the volume's own path.
    try FileManager.default.createDirectory(atPath: mnt + "/Music", withIntermediateDirectories: false)
    let b = try PathBudget(directory: mnt + "/Music", on: try TargetFileSystem.detect(directory: mnt + "/Music"))
    #expect(b.volumeDirectory == #"X:\Music"#)
    #expect(b.room == 250)
    let name = FilenameSanitizer.sanitize("a<b>:c?.txt", for: b.platform, options: b.options(.init())).name
    #expect(name == "a_b__c_.txt")
    let fd = open(mnt + "/Music/" + name, O_CREAT | O_EXCL | O_WRONLY, 0o644)
    #expect(fd >= 0, "the sanitized name is accepted by the volume")
    if fd >= 0 { _ = close(fd) }
  }

  @Test(.enabled(if: canMountFAT)) func fatImage() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let image = dir + "/fat.img"
    #expect(FileManager.default.createFile(atPath: image, contents: Data(count: 16 << 20)))
    #expect(try Self.run("mkfs.vfat", [image]).0 == 0)
    #expect(try Self.run("fusefat", ["-o", "rw+", image, dir + "/mnt"]).0 == 0)
    defer { _ = try? Self.run("fusermount", ["-u", dir + "/mnt"]) }
    try Self.checkWindowsVolume(dir + "/mnt", type: "vfat")
  }

  @Test(.enabled(if: canMountExFAT)) func exfatImageOnALoopDevice() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let image = dir + "/exfat.img"
    #expect(FileManager.default.createFile(atPath: image, contents: Data(count: 16 << 20)))
    #expect(try Self.run("mkfs.exfat", [image]).0 == 0)
    let (status, loop) = try Self.run("losetup", ["-f", "--show", image], output: true)
    try #require(status == 0)
    let device = loop.trimmingCharacters(in: .whitespacesAndNewlines)
    defer { _ = try? Self.run("losetup", ["-d", device]) }
    #expect(try Self.run("mount.exfat-fuse", [device, dir + "/mnt"]).0 == 0)
    defer { _ = try? Self.run("fusermount", ["-u", dir + "/mnt"]) }
    try Self.checkWindowsVolume(dir + "/mnt", type: "exfat")
  }

  /// The directory the tests run in is on a file system of the table or reported unknown, and a
  /// missing one is an error naming it.
  @Test func hostDirectory() throws {
    let fs = try TargetFileSystem.detect(directory: NSTemporaryDirectory())
    #expect(fs.maxNameLength >= 1 && fs.maxNameLength <= 255)
    #expect(fs.isKnown || fs.platform == .current)
  }
}
