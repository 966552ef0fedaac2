/// What the suggestion pipeline asks the registry about a media type, each found once per
/// suggestion: whether it is generic, and its registry entry and index (the essence was
/// built, and the registry searched, up to six times per suggestion). Plain values only, so the
/// steps it is handed to copy it for free (it held the media type itself, whose copies and releases
/// are reference counting on every step); the steps that need the type get it beside this.
struct RegisteredMediaType {
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
    entry = MediaTypeRegistry.essenceEntry(mediaType.essence)
    // A registered essence is generic when its entry's name is (the essence is lowercase, as
    // every name in the table): a list of a few entries, not the list of generic names.
    isGeneric = entry.map(MediaTypeRegistry.isGenericEntry) ?? mediaType.isGeneric
    index = entry.map(MediaTypeRegistry.typeIndex(ofEntry:))
    extensionType = isGeneric ? nil : index.flatMap(MediaType.extensionType(ofIndex:))
  }
}
