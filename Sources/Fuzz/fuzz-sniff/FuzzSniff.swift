// libFuzzer target `fuzz-sniff` (see Tests/Fuzz/README.md); without -DFUZZING it replays files.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSniffTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.testOneInput(.sniff, data, size)
}

@main
struct FuzzSniff {
  static func main() {
    FuzzDriver.main(.sniff, callback: fuzzSniffTestOneInput)
  }
}
