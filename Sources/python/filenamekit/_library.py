"""Finding and loading libfilenamekit, and the C declarations of filenamekit.h the binding uses."""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import List, Tuple

#: The ABI of include/filenamekit.h this binding was written for (FNK_ABI_VERSION).
ABI_VERSION = 1


class LibraryNotFoundError(ImportError):
    """No usable libfilenamekit was found; the message lists every place tried and why it failed."""


class fnk_string(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


class fnk_text(ctypes.Structure):
    """fnk_string with ``data`` read as bytes up to its NUL (every string the library returns ends
    with one), which ctypes does faster than ``string_at``; ``length`` tells a string that holds a NUL
    of its own from one that ends there."""
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class fnk_options(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("platform", ctypes.c_int32),
        ("profile", ctypes.c_int32),
        ("renderer", ctypes.c_int32),
        ("no_detect", ctypes.c_int32),
        ("nfd", ctypes.c_int32),
        ("neutralize", ctypes.c_int32),
        ("ascii", ctypes.c_int32),
        ("max_length", ctypes.c_uint64),
        ("referrer_charset", ctypes.c_char_p),
        ("referrer_charset_length", ctypes.c_size_t),
        ("language", ctypes.c_char_p),
        ("language_length", ctypes.c_size_t),
        ("default_name", ctypes.c_char_p),
        ("default_name_length", ctypes.c_size_t),
    ]


class fnk_metadata(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("url", ctypes.c_char_p),
        ("url_length", ctypes.c_size_t),
        ("content_disposition", ctypes.c_char_p),
        ("content_disposition_length", ctypes.c_size_t),
        ("content_type", ctypes.c_char_p),
        ("content_type_length", ctypes.c_size_t),
        ("suggested_name", ctypes.c_char_p),
        ("suggested_name_length", ctypes.c_size_t),
        ("content", ctypes.c_char_p),
        ("content_length", ctypes.c_size_t),
    ]


class fnk_name(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("download", ctypes.c_int32),
        ("filename", fnk_string),
        ("source", fnk_string),
        ("media_type", fnk_string),
        ("reason", fnk_string),
        ("risk", fnk_string),
        ("disguise", fnk_string),
        ("length", ctypes.c_size_t),
    ]


#: FNK_ERR_BUFFER_TOO_SMALL: fnk_suggest_name's buffer is too small (fnk_name.length says how much).
BUFFER_TOO_SMALL = 11

# Field numbers (enum fnk_field).
FILENAME, SOURCE, MEDIA_TYPE, DOWNLOAD, REASON, RISK = 1, 2, 3, 4, 5, 6
TRACE_CODE, TRACE_DETAIL, DISGUISE, MEDIA_TYPE_SERIALIZED, DECISION_DETAIL = 7, 8, 9, 10, 11
CONFLICT, CONFLICT_CODE = 12, 13
SNIFFED_MEDIA_TYPE, SNIFFED_RULE, SNIFFED_BYTES_EXAMINED, SNIFFED_EXECUTABLE, SNIFFED_DETAIL = 14, 15, 16, 17, 18
MISMATCH_EXTENSION, MISMATCH_MEDIA_TYPE, MISMATCH_EXPECTED = 19, 20, 21
TYPE, PARAMETER_NAME, PARAMETER_VALUE, DIAGNOSTIC, DETECTED_CHARSET = 30, 31, 32, 33, 34
VALID, ESSENCE, SERIALIZED, EXTENSION = 40, 41, 42, 43
CHARSET, CONFIDENCE, RAW_FILENAME = 50, 51, 52
CHANGE, CHANGE_DETAIL, FD = 60, 61, 62


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    """Sets the argument and result types of every function the binding calls."""
    handle = ctypes.c_void_p
    out = ctypes.POINTER(ctypes.c_void_p)
    data = ctypes.c_char_p
    size = ctypes.c_size_t
    options = ctypes.POINTER(fnk_options)
    signatures = {
        "fnk_abi_version": ([], ctypes.c_uint32),
        "fnk_version": ([], ctypes.c_char_p),
        "fnk_status_name": ([ctypes.c_int], ctypes.c_char_p),
        "fnk_last_error": ([], ctypes.c_char_p),
        "fnk_last_status": ([], ctypes.c_int),
        "fnk_result_kind": ([handle], ctypes.c_int32),
        "fnk_result_string": ([handle, ctypes.c_int], fnk_string),
        "fnk_result_int": ([handle, ctypes.c_int], ctypes.c_int64),
        "fnk_result_count": ([handle, ctypes.c_int], size),
        "fnk_result_item": ([handle, ctypes.c_int, size], fnk_string),
        "fnk_result_strings": ([handle, ctypes.POINTER(ctypes.c_int), size, ctypes.POINTER(fnk_string)], size),
        "fnk_result_items": ([handle, ctypes.c_int, ctypes.POINTER(fnk_string), size], size),
        "fnk_free": ([handle], None),
        "fnk_suggest": ([ctypes.POINTER(fnk_metadata), options, out], ctypes.c_int),
        "fnk_parse_disposition": ([data, size, options, out], ctypes.c_int),
        "fnk_parse_media_type": ([data, size, out], ctypes.c_int),
        "fnk_url_filename": ([data, size, options, out], ctypes.c_int),
        "fnk_sanitize": ([data, size, options, out], ctypes.c_int),
        "fnk_claim_unique": ([data, size, data, size, options, out], ctypes.c_int),
    }
    for name, (args, result) in signatures.items():
        f = getattr(lib, name)
        f.argtypes = args
        f.restype = result
    # fnk_suggest_name is called with ctypes objects only (byref() of its structs, the buffer, a
    # c_size_t), which ctypes passes as they are: declared argtypes would convert each one per call.
    f = lib.fnk_suggest_name
    f.argtypes = None
    f.restype = ctypes.c_int
    return lib


def _candidates() -> List[Tuple[str, str]]:
    """Where to look, in order: (description, what to pass to CDLL)."""
    found: List[Tuple[str, str]] = []
    env = os.environ.get("FILENAMEKIT_LIBRARY")
    if env:
        found.append(("FILENAMEKIT_LIBRARY", env))
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("libfilenamekit.so", "libfilenamekit.so.1", "libfilenamekit.dylib"):
        found.append(("beside the package", os.path.join(here, name)))
    found.append(("the dynamic loader's path", "libfilenamekit.so.1"))
    by_util = ctypes.util.find_library("filenamekit")
    if by_util:
        found.append(("ctypes.util.find_library", by_util))
    return found


def load() -> ctypes.CDLL:
    """The first libfilenamekit that loads and has this binding's ABI; LibraryNotFoundError otherwise."""
    tried = []
    for where, path in _candidates():
        if where == "beside the package" and not os.path.exists(path):
            tried.append(f"{path} ({where}): no such file")
            continue
        try:
            lib = _declare(ctypes.CDLL(path))
        except (OSError, AttributeError) as e:
            tried.append(f"{path} ({where}): {e}")
            continue
        abi = lib.fnk_abi_version()
        if abi != ABI_VERSION:
            tried.append(f"{path} ({where}): ABI {abi}, this binding needs {ABI_VERSION}")
            continue
        return lib
    raise LibraryNotFoundError(
        "libfilenamekit not found (install it with Scripts/install --prefix DIR, then set "
        "FILENAMEKIT_LIBRARY=DIR/lib/libfilenamekit.so); tried:\n  " + "\n  ".join(tried))
