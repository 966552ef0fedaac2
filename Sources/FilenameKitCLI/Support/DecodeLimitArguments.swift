/// `--max-decoded-size B` and `--max-decode-ratio R`, the decompression limits `fetch` and `warc`
/// share (a gzip or deflate stream stops past B decoded bytes, or past 16 MiB and R times its
/// encoded size; 0 turns a limit off).
struct DecodeLimitArguments {
  static let valueOptions: Set<String> = ["--max-decoded-size", "--max-decode-ratio"]
  /// The defaults: 4 GiB, and 200 times past 16 MiB.
  var maxDecodedBytes: Int64 = 4 << 30
  var maxDecodeRatio = 200

  init() {}

  /// Reads the options given in `a`, keeping the defaults of those not given.
  init(_ a: Arguments) throws(UsageError) {
    if let s = a.value("--max-decoded-size") {
      guard let v = Int64(s), v >= 0 else { throw UsageError("--max-decoded-size needs a number of bytes, 0 or more") }
      maxDecodedBytes = v
    }
    if let s = a.value("--max-decode-ratio") {
      guard let v = Int(s), v >= 0 else { throw UsageError("--max-decode-ratio needs a whole number, 0 or more") }
      maxDecodeRatio = v
    }
  }
}
