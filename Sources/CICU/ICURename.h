// Everywhere but Apple platforms, ICU is not linked: ICULoader.c opens the system's libicuuc at run time
// (any major version) and resolves its versioned entry points (ucnv_open is exported as ucnv_open_72 by
// ICU's default build, used by every Linux distribution). The plain names ICUFunctions.h declares are
// mapped here to the loader's forwarding functions, cicu_icu_NAME, which call the resolved symbols. So
// shim.c is the same code on every platform, up to these names: Tests/ICUDeclarationsCheck compares the
// objects, and checks that each name here is one ICU renames (unicode/urename.h) and one the loader
// resolves.
#ifndef CICU_ICU_RENAME_H
#define CICU_ICU_RENAME_H

#define UCNV_FROM_U_CALLBACK_STOP cicu_icu_UCNV_FROM_U_CALLBACK_STOP
#define UCNV_TO_U_CALLBACK_STOP cicu_icu_UCNV_TO_U_CALLBACK_STOP
#define u_strFromUTF8 cicu_icu_u_strFromUTF8
#define u_strToUTF8 cicu_icu_u_strToUTF8
#define ucnv_close cicu_icu_ucnv_close
#define ucnv_fromUChars cicu_icu_ucnv_fromUChars
#define ucnv_getInvalidChars cicu_icu_ucnv_getInvalidChars
#define ucnv_open cicu_icu_ucnv_open
#define ucnv_resetToUnicode cicu_icu_ucnv_resetToUnicode
#define ucnv_setFromUCallBack cicu_icu_ucnv_setFromUCallBack
#define ucnv_setToUCallBack cicu_icu_ucnv_setToUCallBack
#define ucnv_toUnicode cicu_icu_ucnv_toUnicode
#define uidna_close cicu_icu_uidna_close
#define uidna_nameToUnicodeUTF8 cicu_icu_uidna_nameToUnicodeUTF8
#define uidna_openUTS46 cicu_icu_uidna_openUTS46
#define unorm2_getNFCInstance cicu_icu_unorm2_getNFCInstance
#define unorm2_getNFDInstance cicu_icu_unorm2_getNFDInstance
#define unorm2_isNormalized cicu_icu_unorm2_isNormalized
#define unorm2_normalize cicu_icu_unorm2_normalize
#define utrans_close cicu_icu_utrans_close
#define utrans_openU cicu_icu_utrans_openU
#define utrans_transUChars cicu_icu_utrans_transUChars

#endif
