internal import CFilenameKit
import FilenameKit

/// A suggestion's fields, as the batch op `suggest` reports them: the name and the decision's codes at
/// once; the composed text, the sniffing report and the trace when first read.
enum CSuggestionFields {
  static func result(_ s: consuming Suggestion) -> CResult {
    var b = CFieldBlock.Builder()
    b.string(FNK_FIELD_FILENAME, s.filename)
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
