// Proves that the shim's own ICU declarations (Sources/CICU/ICUTypes.h, ICUFunctions.h),
// which Apple builds compile against because Apple's SDKs ship no ICU headers, say exactly what the
// real ICU headers say. Compile-only: `run` builds it with -Werror; any difference is a compile error.
//
// 1. Names: `run` checks that each name ICURename.h maps is one unicode/urename.h renames, and that
//    ICULoader.c resolves the same list.
// 2. Signatures: ICUFunctions.h's prototypes redeclare the real functions, with the real types in scope;
//    any difference in a parameter, return type, qualifier or pointer level is "conflicting types".
// 3. Types, constants, layout: ICUTypes.h again, each name that ICU defines differently in form
//    (enums, structs, callback types) renamed with a `CICUDecl_` prefix, then compared below by value,
//    size, alignment, offset and type. Opaque types, the UBool/UChar/UChar32 typedefs and the U_SUCCESS,
//    U_FAILURE and UIDNA_INFO_INITIALIZER macros are not renamed: they are redeclared as they are, which
//    C allows only when identical.
#include <stddef.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/uidna.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utrans.h>
#include <unicode/utypes.h>

#if U_DISABLE_RENAMING
#error "this ICU does not rename its entry points; step 1 would check nothing"
#endif

// 2. Signatures (ICUTypes.h is skipped here: its guard is set, so the real types are used).
#define CICU_ICU_TYPES_H
#include "ICUFunctions.h"
#undef CICU_ICU_TYPES_H

// 3. Types and constants.
#define UErrorCode CICUDecl_UErrorCode
#define U_STRING_NOT_TERMINATED_WARNING CICUDecl_U_STRING_NOT_TERMINATED_WARNING
#define U_ZERO_ERROR CICUDecl_U_ZERO_ERROR
#define U_INVALID_CHAR_FOUND CICUDecl_U_INVALID_CHAR_FOUND
#define U_TRUNCATED_CHAR_FOUND CICUDecl_U_TRUNCATED_CHAR_FOUND
#define U_ILLEGAL_CHAR_FOUND CICUDecl_U_ILLEGAL_CHAR_FOUND
#define U_BUFFER_OVERFLOW_ERROR CICUDecl_U_BUFFER_OVERFLOW_ERROR
#define U_ILLEGAL_ESCAPE_SEQUENCE CICUDecl_U_ILLEGAL_ESCAPE_SEQUENCE
#define U_UNSUPPORTED_ESCAPE_SEQUENCE CICUDecl_U_UNSUPPORTED_ESCAPE_SEQUENCE
#define UConverterToUnicodeArgs CICUDecl_UConverterToUnicodeArgs
#define UConverterFromUnicodeArgs CICUDecl_UConverterFromUnicodeArgs
#define UConverterCallbackReason CICUDecl_UConverterCallbackReason
#define UCNV_UNASSIGNED CICUDecl_UCNV_UNASSIGNED
#define UCNV_ILLEGAL CICUDecl_UCNV_ILLEGAL
#define UCNV_IRREGULAR CICUDecl_UCNV_IRREGULAR
#define UCNV_RESET CICUDecl_UCNV_RESET
#define UCNV_CLOSE CICUDecl_UCNV_CLOSE
#define UCNV_CLONE CICUDecl_UCNV_CLONE
#define UConverterToUCallback CICUDecl_UConverterToUCallback
#define UConverterFromUCallback CICUDecl_UConverterFromUCallback
#define UIDNA_NONTRANSITIONAL_TO_UNICODE CICUDecl_UIDNA_NONTRANSITIONAL_TO_UNICODE
#define UIDNAInfo CICUDecl_UIDNAInfo
#define UTransDirection CICUDecl_UTransDirection
#define UTRANS_FORWARD CICUDecl_UTRANS_FORWARD
#define UTRANS_REVERSE CICUDecl_UTRANS_REVERSE
#include "ICUTypes.h"
#undef UErrorCode
#undef U_STRING_NOT_TERMINATED_WARNING
#undef U_ZERO_ERROR
#undef U_INVALID_CHAR_FOUND
#undef U_TRUNCATED_CHAR_FOUND
#undef U_ILLEGAL_CHAR_FOUND
#undef U_BUFFER_OVERFLOW_ERROR
#undef U_ILLEGAL_ESCAPE_SEQUENCE
#undef U_UNSUPPORTED_ESCAPE_SEQUENCE
#undef UConverterToUnicodeArgs
#undef UConverterFromUnicodeArgs
#undef UConverterCallbackReason
#undef UCNV_UNASSIGNED
#undef UCNV_ILLEGAL
#undef UCNV_IRREGULAR
#undef UCNV_RESET
#undef UCNV_CLOSE
#undef UCNV_CLONE
#undef UConverterToUCallback
#undef UConverterFromUCallback
#undef UIDNA_NONTRANSITIONAL_TO_UNICODE
#undef UIDNAInfo
#undef UTransDirection
#undef UTRANS_FORWARD
#undef UTRANS_REVERSE

#define SAME_TYPE(a, b) _Static_assert(__builtin_types_compatible_p(a, b), #a " is not " #b)
#define SAME_VALUE(name) _Static_assert((long long)CICUDecl_##name == (long long)name, #name " differs")
#define SAME_SCALAR(ours, real)                                                                    \
  _Static_assert(sizeof(ours) == sizeof(real) && _Alignof(ours) == _Alignof(real), #ours " size");  \
  _Static_assert(((ours)-1 < (ours)0) == ((real)-1 < (real)0), #ours " signedness")
#define SAME_FIELD(field)                                                                          \
  _Static_assert(offsetof(CICUDecl_UIDNAInfo, field) == offsetof(UIDNAInfo, field), #field " offset"); \
  SAME_TYPE(__typeof__(((CICUDecl_UIDNAInfo *)0)->field), __typeof__(((UIDNAInfo *)0)->field))

// UErrorCode: same size and signedness (both `int`), and every constant the shim uses.
SAME_SCALAR(CICUDecl_UErrorCode, UErrorCode);
SAME_VALUE(U_STRING_NOT_TERMINATED_WARNING);
SAME_VALUE(U_ZERO_ERROR);
SAME_VALUE(U_INVALID_CHAR_FOUND);
SAME_VALUE(U_TRUNCATED_CHAR_FOUND);
SAME_VALUE(U_ILLEGAL_CHAR_FOUND);
SAME_VALUE(U_BUFFER_OVERFLOW_ERROR);
SAME_VALUE(U_ILLEGAL_ESCAPE_SEQUENCE);
SAME_VALUE(U_UNSUPPORTED_ESCAPE_SEQUENCE);

// UConverterCallbackReason: every constant, size and signedness.
SAME_SCALAR(CICUDecl_UConverterCallbackReason, UConverterCallbackReason);
SAME_VALUE(UCNV_UNASSIGNED);
SAME_VALUE(UCNV_ILLEGAL);
SAME_VALUE(UCNV_IRREGULAR);
SAME_VALUE(UCNV_RESET);
SAME_VALUE(UCNV_CLOSE);
SAME_VALUE(UCNV_CLONE);

// The callback types. Their argument structs are opaque in ICUTypes.h (ICU's are anonymous structs the
// shim never touches: it passes only ICU's own STOP callbacks), so the types cannot be compared whole.
// Each is instead compared to ICUTypes.h's type built from ICU's parameter list, and the STOP functions'
// prototypes (ICU's parameter list) were checked in step 2.
SAME_TYPE(CICUDecl_UConverterToUCallback,
          void (*)(const void *, CICUDecl_UConverterToUnicodeArgs *, const char *, int32_t,
                   CICUDecl_UConverterCallbackReason, CICUDecl_UErrorCode *));
SAME_TYPE(CICUDecl_UConverterFromUCallback,
          void (*)(const void *, CICUDecl_UConverterFromUnicodeArgs *, const UChar *, int32_t, UChar32,
                   CICUDecl_UConverterCallbackReason, CICUDecl_UErrorCode *));
SAME_TYPE(UConverterToUCallback, __typeof__(&UCNV_TO_U_CALLBACK_STOP));
SAME_TYPE(UConverterFromUCallback, __typeof__(&UCNV_FROM_U_CALLBACK_STOP));

// UIDNA: the option constant and UIDNAInfo's layout, field by field.
SAME_VALUE(UIDNA_NONTRANSITIONAL_TO_UNICODE);
_Static_assert(sizeof(CICUDecl_UIDNAInfo) == sizeof(UIDNAInfo), "UIDNAInfo size");
_Static_assert(_Alignof(CICUDecl_UIDNAInfo) == _Alignof(UIDNAInfo), "UIDNAInfo alignment");
SAME_FIELD(size);
SAME_FIELD(isTransitionalDifferent);
SAME_FIELD(reservedB3);
SAME_FIELD(errors);
SAME_FIELD(reservedI2);
SAME_FIELD(reservedI3);

// UTransDirection: both constants, size and signedness. UTransliterator (ICU's `void *`) and the
// opaque UParseError were redeclared unrenamed above, which C allows only when they are ICU's types.
SAME_SCALAR(CICUDecl_UTransDirection, UTransDirection);
SAME_VALUE(UTRANS_FORWARD);
SAME_VALUE(UTRANS_REVERSE);

// The initializer (redeclared unrenamed above, so token for token ICU's) fills ICU's struct.
static const UIDNAInfo initialized = UIDNA_INFO_INITIALIZER;
const UIDNAInfo *cicu_check_initializer(void) { return &initialized; }
