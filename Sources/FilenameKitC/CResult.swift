internal import CFilenameKit
import Synchronization

/// One result of the C API: its fields as NUL-terminated UTF-8 strings in one block of memory, lists
/// of them, and integers, read by field number. Fields that cost a second pipeline run (a
/// suggestion's trace) are built on first read, once, under a lock.
final class CResult: @unchecked Sendable {
  // Unchecked: `main` is immutable after init; `late` is guarded by its mutex, and once built never
  // changes, so the pointers handed out stay valid until deinit.
  let kind: fnk_kind
  private let main: CFieldBlock
  private let lateFields: Set<UInt32>
  private let makeLate: (@Sendable () -> CFieldBlock)?
  private let late = Mutex<CFieldBlock?>(nil)

  init(
    kind: fnk_kind, _ fields: CFieldBlock, late: Set<fnk_field> = [],
    makeLate: (@Sendable () -> CFieldBlock)? = nil
  ) {
    self.kind = kind
    self.main = fields
    self.lateFields = Set(late.map(\.rawValue))
    self.makeLate = makeLate
  }

  /// Registers the result in the handle table (retained until `fnk_free`); nil when the table is full.
  func register() -> UnsafeMutableRawPointer? {
    let object = Unmanaged.passRetained(self)
    guard let handle = cfnk_handle_register(object.toOpaque()) else {
      object.release()
      return nil
    }
    return UnsafeMutableRawPointer(handle)
  }

  /// The result a handle stands for, or nil (NULL, freed, foreign).
  static func lookup(_ handle: OpaquePointer?) -> CResult? {
    guard let object = cfnk_handle_lookup(handle) else { return nil }
    return Unmanaged<CResult>.fromOpaque(object).takeUnretainedValue()
  }

  /// The block holding `field`, or nil when this kind of result has no such field.
  func block(for field: fnk_field) -> CFieldBlock? {
    if main.has(field) { return main }
    guard lateFields.contains(field.rawValue), let makeLate else { return nil }
    return late.withLock { block in
      if let block { return block }
      let built = makeLate()
      block = built
      return built
    }
  }
}

/// Fields written once into one allocation: strings (NUL-terminated), lists of strings, integers.
final class CFieldBlock: @unchecked Sendable {
  // Unchecked: immutable after init; `storage` is freed only in deinit.
  private let storage: UnsafeMutablePointer<UInt8>
  private let entries: [Entry]
  private let items: [Span]

  /// Where a string is: offset -1 is an absent value.
  struct Span {
    var offset: Int
    var length: Int
  }

  /// A field: a string (`span`), an integer (`value`) or a list (items `first..<first + count`).
  enum Entry {
    case string(UInt32, Span)
    case int(UInt32, Int64)
    case list(UInt32, first: Int, count: Int)

    var field: UInt32 {
      switch self {
      case .string(let f, _), .int(let f, _), .list(let f, _, _): f
      }
    }
  }

  fileprivate init(bytes: [UInt8], entries: [Entry], items: [Span]) {
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { storage.initialize(from: base, count: $0.count) } }
    self.storage = storage
    self.entries = entries
    self.items = items
  }

  deinit { storage.deallocate() }

  func has(_ field: fnk_field) -> Bool { entries.contains { $0.field == field.rawValue } }

  private func entry(_ field: fnk_field) -> Entry? { entries.first { $0.field == field.rawValue } }

  private func string(_ s: Span) -> fnk_string {
    guard s.offset >= 0 else { return fnk_string(data: nil, length: 0) }
    return fnk_string(
      data: UnsafeRawPointer(storage + s.offset).assumingMemoryBound(to: CChar.self), length: s.length)
  }

  /// A string field's value; nil when the field is not a string field.
  func string(_ field: fnk_field) -> fnk_string? {
    guard case .string(_, let s)? = entry(field) else { return nil }
    return string(s)
  }

  /// An integer field's value; nil when the field is not an integer field.
  func int(_ field: fnk_field) -> Int64? {
    guard case .int(_, let v)? = entry(field) else { return nil }
    return v
  }

  /// A list field's length; nil when the field is not a list.
  func count(_ field: fnk_field) -> Int? {
    guard case .list(_, _, let n)? = entry(field) else { return nil }
    return n
  }

  /// Item `index` of a list field: nil when not a list, `.outOfRange` past its end.
  func item(_ field: fnk_field, _ index: Int) -> Item {
    guard case .list(_, let first, let n)? = entry(field) else { return .notAList }
    guard index >= 0, index < n else { return .outOfRange(n) }
    return .value(string(items[first + index]))
  }

  enum Item {
    case value(fnk_string)
    case notAList
    case outOfRange(Int)
  }

  /// Collects fields into one block.
  struct Builder {
    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    private var items: [Span] = []

    init() { bytes.reserveCapacity(256) }

    private mutating func append(_ s: String?) -> Span {
      guard var s else { return Span(offset: -1, length: 0) }
      let offset = bytes.count
      s.withUTF8 { bytes.append(contentsOf: $0) }
      bytes.append(0)
      return Span(offset: offset, length: bytes.count - offset - 1)
    }

    mutating func string(_ field: fnk_field, _ s: String?) {
      entries.append(.string(field.rawValue, append(s)))
    }

    mutating func int(_ field: fnk_field, _ v: Int64) { entries.append(.int(field.rawValue, v)) }

    mutating func bool(_ field: fnk_field, _ v: Bool) { int(field, v ? 1 : 0) }

    mutating func list<S: Sequence>(_ field: fnk_field, _ values: S, _ text: (S.Element) -> String?) {
      let first = items.count
      for v in values { items.append(append(text(v))) }
      entries.append(.list(field.rawValue, first: first, count: items.count - first))
    }

    func build() -> CFieldBlock { CFieldBlock(bytes: bytes, entries: entries, items: items) }
  }
}
