// Thin C wrappers over the system ICU. ICU's C entry points are version-renamed
// (`unorm2_normalize` is really `unorm2_normalize_72`), and outside Apple platforms ICU is loaded at
// run time (ICULoader.c); these wrappers have plain names and plain C types. No logic lives here.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/// Status codes shared by every wrapper.
enum {
  CICU_OK = 0,
  CICU_OVERFLOW = 1,   // `dst` too small; `*outLen` holds the size needed
  CICU_ILLEGAL = 2,    // the input is not valid in the source form; `*errorOffset` set when known
  CICU_UNKNOWN = 3,    // unknown converter name
  CICU_FAILURE = 4,    // any other ICU error
  CICU_UNAVAILABLE = 5 // ICU could not be loaded; cicu_icu_problem() says why
};

/// Loads ICU on first use (once per process; thread-safe): CICU_OK, or CICU_UNAVAILABLE when no usable
/// ICU was found. Every wrapper below calls it first and answers CICU_UNAVAILABLE (or -1, or 0) then.
int cicu_icu_load(void);

/// Why ICU could not be loaded (what was tried), or "" when it is loaded.
const char *cicu_icu_problem(void);

/// Loads ICU's libicui18n (transliteration) beside libicuuc on first use: CICU_OK or CICU_UNAVAILABLE.
int cicu_icu_load_i18n(void);

/// Why libicui18n could not be loaded, or "" when it is loaded.
const char *cicu_icu_i18n_problem(void);

/// The major version of the loaded ICU (72 for libicuuc.so.72); 0 when unknown or on Apple platforms.
int cicu_icu_version(void);

/// Normalizes UTF-8 to NFC (`nfd == 0`) or NFD (`nfd != 0`), writing UTF-8 to `dst`.
int cicu_normalize_utf8(int nfd, const uint8_t *src, int32_t len,
                        uint8_t *dst, int32_t cap, int32_t *outLen);

/// Returns 1 when UTF-8 `src` is already in NFC (or NFD), 0 when not, -1 on error.
int cicu_is_normalized_utf8(int nfd, const uint8_t *src, int32_t len);

/// Converts `src` in charset `name` to UTF-8, stopping at the first illegal or unmappable sequence.
int cicu_convert_to_utf8(const char *name, const uint8_t *src, int32_t len,
                         uint8_t *dst, int32_t cap, int32_t *outLen, int32_t *errorOffset);

/// Converts UTF-8 `src` to charset `name`, stopping at the first unmappable character.
int cicu_convert_from_utf8(const char *name, const uint8_t *src, int32_t len,
                           uint8_t *dst, int32_t cap, int32_t *outLen);

/// Converts an IDNA host (ASCII `xn--` labels) to Unicode per UTS #46, UTF-8 in and out.
/// `*idnaErrors` receives ICU's UIDNA_ERROR_* bit set.
int cicu_idna_to_unicode(const uint8_t *src, int32_t len, uint8_t *dst, int32_t cap,
                         int32_t *outLen, uint32_t *idnaErrors);

/// Transliterates UTF-8 `src` to ASCII through ICU's "Any-Latin; Latin-ASCII" transform, writing UTF-8
/// to `dst`. What the transform has no rule for (emoji, symbols) is left as it was: the caller replaces
/// what is still not ASCII. CICU_UNAVAILABLE when libicui18n is missing.
int cicu_transliterate_ascii_utf8(const uint8_t *src, int32_t len, uint8_t *dst, int32_t cap,
                                  int32_t *outLen);

#endif
