// The ICU declarations shim.c compiles against, on every platform: ICUTypes.h and ICUFunctions.h.
// Apple platforms link libicucore, which exports the plain names and ships no headers; elsewhere
// ICULoader.c loads the system ICU at run time, and ICURename.h maps the plain names to its forwarding
// functions. So Linux builds and tests the very declarations an Apple build uses;
// Tests/ICUDeclarationsCheck proves they match ICU's headers.
#ifndef CICU_ICU_H
#define CICU_ICU_H

#if !defined(__APPLE__)
#include "ICURename.h"
#endif
#include "ICUFunctions.h"

#endif
