// libFuzzer target `fuzz-mime` (see Tests/Fuzz/README.md); without -DFUZZING it replays files.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMimeTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.testOneInput(.mime, data, size)
}

@main
struct FuzzMime {
  static func main() {
    FuzzDriver.main(.mime, callback: fuzzMimeTestOneInput)
  }
}
