public import CFilenameKit
import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The operations of include/filenamekit.h. Each reads its inputs as the batch op of the same name
// does and reports the same fields (the DocC article BatchProtocol.md).

@c(fnk_suggest)
public func fnkSuggest(
  _ metadata: UnsafePointer<fnk_metadata>?, _ options: UnsafePointer<fnk_options>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> fnk_status {
  runOperation(out) { () throws(CAPIError) in
    let (input, o) = try CInput.suggestion(metadata, options)
    return CSuggestionFields.result(suggestFilename(for: input, options: o))
  }
}

@c(fnk_suggest_name)
public func fnkSuggestName(
  _ metadata: UnsafePointer<fnk_metadata>?, _ options: UnsafePointer<fnk_options>?,
  _ out: UnsafeMutablePointer<fnk_name>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> fnk_status {
  guard let out else { return CAPIError(FNK_ERR_NULL_ARGUMENT, "out is NULL").record() }
  do throws(CAPIError) {
    try CInput.structSize(out.pointee.struct_size, MemoryLayout<fnk_name>.size, "out", "FNK_NAME_INIT")
    guard capacity >= 0, capacity <= Int(1 << 30) else {
      throw CAPIError(FNK_ERR_TOO_LARGE, "capacity is larger than FNK_MAX_INPUT")
    }
    guard buffer != nil || capacity == 0 else { throw CAPIError(FNK_ERR_NULL_ARGUMENT, "buffer is NULL") }
    if let problem = TextServicesStatus.problem { throw CAPIError(FNK_ERR_ICU_UNAVAILABLE, problem) }
    let (input, o) = try CInput.suggestion(metadata, options)
    return try CNameFields.write(
      suggestFilename(for: input, options: o), to: out, UnsafeMutableRawPointer(buffer), capacity)
  } catch {
    return error.record()
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
    return CResult(kind: FNK_KIND_URL_NAME, b.build(), urlDisposition: r.contentDisposition)
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
    let dir = try CInput.path(directory, directoryLength, "directory")
    let text = try CInput.text(name, nameLength, "name") ?? ""
    let o = try CInput.options(options)
    let safe = FilenameSanitizer.sanitize(text, for: o.platform, options: o.sanitizer)
    let claimed: (fd: Int32, name: String)
    do throws(UniqueFilenameError) {
      let dirFD = try UniqueFilename.openDirectory(bytes: dir.bytes, named: dir.display)
      defer { _ = close(dirFD) }
      claimed = try UniqueFilename.claim(
        directoryFD: dirFD, named: dir.display, name: safe.name, for: o.platform, maxLength: o.maxLength)
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
