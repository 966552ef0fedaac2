// libFuzzer target `fuzz-sanitize` (see Tests/Fuzz/README.md); without -DFUZZING it replays files.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitizeTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.testOneInput(.sanitize, data, size)
}

@main
struct FuzzSanitize {
  static func main() {
    FuzzDriver.main(.sanitize, callback: fuzzSanitizeTestOneInput)
  }
}
