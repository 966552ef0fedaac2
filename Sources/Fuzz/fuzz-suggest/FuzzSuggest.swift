// libFuzzer target `fuzz-suggest` (see Tests/Fuzz/README.md); without -DFUZZING it replays files.

import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSuggestTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzDriver.testOneInput(.suggest, data, size)
}

@main
struct FuzzSuggest {
  static func main() {
    FuzzDriver.main(.suggest, callback: fuzzSuggestTestOneInput)
  }
}
