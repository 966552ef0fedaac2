// The rule that a parameter name counts once (RFC 6266 §4.1 for Content-Disposition, WHATWG MIME
// type step 11.10), checked in constant time per name however many parameters a header has.

/// The positions of the names kept so far in a caller's array, by hash: open addressing with
/// linear probing, each slot holding a name's hash and its position (16 bytes), so no name is
/// stored twice and names are compared only when their hashes match (a look-back over thousands
/// was quadratic; a `Set<String>` cost about four times as much per name).
///
/// The hash is a keyed multiply-fold over 8-byte words, with keys drawn at random once per
/// process: a server cannot see them, so it cannot choose names that collide. Should probing ever
/// run long anyway (more than `probeLimit` slots for one name), the set moves its names into a
/// `Set<String>` (SipHash) and carries on there: linear time holds whatever the names are.
struct NameSet {
  private struct Slot {
    var hash: UInt64
    /// Position in the caller's array; -1 when empty.
    var position: Int
  }

  private var slots: [Slot]
  private var count = 0
  /// Where the names go once probing ran long (see above).
  private var fallback: Set<String>?
  static let probeLimit = 64
  private static let keys = (UInt64.random(in: 1...UInt64.max) | 1, UInt64.random(in: 1...UInt64.max) | 1)

  /// A set with room for `capacity` names before it grows.
  init(capacity: Int) {
    var size = 16
    while size < 2 * capacity { size <<= 1 }
    slots = Array(repeating: Slot(hash: 0, position: -1), count: size)
  }

  /// Records the name at `position` of the caller's array unless an equal name was recorded
  /// (`names(k)` is the name at position k). Returns whether it was new.
  mutating func insert(_ name: String, at position: Int, names: (Int) -> String) -> Bool {
    if fallback != nil { return fallback!.insert(name).inserted }
    if 2 * (count + 1) > slots.count { grow() }
    var copy = name
    let hash = copy.withUTF8 { Self.hash($0) }
    let mask = slots.count - 1
    var i = Int(truncatingIfNeeded: hash) & mask
    var probes = 0
    while slots[i].position >= 0 {
      if slots[i].hash == hash && names(slots[i].position) == name { return false }
      i = (i + 1) & mask
      probes += 1
      if probes > Self.probeLimit {
        moveToFallback(names)
        return fallback!.insert(name).inserted
      }
    }
    slots[i] = Slot(hash: hash, position: position)
    count += 1
    return true
  }

  /// Switches to a `Set<String>` of the names recorded so far.
  private mutating func moveToFallback(_ names: (Int) -> String) {
    var set = Set<String>(minimumCapacity: 2 * count)
    for s in slots where s.position >= 0 { set.insert(names(s.position)) }
    slots = []
    fallback = set
  }

  /// The keyed hash of a name's bytes.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
      let (high, low) = a.multipliedFullWidth(by: b)
      return high ^ low
    }
    var h = keys.0 ^ UInt64(truncatingIfNeeded: bytes.count)
    var k = 0
    if let base = bytes.baseAddress {
      while k + 8 <= bytes.count {
        h = fold(h ^ UnsafeRawPointer(base).loadUnaligned(fromByteOffset: k, as: UInt64.self), keys.1)
        k += 8
      }
    }
    var tail: UInt64 = 0
    for j in k..<bytes.count { tail |= UInt64(bytes[j]) << UInt64(8 * (j - k)) }
    return fold(h ^ tail, keys.1)
  }

  /// Doubles the table, placing every recorded name again.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Slot(hash: 0, position: -1), count: 2 * old.count)
    let mask = slots.count - 1
    for s in old where s.position >= 0 {
      var i = Int(truncatingIfNeeded: s.hash) & mask
      while slots[i].position >= 0 { i = (i + 1) & mask }
      slots[i] = s
    }
  }
}
