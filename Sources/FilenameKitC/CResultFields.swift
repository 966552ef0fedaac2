internal import CFilenameKit
import FilenameKit

/// A suggestion's fields, as the batch op `suggest` reports them: the name and the decision's codes at
/// once; the composed text, the sniffing report and the trace when first read.
enum CSuggestionFields {
  static func result(_ s: consuming Suggestion) -> CResult {
    var b = CFieldBlock.Builder()
    b.string(FNK_FIELD_FILENAME, s.filename.string)
    b.string(FNK_FIELD_SOURCE, s.source.rawValue)
    b.string(FNK_FIELD_MEDIA_TYPE, s.mediaType?.essence)
    b.bool(FNK_FIELD_DOWNLOAD, s.decision.isDownload)
    b.string(FNK_FIELD_REASON, s.decision.reason.rawValue)
    b.string(FNK_FIELD_RISK, s.risk.rawValue)
    b.list(FNK_FIELD_DISGUISE, s.disguise) { $0.rawValue }
    return CResult(kind: FNK_KIND_SUGGESTION, b.build(), suggestion: consume s)
  }

  /// The later block of a field: 0 the details, 1 the trace (unrecorded, it costs a second run).
  static func block(_ f: fnk_field) -> Int? {
    switch f {
    case FNK_FIELD_TRACE_CODE, FNK_FIELD_TRACE_DETAIL: 1
    case FNK_FIELD_MEDIA_TYPE_SERIALIZED, FNK_FIELD_DECISION_DETAIL, FNK_FIELD_CONFLICT, FNK_FIELD_CONFLICT_CODE,
      FNK_FIELD_SNIFFED_MEDIA_TYPE, FNK_FIELD_SNIFFED_RULE, FNK_FIELD_SNIFFED_BYTES_EXAMINED,
      FNK_FIELD_SNIFFED_EXECUTABLE, FNK_FIELD_SNIFFED_DETAIL, FNK_FIELD_MISMATCH_EXTENSION,
      FNK_FIELD_MISMATCH_MEDIA_TYPE, FNK_FIELD_MISMATCH_EXPECTED:
      0
    default: nil
    }
  }

  static func details(_ s: Suggestion, _ which: Int) -> CFieldBlock {
    var b = CFieldBlock.Builder()
    if which == 1 {
      let trace = s.trace
      b.list(FNK_FIELD_TRACE_CODE, trace) { $0.code.rawValue }
      b.list(FNK_FIELD_TRACE_DETAIL, trace) { $0.detail }
      return b.build()
    }
    b.string(FNK_FIELD_MEDIA_TYPE_SERIALIZED, s.mediaType?.description)
    b.string(FNK_FIELD_DECISION_DETAIL, s.decision.detail)
    b.string(FNK_FIELD_CONFLICT, s.decision.conflict?.detail)
    b.string(FNK_FIELD_CONFLICT_CODE, s.decision.conflict?.code.rawValue)
    let sniffed = s.sniffed
    b.string(FNK_FIELD_SNIFFED_MEDIA_TYPE, sniffed?.mediaType)
    b.string(FNK_FIELD_SNIFFED_RULE, sniffed?.rule.rawValue)
    b.int(FNK_FIELD_SNIFFED_BYTES_EXAMINED, sniffed.map { Int64($0.bytesExamined) } ?? -1)
    b.int(FNK_FIELD_SNIFFED_EXECUTABLE, sniffed.map { $0.isExecutable ? 1 : 0 } ?? -1)
    b.string(FNK_FIELD_SNIFFED_DETAIL, sniffed?.detail)
    let mismatch = s.extensionMismatch
    b.string(FNK_FIELD_MISMATCH_EXTENSION, mismatch?.fileExtension)
    b.string(FNK_FIELD_MISMATCH_MEDIA_TYPE, mismatch?.mediaType)
    b.string(FNK_FIELD_MISMATCH_EXPECTED, mismatch?.expected)
    return b.build()
  }
}

/// A parsed header's fields, as the batch op `disposition` reports them.
enum CDispositionFields {
  static func write(_ cd: ContentDisposition, to b: inout CFieldBlock.Builder) {
    b.string(FNK_FIELD_TYPE, cd.isEmpty ? nil : cd.type.name)
    b.string(FNK_FIELD_FILENAME, ParsedFilename.safe(cd)?.name)
    let params = cd.parameters
    b.list(FNK_FIELD_PARAMETER_NAME, params) { $0.name }
    b.list(FNK_FIELD_PARAMETER_VALUE, params) { $0.value }
    b.list(FNK_FIELD_DIAGNOSTIC, cd.diagnostics) { $0.code.rawValue }
  }
}

/// A sanitized name's fields, as the batch op `sanitize` reports them.
enum CSanitizedFields {
  static func write(_ r: SanitizedFilename, to b: inout CFieldBlock.Builder) {
    b.string(FNK_FIELD_FILENAME, r.name)
    b.list(FNK_FIELD_CHANGE, r.changes) { $0.code.rawValue }
    b.string(FNK_FIELD_RISK, r.risk.rawValue)
    b.list(FNK_FIELD_DISGUISE, r.disguise) { $0.rawValue }
    b.list(FNK_FIELD_CHANGE_DETAIL, r.changes) { $0.detail }
  }
}

/// A suggestion's name and decision written into the caller's buffer (`fnk_suggest_name`): each
/// string NUL-terminated, in the order of `fnk_name`'s fields, the disguise codes joined by ','.
enum CNameFields {
  static func write(
    _ s: consuming Suggestion, to out: UnsafeMutablePointer<fnk_name>, _ buffer: UnsafeMutableRawPointer?,
    _ capacity: Int
  ) throws(CAPIError) -> fnk_status {
    var w = Writer(base: buffer, capacity: capacity)
    let filename = w.append(s.filename.string)
    let source = w.append(s.source.rawValue)
    let mediaType = w.append(s.mediaType?.essence)
    let reason = w.append(s.decision.reason.rawValue)
    let risk = w.append(s.risk.rawValue)
    let disguise = w.append(list: s.disguise)
    out.pointee.download = s.decision.isDownload ? 1 : 0
    out.pointee.length = w.used
    guard w.used <= capacity else {
      let empty = fnk_string(data: nil, length: 0)
      (out.pointee.filename, out.pointee.source, out.pointee.media_type) = (empty, empty, empty)
      (out.pointee.reason, out.pointee.risk, out.pointee.disguise) = (empty, empty, empty)
      throw CAPIError(FNK_ERR_BUFFER_TOO_SMALL, "the buffer holds \(capacity) bytes; the answer needs \(w.used)")
    }
    (out.pointee.filename, out.pointee.source, out.pointee.media_type) = (filename, source, mediaType)
    (out.pointee.reason, out.pointee.risk, out.pointee.disguise) = (reason, risk, disguise)
    return FNK_OK
  }

  /// Appends strings while they fit; counts the bytes all of them need either way.
  struct Writer {
    let base: UnsafeMutableRawPointer?
    let capacity: Int
    var used = 0

    init(base: UnsafeMutableRawPointer?, capacity: Int) {
      self.base = base
      self.capacity = capacity
    }

    /// `s` and its NUL, where it went ({ NULL, 0 } when absent or when it did not fit).
    @inline(__always)
    mutating func append(_ s: String?) -> fnk_string {
      guard let s else { return fnk_string(data: nil, length: 0) }
      let count = s.utf8.count
      let start = used
      used += count + 1
      guard used <= capacity, let base else { return fnk_string(data: nil, length: 0) }
      let text = base + start
      let copied: Void? = s.utf8.withContiguousStorageIfAvailable { u in
        if let p = u.baseAddress { text.copyMemory(from: p, byteCount: u.count) }
      }
      if copied == nil {
        for (k, byte) in s.utf8.enumerated() { text.storeBytes(of: byte, toByteOffset: k, as: UInt8.self) }
      }
      text.storeBytes(of: 0, toByteOffset: count, as: UInt8.self)
      return fnk_string(data: text.assumingMemoryBound(to: CChar.self), length: count)
    }

    /// Codes joined by ',' (an empty string for none).
    mutating func append(list codes: [SanitizedFilename.Disguise]) -> fnk_string {
      if codes.count <= 1 { return append(codes.first?.rawValue ?? "") }
      return append(codes.lazy.map(\.rawValue).joined(separator: ","))
    }
  }
}
