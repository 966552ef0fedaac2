// Diagnostic codes of the Content-Disposition parser.
extension Diagnostic.Code {
  /// The header value is empty or blank.
  public static let emptyHeader = Self(rawValue: "empty-header")
  /// The header was ignored as a whole; treated as absent.
  public static let headerIgnored = Self(rawValue: "header-ignored")
  /// The disposition type is quoted (`"attachment"`), which is not a token.
  public static let quotedType = Self(rawValue: "quoted-type")
  /// The header does not start with a token.
  public static let invalidType = Self(rawValue: "invalid-type")
  /// The header starts with a parameter or a semicolon: no disposition type.
  public static let missingType = Self(rawValue: "missing-type")
  /// The disposition type is not inline, attachment or form-data; treated as attachment.
  public static let unknownType = Self(rawValue: "unknown-type")
  /// Two items without the `;` between them: what follows the first, up to the next `;`, is no
  /// parameter (only `;` separates parameters).
  public static let missingSemicolon = Self(rawValue: "missing-semicolon")
  /// An empty parameter (`;;` or a trailing `;`).
  public static let emptyParameter = Self(rawValue: "empty-parameter")
  /// A token with no `=value` where a parameter was expected.
  public static let bareToken = Self(rawValue: "bare-token")
  /// A parameter that is not `name=value` (`filename *=…`); the parameter is ignored.
  public static let malformedParameter = Self(rawValue: "malformed-parameter")
  /// A parameter given twice.
  public static let duplicateParameter = Self(rawValue: "duplicate-parameter")
  /// More parameters than any server sends: those after the first 64 that do not name the file
  /// were checked for repeats but not kept (detail: how many).
  public static let parametersDropped = Self(rawValue: "parameters-dropped")
  /// A quoted-string with no closing quote.
  public static let unterminatedQuotedString = Self(rawValue: "unterminated-quoted-string")
  /// Bytes after a value that are not `;`.
  public static let trailingJunk = Self(rawValue: "trailing-junk")
  /// A token value with characters a token may not hold.
  public static let invalidTokenChar = Self(rawValue: "invalid-token-char")
  /// A `"` inside an unquoted value: kept as an ordinary byte, the value still ends at `;`
  /// (`compatible`; `strict` ignores the header).
  public static let strayQuote = Self(rawValue: "stray-quote")
  /// An unquoted value with spaces, taken whole up to the next `;`.
  public static let unquotedWhitespace = Self(rawValue: "unquoted-whitespace")
  /// An unquoted value in single quotes; the quotes are part of the value (token characters).
  public static let singleQuotedValue = Self(rawValue: "single-quoted-value")
  /// Several header instances joined by commas; only the first is used.
  public static let multipleHeaders = Self(rawValue: "multiple-headers")
  /// A control character (CR, LF, NUL, …) inside a value.
  public static let controlInValue = Self(rawValue: "control-in-value")
  /// Raw 8-bit bytes in a plain value decoded as UTF-8.
  public static let raw8bitUTF8 = Self(rawValue: "raw-8bit-utf8")
  /// Raw 8-bit bytes decoded with the caller's fallback charset.
  public static let raw8bitFallback = Self(rawValue: "raw-8bit-fallback-charset")
  /// Raw 8-bit bytes read as a legacy double-byte charset (Shift_JIS, Big5, GBK) whose second bytes
  /// include 0x5C (`\`), decoded with the detected charset before any `\` handling.
  public static let raw8bitDetected = Self(rawValue: "raw-8bit-detected")
  /// Line folding (obs-fold, RFC 9112 §5.2: CRLF then space or tab) inside the value; read as spaces.
  public static let obsFold = Self(rawValue: "obs-fold")
  /// Raw 8-bit bytes decoded as ISO-8859-1 (or windows-1252 for C1 bytes).
  public static let raw8bitLatin1 = Self(rawValue: "raw-8bit-latin1")
  /// Raw 8-bit bytes whose charset the detector is unsure of (detail: its best reading and
  /// confidence) and whose most plausible reading is not Western: kept as `%XX` escapes, not Latin-1.
  public static let raw8bitUndetected = Self(rawValue: "raw-8bit-undetected")
  /// A `filename*` ext-value in quotes, which RFC 8187 does not allow: ignored by `strict`, decoded
  /// by `compatible` (both major browsers accept it).
  public static let extValueQuoted = Self(rawValue: "ext-value-quoted")
  /// An ext-value with only one `'` (`UTF-8'%E4%B8%AD.pdf`): `compatible` reads it as
  /// `charset'value`; `strict` ignores it (with `ext-value-malformed`).
  public static let extValueMissingQuote = Self(rawValue: "ext-value-missing-quote")
  /// An ext-value charset written in a spelling RFC 8187 does not register (`utf8`, `x-sjis`);
  /// `compatible` reads it as the WHATWG label it is, `strict` refuses it.
  public static let extValueCharsetAlias = Self(rawValue: "ext-value-charset-alias")
  /// An ext-value without the `charset'language'` prefix; ignored.
  public static let extValueMalformed = Self(rawValue: "ext-value-malformed")
  /// An ext-value with an empty charset.
  public static let extValueMissingCharset = Self(rawValue: "ext-value-missing-charset")
  /// An ext-value with a bad %-escape or a character outside attr-char; ignored.
  public static let extValueBadEscape = Self(rawValue: "ext-value-bad-escape")
  /// An ext-value whose charset is unknown; ignored.
  public static let extValueUnknownCharset = Self(rawValue: "ext-value-unknown-charset")
  /// An ext-value whose bytes are not valid in its charset; ignored.
  public static let extValueDecodeFailed = Self(rawValue: "ext-value-decode-failed")
  /// An RFC 2231 continuation section number with a leading zero; ignored.
  public static let continuationLeadingZero = Self(rawValue: "continuation-leading-zero")
  /// An RFC 2231 continuation section number too large to be real; ignored.
  public static let continuationIndexTooLarge = Self(rawValue: "continuation-index-too-large")
  /// Continuations without section 0; ignored.
  public static let continuationMissingStart = Self(rawValue: "continuation-missing-start")
  /// A gap in continuation sections; sections after it are ignored.
  public static let continuationGap = Self(rawValue: "continuation-gap")
  /// A continuation section given twice; the first wins.
  public static let continuationDuplicate = Self(rawValue: "continuation-duplicate")
  /// Continuation sections given out of order; they were sorted.
  public static let continuationOutOfOrder = Self(rawValue: "continuation-out-of-order")
  /// RFC 2047 encoded words in `filename` were decoded.
  public static let rfc2047Decoded = Self(rawValue: "rfc2047-decoded")
  /// An RFC 2047 encoded word that did not decode (unknown charset, bad Q or B payload, missing
  /// `?=`): the parameter is not used as a file name, so the next candidate wins.
  public static let rfc2047Invalid = Self(rawValue: "rfc2047-invalid")
  /// An RFC 2047 word's bytes were not all valid in its charset: the bad ones were read as U+FFFD
  /// (detail: the charset), as Chromium and Firefox read them; the word is still the name.
  public static let rfc2047Replaced = Self(rawValue: "rfc2047-replaced")
  /// %-escaped ASCII in a plain `filename` was decoded (`Meeting%20Notes.pdf`; `compatible`).
  public static let percentDecoded = Self(rawValue: "percent-decoded")
  /// %-escapes in a plain `filename` that encode non-ASCII bytes but are truncated or decode in no
  /// charset: the parameter is not used as a file name (`compatible`).
  public static let percentUndecodable = Self(rawValue: "percent-undecodable")
  /// %-escaped bytes in a plain `filename` that are not UTF-8 were decoded with the fallback charset
  /// or, without one, a detected charset (`compatible`).
  public static let percentDecodedCharset = Self(rawValue: "percent-decoded-charset")
  /// %-escaped UTF-8 in a plain `filename` was decoded.
  public static let percentDecodedUTF8 = Self(rawValue: "percent-decoded-utf8")
  /// The file name held a path (`compatible`): it is kept whole with "/" between its segments (the
  /// sanitizer replaces them), without empty and dot segments.
  public static let pathInName = Self(rawValue: "path-in-name")
  /// The file name held path separators; only the last segment is used (RFC 6266 §4.3, `strict`).
  public static let pathStripped = Self(rawValue: "path-stripped")
  /// A file name parameter that is empty after decoding; skipped.
  public static let emptyFilename = Self(rawValue: "empty-filename")
  /// A `name` parameter, and no usable file name: `name` is a form field's name, never a file name
  /// (the URL or the default name wins), as in Chromium and Firefox.
  public static let nameParameterIgnored = Self(rawValue: "name-parameter-ignored")
  /// No longer produced: `name` is not read as a file name (`name-parameter-ignored` instead).
  public static let nameParameterUsed = Self(rawValue: "name-parameter-used")
}
