/// A media type with what the suggestion pipeline asks about it, each found once per suggestion:
/// whether it is generic, and its registry entry and index (issue 17: the essence was built, and
/// the registry searched, up to six times per suggestion). The essence is stored in the type
/// (`mediaType.essence`).
struct RegisteredMediaType {
  /// The type itself.
  let mediaType: MediaType
  /// `mediaType.isGeneric`.
  let isGeneric: Bool
  /// The registry's essence table entry for the essence (a type or an alias), when registered.
  let entry: Int?
  /// The registry index of the essence or its alias (`MediaTypeRegistry.typeIndex`), generic or not.
  let index: Int?
  /// `index` when the type is not generic and has at least one extension: the type that
  /// `MediaType.agrees(withName:)` and `extensionToAdd(toName:)` judge names by.
  let extensionType: Int?

  init(_ mediaType: MediaType) {
    self.mediaType = mediaType
    entry = MediaTypeRegistry.essenceEntry(mediaType.essence)
    // A registered essence is generic when its entry's name is (the essence is lowercase, as
    // every name in the table): a list of a few entries, not the list of generic names.
    isGeneric = entry.map(MediaTypeRegistry.isGenericEntry) ?? mediaType.isGeneric
    index = entry.map(MediaTypeRegistry.typeIndex(ofEntry:))
    extensionType = isGeneric ? nil : index.flatMap(MediaType.extensionType(ofIndex:))
  }
}
