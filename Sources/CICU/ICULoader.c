// Loads ICU at run time where it is not linked (everywhere but Apple platforms). ICU renames its
// libraries and entry points with each major version (libicuuc.so.72 exports ucnv_open_72), so a
// program linked against one version does not start where another is installed. Instead, as .NET's
// ICU shim does, the newest libicuuc.so.N found by the dynamic loader is opened on first use, the
// version suffix of its symbols is found, and each entry point ICURename.h names is resolved; the
// cicu_icu_NAME functions below forward to them. FILENAMEKIT_ICU_LIBRARY (a file name or path of
// libicuuc) is tried first. When none loads, cicu_icu_load() answers CICU_UNAVAILABLE and
// cicu_icu_problem() says what was tried; nothing is called through a missing symbol.
#include "CICU.h"

// The forwarding functions ICU.h declares (through ICURename.h) are hidden, so they never interpose on
// another copy of ICU in the process.
#pragma GCC visibility push(hidden)
#include "ICU.h"
#pragma GCC visibility pop

#if defined(__APPLE__)

int cicu_icu_load(void) { return CICU_OK; }
const char *cicu_icu_problem(void) { return ""; }
int cicu_icu_version(void) { return 0; }
int cicu_icu_load_i18n(void) { return CICU_OK; }
const char *cicu_icu_i18n_problem(void) { return ""; }

#else

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ICU 50 (2012) is the oldest with every function used (unorm2_getNFCInstance is ICU 49); versions are
// tried newest first, up to a major far past today's (78 in 2025).
enum { CICU_ICU_OLDEST = 50, CICU_ICU_NEWEST = 140 };

// The entry points, by their plain names: the same list as ICURename.h (the check compares them).
// libicui18n's (transliteration) are resolved only when one is first asked for, from the library of
// the same version as libicuuc: a program that never transliterates runs where only libicuuc is.
#define CICU_ICU_UC_ENTRY_POINTS(X)                                                                  \
  X(UCNV_FROM_U_CALLBACK_STOP) X(UCNV_TO_U_CALLBACK_STOP) X(u_strFromUTF8) X(u_strToUTF8)             \
  X(ucnv_close) X(ucnv_fromUChars) X(ucnv_getInvalidChars) X(ucnv_open) X(ucnv_resetToUnicode)        \
  X(ucnv_setFromUCallBack) X(ucnv_setToUCallBack) X(ucnv_toUnicode) X(uidna_close)                    \
  X(uidna_nameToUnicodeUTF8) X(uidna_openUTS46) X(unorm2_getNFCInstance) X(unorm2_getNFDInstance)     \
  X(unorm2_isNormalized) X(unorm2_normalize)
#define CICU_ICU_I18N_ENTRY_POINTS(X) X(utrans_close) X(utrans_openU) X(utrans_transUChars)
#define CICU_ICU_ENTRY_POINTS(X) CICU_ICU_UC_ENTRY_POINTS(X) CICU_ICU_I18N_ENTRY_POINTS(X)

/// Resolves `entry` (its ICU name `plain`, stringified before ICURename.h expands it) with `suffix`
/// in `lib`, or names it in the buffer `why` and returns 0.
#define CICU_ICU_RESOLVE_INTO(entry, plain, why)                                                     \
  snprintf(name, sizeof name, "%s%s", plain, suffix);                                                \
  *(void **)&icu.entry = dlsym(lib, name);                                                           \
  if (!icu.entry) {                                                                                  \
    snprintf(why, sizeof why, "ICU in %s has no %s", what, name);                                    \
    return 0;                                                                                        \
  }

// One pointer per entry point, of the forwarding function's own type (so of ICU's declared type). The
// argument is expanded through ICURename.h to cicu_icu_NAME before it is pasted.
#define CICU_ICU_FIELD(name) __typeof__(name) *name;
static struct { CICU_ICU_ENTRY_POINTS(CICU_ICU_FIELD) } icu;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = CICU_UNAVAILABLE;
static int loaded_version;
static char problem[512];
static char loaded_suffix[16];  // the symbol suffix of the loaded libicuuc ("_72", or "")
static char loaded_file[256];   // the libicuuc that was loaded, as it was opened

/// The symbol suffix of the ICU in `lib`: "_N" for the version N whose u_strToUTF8_N exists, "" when
/// ICU was built without renaming; 0 in `*version` then. Returns 0 when neither is found.
static int find_suffix(void *lib, int preferred, char *suffix, size_t size, int *version) {
  char name[64];
  for (int v = preferred ? preferred : CICU_ICU_NEWEST; v >= CICU_ICU_OLDEST; v--) {
    snprintf(name, sizeof name, "u_strToUTF8_%d", v);
    if (dlsym(lib, name)) {
      snprintf(suffix, size, "_%d", v);
      *version = v;
      return 1;
    }
    if (preferred) break;
  }
  if (dlsym(lib, "u_strToUTF8")) {
    suffix[0] = 0;
    *version = 0;
    return 1;
  }
  return 0;
}

/// Resolves every entry point of `lib` with `suffix`; names the first missing one in `problem`.
static int resolve(void *lib, const char *suffix, const char *what) {
  char name[96];
#define CICU_ICU_RESOLVE(entry) CICU_ICU_RESOLVE_INTO(entry, #entry, problem)
  CICU_ICU_UC_ENTRY_POINTS(CICU_ICU_RESOLVE)
#undef CICU_ICU_RESOLVE
  return 1;
}

/// Opens `file` and resolves ICU in it; `version` is the major its name promises (0: unknown).
static int try_library(const char *file, int version) {
  void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!lib) return 0;
  char suffix[16];
  int found = 0;
  if (!find_suffix(lib, version, suffix, sizeof suffix, &found)) {
    snprintf(problem, sizeof problem, "%s has no ICU entry points", file);
  } else if (resolve(lib, suffix, file)) {
    loaded_version = found ? found : version;
    snprintf(loaded_suffix, sizeof loaded_suffix, "%s", suffix);
    snprintf(loaded_file, sizeof loaded_file, "%s", file);
    return 1;
  }
  dlclose(lib);
  return 0;
}

static void load(void) {
  const char *override = getenv("FILENAMEKIT_ICU_LIBRARY");
  if (override && *override) {
    if (try_library(override, 0)) {
      load_status = CICU_OK;
      return;
    }
    if (!problem[0]) {
      const char *why = dlerror();
      snprintf(problem, sizeof problem, "FILENAMEKIT_ICU_LIBRARY=%s could not be loaded: %s", override,
               why ? why : "unknown error");
    }
    return;
  }
  char file[32];
  for (int v = CICU_ICU_NEWEST; v >= CICU_ICU_OLDEST; v--) {
    snprintf(file, sizeof file, "libicuuc.so.%d", v);
    if (try_library(file, v)) {
      load_status = CICU_OK;
      problem[0] = 0;
      return;
    }
  }
  if (try_library("libicuuc.so", 0)) {
    load_status = CICU_OK;
    problem[0] = 0;
    return;
  }
  if (!problem[0]) {
    snprintf(problem, sizeof problem,
             "ICU not found: no libicuuc.so.N (N = %d to %d) or libicuuc.so on the library path "
             "(install ICU, e.g. apt-get install libicu-dev or libicuNN, or set FILENAMEKIT_ICU_LIBRARY)",
             CICU_ICU_OLDEST, CICU_ICU_NEWEST);
  }
}

int cicu_icu_load(void) {
  (void)pthread_once(&load_once, load);
  return load_status;
}

const char *cicu_icu_problem(void) { return cicu_icu_load() == CICU_OK ? "" : problem; }

int cicu_icu_version(void) { return cicu_icu_load() == CICU_OK ? loaded_version : 0; }

static pthread_once_t i18n_once = PTHREAD_ONCE_INIT;
static int i18n_status = CICU_UNAVAILABLE;
static char i18n_problem[512];

/// Resolves libicui18n's entry points in `file`, with the suffix libicuuc's have.
static int resolve_i18n(void *lib, const char *what) {
  char name[96];
  const char *suffix = loaded_suffix;
#define CICU_ICU_RESOLVE(entry) CICU_ICU_RESOLVE_INTO(entry, #entry, i18n_problem)
  CICU_ICU_I18N_ENTRY_POINTS(CICU_ICU_RESOLVE)
#undef CICU_ICU_RESOLVE
  return 1;
}

/// libicui18n beside the loaded libicuuc: the same file name with "icuuc" made "icui18n" (so a path given
/// in FILENAMEKIT_ICU_LIBRARY finds its sibling), else libicui18n.so.N of the loaded version.
static void load_i18n(void) {
  if (cicu_icu_load() != CICU_OK) {
    snprintf(i18n_problem, sizeof i18n_problem, "%s", problem);
    return;
  }
  char file[300];
  const char *base = strrchr(loaded_file, '/');
  const char *at = strstr(base ? base + 1 : loaded_file, "icuuc");
  if (at) {
    snprintf(file, sizeof file, "%.*sicui18n%s", (int)(at - loaded_file), loaded_file, at + 5);
  } else if (loaded_version) {
    snprintf(file, sizeof file, "libicui18n.so.%d", loaded_version);
  } else {
    snprintf(file, sizeof file, "libicui18n.so");
  }
  void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *why = dlerror();
    snprintf(i18n_problem, sizeof i18n_problem,
             "transliteration needs ICU's %s beside %s, which could not be loaded: %s", file, loaded_file,
             why ? why : "unknown error");
    return;
  }
  if (!resolve_i18n(lib, file)) {
    dlclose(lib);
    return;
  }
  i18n_status = CICU_OK;
}

int cicu_icu_load_i18n(void) {
  (void)pthread_once(&i18n_once, load_i18n);
  return i18n_status;
}

const char *cicu_icu_i18n_problem(void) { return cicu_icu_load_i18n() == CICU_OK ? "" : i18n_problem; }

// The forwarding functions. Each is declared by ICUFunctions.h (through ICURename.h), so its signature
// is ICU's; shim.c calls them only after cicu_icu_load() succeeded.
#define CICU_FORWARD(type, name, params, args) \
  type name params { return icu.name args; }
#define CICU_FORWARD_VOID(name, params, args) \
  void name params { icu.name args; }

CICU_FORWARD(UChar *, u_strFromUTF8,
             (UChar *dest, int32_t destCapacity, int32_t *pDestLength, const char *src, int32_t srcLength,
              UErrorCode *pErrorCode),
             (dest, destCapacity, pDestLength, src, srcLength, pErrorCode))
CICU_FORWARD(char *, u_strToUTF8,
             (char *dest, int32_t destCapacity, int32_t *pDestLength, const UChar *src, int32_t srcLength,
              UErrorCode *pErrorCode),
             (dest, destCapacity, pDestLength, src, srcLength, pErrorCode))
CICU_FORWARD(const UNormalizer2 *, unorm2_getNFCInstance, (UErrorCode *pErrorCode), (pErrorCode))
CICU_FORWARD(const UNormalizer2 *, unorm2_getNFDInstance, (UErrorCode *pErrorCode), (pErrorCode))
CICU_FORWARD(int32_t, unorm2_normalize,
             (const UNormalizer2 *norm2, const UChar *src, int32_t length, UChar *dest, int32_t capacity,
              UErrorCode *pErrorCode),
             (norm2, src, length, dest, capacity, pErrorCode))
CICU_FORWARD(UBool, unorm2_isNormalized,
             (const UNormalizer2 *norm2, const UChar *s, int32_t length, UErrorCode *pErrorCode),
             (norm2, s, length, pErrorCode))
CICU_FORWARD(UConverter *, ucnv_open, (const char *converterName, UErrorCode *err), (converterName, err))
CICU_FORWARD_VOID(ucnv_close, (UConverter *converter), (converter))
CICU_FORWARD_VOID(ucnv_resetToUnicode, (UConverter *converter), (converter))
CICU_FORWARD_VOID(ucnv_setToUCallBack,
                  (UConverter *converter, UConverterToUCallback newAction, const void *newContext,
                   UConverterToUCallback *oldAction, const void **oldContext, UErrorCode *err),
                  (converter, newAction, newContext, oldAction, oldContext, err))
CICU_FORWARD_VOID(ucnv_setFromUCallBack,
                  (UConverter *converter, UConverterFromUCallback newAction, const void *newContext,
                   UConverterFromUCallback *oldAction, const void **oldContext, UErrorCode *err),
                  (converter, newAction, newContext, oldAction, oldContext, err))
CICU_FORWARD_VOID(ucnv_toUnicode,
                  (UConverter *converter, UChar **target, const UChar *targetLimit, const char **source,
                   const char *sourceLimit, int32_t *offsets, UBool flush, UErrorCode *err),
                  (converter, target, targetLimit, source, sourceLimit, offsets, flush, err))
CICU_FORWARD(int32_t, ucnv_fromUChars,
             (UConverter *cnv, char *dest, int32_t destCapacity, const UChar *src, int32_t srcLength,
              UErrorCode *pErrorCode),
             (cnv, dest, destCapacity, src, srcLength, pErrorCode))
CICU_FORWARD_VOID(ucnv_getInvalidChars,
                  (const UConverter *converter, char *errBytes, int8_t *len, UErrorCode *err),
                  (converter, errBytes, len, err))
CICU_FORWARD_VOID(UCNV_TO_U_CALLBACK_STOP,
                  (const void *context, UConverterToUnicodeArgs *toUArgs, const char *codeUnits,
                   int32_t length, UConverterCallbackReason reason, UErrorCode *err),
                  (context, toUArgs, codeUnits, length, reason, err))
CICU_FORWARD_VOID(UCNV_FROM_U_CALLBACK_STOP,
                  (const void *context, UConverterFromUnicodeArgs *fromUArgs, const UChar *codeUnits,
                   int32_t length, UChar32 codePoint, UConverterCallbackReason reason, UErrorCode *err),
                  (context, fromUArgs, codeUnits, length, codePoint, reason, err))
CICU_FORWARD(UIDNA *, uidna_openUTS46, (uint32_t options, UErrorCode *pErrorCode), (options, pErrorCode))
CICU_FORWARD_VOID(uidna_close, (UIDNA *idna), (idna))
CICU_FORWARD(int32_t, uidna_nameToUnicodeUTF8,
             (const UIDNA *idna, const char *name, int32_t length, char *dest, int32_t capacity,
              UIDNAInfo *pInfo, UErrorCode *pErrorCode),
             (idna, name, length, dest, capacity, pInfo, pErrorCode))
CICU_FORWARD(UTransliterator *, utrans_openU,
             (const UChar *id, int32_t idLength, UTransDirection dir, const UChar *rules, int32_t rulesLength,
              UParseError *parseError, UErrorCode *pErrorCode),
             (id, idLength, dir, rules, rulesLength, parseError, pErrorCode))
CICU_FORWARD_VOID(utrans_close, (UTransliterator *trans), (trans))
CICU_FORWARD_VOID(utrans_transUChars,
                  (const UTransliterator *trans, UChar *text, int32_t *textLength, int32_t textCapacity,
                   int32_t start, int32_t *limit, UErrorCode *status),
                  (trans, text, textLength, textCapacity, start, limit, status))

#endif
