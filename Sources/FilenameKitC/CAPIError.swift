internal import CFilenameKit
import FilenameKit

/// A failed C API call: the status it returns and the message `fnk_last_error` gives.
struct CAPIError: Error {
  let status: fnk_status
  let message: String

  init(_ status: fnk_status, _ message: String) {
    self.status = status
    self.message = message
  }

  /// Records the error as this thread's last and returns its status.
  func record() -> fnk_status {
    var text = message
    text.withUTF8 { cfnk_set_error(Int32(bitPattern: status.rawValue), $0.baseAddress, $0.count) }
    return status
  }
}

/// Runs an operation's body: its result handle in `*out` on success, NULL and the recorded error
/// otherwise. ICU is checked first, since every operation needs it.
func runOperation(
  _ out: UnsafeMutablePointer<OpaquePointer?>?, _ body: () throws(CAPIError) -> CResult
) -> fnk_status {
  guard let out else { return CAPIError(FNK_ERR_NULL_ARGUMENT, "out is NULL").record() }
  out.pointee = nil
  if let problem = TextServicesStatus.problem {
    return CAPIError(FNK_ERR_ICU_UNAVAILABLE, problem).record()
  }
  do {
    let result = try body()
    guard let handle = result.register() else {
      return CAPIError(FNK_ERR_NO_MEMORY, "too many live results (free some with fnk_free)").record()
    }
    out.pointee = OpaquePointer(handle)
    return FNK_OK
  } catch {
    return error.record()
  }
}
