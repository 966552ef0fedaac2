// The extension tables as one open-addressed table of packed ASCII keys: the risk of a
// name was asked about ten times per suggestion, and each time the extension became a lowercased
// String that was hashed (SipHash) against up to five Sets. Here an ASCII extension is read in
// place: lowercased into three words, multiplied into a slot, compared; no String, no Hasher.
// Only names whose end, up to the judged dot, is ASCII take this path, and for them it answers exactly what the
// Sets answer (`DangerousTypes.risk(of:on:)` and `isFollowedByShell` fall back otherwise; the
// `ASCIIKindsTests` compare both on every table entry and on case, dot and length variations).

extension DangerousTypes {
  /// The tables an extension is in, as bits.
  struct Kinds: OptionSet, Sendable {
    let rawValue: UInt8
    static let executable = Kinds(rawValue: 1)
    static let windowsShortcut = Kinds(rawValue: 2)
    static let appleShortcut = Kinds(rawValue: 4)
    static let windowsTheme = Kinds(rawValue: 8)
    static let onlyWindows = Kinds(rawValue: 16)
    static let onlyMacos = Kinds(rawValue: 32)
    static let onlyLinux = Kinds(rawValue: 64)
  }

  /// An ASCII extension of at most `ASCIIKinds.maxLength` bytes, lowercased, zero-padded, in
  /// three little-endian words.
  struct PackedKey: Equatable, Sendable {
    var a: UInt64 = 0
    var b: UInt64 = 0
    var c: UInt64 = 0

    /// The empty key (no table holds it).
    init() {}

    /// `bytes` lowercased (ASCII), or nil when longer than any table key or empty.
    init?(lowercasing bytes: UnsafeBufferPointer<UInt8>) {
      guard !bytes.isEmpty && bytes.count <= ASCIIKinds.maxLength else { return nil }
      for (i, byte) in bytes.enumerated() {
        let word = UInt64(ASCII.lowercase(byte)) << UInt64((i & 7) << 3)
        switch i >> 3 {
        case 0: a |= word
        case 1: b |= word
        default: c |= word
        }
      }
    }

    /// The slot to start probing at in a table of `mask + 1` slots.
    func slot(_ mask: Int) -> Int {
      let h = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ (c &* 0x1656_67B1_9E37_79F9)
      return Int(truncatingIfNeeded: (h ^ (h >> 29)) >> 7) & mask
    }
  }

  /// The table: every extension of `executable`, `windowsShortcuts`, `appleShortcuts`,
  /// `windowsThemes` and `executableOnlyOn`, with the kinds it has.
  struct ASCIIKinds: Sendable {
    /// The longest key the tables hold (`desktopthemepackfile`); checked when the table is built.
    static let maxLength = 24
    let keys: [PackedKey]
    let kinds: [Kinds]
    let mask: Int

    init() {
      var entries: [(String, Kinds)] = []
      entries += executable.map { ($0, .executable) }
      entries += windowsShortcuts.map { ($0, .windowsShortcut) }
      entries += appleShortcuts.map { ($0, .appleShortcut) }
      entries += windowsThemes.map { ($0, .windowsTheme) }
      for (platform, extensions) in executableOnlyOn {
        let kind: Kinds =
          switch platform {
          case .windows: .onlyWindows
          case .macos: .onlyMacos
          case .linux: .onlyLinux
          case .portable: []
          }
        entries += extensions.map { ($0, kind) }
      }
      var size = 16
      while size < entries.count * 4 { size <<= 1 }
      var keys = [PackedKey](repeating: PackedKey(), count: size)
      var kinds = [Kinds](repeating: [], count: size)
      let mask = size - 1
      for (text, kind) in entries {
        var utf8 = Array(text.utf8)
        precondition(
          utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }, "a table key that is not lowercase ASCII")
        guard let key = utf8.withUnsafeMutableBufferPointer({ PackedKey(lowercasing: UnsafeBufferPointer($0)) })
        else { preconditionFailure("a table key longer than ASCIIKinds.maxLength") }
        var i = key.slot(mask)
        while !kinds[i].isEmpty && keys[i] != key { i = (i + 1) & mask }
        keys[i] = key
        kinds[i].formUnion(kind)
      }
      self.keys = keys
      self.kinds = kinds
      self.mask = mask
    }

    /// The kinds of a packed extension (empty: in no table).
    func kinds(of key: PackedKey) -> Kinds {
      var i = key.slot(mask)
      while true {
        let found = kinds[i]
        if found.isEmpty { return [] }
        if keys[i] == key { return found }
        i = (i + 1) & mask
      }
    }
  }

  static let asciiKinds = ASCIIKinds()

  /// What `typeExtension` and the tables say about `name` when the bytes they read are ASCII:
  /// `.some(kinds)` (empty when there is no extension or it is in no table), or nil when a
  /// non-ASCII byte comes before the judged dot is found (from the end) or the name ends in `}`
  /// (a `{CLSID}`): then the scalar path decides.
  static func asciiExtensionKinds(_ name: Substring) -> Kinds? {
    // `withUTF8`, not the UTF-8 view's `withContiguousStorageIfAvailable`, which is not
    // specialized for a substring.
    var name = name
    return name.withUTF8 { bytes -> Kinds? in
      // `trimmingWindowsEnd`: trailing dots and spaces (ASCII folds to itself).
      var end = bytes.count
      while end > 0 && (bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: " ")) { end -= 1 }
      if end > 0 && (bytes[end - 1] >= 0x80 || bytes[end - 1] == UInt8(ascii: "}")) { return nil }
      // `lastExtension(_:within: 64)`: the last dot among the last 65 bytes. Up to that dot the
      // bytes must be ASCII, where bytes and scalars walk alike and only `.` is a dot; what lies
      // before the dot does not change which dot is last.
      let from = max(0, end - 65)
      var dot = -1
      var i = end
      while i > from {
        i -= 1
        let b = bytes[i]
        if b >= 0x80 { return nil }
        if b == UInt8(ascii: ".") {
          dot = i
          break
        }
      }
      guard dot > 0, dot + 1 < end else { return [] }
      let ext = UnsafeBufferPointer(rebasing: bytes[(dot + 1)..<end])
      guard let key = PackedKey(lowercasing: ext) else { return [] }
      return asciiKinds.kinds(of: key)
    }
  }

  /// The risk `kinds` mean on `platform` (as `risk(of:on:)` reads the Sets).
  static func risk(_ kinds: Kinds, on platform: Platform?) -> FileRisk {
    if kinds.contains(.executable) { return .executable }
    if !kinds.isDisjoint(with: [.windowsShortcut, .appleShortcut]) { return .shortcut }
    guard let platform else { return .ordinary }
    let only: Kinds =
      switch platform {
      case .windows: .onlyWindows
      case .macos: .onlyMacos
      case .linux: .onlyLinux
      case .portable: [.onlyWindows, .onlyMacos, .onlyLinux]
      }
    return kinds.isDisjoint(with: only) ? .ordinary : .executable
  }
}
