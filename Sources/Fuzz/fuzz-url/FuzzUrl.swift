// libFuzzer target `fuzz-url` (see Tests/Fuzz/README.md); without -DFUZZING it replays files.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUrlTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.testOneInput(.url, data, size)
}

@main
struct FuzzUrl {
  static func main() {
    FuzzDriver.main(.url, callback: fuzzUrlTestOneInput)
  }
}
