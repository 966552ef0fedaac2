// The host of a URL as a file name, for a URL whose path names nothing.

extension URLFilename {
  /// A host name as a file name: its dots become `_`, so that its last label, a top-level domain,
  /// is never taken for an extension (`https://evil.ws/` would otherwise name a Windows Script
  /// file `evil.ws`, and every `.com` host a DOS program). A media type's extension is added after
  /// it as to any name without one (`data_example_net.csv`).
  public static func hostAsName(_ host: String) -> String {
    guard host.utf8.contains(UInt8(ascii: ".")) else { return host }
    // Byte for byte into the new String, not through a generic `map` over the UTF-8 view (which
    // is not specialized and steps a string index per byte).
    var copy = host
    return copy.withUTF8 { u in
      String(unsafeUninitializedCapacity: u.count) { out in
        for i in 0..<u.count { out[i] = u[i] == UInt8(ascii: ".") ? UInt8(ascii: "_") : u[i] }
        return u.count
      }
    }
  }
}
