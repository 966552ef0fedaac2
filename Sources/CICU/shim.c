// See include/CICU.h. Each wrapper maps one ICU call; UTF-16 intermediates are heap buffers.
#include "CICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "ICU.h"  // this shim's own ICU declarations, the same on every platform (see ICU.h)

static const UNormalizer2 *normalizer(int nfd, UErrorCode *err) {
  return nfd ? unorm2_getNFDInstance(err) : unorm2_getNFCInstance(err);
}

/// UTF-8 -> freshly allocated UTF-16; caller frees. Returns NULL on error.
static UChar *to_utf16(const uint8_t *src, int32_t len, int32_t *u16len) {
  UErrorCode err = U_ZERO_ERROR;
  int32_t need = 0;
  u_strFromUTF8(NULL, 0, &need, (const char *)src, len, &err);
  if (err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(err)) return NULL;
  UChar *buf = malloc(sizeof(UChar) * (size_t)(need + 1));
  if (!buf) return NULL;
  err = U_ZERO_ERROR;
  u_strFromUTF8(buf, need + 1, u16len, (const char *)src, len, &err);
  if (U_FAILURE(err)) { free(buf); return NULL; }
  return buf;
}

/// UTF-16 -> UTF-8 into the caller's buffer, with the shared status codes.
static int from_utf16(const UChar *src, int32_t len, uint8_t *dst, int32_t cap, int32_t *outLen) {
  UErrorCode err = U_ZERO_ERROR;
  u_strToUTF8((char *)dst, cap, outLen, src, len, &err);
  if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) {
    return *outLen > cap ? CICU_OVERFLOW : CICU_OK;
  }
  return U_FAILURE(err) ? CICU_ILLEGAL : CICU_OK;
}

int cicu_normalize_utf8(int nfd, const uint8_t *src, int32_t len,
                        uint8_t *dst, int32_t cap, int32_t *outLen) {
  if (cicu_icu_load() != CICU_OK) return CICU_UNAVAILABLE;
  UErrorCode err = U_ZERO_ERROR;
  const UNormalizer2 *n = normalizer(nfd, &err);
  if (U_FAILURE(err)) return CICU_FAILURE;
  int32_t ulen = 0;
  UChar *u = to_utf16(src, len, &ulen);
  if (!u) return CICU_ILLEGAL;
  int32_t need = unorm2_normalize(n, u, ulen, NULL, 0, &err);
  if (err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(err)) { free(u); return CICU_FAILURE; }
  UChar *out = malloc(sizeof(UChar) * (size_t)(need + 1));
  if (!out) { free(u); return CICU_FAILURE; }
  err = U_ZERO_ERROR;
  int32_t got = unorm2_normalize(n, u, ulen, out, need + 1, &err);
  free(u);
  if (U_FAILURE(err)) { free(out); return CICU_FAILURE; }
  int status = from_utf16(out, got, dst, cap, outLen);
  free(out);
  return status;
}

int cicu_is_normalized_utf8(int nfd, const uint8_t *src, int32_t len) {
  if (cicu_icu_load() != CICU_OK) return -1;
  UErrorCode err = U_ZERO_ERROR;
  const UNormalizer2 *n = normalizer(nfd, &err);
  if (U_FAILURE(err)) return -1;
  int32_t ulen = 0;
  UChar *u = to_utf16(src, len, &ulen);
  if (!u) return -1;
  UBool yes = unorm2_isNormalized(n, u, ulen, &err);
  free(u);
  return U_FAILURE(err) ? -1 : (yes ? 1 : 0);
}

/// Opening a converter costs thousands of instructions, and a header of many encoded words (or a
/// batch of names in one charset) asked for the same few again and again. Each thread keeps its
/// last decoding converters (a converter is not shared between threads), reset before each use
/// and closed when the thread ends. Room for every charset the detector tries on one name (21;
/// with fewer slots than that, taken in turn, each detection reopened all of them).
enum { CICU_CACHED_CONVERTERS = 32, CICU_CACHED_NAME = 48 };
typedef struct {
  char name[CICU_CACHED_NAME];
  UConverter *converter;
} cached_converter;
typedef struct {
  cached_converter slots[CICU_CACHED_CONVERTERS];
  int next;
} converter_cache;

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void close_cache(void *p) {
  converter_cache *cache = p;
  for (int i = 0; i < CICU_CACHED_CONVERTERS; i++) {
    if (cache->slots[i].converter) ucnv_close(cache->slots[i].converter);
  }
  free(cache);
}

static void make_cache_key(void) { (void)pthread_key_create(&cache_key, close_cache); }

/// A decoding converter for `name`, reset; `*owned` says the caller must close it (not cached).
static UConverter *decoder(const char *name, int *owned, UErrorCode *err) {
  *owned = 1;
  (void)pthread_once(&cache_once, make_cache_key);
  converter_cache *cache = pthread_getspecific(cache_key);
  if (!cache && (cache = calloc(1, sizeof *cache)) && pthread_setspecific(cache_key, cache) != 0) {
    free(cache);
    cache = NULL;
  }
  if (cache) {
    for (int i = 0; i < CICU_CACHED_CONVERTERS; i++) {
      cached_converter *s = &cache->slots[i];
      if (s->converter && strcmp(s->name, name) == 0) {
        ucnv_resetToUnicode(s->converter);
        *owned = 0;
        return s->converter;
      }
    }
  }
  UConverter *c = ucnv_open(name, err);
  if (U_FAILURE(*err) || !c) return NULL;
  if (cache && strlen(name) < CICU_CACHED_NAME) {
    cached_converter *s = &cache->slots[cache->next];
    cache->next = (cache->next + 1) % CICU_CACHED_CONVERTERS;
    if (s->converter) ucnv_close(s->converter);
    strcpy(s->name, name);
    s->converter = c;
    *owned = 0;
  }
  return c;
}

int cicu_convert_to_utf8(const char *name, const uint8_t *src, int32_t len,
                         uint8_t *dst, int32_t cap, int32_t *outLen, int32_t *errorOffset) {
  *errorOffset = -1;
  if (cicu_icu_load() != CICU_OK) return CICU_UNAVAILABLE;
  UErrorCode err = U_ZERO_ERROR;
  int owned = 1;
  UConverter *c = decoder(name, &owned, &err);
  if (!c) return CICU_UNKNOWN;
  ucnv_setToUCallBack(c, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &err);
  // Each input byte yields at most 2 UTF-16 units in every ICU converter.
  int32_t ucap = len * 2 + 2;
  UChar *u = malloc(sizeof(UChar) * (size_t)ucap);
  if (!u) {
    if (owned) ucnv_close(c);
    return CICU_FAILURE;
  }
  UChar *target = u;
  const char *source = (const char *)src;
  err = U_ZERO_ERROR;
  ucnv_toUnicode(c, &target, u + ucap, &source, (const char *)src + len, NULL, 1, &err);
  int status = CICU_OK;
  if (err == U_ILLEGAL_CHAR_FOUND || err == U_INVALID_CHAR_FOUND || err == U_TRUNCATED_CHAR_FOUND ||
      err == U_ILLEGAL_ESCAPE_SEQUENCE || err == U_UNSUPPORTED_ESCAPE_SEQUENCE) {
    char errBytes[32];
    int8_t errLen = sizeof errBytes;
    UErrorCode e2 = U_ZERO_ERROR;
    ucnv_getInvalidChars(c, errBytes, &errLen, &e2);
    *errorOffset = (int32_t)(source - (const char *)src) - (U_SUCCESS(e2) ? errLen : 0);
    status = CICU_ILLEGAL;
  } else if (U_FAILURE(err)) {
    status = CICU_FAILURE;
  }
  if (owned) ucnv_close(c);
  if (status == CICU_OK) status = from_utf16(u, (int32_t)(target - u), dst, cap, outLen);
  free(u);
  return status;
}

int cicu_convert_from_utf8(const char *name, const uint8_t *src, int32_t len,
                           uint8_t *dst, int32_t cap, int32_t *outLen) {
  if (cicu_icu_load() != CICU_OK) return CICU_UNAVAILABLE;
  UErrorCode err = U_ZERO_ERROR;
  UConverter *c = ucnv_open(name, &err);
  if (U_FAILURE(err) || !c) return CICU_UNKNOWN;
  ucnv_setFromUCallBack(c, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &err);
  int32_t ulen = 0;
  UChar *u = to_utf16(src, len, &ulen);
  if (!u) { ucnv_close(c); return CICU_ILLEGAL; }
  err = U_ZERO_ERROR;
  *outLen = ucnv_fromUChars(c, (char *)dst, cap, u, ulen, &err);
  free(u);
  ucnv_close(c);
  if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) {
    return *outLen > cap ? CICU_OVERFLOW : CICU_OK;
  }
  return U_FAILURE(err) ? CICU_ILLEGAL : CICU_OK;
}

int cicu_idna_to_unicode(const uint8_t *src, int32_t len, uint8_t *dst, int32_t cap,
                         int32_t *outLen, uint32_t *idnaErrors) {
  if (cicu_icu_load() != CICU_OK) return CICU_UNAVAILABLE;
  UErrorCode err = U_ZERO_ERROR;
  UIDNA *idna = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_UNICODE, &err);
  if (U_FAILURE(err)) return CICU_FAILURE;
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  *outLen = uidna_nameToUnicodeUTF8(idna, (const char *)src, len, (char *)dst, cap, &info, &err);
  uidna_close(idna);
  *idnaErrors = info.errors;
  if (err == U_BUFFER_OVERFLOW_ERROR || err == U_STRING_NOT_TERMINATED_WARNING) {
    return *outLen > cap ? CICU_OVERFLOW : CICU_OK;
  }
  return U_FAILURE(err) ? CICU_FAILURE : CICU_OK;
}

/// ICU's transform to plain ASCII: every script to Latin (Han to pinyin, kana to romaji, Hangul to
/// the Revised Romanization, Cyrillic and Greek by ISO 9 / ELOT-style rules), then Latin letters
/// without diacritics and ASCII punctuation (CLDR's Latin-ASCII).
static const char ascii_transform_id[] = "Any-Latin; Latin-ASCII";

/// Opening the transform compiles its rules (milliseconds); each thread keeps its own, since a
/// transliterator is not to be shared between threads, closed when the thread ends.
static pthread_key_t transliterator_key;
static pthread_once_t transliterator_once = PTHREAD_ONCE_INIT;

static void close_transliterator(void *p) { utrans_close(p); }

static void make_transliterator_key(void) {
  (void)pthread_key_create(&transliterator_key, close_transliterator);
}

static UTransliterator *ascii_transliterator(void) {
  (void)pthread_once(&transliterator_once, make_transliterator_key);
  UTransliterator *t = pthread_getspecific(transliterator_key);
  if (t) return t;
  UChar id[sizeof ascii_transform_id];
  for (size_t i = 0; i < sizeof ascii_transform_id; i++) id[i] = (UChar)ascii_transform_id[i];
  UErrorCode err = U_ZERO_ERROR;
  t = utrans_openU(id, (int32_t)(sizeof ascii_transform_id - 1), UTRANS_FORWARD, NULL, 0, NULL, &err);
  if (U_FAILURE(err) || !t) return NULL;
  if (pthread_setspecific(transliterator_key, t) != 0) {
    utrans_close(t);
    return NULL;
  }
  return t;
}

int cicu_transliterate_ascii_utf8(const uint8_t *src, int32_t len, uint8_t *dst, int32_t cap,
                                  int32_t *outLen) {
  if (cicu_icu_load_i18n() != CICU_OK) return CICU_UNAVAILABLE;
  UTransliterator *t = ascii_transliterator();
  if (!t) return CICU_FAILURE;
  int32_t ulen = 0;
  UChar *u = to_utf16(src, len, &ulen);
  if (!u) return CICU_ILLEGAL;
  // A romanized letter is at most a few ASCII letters per UTF-16 unit (a Han syllable `zhuang `);
  // the buffer grows when ICU says it is too small.
  int status = CICU_FAILURE;
  int64_t ucap = (int64_t)ulen * 4 + 16;
  for (int attempt = 0; attempt < 4 && ucap < INT32_MAX / 2; attempt++) {
    UChar *text = malloc(sizeof(UChar) * (size_t)ucap);
    if (!text) break;
    memcpy(text, u, sizeof(UChar) * (size_t)ulen);
    int32_t textLength = ulen;
    int32_t limit = ulen;
    UErrorCode err = U_ZERO_ERROR;
    utrans_transUChars(t, text, &textLength, (int32_t)ucap, 0, &limit, &err);
    if (err == U_BUFFER_OVERFLOW_ERROR) {
      free(text);
      ucap = (textLength > ucap ? (int64_t)textLength : ucap) * 2 + 16;
      continue;
    }
    status = U_FAILURE(err) ? CICU_FAILURE : from_utf16(text, textLength, dst, cap, outLen);
    free(text);
    break;
  }
  free(u);
  return status;
}
