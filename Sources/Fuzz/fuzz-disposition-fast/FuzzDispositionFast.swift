// libFuzzer target `fuzz-disposition-fast` (see Tests/Fuzz/README.md): the Content-Disposition
// fast path against the full parser; without -DFUZZING it replays files.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDispositionFastTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.testOneInput(.dispositionFast, data, size)
}

@main
struct FuzzDispositionFast {
  static func main() {
    FuzzDriver.main(.dispositionFast, callback: fuzzDispositionFastTestOneInput)
  }
}
