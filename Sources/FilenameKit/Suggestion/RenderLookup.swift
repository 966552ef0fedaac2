/// The three sets of `RenderCapabilities` as one open-addressing table of UTF-8 keys (`canRender`
/// asked two or three `Set<String>` lookups, each a SipHash of the string, for every
/// download without an attachment header). Built whenever a set changes; exact, case-sensitive
/// matches, as the sets' own `contains`.
struct RenderLookup: Sendable {
  /// What a key is in: an essence that renders, a top-level type that renders, an excluded essence.
  struct Membership: OptionSet, Sendable {
    let rawValue: UInt8
    static let essence = Membership(rawValue: 1)
    static let type = Membership(rawValue: 2)
    static let excluded = Membership(rawValue: 4)
  }

  /// Entry index + 1 at `ASCII.caseFoldedHash(key) & (count - 1)` and onwards (0 is empty).
  private var slots: [Int32]
  private var keys: [[UInt8]]
  private var memberships: [Membership]

  init(essences: Set<String>, types: Set<String>, excluded: Set<String>) {
    var keys: [[UInt8]] = []
    var memberships: [Membership] = []
    var index: [String: Int] = [:]
    for (set, membership) in [(essences, Membership.essence), (types, .type), (excluded, .excluded)] {
      for key in set {
        if let i = index[key] {
          memberships[i].insert(membership)
        } else {
          index[key] = keys.count
          keys.append(Array(key.utf8))
          memberships.append(membership)
        }
      }
    }
    var size = 4
    while size < keys.count * 2 { size *= 2 }
    var slots = [Int32](repeating: 0, count: size)
    for (k, key) in keys.enumerated() {
      var i = Int(key.withUnsafeBufferPointer(ASCII.caseFoldedHash) & UInt32(size - 1))
      while slots[i] != 0 { i = (i + 1) & (size - 1) }
      slots[i] = Int32(k + 1)
    }
    self.slots = slots
    self.keys = keys
    self.memberships = memberships
  }

  /// The sets `key` is in (empty when none).
  func membership(of key: UnsafeBufferPointer<UInt8>) -> Membership {
    let mask = slots.count - 1
    var i = Int(ASCII.caseFoldedHash(key) & UInt32(mask))
    while true {
      let s = Int(slots[i])
      if s == 0 { return [] }
      if keys[s - 1].withUnsafeBufferPointer({ ASCII.bytesEqual($0, key) }) { return memberships[s - 1] }
      i = (i + 1) & mask
    }
  }
}
