internal import CFilenameKit

/// A thread's reusable input buffers: a suggestion's header and body bytes are copied into them, so a
/// call allocates nothing for those once the thread's buffers have grown to their size. The core holds
/// a copy of an array while it runs (and a result may keep one); the next call's `copy` then finds the
/// array shared and, by copy-on-write, writes a new one, so a buffer is never changed under a reader.
struct CScratch {
  var disposition: [UInt8] = []
  var contentType: [UInt8] = []
  var content: [UInt8] = []

  /// Inputs longer than this are copied into arrays of their own, so that no thread keeps a large
  /// buffer after its call.
  static let largest = 1 << 16

  /// This thread's buffers (made on its first call, freed when it exits); nil when the thread cannot
  /// keep them (then every call allocates, as without them).
  static func current() -> UnsafeMutablePointer<CScratch>? {
    if let p = cfnk_thread_scratch() { return p.assumingMemoryBound(to: CScratch.self) }
    let p = UnsafeMutablePointer<CScratch>.allocate(capacity: 1)
    p.initialize(to: CScratch())
    let kept = cfnk_thread_scratch_set(p) { raw in
      guard let p = raw?.assumingMemoryBound(to: CScratch.self) else { return }
      p.deinitialize(count: 1)
      p.deallocate()
    }
    guard kept != 0 else {
      p.deinitialize(count: 1)
      p.deallocate()
      return nil
    }
    return p
  }

  enum Buffer { case disposition, contentType, content }

  /// `bytes` as an array: the thread's buffer `which` refilled, or a new array.
  @inline(__always)
  static func copy(_ bytes: UnsafeBufferPointer<UInt8>, into scratch: UnsafeMutablePointer<CScratch>?, _ which: Buffer)
    -> [UInt8]
  {
    guard let scratch, bytes.count <= largest else { return Array(bytes) }
    switch which {
    case .disposition: return scratch.pointee.disposition.refill(bytes)
    case .contentType: return scratch.pointee.contentType.refill(bytes)
    case .content: return scratch.pointee.content.refill(bytes)
    }
  }
}

extension Array where Element == UInt8 {
  /// Replaces the contents with `bytes` in the same storage when it is unshared and large enough.
  @inline(__always)
  fileprivate mutating func refill(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    replaceSubrange(startIndex..<endIndex, with: bytes)
    return self
  }
}
