/// The media type <-> file extension registry: a compiled-in table generated from Debian's
/// `/etc/mime.types` and the freedesktop.org shared-mime-info database, plus a short override list
/// (`Scripts/media-types-overrides.txt`). No file is read and nothing is parsed at run time.
///
/// Every lookup is ASCII-case-insensitive, O(1) on average (open-addressing hash tables), and
/// allocates nothing beyond its result.
///
/// ```swift
/// MediaTypeRegistry.preferredExtension(for: "image/jpeg")                    // "jpg"
/// MediaTypeRegistry.mediaTypes(forExtension: "TAR.GZ")                      // ["application/x-compressed-tar"]
/// MediaTypeRegistry.canonicalEssence("application/x-zip-compressed")        // "application/zip"
/// ```
public enum MediaTypeRegistry {
  /// The preferred extension (without a dot) for a media type essence or alias, e.g. `"jpg"` for
  /// `image/jpeg`; nil for generic types (`application/octet-stream`, …) and unknown ones.
  public static func preferredExtension(for essence: some StringProtocol) -> String? {
    guard let t = typeIndex(essence), !isGenericType(t) else { return nil }
    let span = Table.typeExtensionSpan[t]
    guard span & 0xFF != 0 else { return nil }
    return extensionName(Int(Table.typeExtensionList[Int(span >> 8)]))
  }

  /// Every extension of a media type essence or alias, preferred first; empty for generic and
  /// unknown types.
  public static func extensions(for essence: some StringProtocol) -> [String] {
    guard let t = typeIndex(essence), !isGenericType(t) else { return [] }
    return spanElements(Table.typeExtensionSpan[t], Table.typeExtensionList).map { extensionName(Int($0)) }
  }

  /// The canonical essences registered for an extension (without the leading dot; any case; compound
  /// ones such as `tar.gz` included), most likely first; empty when unknown.
  public static func mediaTypes(forExtension ext: some StringProtocol) -> [String] {
    guard let e = extensionIndex(ext) else { return [] }
    return spanElements(Table.extensionTypeSpan[e], Table.extensionTypeList).map { typeName(Int($0)) }
  }

  /// The canonical name of a media type essence: an alias maps to its type
  /// (`application/x-zip-compressed` -> `application/zip`); anything else is returned ASCII-lowercased.
  public static func canonicalEssence(_ essence: some StringProtocol) -> String {
    guard let t = typeIndex(essence) else { return FileExtension.lowercasedASCII(essence) }
    return typeName(t)
  }

  /// Whether the registry knows this essence (as a type or an alias).
  public static func contains(_ essence: some StringProtocol) -> Bool { typeIndex(essence) != nil }

  /// The types a file of this type also is (freedesktop `sub-class-of`, transitive; every `text/*`
  /// is also `text/plain`; `+xml`, `+json`, `+zip` are also their base format), without
  /// `application/octet-stream`.
  public static func ancestors(of essence: some StringProtocol) -> [String] {
    guard let t = typeIndex(essence) else { return [] }
    return spanElements(Table.typeAncestorSpan[t], Table.typeAncestorList).map { typeName(Int($0)) }
  }

  // MARK: - Index-level lookups (no allocation)

  /// The canonical type index of an essence or alias.
  static func typeIndex(_ essence: some StringProtocol) -> Int? {
    slot(of: essence, in: Table.essenceSlots, names: Table.essenceName).map { Int(Table.essenceType[$0]) }
  }

  /// The canonical type index of essence entry `k` (a type or an alias).
  static func typeIndex(ofEntry k: Int) -> Int { Int(Table.essenceType[k]) }

  /// The essence table entry (a type or an alias) of `essence`, hashed in place.
  static func essenceEntry(_ essence: String) -> Int? {
    slot(of: essence, in: Table.essenceSlots, names: Table.essenceName)
  }

  /// The index of an extension (without the dot).
  static func extensionIndex(_ ext: some StringProtocol) -> Int? {
    slot(of: ext, in: Table.extensionSlots, names: Table.extensionName)
  }

  /// The index of an extension given as its UTF-8 bytes (any ASCII case).
  static func extensionIndex(bytes ext: UnsafeBufferPointer<UInt8>) -> Int? {
    slot(ofBytes: ext, in: Table.extensionSlots, names: Table.extensionName)
  }

  /// The entry of `key` (ASCII case ignored) in an open-addressing table: `slots` holds entry + 1
  /// (0 is empty) at `ASCII.caseFoldedHash(key) & (count - 1)` and onwards (the generator hashes
  /// alike), `names` each entry's packed name.
  /// Reads the key's bytes in place when the string has contiguous UTF-8 (native strings and
  /// their substrings do), so hashing and comparing cost a few instructions per byte.
  private static func slot(of key: some StringProtocol, in slots: [UInt16], names: [UInt32]) -> Int? {
    // A substring (an extension split off a name) through `withUTF8`: its UTF-8 view's
    // `withContiguousStorageIfAvailable` is not specialized.
    if var sub = key as? Substring { return sub.withUTF8 { slot(ofBytes: $0, in: slots, names: names) } }
    if let found = key.utf8.withContiguousStorageIfAvailable({ slot(ofBytes: $0, in: slots, names: names) }) {
      return found
    }
    return Array(key.utf8).withUnsafeBufferPointer { slot(ofBytes: $0, in: slots, names: names) }
  }

  private static func slot(ofBytes key: UnsafeBufferPointer<UInt8>, in slots: [UInt16], names: [UInt32]) -> Int? {
    let mask = slots.count - 1
    var i = Int(ASCII.caseFoldedHash(key) & UInt32(mask))
    while true {
      let s = slots[i]
      if s == 0 { return nil }
      let k = Int(s) - 1
      if nameEquals(names[k], key) { return k }
      i = (i + 1) & mask
    }
  }

  /// Whether type `t` is, or descends from, type `ancestor`.
  static func type(_ t: Int, isA ancestor: Int) -> Bool {
    if t == ancestor { return true }
    let span = Table.typeAncestorSpan[t]
    let start = Int(span >> 8)
    for i in start..<start + Int(span & 0xFF) where Int(Table.typeAncestorList[i]) == ancestor { return true }
    return false
  }

  /// The type indices of extension `e`.
  static func typeIndices(ofExtension e: Int) -> ArraySlice<UInt16> {
    let span = Table.extensionTypeSpan[e]
    let start = Int(span >> 8)
    return Table.extensionTypeList[start..<start + Int(span & 0xFF)]
  }

  /// The extension indices of type `t`, preferred first.
  static func extensionIndices(ofType t: Int) -> ArraySlice<UInt16> {
    spanElements(Table.typeExtensionSpan[t], Table.typeExtensionList)
  }

  static func isGenericType(_ t: Int) -> Bool { genericTypes.contains(t) }

  /// Whether essence entry `k` (a type or an alias) names a generic type itself
  /// (`MediaType.isGenericEssence` of its name).
  static func isGenericEntry(_ k: Int) -> Bool { genericEntries.contains(k) }

  /// The types whose canonical name is generic, found once (a few of the table's entries).
  private static let genericTypes: [Int] = Table.typeName.indices.filter {
    withName(Table.typeName[$0]) { MediaType.isGenericEssence($0) }
  }

  /// The essence entries whose name is generic, found once.
  private static let genericEntries: [Int] = Table.essenceName.indices.filter {
    withName(Table.essenceName[$0]) { MediaType.isGenericEssence($0) }
  }

  static func typeName(_ t: Int) -> String { string(Table.typeName[t]) }

  static func extensionName(_ e: Int) -> String { string(Table.extensionName[e]) }

  // MARK: - Table access

  private static func spanElements(_ span: UInt32, _ list: [UInt16]) -> ArraySlice<UInt16> {
    let start = Int(span >> 8)
    return list[start..<start + Int(span & 0xFF)]
  }

  /// Calls `body` with the bytes of a packed name.
  static func withName<R>(_ packed: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(UnsafeBufferPointer(start: Table.names.utf8Start + Int(packed >> 8), count: Int(packed & 0xFF)))
  }

  private static func string(_ packed: UInt32) -> String {
    withName(packed) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a packed (lowercase) name equals `key`, ignoring ASCII case in `key`.
  private static func nameEquals(_ packed: UInt32, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    withName(packed) { ASCII.equalsLowercased(key, lowercase: $0) }
  }
}
