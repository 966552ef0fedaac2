// The content-sniffing steps of the suggestion pipeline: name a generic download by
// what its leading bytes are, and flag an executable behind a harmless name or declared type.
//
// Policy:
// - The content is sniffed fully only when the declared type is absent or generic
//   (`MediaType.isGeneric`: application/octet-stream, binary/octet-stream, application/force-download,
//   application/x-download, application/unknown, …) or names only a container (application/ogg,
//   refined by its first packet's codec); a specific declared type is not second-guessed, and only
//   executable signatures are checked behind it.
// - The sniffed type's extension is applied by the same rules as a declared type's
//   (`fixExtension`): added where the name has none (or a server-script one from the URL), kept
//   when the name's registered extension agrees, never replacing a registered one. An extension
//   that would make the name risky (`.exe`, `.sh`, `.cab`, `.lnk`, …) is never added from the bytes:
//   the server did not claim it, and adding it would give the attacker the double click; such a name keeps no extension and gets risk `executable` when the
//   content runs.
// - Sniffing never changes the download decision: `Suggestion.mediaType` stays the declared type,
//   so a generic or absent type still downloads, whatever the bytes look like.
// - An executable (PE/MZ, ELF, Mach-O, fat, Windows Installer, `#!` script) whose name is not
//   itself risky gets risk `executable`; when the name's extension or the declared type claims
//   something else, the disguise `content-mismatch` is reported; under `.neutralize` the name gets
//   `.download`, as the sanitizer does for executable names.

extension SuggestionRun {
  /// Whether a declared type leaves naming to the content: none, or a generic one.
  static func leavesNamingToContent(_ declared: RegisteredMediaType?) -> Bool { declared?.isGeneric ?? true }

  /// Whether a declared type names only the container, whose first packet says what the file is:
  /// `application/ogg` (RFC 5334 §10.1, extension `.ogx`, for Ogg of any content), where a Vorbis,
  /// Opus, Speex or FLAC stream is `audio/ogg` and Theora `video/ogg` (§10.2, §10.3), which is how
  /// users and players name them (`.ogg`, `.ogv`).
  static func namesOnlyContainer(_ declared: MediaType?) -> Bool { declared?.essence == "application/ogg" }

  /// The type the extension step uses for `name`: the declared one, or for a container-only type
  /// the codec's type its first packet names (`namesOnlyContainer`), unless the name already has an
  /// extension the declared type claims (`a.ogx`); traced when refined.
  mutating func typeForExtension(
    _ name: String, _ declared: MediaType, _ registered: RegisteredMediaType, _ sniffed: SniffResult?
  ) -> (MediaType, RegisteredMediaType) {
    guard Self.namesOnlyContainer(declared), let sniffed, sniffed.rule == .ogg,
      let codec = MediaType(sniffed.mediaType),
      MediaType.agrees(name: name, registeredType: registered.index) != true
    else { return (declared, registered) }
    log(
      .contentSniffed,
      "\(declared.essence) names only the container; its first packet is \(sniffed.detail ?? "a codec"): named as \(codec.essence)"
    )
    return (codec, RegisteredMediaType(codec))
  }

  /// Sniffs the leading bytes: fully when the declared type is absent or generic, for executable
  /// signatures only otherwise. Traced as `content-sniffed` (type, rule, bytes examined) or
  /// `content-not-sniffed`.
  mutating func sniffContent(
    _ bytes: [UInt8]?, declared: RegisteredMediaType?, declaredType: MediaType?
  ) -> SniffResult? {
    guard let bytes, !bytes.isEmpty else { return nil }
    if SuggestionRun.leavesNamingToContent(declared) || SuggestionRun.namesOnlyContainer(declaredType) {
      guard let r = ContentSniffer.sniff(bytes) else { return nil }
      log(.contentSniffed, r.description)
      return r
    }
    let essence = declaredType?.essence ?? ""
    guard let r = ContentSniffer.executable(in: bytes) else {
      let n = min(bytes.count, ContentSniffer.maxBytes)
      log(
        .contentNotSniffed,
        "\(essence) is specific: only executable signatures checked, none in \(n) byte\(n == 1 ? "" : "s")")
      return nil
    }
    log(.contentSniffed, r.description + ", behind the declared \(essence)")
    return r
  }

  /// The extension step for a sniffed type: `fixExtension` with the sniffed type, or nothing when
  /// the type has no extension (`application/octet-stream`, ELF, Mach-O, …).
  /// A risky extension (not `.ordinary` on the platform: `.xml` on windows too) is not
  /// added: the name is kept.
  mutating func extensionFromContent(_ name: String, _ sniffed: SniffResult, source: Suggestion.Source) -> String {
    guard let mt = MediaType(sniffed.mediaType), !mt.isGeneric, let ext = mt.preferredExtension else {
      log(.contentNoExtension, "\(sniffed.mediaType) has no file extension; the name is kept")
      return name
    }
    guard FilenameSanitizer.risk(of: "x." + ext, for: options.platform) == .ordinary else {
      log(
        .contentNoExtension,
        "\(sniffed.mediaType) would add the risky .\(ext), which the server did not send; the name is kept")
      return name
    }
    return fixExtension(name, mediaType: mt, registered: RegisteredMediaType(mt), source: source)
  }

  /// The risk a declared type says the content carries on `platform`: executable for a type of
  /// `ContentSniffer.isExecutableType`, else the risk there of its preferred registered extension,
  /// as the same name with that extension would be rated (`text/javascript`: `js`, executable;
  /// `application/x-rdp`: `rdp`, a shortcut; `application/xml`: `xml`, executable on windows).
  /// For a registered essence, both facts are read from tables by
  /// its registry entry (no essence string, no hashing); an unregistered one is looked up in
  /// `ContentSniffer.executableTypes`, and else its subtype is read as the extension it names
  /// (`subtypeRisk`).
  static func declaredRisk(_ declared: RegisteredMediaType, _ mediaType: MediaType, on platform: Platform) -> FileRisk {
    guard let k = declared.entry, let t = declared.index else {
      if ContentSniffer.isExecutableType(mediaType.essence) { return .executable }
      return subtypeRisk(mediaType, on: platform)
    }
    if executableEntries[k] { return .executable }
    switch platform {
    case .linux: return linuxExtensionRisks[t]
    case .macos: return macosExtensionRisks[t]
    case .windows: return windowsExtensionRisks[t]
    case .portable: return portableExtensionRisks[t]
    }
  }

  /// The risk on `platform` an unregistered type's subtype names. Servers name types after the
  /// extension (`application/x-hta`, `application/x-ms-xbap`, `text/x-ms-scf`) or after what runs
  /// the file (libmagic's `text/x-script.python`, `application/x-java-applet`,
  /// `application/x-ms-ne-executable`), so the subtype is read word by word (split at `-` and `.`,
  /// before any `+suffix`): a word that is a risky extension on the platform, or one of
  /// `runnableWords`, makes the type that risky, whether or not any list knows the name (hostile
  /// passes 17 F4, 18 F6/F7). A false alarm on an unknown type costs less than a miss.
  static func subtypeRisk(_ mediaType: MediaType, on platform: Platform) -> FileRisk {
    var subtype = mediaType.subtype[...]
    if let plus = subtype.firstIndex(of: "+") { subtype = subtype[..<plus] }
    guard subtype.utf8.count <= 64 else { return .ordinary }
    var risk = FileRisk.ordinary
    for word in subtype.split(whereSeparator: { $0 == "-" || $0 == "." }) where word.utf8.count <= 16 {
      // A word for what runs it, or one ending in "script" (`x-setupscript`, `x-applescript`).
      if runnableWords.contains(String(word)) || word.hasSuffix("script") { return .executable }
      switch FilenameSanitizer.risk(of: "x." + word, for: platform) {
      case .executable: return .executable
      case .shortcut: risk = .shortcut
      case .ordinary: break
      }
    }
    return risk
  }

  /// Words in type names for what runs a file, which are no extension: interpreters and runtimes,
  /// and what libmagic and servers call programs, drivers and help files.
  /// (Words ending in `script` are matched by their ending, not listed.)
  static let runnableWords: Set<String> = [
    "executable", "bytecode", "applet", "python", "ruby", "perl", "java", "powershell", "batch",
    "dosexec", "msdownload", "winexe", "sharedlib", "dosdriver", "winhelp", "installer",
  ]

  /// For each essence table entry of the registry (types and aliases, lowercase as `MediaType`
  /// keeps them), whether it is a `ContentSniffer.isExecutableType`: built once.
  static let executableEntries: [Bool] = MediaTypeRegistry.Table.essenceName.map { packed in
    MediaTypeRegistry.withName(packed) { ContentSniffer.isExecutableType(String(decoding: $0, as: UTF8.self)) }
  }

  /// For each registered media type (by `MediaTypeRegistry.typeIndex`), the risk of its preferred
  /// extension on the platform: built once for a platform that is asked, not per suggestion.
  static let linuxExtensionRisks = extensionRisks(on: .linux)
  static let macosExtensionRisks = extensionRisks(on: .macos)
  static let windowsExtensionRisks = extensionRisks(on: .windows)
  static let portableExtensionRisks = extensionRisks(on: .portable)

  private static func extensionRisks(on platform: Platform) -> [FileRisk] {
    (0..<MediaTypeRegistry.Table.typeName.count).map { t in
      guard let ext = MediaTypeRegistry.preferredExtension(for: MediaTypeRegistry.typeName(t)) else { return .ordinary }
      return FilenameSanitizer.risk(of: "x." + ext, for: platform)
    }
  }

  /// Flags an executable, sniffed or declared, whose name is not itself risky (the name's own risk
  /// is the sanitizer's):
  /// `flagged` is the risk the suggestion then carries (`executable`, or `shortcut` for a declared
  /// shortcut type); `mismatch` (a disguise) when the name has an extension or the declared type is
  /// specific, so either claims something harmless. Under `.neutralize`, `.download` is appended
  /// here, so the sanitizer keeps it through any length cut.
  mutating func flagExecutableContent(
    _ sniffed: SniffResult?, name: inout String,
    declared: RegisteredMediaType?, declaredType: MediaType?
  ) -> (flagged: FileRisk?, mismatch: Bool) {
    // The content's executable type, sniffed, or else declared (a declared
    // `application/x-executable` for `tool` gives the risk the same body sniffed would).
    let executable: (type: String, sniffed: SniffResult?, risk: FileRisk)
    if let sniffed, sniffed.isExecutable {
      executable = (sniffed.mediaType, sniffed, .executable)
    } else if let declared, let declaredType,
      case let risk = Self.declaredRisk(declared, declaredType, on: options.platform), risk != .ordinary
    {
      executable = (declaredType.essence, nil, risk)
    } else {
      return (nil, false)
    }
    // The name's own risk only now: most content is not executable, and `risk(of:for:)` reads the
    // whole name (~10 % of a typical suggestion when it came first).
    guard FilenameSanitizer.risk(of: name, for: options.platform) == .ordinary else { return (nil, false) }
    // An extension the content's own type registers (`lib.so` holding an ELF shared object) claims
    // nothing else. The extension is read as the sanitizer leaves the name: `invoice.pdf.` claims
    // `pdf` as `invoice.pdf` does.
    let ext = FileExtension.of(nameAsSanitized(name)).map { FileExtension.lowercasedASCII($0) }
    let ownExtension = ext.map { MediaTypeRegistry.extensions(for: executable.type).contains($0) } ?? false
    let claims =
      (ext != nil && !ownExtension) || (executable.sniffed != nil && !SuggestionRun.leavesNamingToContent(declared))
    let what =
      executable.sniffed.map { s in s.detail.map { "\(s.rule.rawValue), \($0)" } ?? s.rule.rawValue }
      ?? "declared \(executable.type)"
    let kind = executable.risk == .shortcut ? "a shortcut" : "an executable"
    log(
      .contentExecutable,
      "the content is \(kind) (\(what)) but the name " + (claims ? "claims a harmless type" : "has no extension"))
    if options.dangerousTypes == .neutralize {
      name += ".download"
      let state = executable.risk == .shortcut ? kind : "executable"
      log(.contentNeutralized, "appended .download: the content is " + state)
    }
    return (executable.risk, claims)
  }
}
