// Programs for a virtual machine rather than the operating system, by their formats' magic numbers:
// WebAssembly binary modules (WebAssembly Core Specification §5.5.16: `\0asm` and version 1 as a
// little-endian u32) and Android DEX files (source.android.com "Dalvik executable format":
// `dex\n`, three version digits, NUL). Neither runs by being opened on a desktop system, so
// neither is flagged executable; they are named by what they are.

/// Bytecode formats.
enum BytecodeSniffing {
  /// The bytecode format of the bytes, or nil.
  static func sniff(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    switch input.byte(0) {
    case 0x00 where input.has("asm", at: 1) && input.u32le(4) == 1:
      return ("application/wasm", .bytecode, "WebAssembly module, version 1")
    case 0x64 where isDEX(&input):
      return ("application/vnd.android.dex", .bytecode, "DEX version " + (input.text(4, count: 3) ?? ""))
    default:
      return nil
    }
  }

  /// `dex\n`, three ASCII digits, NUL.
  private static func isDEX(_ input: inout SniffBytes) -> Bool {
    guard input.has("dex\n", at: 0), input.byte(7) == 0x00 else { return false }
    return (4...6).allSatisfy { input.byte($0).map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
  }
}
