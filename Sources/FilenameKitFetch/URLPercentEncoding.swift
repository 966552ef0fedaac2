import FilenameKit

/// `%XX` encoding of bytes, for URLs that must go on the wire (or to a parser) as ASCII.
package enum URLPercentEncoding {
  /// `bytes` with every byte for which `escape` is true written as `%XX` (uppercase hex).
  package static func encode(_ bytes: some Sequence<UInt8>, escaping escape: (UInt8) -> Bool) -> [UInt8] {
    PercentEncoding.encode(bytes, escaping: escape)
  }
}
