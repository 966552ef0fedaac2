"""Proves the declarations check catches differences: applies one change at a time to a copy of
Sources/CICU, runs `run` on the copy, and fails unless every change is rejected.
Run: Tests/ICUDeclarationsCheck/run --mutations (a few seconds)."""
import os, shutil, subprocess, sys, tempfile

# (file, original text, changed text): a signature, a qualifier, a parameter type, an enum value, an
# enum's signedness, a field order, a field type, a typedef, an option bit, a callback parameter,
# a renamed symbol, a name mapped elsewhere, an entry point the loader misses, an opaque type's tag.
MUTATIONS = [
    ("ICUFunctions.h", "int32_t ucnv_fromUChars(", "int16_t ucnv_fromUChars("),
    ("ICUFunctions.h", "void ucnv_close(UConverter *converter);", "void ucnv_close(const UConverter *converter);"),
    ("ICUFunctions.h", "int32_t *offsets, UBool flush,", "int32_t *offsets, int flush,"),
    ("ICUFunctions.h", "UIDNA *uidna_openUTS46(uint32_t options", "UIDNA *uidna_openUTS46(int32_t options"),
    ("ICUTypes.h", "U_BUFFER_OVERFLOW_ERROR = 15", "U_BUFFER_OVERFLOW_ERROR = 14"),
    ("ICUTypes.h", "U_STRING_NOT_TERMINATED_WARNING = -124,", "U_STRING_NOT_TERMINATED_WARNING = 124,"),
    ("ICUTypes.h", "  UBool isTransitionalDifferent;\n  UBool reservedB3;", "  UBool reservedB3;\n  UBool isTransitionalDifferent;"),
    ("ICUTypes.h", "  uint32_t errors;", "  int32_t errors;"),
    ("ICUTypes.h", "typedef int8_t UBool;", "typedef uint8_t UBool;"),
    ("ICUTypes.h", "UIDNA_NONTRANSITIONAL_TO_UNICODE = 0x20", "UIDNA_NONTRANSITIONAL_TO_UNICODE = 0x10"),
    ("ICUTypes.h", "const char *codeUnits, int32_t length,\n", "const char *codeUnits, uint32_t length,\n"),
    ("ICUTypes.h", "typedef struct UIDNA UIDNA;", "typedef struct UIDNAx UIDNA;"),
    ("ICUTypes.h", "false, false, 0, 0, 0 }", "0, 0, 0, 0, 0 }"),
    ("ICURename.h", "#define ucnv_open cicu_icu_ucnv_open", "#define ucnv_openx cicu_icu_ucnv_openx"),
    ("ICURename.h", "#define ucnv_close cicu_icu_ucnv_close", "#define ucnv_close ucnv_close_71"),
    ("ICULoader.c", "X(ucnv_close) ", ""),
]

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
run = os.path.join(root, "Tests", "ICUDeclarationsCheck", "run")
missed = 0
with tempfile.TemporaryDirectory() as tmp:
    copy = os.path.join(tmp, "CICU")
    shutil.copytree(os.path.join(root, "Sources", "CICU"), copy)
    for name, old, new in MUTATIONS:
        path = os.path.join(copy, name)
        original = open(path).read()
        if old not in original:
            print(f"mutations: '{old}' is no longer in {name}; update mutations.py", file=sys.stderr)
            sys.exit(1)
        open(path, "w").write(original.replace(old, new, 1))
        r = subprocess.run([run], env=dict(os.environ, CICU_DIR=copy), capture_output=True, text=True)
        open(path, "w").write(original)
        caught = r.returncode != 0
        missed += not caught
        print(f"mutations: {'caught' if caught else 'MISSED'}: {name}: {new.strip()[:60]!r}")
print(f"mutations: {len(MUTATIONS) - missed} of {len(MUTATIONS)} changes rejected")
sys.exit(1 if missed else 0)
