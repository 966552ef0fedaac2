/// Text built one scalar at a time, kept as UTF-8 bytes in one array and turned into a `String`
/// once at the end. Appending to a `String.UnicodeScalarView` re-checks the string's storage on
/// every scalar (most of the sanitizer's time on a long name); here
/// an append is an array append of one to four bytes.
struct UTF8Buffer {
  private(set) var bytes: [UInt8] = []

  /// An empty buffer with room for `capacity` bytes.
  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  var isEmpty: Bool { bytes.isEmpty }

  /// The text built so far.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  mutating func append(_ s: Unicode.Scalar) {
    UTF8.encode(s) { bytes.append($0) }
  }

  /// The last scalar, or nil when empty.
  var last: Unicode.Scalar? {
    guard let start = lastScalarStart else { return nil }
    return bytes.withUnsafeBufferPointer { UTF8Validation.scalar(in: $0, at: start).scalar }
  }

  /// Removes the last scalar, if any.
  mutating func removeLast() { removeLast(1) }

  /// Removes the last `count` scalars (all of them when there are fewer), in one cut (a
  /// `removeSubrange` per scalar went through the generic replace path, tens of instructions each).
  mutating func removeLast(_ count: Int) {
    var end = bytes.count
    var removed = 0
    while removed < count && end > 0 {
      end -= 1
      while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      removed += 1
    }
    dropBytes(to: end)
  }

  /// Cuts the bytes back to `end`, one `removeLast()` a byte: `Array.removeLast(_:)` goes through
  /// the generic `replaceSubrange`, and a cut is a few bytes.
  private mutating func dropBytes(to end: Int) {
    while bytes.count > end { bytes.removeLast() }
  }

  /// Where the last scalar's bytes begin (the bytes are valid UTF-8: only scalars are appended).
  private var lastScalarStart: Int? {
    guard var i = bytes.indices.last else { return nil }
    while i > 0 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }
}
