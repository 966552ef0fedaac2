/// The file system a directory is on, and the naming rules that follow from it: a FAT or exFAT USB
/// stick or an SMB share mounted on Linux takes Windows names, whatever the OS.
///
/// ```swift
/// let fs = try TargetFileSystem.detect(directory: "/media/usb")
/// fs.typeName   // "vfat"
/// fs.platform   // .windows: its forbidden characters, reserved names, UTF-16 length
/// fs.foldsCase  // true: "Report.pdf" and "report.pdf" are one file
/// ```
///
/// | file systems | rules | case |
/// |---|---|---|
/// | vfat (msdos), exfat, ntfs, ntfs3, cifs, smb2, smb, smbfs | windows | folded |
/// | apfs, hfs, hfsplus | macos | folded (Apple's defaults; on Apple platforms `pathconf(_PC_CASE_SENSITIVE)` says) |
/// | ext2/3/4, xfs, btrfs, tmpfs, f2fs, zfs, ramfs, overlay | linux | kept |
/// | anything else | `Platform.current` | kept (`isKnown` false) |
///
/// On Linux the type is `statfs`'s `f_type` (the magic numbers of `linux/magic.h`); a FUSE mount
/// (`f_type` 0x65735546) is named by its `/proc/self/mountinfo` type (`fuse.fusefat`, `fuse.exfat`,
/// `fuse.ntfs-3g`) and, for `fuseblk`, by the boot sector of its device when it can be read (`EXFAT`
/// or `NTFS` at byte 3, `FAT12`/`FAT16`/`FAT32` at byte 54 or 82). On Apple platforms it is
/// `f_fstypename`. `maxNameLength` is `pathconf(_PC_NAME_MAX)`, at most the rules' 255: vfat
/// reports 1,530 (255 UTF-16 units of up to 6 bytes each) and is held to 255 UTF-16 units.
public struct TargetFileSystem: Sendable, Hashable {
  /// The file system's name: `vfat`, `exfat`, `ntfs`, `cifs`, `apfs`, `ext4`, … or `unknown`.
  public let typeName: String
  /// The naming rules to sanitize for.
  public let platform: Platform
  /// Whether names that differ only in case (and, on Apple file systems, in normalization) are
  /// one file.
  public let foldsCase: Bool
  /// Whether the type is one of the table's; an unknown one gets `Platform.current`'s rules.
  public let isKnown: Bool
  /// `pathconf(_PC_NAME_MAX)` as reported (bytes on Linux), when known.
  public let reportedNameMax: Int?
  /// Where the file system is mounted (`/proc/self/mountinfo`), when `detect` found it: the root
  /// of the volume another system sees (`E:\` for a USB stick on Windows).
  public internal(set) var mountPoint: String? = nil

  /// Creates a description; `detect(directory:)` and `classify` make one from a real directory.
  public init(typeName: String, platform: Platform, foldsCase: Bool, isKnown: Bool, reportedNameMax: Int?) {
    self.typeName = typeName
    self.platform = platform
    self.foldsCase = foldsCase
    self.isKnown = isKnown
    self.reportedNameMax = reportedNameMax
  }

  /// The longest name, in the rules' unit: the reported `NAME_MAX`, at most the rules' 255.
  public var maxNameLength: Int {
    Swift.max(Swift.min(reportedNameMax ?? platform.maxLength, platform.maxLength), 1)
  }

  /// The file system `statfs` values describe: `statfsType` is Linux's `f_type`; `mountType` the
  /// mount's type in `/proc/self/mountinfo` (read for FUSE); `bootSector` the first bytes of a
  /// `fuseblk` mount's device; `nameMax` what `pathconf(_PC_NAME_MAX)` said.
  public static func classify(
    statfsType: Int64, mountType: String? = nil, bootSector: [UInt8]? = nil, nameMax: Int? = nil
  ) -> TargetFileSystem {
    // FUSE: the kernel's type says only "a daemon serves this"; its name, or its device, says which.
    if statfsType == fuseMagic {
      if let mountType, mountType.hasPrefix("fuse."), let known = rules(named: String(mountType.dropFirst(5))) {
        return make(known, nameMax: nameMax)
      }
      if let bootSector, let name = bootSectorType(bootSector), let known = rules(named: name) {
        return make(known, nameMax: nameMax)
      }
      return unknown(mountType ?? "fuse", nameMax: nameMax)
    }
    guard let known = magics.first(where: { $0.magic == statfsType }).flatMap({ rules(named: $0.name) }) else {
      return unknown(
        mountType ?? "unknown (f_type 0x\(String(UInt64(bitPattern: statfsType), radix: 16)))", nameMax: nameMax)
    }
    return make(known, nameMax: nameMax)
  }

  /// The file system a type name describes (Apple's `f_fstypename`, a FUSE daemon's name, a Linux
  /// mount type), any ASCII case.
  public static func classify(typeName: String, nameMax: Int? = nil, foldsCase: Bool? = nil) -> TargetFileSystem {
    guard let known = rules(named: typeName) else { return unknown(typeName, nameMax: nameMax) }
    let fs = make(known, nameMax: nameMax)
    guard let foldsCase else { return fs }
    return TargetFileSystem(
      typeName: fs.typeName, platform: fs.platform, foldsCase: foldsCase, isKnown: true, reportedNameMax: nameMax)
  }

  /// Linux's `FUSE_SUPER_MAGIC`.
  static let fuseMagic: Int64 = 0x6573_5546

  /// `f_type` values (`linux/magic.h`, and ntfs3's and the apfs module's own) and their names.
  static let magics: [(magic: Int64, name: String)] = [
    (0x4D44, "vfat"), (0x2011_BAB0, "exfat"), (0x5346_544E, "ntfs"), (0x7366_746E, "ntfs3"),
    (0xFF53_4D42, "cifs"), (0xFE53_4D42, "smb2"), (0x517B, "smb"),
    (0x4244, "hfs"), (0x482B, "hfsplus"), (0x4253_5041, "apfs"),
    (0xEF53, "ext4"), (0x5846_5342, "xfs"), (0x9123_683E, "btrfs"), (0x0102_1994, "tmpfs"),
    (0xF2F5_2010, "f2fs"), (0x2FC1_2FC1, "zfs"), (0x8584_58F6, "ramfs"), (0x794C_7630, "overlay"),
  ]

  /// The rules of a file system name: its canonical name, platform and case folding.
  static func rules(named name: String) -> (name: String, platform: Platform, folds: Bool)? {
    switch name.lowercased() {
    case "vfat", "msdos", "fat", "fusefat", "fat32": ("vfat", .windows, true)
    case "exfat", "exfat-fuse": ("exfat", .windows, true)
    case "ntfs", "ntfs3", "ntfs-3g", "lowntfs-3g", "ufsd_ntfs": ("ntfs", .windows, true)
    case "cifs", "smb3": ("cifs", .windows, true)
    case "smb2", "smb", "smbfs", "smbnetfs": (name.lowercased() == "smb2" ? "smb2" : "smb", .windows, true)
    case "apfs", "apfs-fuse": ("apfs", .macos, true)
    case "hfs", "hfsplus", "hfs+": ("hfs", .macos, true)
    case "ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "f2fs", "zfs", "ramfs", "overlay":
      (name.lowercased(), .linux, false)
    default: nil
    }
  }

  /// The file system a boot sector names: exFAT and NTFS at byte 3 (the OEM name), FAT12/16 at
  /// byte 54 and FAT32 at byte 82 (the BPB's file system type field, Microsoft FAT specification).
  static func bootSectorType(_ b: [UInt8]) -> String? {
    func has(_ text: String, at offset: Int) -> Bool {
      let t = Array(text.utf8)
      return b.count >= offset + t.count && b[offset..<(offset + t.count)].elementsEqual(t)
    }
    if has("EXFAT   ", at: 3) { return "exfat" }
    if has("NTFS    ", at: 3) { return "ntfs" }
    if has("FAT32   ", at: 82) || has("FAT12   ", at: 54) || has("FAT16   ", at: 54) || has("FAT     ", at: 54) {
      return "vfat"
    }
    return nil
  }

  private static func make(_ r: (name: String, platform: Platform, folds: Bool), nameMax: Int?) -> TargetFileSystem {
    TargetFileSystem(
      typeName: r.name, platform: r.platform, foldsCase: r.folds, isKnown: true, reportedNameMax: nameMax)
  }

  private static func unknown(_ name: String, nameMax: Int?) -> TargetFileSystem {
    TargetFileSystem(typeName: name, platform: .current, foldsCase: false, isKnown: false, reportedNameMax: nameMax)
  }
}
