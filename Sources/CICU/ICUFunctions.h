// The ICU functions the shim calls, with ICU's plain (unversioned) names as libicucore exports them
// on Apple platforms. Each prototype is copied from the ICU header named beside it; Tests/
// ICUDeclarationsCheck redeclares these after the real headers, where any difference is a
// "conflicting types" error. Elsewhere ICURename.h maps the names to ICU's versioned symbols first.
#ifndef CICU_ICU_FUNCTIONS_H
#define CICU_ICU_FUNCTIONS_H

#include "ICUTypes.h"

// unicode/ustring.h
UChar *u_strFromUTF8(UChar *dest, int32_t destCapacity, int32_t *pDestLength,
                     const char *src, int32_t srcLength, UErrorCode *pErrorCode);
char *u_strToUTF8(char *dest, int32_t destCapacity, int32_t *pDestLength,
                  const UChar *src, int32_t srcLength, UErrorCode *pErrorCode);

// unicode/unorm2.h
const UNormalizer2 *unorm2_getNFCInstance(UErrorCode *pErrorCode);
const UNormalizer2 *unorm2_getNFDInstance(UErrorCode *pErrorCode);
int32_t unorm2_normalize(const UNormalizer2 *norm2, const UChar *src, int32_t length,
                         UChar *dest, int32_t capacity, UErrorCode *pErrorCode);
UBool unorm2_isNormalized(const UNormalizer2 *norm2, const UChar *s, int32_t length,
                          UErrorCode *pErrorCode);

// unicode/ucnv.h, unicode/ucnv_err.h
UConverter *ucnv_open(const char *converterName, UErrorCode *err);
void ucnv_close(UConverter *converter);
void ucnv_resetToUnicode(UConverter *converter);
void ucnv_setToUCallBack(UConverter *converter, UConverterToUCallback newAction, const void *newContext,
                         UConverterToUCallback *oldAction, const void **oldContext, UErrorCode *err);
void ucnv_setFromUCallBack(UConverter *converter, UConverterFromUCallback newAction, const void *newContext,
                           UConverterFromUCallback *oldAction, const void **oldContext, UErrorCode *err);
void ucnv_toUnicode(UConverter *converter, UChar **target, const UChar *targetLimit,
                    const char **source, const char *sourceLimit, int32_t *offsets, UBool flush,
                    UErrorCode *err);
int32_t ucnv_fromUChars(UConverter *cnv, char *dest, int32_t destCapacity,
                        const UChar *src, int32_t srcLength, UErrorCode *pErrorCode);
void ucnv_getInvalidChars(const UConverter *converter, char *errBytes, int8_t *len, UErrorCode *err);
void UCNV_TO_U_CALLBACK_STOP(const void *context, UConverterToUnicodeArgs *toUArgs,
                             const char *codeUnits, int32_t length, UConverterCallbackReason reason,
                             UErrorCode *err);
void UCNV_FROM_U_CALLBACK_STOP(const void *context, UConverterFromUnicodeArgs *fromUArgs,
                               const UChar *codeUnits, int32_t length, UChar32 codePoint,
                               UConverterCallbackReason reason, UErrorCode *err);

// unicode/uidna.h
UIDNA *uidna_openUTS46(uint32_t options, UErrorCode *pErrorCode);
void uidna_close(UIDNA *idna);
int32_t uidna_nameToUnicodeUTF8(const UIDNA *idna, const char *name, int32_t length,
                                char *dest, int32_t capacity, UIDNAInfo *pInfo, UErrorCode *pErrorCode);

// unicode/utrans.h (in libicui18n, loaded only when a transliteration is asked for)
UTransliterator *utrans_openU(const UChar *id, int32_t idLength, UTransDirection dir, const UChar *rules,
                              int32_t rulesLength, UParseError *parseError, UErrorCode *pErrorCode);
void utrans_close(UTransliterator *trans);
void utrans_transUChars(const UTransliterator *trans, UChar *text, int32_t *textLength, int32_t textCapacity,
                        int32_t start, int32_t *limit, UErrorCode *status);

#endif
