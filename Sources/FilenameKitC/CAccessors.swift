public import CFilenameKit
import FilenameKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The accessors of include/filenamekit.h: every field of every result is read through these four.

/// Records an invalid handle or field as the last error.
private func invalid(_ handle: OpaquePointer?, _ field: fnk_field? = nil, _ kind: String = "") {
  if CResult.lookup(handle) == nil {
    _ = CAPIError(FNK_ERR_INVALID_HANDLE, handle == nil ? "the result is NULL" : "not a live result (freed or foreign)")
      .record()
  } else if let field {
    _ = CAPIError(FNK_ERR_INVALID_HANDLE, "this result has no \(kind)field \(field.rawValue)").record()
  }
}

@c(fnk_result_kind)
public func fnkResultKind(_ result: OpaquePointer?) -> Int32 {
  guard let r = CResult.lookup(result) else {
    invalid(result)
    return 0
  }
  return Int32(bitPattern: r.kind.rawValue)
}

@c(fnk_result_string)
public func fnkResultString(_ result: OpaquePointer?, _ field: fnk_field) -> fnk_string {
  if let s = CResult.lookup(result)?.block(for: field)?.string(field) { return s }
  invalid(result, field, "string ")
  return fnk_string(data: nil, length: 0)
}

@c(fnk_result_int)
public func fnkResultInt(_ result: OpaquePointer?, _ field: fnk_field) -> Int64 {
  if let v = CResult.lookup(result)?.block(for: field)?.int(field) { return v }
  invalid(result, field, "integer ")
  return -1
}

@c(fnk_result_count)
public func fnkResultCount(_ result: OpaquePointer?, _ field: fnk_field) -> Int {
  if let n = CResult.lookup(result)?.block(for: field)?.count(field) { return n }
  invalid(result, field, "list ")
  return 0
}

@c(fnk_result_item)
public func fnkResultItem(_ result: OpaquePointer?, _ field: fnk_field, _ index: Int) -> fnk_string {
  guard let block = CResult.lookup(result)?.block(for: field) else {
    invalid(result, field, "list ")
    return fnk_string(data: nil, length: 0)
  }
  switch block.item(field, index) {
  case .value(let s): return s
  case .notAList: invalid(result, field, "list ")
  case .outOfRange(let n):
    _ = CAPIError(FNK_ERR_OUT_OF_RANGE, "index \(index) is past the end of field \(field.rawValue) (\(n) items)")
      .record()
  }
  return fnk_string(data: nil, length: 0)
}

@c(fnk_result_strings)
public func fnkResultStrings(
  _ result: OpaquePointer?, _ fields: UnsafePointer<fnk_field>?, _ count: Int, _ out: UnsafeMutablePointer<fnk_string>?
) -> Int {
  guard let r = CResult.lookup(result) else {
    invalid(result)
    return 0
  }
  guard count > 0 else { return 0 }
  guard let fields, let out, count <= Int(1 << 20) else {
    _ = CAPIError(FNK_ERR_NULL_ARGUMENT, "fields or out is NULL, or count is too large").record()
    return 0
  }
  var found = 0
  for k in 0..<count {
    if let s = r.block(for: fields[k])?.string(fields[k]) {
      out[k] = s
      found += 1
    } else {
      out[k] = fnk_string(data: nil, length: 0)
    }
  }
  return found
}

@c(fnk_result_items)
public func fnkResultItems(
  _ result: OpaquePointer?, _ field: fnk_field, _ out: UnsafeMutablePointer<fnk_string>?, _ capacity: Int
) -> Int {
  guard let block = CResult.lookup(result)?.block(for: field), let n = block.count(field) else {
    invalid(result, field, "list ")
    return 0
  }
  if let out, capacity > 0 {
    for k in 0..<min(n, capacity) {
      if case .value(let s) = block.item(field, k) { out[k] = s }
    }
  } else if capacity > 0 {
    _ = CAPIError(FNK_ERR_NULL_ARGUMENT, "out is NULL with capacity \(capacity)").record()
  }
  return n
}

@c(fnk_result_disposition)
public func fnkResultDisposition(_ result: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> fnk_status {
  guard let out else { return CAPIError(FNK_ERR_NULL_ARGUMENT, "out is NULL").record() }
  out.pointee = nil
  guard let r = CResult.lookup(result) else {
    invalid(result)
    return FNK_ERR_INVALID_HANDLE
  }
  guard let disposition = r.disposition else {
    return CAPIError(FNK_ERR_INVALID_HANDLE, "only a suggestion or a URL name has a Content-Disposition").record()
  }
  guard let cd = disposition else { return FNK_OK }
  var b = CFieldBlock.Builder()
  CDispositionFields.write(cd, to: &b)
  guard let handle = CResult(kind: FNK_KIND_DISPOSITION, b.build()).register() else {
    return CAPIError(FNK_ERR_NO_MEMORY, "too many live results (free some with fnk_free)").record()
  }
  out.pointee = OpaquePointer(handle)
  return FNK_OK
}

@c(fnk_free)
public func fnkFree(_ result: OpaquePointer?) {
  guard let result else { return }
  guard let object = cfnk_handle_unregister(result) else {
    invalid(result)
    return
  }
  Unmanaged<CResult>.fromOpaque(object).release()
}

/// The version string `fnk_version` returns: lives as long as the process.
nonisolated(unsafe) private let versionText: UnsafeMutablePointer<CChar> = {
  let text = "filenamekit \(FilenameKitVersion.release) (rules \(FilenameKitVersion.rules))"
  return text.withCString { strdup($0)! }
}()

@c(fnk_version)
public func fnkVersion() -> UnsafePointer<CChar>? { UnsafePointer(versionText) }
