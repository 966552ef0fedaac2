public import CFilenameKit
import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The operations of include/filenamekit.h. Each reads its inputs as the batch op of the same name
// does and reports the same fields (README "The batch protocol").

@c(fnk_suggest)
public func fnkSuggest(
  _ metadata: UnsafePointer<fnk_metadata>?, _ options: UnsafePointer<fnk_options>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> fnk_status {
  runOperation(out) { () throws(CAPIError) in
    guard let metadata else { throw CAPIError(FNK_ERR_NULL_ARGUMENT, "metadata is NULL") }
    let size = Int(metadata.pointee.struct_size)
    guard size >= MemoryLayout<fnk_metadata>.size else {
      throw CAPIError(FNK_ERR_INVALID_ARGUMENT, "metadata.struct_size is \(size) (set it with FNK_METADATA_INIT)")
    }
    let m = metadata.pointee
    let o = try CInput.options(options)
    let url = try CInput.bytes(m.url, m.url_length, "metadata.url").map(CInput.urlText)
    var input = DownloadMetadata(
      url: url,
      contentDisposition: try CInput.bytes(
        m.content_disposition, m.content_disposition_length,
        "metadata.content_disposition"
      ).map(Array.init),
      contentType: try CInput.bytes(m.content_type, m.content_type_length, "metadata.content_type").map(Array.init),
      suggestedName: try CInput.text(m.suggested_name, m.suggested_name_length, "metadata.suggested_name"))
    if let content = try CInput.bytes(m.content, m.content_length, "metadata.content") {
      input.leadingBytes = Array(content.prefix(ContentSniffer.maxBytes))
    }
    return CSuggestionFields.result(suggestFilename(for: input, options: o.suggestion))
  }
}

@c(fnk_parse_disposition)
public func fnkParseDisposition(
  _ header: UnsafePointer<UInt8>?, _ length: Int, _ options: UnsafePointer<fnk_options>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> fnk_status {
  runOperation(out) { () throws(CAPIError) in
    let bytes = try CInput.requiredBytes(header, length, "header")
    let o = try CInput.options(options)
    var po = ContentDisposition.Options()
    po.profile = o.profile
    po.fallbackCharset = o.referrerCharset
    // Off unless asked for, as in the batch op: its answers for raw bytes predate detection.
    po.detectCharset = o.given && o.detect
    let (cd, guess) = ContentDisposition.parseDetectingCharset(bytes, options: po, language: o.language)
    var b = CFieldBlock.Builder()
    CDispositionFields.write(cd, to: &b)
    b.string(FNK_FIELD_DETECTED_CHARSET, guess?.charset.name)
    return CResult(kind: FNK_KIND_DISPOSITION, b.build())
  }
}

@c(fnk_parse_media_type)
public func fnkParseMediaType(
  _ input: UnsafePointer<UInt8>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> fnk_status {
  runOperation(out) { () throws(CAPIError) in
    let bytes = try CInput.requiredBytes(input, length, "input")
    var b = CFieldBlock.Builder()
    if let t = MediaType(String(decoding: bytes, as: UTF8.self)), String(validating: bytes, as: UTF8.self) != nil {
      b.bool(FNK_FIELD_VALID, true)
      b.string(FNK_FIELD_ESSENCE, t.essence)
      b.string(FNK_FIELD_SERIALIZED, t.description)
      b.list(FNK_FIELD_PARAMETER_NAME, t.parameters) { $0.name }
      b.list(FNK_FIELD_PARAMETER_VALUE, t.parameters) { $0.value }
      b.list(FNK_FIELD_EXTENSION, MediaTypeRegistry.extensions(for: t.essence)) { $0 }
    } else {
      b.bool(FNK_FIELD_VALID, false)
    }
    return CResult(kind: FNK_KIND_MEDIA_TYPE, b.build())
  }
}

@c(fnk_url_filename)
public func fnkURLFilename(
  _ url: UnsafePointer<UInt8>?, _ length: Int, _ options: UnsafePointer<fnk_options>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> fnk_status {
  runOperation(out) { () throws(CAPIError) in
    let text = CInput.urlText(try CInput.bytes(url, length, "url") ?? UnsafeBufferPointer(start: nil, count: 0))
    let o = try CInput.options(options)
    var uo = URLFilenameOptions(detectCharset: o.given && o.detect)
    uo.language = o.language
    uo.fallbackCharset = o.referrerCharset
    let r = URLFilename.extract(from: text, options: uo)
    var b = CFieldBlock.Builder()
    b.string(FNK_FIELD_FILENAME, ParsedFilename.safe(r))
    b.string(FNK_FIELD_CHARSET, r.charset?.name)
    b.string(FNK_FIELD_SOURCE, r.source.map(ParsedFilename.urlSourceName))
    b.string(FNK_FIELD_MEDIA_TYPE, r.mediaType)
    b.int(FNK_FIELD_CONFIDENCE, r.guess.map { Int64($0.confidence) } ?? -1)
    b.list(FNK_FIELD_DIAGNOSTIC, r.diagnostics) { $0.code.rawValue }
    b.string(FNK_FIELD_RAW_FILENAME, r.filename)
    return CResult(kind: FNK_KIND_URL_NAME, b.build())
  }
}

@c(fnk_sanitize)
public func fnkSanitize(
  _ name: UnsafePointer<UInt8>?, _ length: Int, _ options: UnsafePointer<fnk_options>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> fnk_status {
  runOperation(out) { () throws(CAPIError) in
    let text = try CInput.text(name, length, "name") ?? ""
    let o = try CInput.options(options)
    let r = FilenameSanitizer.sanitize(text, for: o.platform, options: o.sanitizer)
    var b = CFieldBlock.Builder()
    CSanitizedFields.write(r, to: &b)
    return CResult(kind: FNK_KIND_SANITIZED, b.build())
  }
}

@c(fnk_claim_unique)
public func fnkClaimUnique(
  _ directory: UnsafePointer<UInt8>?, _ directoryLength: Int, _ name: UnsafePointer<UInt8>?, _ nameLength: Int,
  _ options: UnsafePointer<fnk_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> fnk_status {
  runOperation(out) { () throws(CAPIError) in
    guard let dir = try CInput.text(directory, directoryLength, "directory"), !dir.isEmpty else {
      throw CAPIError(FNK_ERR_NULL_ARGUMENT, "directory is empty")
    }
    let text = try CInput.text(name, nameLength, "name") ?? ""
    let o = try CInput.options(options)
    let safe = FilenameSanitizer.sanitize(text, for: o.platform, options: o.sanitizer)
    let claimed: (fd: Int32, name: String)
    do throws(UniqueFilenameError) {
      claimed = try UniqueFilename.claim(directory: dir, name: safe.name, for: o.platform)
    } catch {
      throw CAPIError(FNK_ERR_IO, error.message)
    }
    var b = CFieldBlock.Builder()
    b.string(FNK_FIELD_FILENAME, claimed.name)
    b.int(FNK_FIELD_FD, Int64(claimed.fd))
    b.string(FNK_FIELD_RISK, safe.risk.rawValue)
    b.list(FNK_FIELD_CHANGE, safe.changes) { $0.code.rawValue }
    return CResult(kind: FNK_KIND_CLAIM, b.build())
  }
}
