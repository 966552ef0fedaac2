import FilenameKitTestSupport
import Foundation
import Testing

@testable import FilenameKit

/// `TargetFileSystem.detect` and unique claims on real FAT and exFAT volumes (`MountedVolume`:
/// FUSE mounts of images made here; skipped where the machine cannot mount them).
@Suite("TargetFileSystem on mounted volumes", .serialized)
struct TargetFileSystemMountTests {
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

  @Test(.enabled(if: MountedVolume.canMountFAT)) func fatImage() throws {
    try MountedVolume.withFAT { try Self.checkWindowsVolume($0, type: "vfat") }
  }

  @Test(.enabled(if: MountedVolume.canMountExFAT)) func exfatImageOnALoopDevice() throws {
    try MountedVolume.withExFAT { try Self.checkWindowsVolume($0, type: "exfat") }
  }

  /// The directory the tests run in is on a file system of the table or reported unknown, and a
  /// missing one is an error naming it.
  @Test func hostDirectory() throws {
    let fs = try TargetFileSystem.detect(directory: NSTemporaryDirectory())
    #expect(fs.maxNameLength >= 1 && fs.maxNameLength <= 255)
    #expect(fs.isKnown || fs.platform == .current)
  }
}
