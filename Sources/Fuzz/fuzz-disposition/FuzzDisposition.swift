// libFuzzer target `fuzz-disposition` (see Tests/Fuzz/README.md); without -DFUZZING it replays files.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDispositionTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.testOneInput(.disposition, data, size)
}

@main
struct FuzzDisposition {
  static func main() {
    FuzzDriver.main(.disposition, callback: fuzzDispositionTestOneInput)
  }
}
