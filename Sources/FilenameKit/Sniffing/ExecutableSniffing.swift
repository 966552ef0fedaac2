// Programs the operating system runs, by their headers: PE (Microsoft PE/COFF specification §2:
// `MZ`, the offset of the PE header at 0x3C, `PE\0\0` there; DLL when the Characteristics flag
// IMAGE_FILE_DLL 0x2000 is set), ELF (System V gABI §4: `\x7FELF`, class, data, version 1, e_type
// at 16), Mach-O (<mach-o/loader.h>: MH_MAGIC FEEDFACE, MH_MAGIC_64 FEEDFACF, either byte order),
// Mach-O universal (<mach-o/fat.h>: CAFEBABE or CAFEBABF, nfat_arch, then the first fat_arch's
// cputype; Java class files share the magic and are told apart by that cputype and their version,
// ≥ 45, where the count would be: executable too, as `java` runs them and Chromium's download
// policy rates `.class` dangerous), Windows shell links (MS-SHLLINK §2.1: HeaderSize 0x0000004C,
// then LinkCLSID 00021401-0000-0000-C000-000000000046; opening one runs its target with its
// arguments) and `#!` scripts (the interpreter path of execve(2)).
//
// The rule is what the loader accepts, not what a well-formed file has: a
// header a loader ignores must not hide an executable. Linux's binfmt_elf checks the magic, e_type
// (ET_EXEC or ET_DYN) and e_machine, never EI_CLASS, EI_DATA or EI_VERSION; and it runs any ET_DYN
// (a static PIE has no PT_INTERP, exactly like a shared object, so the two cannot be told apart
// from the header). XNU accepts a universal binary whose fat_arch table fits the first page.

/// Executable formats.
enum ExecutableSniffing {
  /// The executable format of the bytes, or nil.
  static func sniff(_ input: inout SniffBytes) -> SniffResult? {
    guard let b0 = input.byte(0) else { return nil }
    switch b0 {
    case 0x4D where input.byte(1) == 0x5A: return portableExecutable(&input)
    case 0x7F where input.has("ELF", at: 1): return elf(&input)
    case 0xFE, 0xCE, 0xCF: return machO(&input)
    case 0xCA: return fat(&input)
    case 0x23 where input.byte(1) == 0x21: return shebang(&input)
    case 0x4C where input.u32le(0) == 0x4C: return shellLink(&input)
    default: return nil
    }
  }

  /// `MZ`: a PE image when `PE\0\0` is at `e_lfanew`; a DOS executable when the PE header lies
  /// beyond the bytes given (or there is none) and the 64-byte DOS header is binary (text that
  /// happens to start with "MZ" is not).
  private static func portableExecutable(_ input: inout SniffBytes) -> SniffResult? {
    guard let lfanew = input.u32le(0x3C) else { return nil }
    if input.u32be(lfanew) == 0x5045_0000 {
      let isDLL = (input.u16le(lfanew + 22) ?? 0) & 0x2000 != 0
      return result("application/vnd.microsoft.portable-executable", .pe, &input, detail: isDLL ? "DLL" : "PE image")
    }
    for k in 2..<0x40 where WHATWGSniffing.isBinaryDataByte(input.byte(k) ?? 0x20) {
      let beyond = lfanew >= input.count
      return result(
        "application/x-msdos-program", .mz, &input, detail: beyond ? "PE header beyond the bytes given" : "DOS header")
    }
    return nil
  }

  /// ELF: ET_EXEC and ET_DYN run (execve(2) loads both; an ET_DYN without PT_INTERP is a shared
  /// object or a static PIE, reported as `application/x-sharedlib` and executable, as a PE DLL
  /// is); relocatable objects and core dumps do not. EI_CLASS, EI_DATA and EI_VERSION are only
  /// hints: e_type is read in the byte order EI_DATA names, else in the other one, and the program
  /// headers are read only when the class is valid.
  private static func elf(_ input: inout SniffBytes) -> SniffResult? {
    let cls = input.byte(4) ?? 0
    let hinted: UInt8 = input.byte(5) == 2 ? 2 : 1
    var data = hinted
    guard var type = elfInt(&input, 16, width: 2, data) else {
      // e_type lies beyond the bytes given: the magic with a valid class (1 or 2) and data byte
      // (1 or 2) is an ELF file all the same, and a short head of a program must not pass for data.
      guard (1...2).contains(cls), let d = input.byte(5), (1...2).contains(d) else { return nil }
      return result("application/x-executable", .elf, &input, detail: "ELF header beyond the bytes given")
    }
    if !(1...4).contains(type), let other = elfInt(&input, 16, width: 2, hinted == 1 ? 2 : 1), (1...4).contains(other) {
      data = hinted == 1 ? 2 : 1
      type = other
    }
    switch type {
    case 2: return result("application/x-executable", .elf, &input, detail: "ET_EXEC")
    case 3:
      let interpreter = cls == 1 || cls == 2 ? hasInterpreter(&input, is64: cls == 2, data) : nil
      switch interpreter {
      case false?:
        return result("application/x-sharedlib", .elf, &input, detail: "ET_DYN shared object or static PIE")
      case true?: return result("application/x-executable", .elf, &input, detail: "ET_DYN with PT_INTERP")
      case nil: return result("application/x-executable", .elf, &input, detail: "ET_DYN")
      }
    case 1:
      return SniffResult(mediaType: "application/x-object", rule: .elf, bytesExamined: input.examined, detail: "ET_REL")
    case 4:
      return SniffResult(mediaType: "application/x-core", rule: .elf, bytesExamined: input.examined, detail: "ET_CORE")
    default: return nil
    }
  }

  /// An integer in the ELF file's byte order (`data` 1 little-endian, 2 big-endian).
  private static func elfInt(_ input: inout SniffBytes, _ i: Int, width: Int, _ data: UInt8) -> Int? {
    (data == 1 ? input.littleEndian(i, width: width) : input.bigEndian(i, width: width)).map {
      Int(truncatingIfNeeded: $0)
    }
  }

  /// Whether the program header table has a PT_INTERP entry; nil when the table is not inside the
  /// bytes. At most 64 entries are read.
  private static func hasInterpreter(_ input: inout SniffBytes, is64: Bool, _ data: UInt8) -> Bool? {
    guard let offset = elfInt(&input, is64 ? 32 : 28, width: is64 ? 8 : 4, data),
      let size = elfInt(&input, is64 ? 54 : 42, width: 2, data),
      let count = elfInt(&input, is64 ? 56 : 44, width: 2, data),
      offset > 0, offset < input.count, size >= 4
    else { return nil }
    for k in 0..<min(count, 64) {
      guard let type = elfInt(&input, offset + k * size, width: 4, data) else { return nil }
      if type == 3 { return true }
    }
    return false
  }

  /// Mach-O, 32 or 64 bit, either byte order.
  private static func machO(_ input: inout SniffBytes) -> SniffResult? {
    guard let magic = input.u32be(0) else { return nil }
    switch magic {
    case 0xFEED_FACE, 0xCEFA_EDFE: return result("application/x-mach-binary", .machO, &input, detail: "32-bit")
    case 0xFEED_FACF, 0xCFFA_EDFE: return result("application/x-mach-binary", .machO, &input, detail: "64-bit")
    default: return nil
    }
  }

  /// `CAFEBABE`/`CAFEBABF`: a universal binary when the architecture count fits the first page (as
  /// XNU requires: at most 204 `fat_arch` or 127 `fat_arch_64` entries) and the first entry's
  /// cputype is a Mach-O CPU type, or, when the bytes end before it, the count is small (1–30); a
  /// Java class file when the major version (≥ 45) stands where the count would be. No Java class
  /// has a cputype at byte 8 (it would need a constant-pool count of 0, 256 or 512 followed by the
  /// invalid tag 0).
  private static func fat(_ input: inout SniffBytes) -> SniffResult? {
    guard let magic = input.u32be(0), magic == 0xCAFE_BABE || magic == 0xCAFE_BABF, let n = input.u32be(4) else {
      return nil
    }
    let maxArchitectures = magic == 0xCAFE_BABE ? (4096 - 8) / 20 : (4096 - 8) / 32
    let cpu = input.u32be(8)
    if n >= 1 && n <= maxArchitectures && (cpu.map(isMachOCPUType) ?? (n <= 30)) {
      return result("application/x-mach-binary", .machOFat, &input, detail: "\(n) architecture\(n == 1 ? "" : "s")")
    }
    if magic == 0xCAFE_BABE, n & 0xFFFF >= 45 {
      return result("application/java-vm", .javaClass, &input, detail: "Java class file, version \(n & 0xFFFF)")
    }
    return nil
  }

  /// A Windows shell link: the 4-byte HeaderSize 0x4C, then the LinkCLSID (a GUID, stored with its
  /// first three fields little-endian).
  private static func shellLink(_ input: inout SniffBytes) -> SniffResult? {
    guard input.bigEndian(4, width: 8) == 0x0114_0200_0000_0000, input.bigEndian(12, width: 8) == 0xC000_0000_0000_0046
    else { return nil }
    return result("application/x-ms-shortcut", .shellLink, &input, detail: "Windows shell link")
  }

  /// A `cpu_type_t` of <mach/machine.h>: a base type (VAX 1, MC680x0 6, X86 7, MC98000 10, HPPA 11,
  /// ARM 12, MC88000 13, SPARC 14, I860 15, POWERPC 18) with no ABI flag, CPU_ARCH_ABI64 or
  /// CPU_ARCH_ABI64_32.
  private static func isMachOCPUType(_ v: Int) -> Bool {
    [0, 0x0100_0000, 0x0200_0000].contains(v & ~0x00FF_FFFF)
      && [1, 6, 7, 10, 11, 12, 13, 14, 15, 18].contains(v & 0x00FF_FFFF)
  }

  /// `#!` then optional blanks and an absolute interpreter path; `env` names the interpreter in
  /// its first argument that is not an option. Only the first 128 bytes are read.
  private static func shebang(_ input: inout SniffBytes) -> SniffResult? {
    var i = 2
    while input.byte(i) == 0x20 || input.byte(i) == 0x09 { i += 1 }
    guard input.byte(i) == 0x2F else { return nil }
    var w = word(&input, from: i)
    guard w.end > w.start else { return nil }
    if basenameIs(&input, w, "env") {
      var j = w.end
      repeat {
        while input.byte(j) == 0x20 || input.byte(j) == 0x09 { j += 1 }
        w = word(&input, from: j)
        j = w.end
      } while w.end > w.start && input.byte(w.start) == 0x2D  // skip `-S` and other options
    }
    let interpreter = input.text(w.start, count: w.end - w.start) ?? ""
    return result(scriptType(&input, w), .shebang, &input, detail: "interpreter " + lastComponent(interpreter))
  }

  /// The run of non-blank bytes at `from`, ending at a blank, a line break, NUL or byte 128.
  private static func word(_ input: inout SniffBytes, from: Int) -> (start: Int, end: Int) {
    var e = from
    while e < 128, let b = input.byte(e), b != 0x20, b != 0x09, b != 0x0A, b != 0x0D, b != 0x00 { e += 1 }
    return (from, e)
  }

  /// The start of the last path component of `word`.
  private static func basenameStart(_ input: inout SniffBytes, _ word: (start: Int, end: Int)) -> Int {
    var s = word.end
    while s > word.start, input.byte(s - 1) != 0x2F { s -= 1 }
    return s
  }

  private static func basenameIs(_ input: inout SniffBytes, _ word: (start: Int, end: Int), _ name: StaticString)
    -> Bool
  {
    let s = basenameStart(&input, word)
    return input.range(s, count: word.end - s, equals: name)
  }

  private static let shells: [StaticString] = [
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "csh", "tcsh", "ash", "fish",
  ]

  /// The media type of a script by its interpreter's name.
  private static func scriptType(_ input: inout SniffBytes, _ word: (start: Int, end: Int)) -> String {
    let s = basenameStart(&input, word)
    let n = word.end - s
    for shell in shells where input.range(s, count: n, equals: shell) {
      return "application/x-shellscript"
    }
    if input.range(s, count: n, startsWith: "python") { return "text/x-python" }
    if input.range(s, count: n, startsWith: "perl") { return "application/x-perl" }
    if input.range(s, count: n, startsWith: "ruby") { return "application/x-ruby" }
    if input.range(s, count: n, equals: "node") || input.range(s, count: n, equals: "nodejs") {
      return "application/javascript"
    }
    if input.range(s, count: n, equals: "pwsh") || input.range(s, count: n, startsWith: "powershell") {
      return "application/x-powershell"
    }
    // Another interpreter: a script all the same, never plain text, whose `.txt` would agree with
    // it and hide that it runs (`#!/usr/bin/foo` in `notes.txt`).
    return "text/x-script"
  }

  private static func lastComponent(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: 0x2F) else { return path }
    return String(path[path.utf8.index(after: slash)...])
  }

  private static func result(_ type: String, _ rule: SniffRule, _ input: inout SniffBytes, detail: String?)
    -> SniffResult
  {
    SniffResult(mediaType: type, rule: rule, bytesExamined: input.examined, isExecutable: true, detail: detail)
  }
}
