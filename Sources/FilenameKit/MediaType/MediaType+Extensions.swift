// How a media type and a file name's extension fit together: the rules the filename pipeline uses
// to decide whether to add an extension.

extension MediaType {
  /// Whether `name`'s extension fits this type: the extension's registered types include this type
  /// or a subtype of it (`report.docx` fits `application/zip`; `notes.log` fits `text/plain`); a
  /// compound extension fits when one of its parts does (`a.tar.gz` fits `application/x-tar`); a
  /// compressor extension fits a type whose extension it ends (`a.gz` fits `.tar.gz`'s type).
  ///
  /// Nil when `name` has no extension, or this type is generic or has no registered extension.
  public func agrees(withName name: String) -> Bool? {
    MediaType.agrees(name: name, registeredType: registeredType)
  }

  /// `agrees(withName:)` for a name whose extension (`FileExtension.split(_:).ext`) is `ext`, for a
  /// type whose `registeredType` is `t` (looked up once by the caller).
  static func agrees(_ ext: Substring, registeredType t: Int?) -> Bool? {
    guard let t else { return nil }
    return MediaType.extension(ext, fits: t)
  }

  /// `agrees(withName:)` for a type whose `registeredType` is `t`, read on the name's bytes (no
  /// substring is made): nil when `t` is nil or the name has no extension.
  static func agrees(name: String, registeredType t: Int?) -> Bool? {
    guard let t else { return nil }
    var copy = name
    return copy.withUTF8 { u -> Bool? in
      guard let (_, extStart) = FileExtension.extensionBounds(u) else { return nil }
      return MediaType.extension(bytes: UnsafeBufferPointer(rebasing: u[extStart...]), fits: t)
    }
  }

  /// The extension (without the dot) to append to `name` for this type, or nil: when the type is
  /// generic or unknown, when `name`'s extension already fits (see `agrees(withName:)`), and when
  /// the type is `text/plain` and `name` has any extension (servers send `text/plain` for anything).
  ///
  /// ```swift
  /// MediaType("application/pdf")!.extensionToAdd(toName: "report")       // "pdf"
  /// MediaType("application/pdf")!.extensionToAdd(toName: "report.PDF")   // nil
  /// MediaType("text/plain")!.extensionToAdd(toName: "data.csv")          // nil
  /// ```
  public func extensionToAdd(toName name: String) -> String? {
    MediaType.extensionToAdd(toName: name, registeredType: registeredType)
  }

  /// `extensionToAdd(toName:)` for a type whose `registeredType` is `t` (looked up once by the caller).
  static func extensionToAdd(toName name: String, registeredType t: Int?) -> String? {
    guard let t else { return nil }
    let extensions = MediaTypeRegistry.extensionIndices(ofType: t)
    guard let preferred = extensions.first else { return nil }
    if let ext = FileExtension.split(name).ext {
      if MediaType.extension(ext, fits: t) { return nil }
      if MediaTypeRegistry.typeName(t) == "text/plain" { return nil }
    }
    return MediaTypeRegistry.extensionName(Int(preferred))
  }

  /// The registry's preferred extension for this type (aliases resolved), or nil for generic and
  /// unknown types: `MediaTypeRegistry.preferredExtension(for: essence)`.
  public var preferredExtension: String? { MediaTypeRegistry.preferredExtension(for: essence) }

  /// The canonical essence (an alias resolved): `MediaTypeRegistry.canonicalEssence(essence)`.
  public var canonicalEssence: String { MediaTypeRegistry.canonicalEssence(essence) }

  /// The registry index of this type when it is not generic and has at least one extension.
  private var registeredType: Int? {
    guard !isGeneric, let t = MediaTypeRegistry.typeIndex(essence) else { return nil }
    return MediaType.extensionType(ofIndex: t)
  }

  /// Registry index `t` when its canonical type is not generic and has at least one extension.
  static func extensionType(ofIndex t: Int) -> Int? {
    guard !MediaTypeRegistry.isGenericType(t), !MediaTypeRegistry.extensionIndices(ofType: t).isEmpty else {
      return nil
    }
    return t
  }

  /// Whether extension `ext` fits canonical type `t` (see `agrees(withName:)`).
  static func `extension`(_ ext: Substring, fits t: Int) -> Bool {
    var e = ext
    return e.withUTF8 { MediaType.extension(bytes: $0, fits: t) }
  }

  /// `extension(_:fits:)` on the extension's UTF-8 bytes.
  static func `extension`(bytes ext: UnsafeBufferPointer<UInt8>, fits t: Int) -> Bool {
    if extensionIsA(ext, t) { return true }
    // A compound extension: any of its parts (`tar.gz` -> `tar`, `gz`).
    if ext.contains(UInt8(ascii: ".")) {
      var start = 0
      for i in 0...ext.count where i == ext.count || ext[i] == UInt8(ascii: ".") {
        if i > start, extensionIsA(UnsafeBufferPointer(rebasing: ext[start..<i]), t) { return true }
        start = i + 1
      }
    }
    // `a.gz` for a type whose extension is `tar.gz`.
    for e in MediaTypeRegistry.extensionIndices(ofType: t) {
      let fits = MediaTypeRegistry.withName(MediaTypeRegistry.Table.extensionName[Int(e)]) { name -> Bool in
        guard name.count > ext.count, name[name.count - ext.count - 1] == UInt8(ascii: ".") else { return false }
        return name[(name.count - ext.count)...].elementsEqual(ext.lazy.map(ASCII.lowercase))
      }
      if fits { return true }
    }
    return false
  }

  /// Whether extension `ext` is registered for `t` or a type that descends from it.
  private static func extensionIsA(_ ext: UnsafeBufferPointer<UInt8>, _ t: Int) -> Bool {
    guard let e = MediaTypeRegistry.extensionIndex(bytes: ext) else { return false }
    return MediaTypeRegistry.typeIndices(ofExtension: e).contains { MediaTypeRegistry.type(Int($0), isA: t) }
  }
}
