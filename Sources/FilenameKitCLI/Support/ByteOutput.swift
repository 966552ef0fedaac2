/// Where JSON text is written, a byte or a run at a time: an array (the commands, which print one
/// value) or `OutputBuffer` (the batch engine, which writes every answer into one buffer).
protocol ByteOutput {
  mutating func append(_ byte: UInt8)
  mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
  mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// The batch engine's output: a growable byte buffer whose appends are a capacity check and a
/// store. An `Array` append checks uniqueness and capacity on every call, and writing an answer
/// is mostly appends.
///
/// Copies share the buffer (each holds the address of its state), so a field writer and the engine
/// write into one; whoever made it frees it with `deallocate()` once no copy is used any more.
struct OutputBuffer: ByteOutput {
  private struct State {
    var base: UnsafeMutablePointer<UInt8>
    var count: Int
    var capacity: Int
  }

  private let state: UnsafeMutablePointer<State>

  init(capacity: Int = 1 << 16) {
    let capacity = max(capacity, 16)
    state = .allocate(capacity: 1)
    state.initialize(to: State(base: .allocate(capacity: capacity), count: 0, capacity: capacity))
  }

  /// Frees the bytes; no copy of this buffer may be used after.
  func deallocate() {
    state.pointee.base.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// The number of bytes written.
  var count: Int { state.pointee.count }

  @inline(__always) func append(_ byte: UInt8) {
    if state.pointee.count == state.pointee.capacity { grow(toHold: 1) }
    state.pointee.base[state.pointee.count] = byte
    state.pointee.count += 1
  }

  @inline(__always) func append(bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    guard let from = bytes.baseAddress, n > 0 else { return }
    if state.pointee.capacity - state.pointee.count < n { grow(toHold: n) }
    let to = state.pointee.base + state.pointee.count
    if n >= 8 && n <= 32 {
      // Most runs are short (a key, a piece of a trace entry): copied a word at a time, the last
      // word overlapping the one before, without a call to memcpy.
      let (src, dst) = (UnsafeRawPointer(from), UnsafeMutableRawPointer(to))
      @inline(__always) func word(at k: Int) {
        dst.storeBytes(of: src.loadUnaligned(fromByteOffset: k, as: UInt64.self), toByteOffset: k, as: UInt64.self)
      }
      var k = 0
      while k + 8 < n {
        word(at: k)
        k += 8
      }
      word(at: n - 8)
    } else {
      to.initialize(from: from, count: n)
    }
    state.pointee.count += n
  }

  /// Drops the bytes from `count` on (an answer abandoned for an error line).
  func truncate(to count: Int) {
    precondition(count >= 0 && count <= state.pointee.count)
    state.pointee.count = count
  }

  /// Empties the buffer, keeping its capacity.
  func removeAll() { state.pointee.count = 0 }

  /// A copy of the bytes from `start` on.
  func bytes(from start: Int) -> [UInt8] {
    withBytes { Array($0[start...]) }
  }

  /// Lends the bytes written.
  func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(UnsafeBufferPointer(start: state.pointee.base, count: state.pointee.count))
  }

  /// Doubles the capacity until `extra` more bytes fit.
  @inline(never) private func grow(toHold extra: Int) {
    var capacity = state.pointee.capacity
    while capacity - state.pointee.count < extra { capacity *= 2 }
    let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    base.initialize(from: state.pointee.base, count: state.pointee.count)
    state.pointee.base.deallocate()
    state.pointee.base = base
    state.pointee.capacity = capacity
  }
}
