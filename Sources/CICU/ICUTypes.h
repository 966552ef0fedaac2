// The ICU types and constants the shim uses, declared here because Apple's SDKs ship libicucore but no
// ICU headers. Each matches ICU's own C header (named beside it) exactly; Tests/ICUDeclarationsCheck
// compiles these against the real headers and fails on any difference in type, value or layout.
// Only what shim.c uses is here; add a declaration here and its assertion there together.
#ifndef CICU_ICU_TYPES_H
#define CICU_ICU_TYPES_H

#include <stdbool.h>
#include <stdint.h>

// unicode/umachine.h (C, not C++: UBool is int8_t, UChar is uint16_t).
typedef int8_t UBool;
typedef uint16_t UChar;
typedef int32_t UChar32;

// unicode/utypes.h: the error codes the shim tests for (U_SUCCESS and U_FAILURE are ICU's C macros). The negative warning makes the enum's
// underlying type `int`, as ICU's own (which has U_USING_FALLBACK_WARNING = -128).
typedef enum UErrorCode {
  U_STRING_NOT_TERMINATED_WARNING = -124,
  U_ZERO_ERROR = 0,
  U_INVALID_CHAR_FOUND = 10,
  U_TRUNCATED_CHAR_FOUND = 11,
  U_ILLEGAL_CHAR_FOUND = 12,
  U_BUFFER_OVERFLOW_ERROR = 15,
  U_ILLEGAL_ESCAPE_SEQUENCE = 18,
  U_UNSUPPORTED_ESCAPE_SEQUENCE = 19
} UErrorCode;
#define U_SUCCESS(x) ((x)<=U_ZERO_ERROR)
#define U_FAILURE(x) ((x)>U_ZERO_ERROR)

// unicode/ucnv_err.h: converters and their error callbacks. The callback argument structs are only
// ever passed by pointer (to ICU's own STOP callbacks), so they are declared opaque.
typedef struct UConverter UConverter;
typedef struct UConverterToUnicodeArgs UConverterToUnicodeArgs;
typedef struct UConverterFromUnicodeArgs UConverterFromUnicodeArgs;
typedef enum UConverterCallbackReason {
  UCNV_UNASSIGNED = 0,
  UCNV_ILLEGAL = 1,
  UCNV_IRREGULAR = 2,
  UCNV_RESET = 3,
  UCNV_CLOSE = 4,
  UCNV_CLONE = 5
} UConverterCallbackReason;

// unicode/ucnv.h
typedef void (*UConverterToUCallback)(const void *context, UConverterToUnicodeArgs *args,
                                      const char *codeUnits, int32_t length,
                                      UConverterCallbackReason reason, UErrorCode *pErrorCode);
typedef void (*UConverterFromUCallback)(const void *context, UConverterFromUnicodeArgs *args,
                                        const UChar *codeUnits, int32_t length, UChar32 codePoint,
                                        UConverterCallbackReason reason, UErrorCode *pErrorCode);

// unicode/unorm2.h
typedef struct UNormalizer2 UNormalizer2;


// unicode/uidna.h
typedef struct UIDNA UIDNA;
enum { UIDNA_NONTRANSITIONAL_TO_UNICODE = 0x20 };
typedef struct UIDNAInfo {
  int16_t size;
  UBool isTransitionalDifferent;
  UBool reservedB3;
  uint32_t errors;
  int32_t reservedI2;
  int32_t reservedI3;
} UIDNAInfo;
#define UIDNA_INFO_INITIALIZER { (int16_t)sizeof(UIDNAInfo), false, false, 0, 0, 0 }

// unicode/utrans.h (libicui18n): a transliterator is ICU's `void *`; UParseError (unicode/parseerr.h)
// is only ever passed as NULL, so it is declared opaque.
typedef void *UTransliterator;
typedef enum UTransDirection { UTRANS_FORWARD = 0, UTRANS_REVERSE = 1 } UTransDirection;
typedef struct UParseError UParseError;

#endif
