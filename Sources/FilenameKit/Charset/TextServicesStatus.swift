internal import CICU

/// Whether the ICU library the core needs (normalization, legacy charsets, IDNA) is present.
///
/// On Apple platforms the core links the system's `libicucore`, always there. Elsewhere ICU is opened
/// at run time, on first use, whatever its major version: the newest `libicuuc.so.N` the dynamic loader
/// finds, or the library named by the `FILENAMEKIT_ICU_LIBRARY` environment variable. A program that
/// may run where ICU is missing checks ``problem`` once before calling the core: without ICU, names
/// cannot be normalized and the sanitizer's promise cannot be kept.
public enum TextServicesStatus {
  /// Why ICU could not be loaded (the libraries tried), or nil when it is loaded.
  public static var problem: String? {
    guard cicu_icu_load() != Int32(CICU_OK) else { return nil }
    return String(cString: cicu_icu_problem())
  }

  /// The major version of the loaded ICU (`76` for `libicuuc.so.76`); nil on Apple platforms, when it
  /// is unknown, or when ICU could not be loaded.
  public static var icuVersion: Int? {
    let v = cicu_icu_version()
    return v > 0 ? Int(v) : nil
  }

  /// Why ICU's transliteration (`libicui18n`, beside `libicuuc`; used only by
  /// ``SanitizerOptions/asciiOnly``) could not be loaded, or nil when it is loaded.
  public static var transliterationProblem: String? {
    guard cicu_icu_load_i18n() != Int32(CICU_OK) else { return nil }
    return String(cString: cicu_icu_i18n_problem())
  }
}
