/// A usage error: the message goes to stderr and the exit status is 64 (EX_USAGE).
package struct UsageError: Error, Sendable, CustomStringConvertible {
  /// What was wrong with the command line.
  package let message: String
  /// Creates a usage error.
  package init(_ message: String) { self.message = message }
  /// The message.
  package var description: String { message }
}

/// A parsed command line: positionals, options with values (repeatable) and flags.
///
/// Every argument is kept as the bytes the OS passed (`CommandLine.unsafeArgv`), so a raw GBK or
/// Latin-1 header value given on the command line reaches the parser unchanged; `value(_:)` and
/// `positional(_:)` decode them as UTF-8 (invalid bytes become U+FFFD) where text is wanted.
struct Arguments {
  var positionals: [[UInt8]] = []
  var rawValues: [String: [[UInt8]]] = [:]
  var flags: Set<String> = []

  /// Parses `args` given which options take a value and which are flags. `--opt=value` and
  /// `--opt value` are both accepted; `--` ends option parsing.
  init(_ args: [[UInt8]], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
    var i = 0
    var onlyPositionals = false
    while i < args.count {
      let arg = args[i]
      i += 1
      if onlyPositionals || arg.first != UInt8(ascii: "-") || arg == [UInt8(ascii: "-")] {
        positionals.append(arg)
        continue
      }
      if arg == Array("--".utf8) {
        onlyPositionals = true
        continue
      }
      var nameBytes = arg[...]
      var inline: [UInt8]? = nil
      if arg.starts(with: "--".utf8), let eq = arg.firstIndex(of: UInt8(ascii: "=")) {
        nameBytes = arg[..<eq]
        inline = Array(arg[(eq + 1)...])
      }
      let name = String(decoding: nameBytes, as: UTF8.self)
      if flagOptions.contains(name) {
        guard inline == nil else { throw UsageError("option \(name) takes no value") }
        flags.insert(name)
      } else if valueOptions.contains(name) {
        if let inline {
          rawValues[name, default: []].append(inline)
          continue
        }
        guard i < args.count else { throw UsageError("option \(name) needs a value") }
        rawValues[name, default: []].append(args[i])
        i += 1
      } else {
        let hint =
          Self.closest(to: name, in: valueOptions.union(flagOptions)).map { " (did you mean \($0)?)" }
          ?? " (a value that begins with '-' goes after '--')"
        throw UsageError("unknown option \(name)\(hint)")
      }
    }
  }

  /// Parses text arguments (their UTF-8 bytes).
  init(_ args: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
    try self.init(args.map { Array($0.utf8) }, valueOptions: valueOptions, flagOptions: flagOptions)
  }

  /// The last value given for an option, as text.
  func value(_ name: String) -> String? { bytes(name).map { String(decoding: $0, as: UTF8.self) } }

  /// The last value given for an option, as the bytes passed.
  func bytes(_ name: String) -> [UInt8]? { rawValues[name]?.last }

  /// Every value given for a repeatable option, as text, in order.
  func values(_ name: String) -> [String] { (rawValues[name] ?? []).map { String(decoding: $0, as: UTF8.self) } }

  /// A positional argument as text.
  func positional(_ i: Int) -> String { String(decoding: positionals[i], as: UTF8.self) }

  /// Whether a flag was given.
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The known option nearest to a mistyped one: a unique prefix match, or the smallest edit distance
  /// of at most 2 (ties broken alphabetically); nil when nothing is close.
  static func closest(to name: String, in known: Set<String>) -> String? {
    // A name longer than every known one by more than 2 is neither a prefix of one nor within 2
    // edits: answered without work proportional to its length (a batch op may be megabytes long).
    guard name.utf8.count <= (known.lazy.map(\.utf8.count).max() ?? 0) + 2 else { return nil }
    let prefixed = known.filter { $0.hasPrefix(name) && name.count >= 3 }
    if prefixed.count == 1 { return prefixed.first }
    let typed = Array(name.utf8)
    var best: (distance: Int, option: String)? = nil
    for option in known.sorted() {
      let d = editDistance(typed, Array(option.utf8))
      if d <= 2, d < (best?.distance ?? .max) { best = (d, option) }
    }
    return best?.option
  }

  /// Levenshtein distance over bytes (option names are short ASCII).
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
