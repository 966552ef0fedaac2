// The parser's post-conditions, checked in debug builds (as swift-system's `_invariantCheck` and
// WebURL's `checkInvariants` do): tests and fuzzers run debug builds, so a broken promise traps there.

extension ContentDisposition {
  /// Asserts what every parse result promises about a header of `inputCount` bytes.
  func checkInvariants(inputCount: Int) {
    #if DEBUG
      for d in diagnostics {
        assert(d.offset >= 0 && d.offset <= inputCount, "diagnostic offset outside the header")
      }
      assert(
        zip(diagnostics, diagnostics.dropFirst()).allSatisfy { $0.offset <= $1.offset } || isIgnored,
        "diagnostics out of input order")
      if isIgnored || isEmpty {
        assert(
          parameters.isEmpty && firstCandidate == nil && otherCandidates.isEmpty && type == .inline,
          "an ignored header has no type, parameters or file name")
      }
      assert(firstCandidate != nil || otherCandidates.isEmpty, "candidates without a first one")
      for c in candidates {
        assert(!c.name.isEmpty, "an empty candidate name")
      }
      var names = Set<String>()
      for p in parameters {
        assert(
          !p.name.isEmpty && p.name.utf8.allSatisfy { HTTPToken.isTokenChar($0) && !(0x41...0x5A).contains($0) },
          "a parameter name that is not a lowercased token")
        assert(names.insert(p.name).inserted, "a repeated parameter survived")
        assert(p.offset >= 0 && p.offset < inputCount, "parameter offset outside the header")
      }
    #endif
  }
}
