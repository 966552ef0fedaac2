internal import CFilenameKit
import FilenameKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One result of the C API: its fields as NUL-terminated UTF-8 strings in blocks of memory, lists
/// of them, and integers, read by field number. The fields most callers read are written when the
/// result is made; the others (composed text, a suggestion's trace, which costs a second pipeline run)
/// in up to two later blocks, each built on the first read of one of its fields, once, under a lock.
final class CResult: @unchecked Sendable {
  // Unchecked: `main` is immutable after init; the later blocks are guarded by the mutex and, once
  // built, never change, so the pointers handed out stay valid until deinit.
  let kind: fnk_kind
  private let main: CFieldBlock
  /// What the later blocks are built from (a suggestion), or nil when every field is in `main`.
  private let suggestion: Suggestion?
  private let built = Mutex<(CFieldBlock?, CFieldBlock?)>((nil, nil))

  /// The header of a URL name (a presigned URL's), for `fnk_result_disposition`.
  private let urlDisposition: ContentDisposition?

  init(
    kind: fnk_kind, _ fields: CFieldBlock, suggestion: consuming Suggestion? = nil,
    urlDisposition: ContentDisposition? = nil
  ) {
    self.kind = kind
    self.main = fields
    self.suggestion = suggestion
    self.urlDisposition = urlDisposition
  }

  /// The Content-Disposition header the result was read from: nil for a kind that has none, `.some(nil)`
  /// when this one had no header.
  var disposition: ContentDisposition?? {
    switch kind {
    case FNK_KIND_SUGGESTION: .some(suggestion?.contentDisposition)
    case FNK_KIND_URL_NAME: .some(urlDisposition)
    default: nil
    }
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
    guard let suggestion, let which = CSuggestionFields.block(field) else { return nil }
    return built.withLock { blocks in
      if let b = which == 0 ? blocks.0 : blocks.1 { return b }
      let b = CSuggestionFields.details(suggestion, which)
      if which == 0 { blocks.0 = b } else { blocks.1 = b }
      return b
    }
  }
}

/// Fields written once: strings (NUL-terminated) in one buffer, lists of strings, integers.
final class CFieldBlock: @unchecked Sendable {
  // Unchecked: immutable after init; `storage` is freed only in deinit.
  private let storage: UnsafeMutableRawPointer
  private let entries: CFieldBlock.Entries
  private let entryCount: Int
  private let items: [Span]

  /// The most fields one block holds (a suggestion's details block has 13), inline in the block.
  static let maxFields = 16
  typealias Entries = InlineArray<16, Entry>

  /// Where a string is: offset -1 is an absent value.
  struct Span {
    var offset: Int32
    var length: Int32
  }

  /// A field: a string (`span`), an integer (`value`) or a list (items `first..<first + count`).
  enum Entry {
    case string(UInt32, Span)
    case int(UInt32, Int64)
    case list(UInt32, first: Int32, count: Int32)

    var field: UInt32 {
      switch self {
      case .string(let f, _), .int(let f, _), .list(let f, _, _): f
      }
    }
  }

  fileprivate init(
    storage: UnsafeMutableRawPointer, entries: CFieldBlock.Entries, count: Int, items: [Span]
  ) {
    self.storage = storage
    self.entries = entries
    self.entryCount = count
    self.items = items
  }

  deinit { free(storage) }

  func has(_ field: fnk_field) -> Bool { entry(field) != nil }

  private func entry(_ field: fnk_field) -> Entry? {
    for k in 0..<entryCount where entries[k].field == field.rawValue { return entries[k] }
    return nil
  }

  private func string(_ s: Span) -> fnk_string {
    guard s.offset >= 0 else { return fnk_string(data: nil, length: 0) }
    return fnk_string(data: (storage + Int(s.offset)).assumingMemoryBound(to: CChar.self), length: Int(s.length))
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
    return Int(n)
  }

  /// Item `index` of a list field: nil when not a list, `.outOfRange` past its end.
  func item(_ field: fnk_field, _ index: Int) -> Item {
    guard case .list(_, let first, let n)? = entry(field) else { return .notAList }
    guard index >= 0, index < Int(n) else { return .outOfRange(Int(n)) }
    return .value(string(items[Int(first) + index]))
  }

  enum Item {
    case value(fnk_string)
    case notAList
    case outOfRange(Int)
  }

  /// Collects fields into one block. Not copyable: the buffer it writes moves into the block.
  struct Builder: ~Copyable {
    /// The buffer being written; nil once `build` has moved it into a block.
    private var storage: UnsafeMutableRawPointer?
    private var used = 0
    private var capacity: Int
    private var entries = CFieldBlock.Entries(repeating: CFieldBlock.Entry.int(0, 0))
    private var entryCount = 0
    private var items: [Span] = []

    init() {
      capacity = 256
      storage = malloc(capacity)!
    }

    deinit { free(storage) }

    private mutating func add(_ entry: Entry) {
      precondition(entryCount < CFieldBlock.maxFields, "more fields than a block holds")
      entries[entryCount] = entry
      entryCount += 1
    }

    /// Appends `s` and its NUL; where it is. Every offset and length fits 32 bits: inputs are at
    /// most 1 GiB, and no field is more than a few times longer than its input.
    private mutating func append(_ s: String?) -> Span {
      guard var s else { return Span(offset: -1, length: 0) }
      return s.withUTF8 { u in
        let need = used + u.count + 1
        if need > capacity {
          capacity = max(capacity * 2, need)
          storage = realloc(storage, capacity)!
        }
        let buffer = storage!
        if let base = u.baseAddress { (buffer + used).copyMemory(from: base, byteCount: u.count) }
        buffer.storeBytes(of: 0, toByteOffset: used + u.count, as: UInt8.self)
        defer { used = need }
        return Span(offset: Int32(truncatingIfNeeded: used), length: Int32(truncatingIfNeeded: u.count))
      }
    }

    mutating func string(_ field: fnk_field, _ s: String?) {
      add(.string(field.rawValue, append(s)))
    }

    mutating func int(_ field: fnk_field, _ v: Int64) { add(.int(field.rawValue, v)) }

    mutating func bool(_ field: fnk_field, _ v: Bool) { int(field, v ? 1 : 0) }

    mutating func list<S: Sequence>(_ field: fnk_field, _ values: S, _ text: (S.Element) -> String?) {
      let first = items.count
      for v in values { items.append(append(text(v))) }
      add(
        .list(
          field.rawValue, first: Int32(truncatingIfNeeded: first), count: Int32(truncatingIfNeeded: items.count - first)
        ))
    }

    consuming func build() -> CFieldBlock {
      let block = CFieldBlock(storage: storage!, entries: entries, count: entryCount, items: items)
      storage = nil  // the block owns the written buffer now
      return block
    }
  }
}
