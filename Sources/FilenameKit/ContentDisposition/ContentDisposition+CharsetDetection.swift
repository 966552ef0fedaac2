extension ContentDisposition {
  /// Parses `bytes`, and when a raw 8-bit `filename` (or `name`) is not UTF-8 and no fallback
  /// charset was given, guesses its charset and parses again with the guess as the fallback: the
  /// rule `suggestFilename`, the CLI's `disposition` and the batch `disposition` op share. Only in
  /// `.compatible` with `detectCharset` on; a hint always beats a guess, and valid UTF-8 is never
  /// re-read. Returns the guess when it was used.
  public static func parseDetectingCharset(
    _ bytes: some Collection<UInt8>, options: Options
  ) -> (disposition: ContentDisposition, guess: CharsetGuess?) {
    let cd = ContentDisposition(parsing: bytes, options: options)
    guard options.fallbackCharset == nil, options.detectCharset, options.profile == .compatible,
      cd.diagnostics.contains(where: { $0.code == .raw8bitLatin1 }),
      let raw = cd.parameter("filename")?.rawValue ?? cd.parameter("name")?.rawValue,
      let guess = CharsetDetector.detect(raw), guess.charset != .utf8
    else { return (cd, nil) }
    var guessed = options
    guessed.fallbackCharset = guess.charset
    return (ContentDisposition(parsing: bytes, options: guessed), guess)
  }
}
