/// A media type with what the suggestion pipeline asks about it, each found once per suggestion:
/// its essence, whether it is generic, and its registry index (issue 17: the essence was built, and
/// the registry searched, up to six times per suggestion).
struct RegisteredMediaType {
  /// The type itself.
  let mediaType: MediaType
  /// `mediaType.essence`, built once.
  let essence: String
  /// `mediaType.isGeneric`.
  let isGeneric: Bool
  /// The registry index of the essence or its alias (`MediaTypeRegistry.typeIndex`), generic or not.
  let index: Int?
  /// `index` when the type is not generic and has at least one extension: the type that
  /// `MediaType.agrees(withExtension:)` and `extensionToAdd(toName:)` judge names by.
  let extensionType: Int?

  init(_ mediaType: MediaType) {
    self.mediaType = mediaType
    essence = mediaType.essence
    isGeneric = mediaType.isGeneric
    index = MediaTypeRegistry.typeIndex(essence)
    extensionType = isGeneric ? nil : index.flatMap(MediaType.extensionType(ofIndex:))
  }
}
