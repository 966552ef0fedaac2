/// A rendered template: the safe name and what was cut to fit (`FilenameTemplate.render`).
///
/// ```swift
/// let r = try FilenameTemplate("{title} [{id!}].mp4").render(["title": long, "id": "x1"], for: .windows)
/// r.name   // "Loooo… [x1].mp4", within 255 UTF-16 code units
/// r.cuts   // [cut {title} from 400 to 241 UTF-16 code units]
/// ```
public struct RenderedTemplate: Sendable, Hashable {
  /// The safe name: one path component within `budget`.
  public let name: String
  /// The fields cut to fit, in template order; empty when everything fit.
  public let cuts: [TemplateCut]
  /// The budget the name was fitted to, in the platform's unit.
  public let budget: Int
  /// The platform whose rules and unit the name follows.
  public let platform: Platform
  /// The final sanitizer pass over the whole name (its changes, risk and disguises).
  public let sanitized: SanitizedFilename
}

/// One field a template render cut to fit the budget.
public struct TemplateCut: Sendable, Hashable, CustomStringConvertible {
  /// The field's name.
  public let field: String
  /// Its length before the cut, in the platform's unit.
  public let from: Int
  /// Its length after the cut.
  public let to: Int

  /// `cut {title} from 300 to 120`.
  public var description: String { "cut {\(field)} from \(from) to \(to)" }
}
