"""Safe, correct file names from HTTP download metadata.

A binding of FilenameKit's C API (libfilenamekit, include/filenamekit.h) with ctypes::

    import filenamekit
    s = filenamekit.suggest(url="https://example.com/get?id=7",
                            content_disposition=b"attachment; filename*=UTF-8''%E4%B8%AD.pdf")
    s.filename   # '中.pdf'
    s.download   # True

Every result is an immutable value with the fields of the batch protocol (`filenamekit batch`).
Header values may be ``bytes`` (raw, legacy charsets welcome) or ``str`` (sent as UTF-8).
"""
from __future__ import annotations

import ctypes
import threading
import dataclasses
from dataclasses import dataclass
from typing import Optional, Tuple, Union

from . import _library as L
from ._library import LibraryNotFoundError

__all__ = [
    "suggest", "parse_disposition", "parse_media_type", "url_filename", "sanitize", "claim_unique",
    "Suggestion", "TraceEntry", "Sniffed", "ExtensionMismatch", "Disposition", "MediaType", "URLName",
    "SanitizedName", "ChangeDetail", "Claim", "FilenameKitError", "InvalidArgumentError",
    "LibraryNotFoundError", "library_version", "__version__",
]
__version__ = "0.1.0"

Bytes = Union[bytes, bytearray, memoryview, str]

_PLATFORMS = {None: 0, "linux": 1, "macos": 2, "windows": 3, "portable": 4}
_PROFILES = {None: 0, "compatible": 0, "strict": 1}
_RENDERERS = {None: 0, "webview": 0, "none": 1}
_ARGUMENT_STATUSES = {"FNK_ERR_NULL_ARGUMENT", "FNK_ERR_INVALID_UTF8", "FNK_ERR_INVALID_ARGUMENT",
                      "FNK_ERR_UNKNOWN_CHARSET", "FNK_ERR_TOO_LARGE"}

_lib: Optional[ctypes.CDLL] = None
_lock = threading.Lock()


def _native() -> ctypes.CDLL:
    global _lib
    if _lib is None:
        with _lock:
            if _lib is None:
                _lib = L.load()
    return _lib


class FilenameKitError(Exception):
    """A call the library refused: ``status`` is the fnk_status name, the message says why."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        self.message = message


class InvalidArgumentError(FilenameKitError, ValueError):
    """An argument the library cannot take (bad UTF-8, unknown charset, out-of-range number, …)."""


def library_version() -> str:
    """The loaded library's version string (``filenamekit 0.1.0``)."""
    return _native().fnk_version().decode()


@dataclass(frozen=True)
class TraceEntry:
    """One step of a suggestion's reasoning: a stable code and its detail in words."""
    code: str
    detail: str


@dataclass(frozen=True)
class Sniffed:
    """What the body's leading bytes are."""
    media_type: Optional[str]
    rule: str
    bytes_examined: int
    executable: bool
    detail: Optional[str]


@dataclass(frozen=True)
class ExtensionMismatch:
    """The name's extension disagrees with the declared media type (kept, and reported)."""
    extension: str
    media_type: str
    expected: Optional[str]


@dataclass(frozen=True)
class Suggestion:
    """The answer to "is this a download, and what do I name it?" (batch op ``suggest``).

    The name and the decision come from one call of the library (fnk_suggest_name); the composed text
    (``decision_detail``, ``conflict``, ``media_type_serialized``, ``sniffed``, ``extension_mismatch``)
    and the ``trace`` are read on first access, once, from a second call on the same inputs (the
    library's answers depend on its inputs only), so a caller that wants only the name does not pay
    for them. Either way the value is immutable and compares, hashes and converts
    (``dataclasses.asdict``) by all of its fields.
    """
    filename: str
    source: str
    media_type: Optional[str]
    download: bool
    reason: str
    risk: str
    disguise: Tuple[str, ...]
    trace: Tuple[TraceEntry, ...]
    media_type_serialized: Optional[str]
    decision_detail: str
    conflict: Optional[str]
    conflict_code: Optional[str]
    sniffed: Optional[Sniffed]
    extension_mismatch: Optional[ExtensionMismatch]

    def __getattr__(self, name: str):
        # Called only for a field not read yet: read it (and its group) from the library.
        pending = self.__dict__.get("_pending")
        if pending is None or name not in _LAZY_FIELDS:
            raise AttributeError(f"'Suggestion' object has no attribute {name!r}")
        with _lock:
            fields = self.__dict__
            if name not in fields:  # another thread may have read it meanwhile
                pending = fields["_pending"]
                if type(pending) is tuple:  # the inputs: the full result is made now, once
                    pending = _PendingSuggestion(_full_result(*pending))
                    if "trace" in fields:
                        pending.trace = {"trace": fields["trace"]}
                    fields["_pending"] = pending
                fields.update(pending.read(name))
        return self.__dict__[name]

    def __reduce__(self):
        # Pickled and copied as the plain value: every field read, no handle.
        return (Suggestion, tuple(getattr(self, f.name) for f in dataclasses.fields(self)))


@dataclass(frozen=True)
class Disposition:
    """A parsed Content-Disposition value (batch op ``disposition``); ``filename`` is safe to save as."""
    type: Optional[str]
    filename: Optional[str]
    parameters: Tuple[Tuple[str, Optional[str]], ...]
    diagnostics: Tuple[str, ...]
    detected_charset: Optional[str]


@dataclass(frozen=True)
class MediaType:
    """A WHATWG MIME type (batch op ``mime``)."""
    essence: str
    serialized: str
    parameters: Tuple[Tuple[str, Optional[str]], ...]
    extensions: Tuple[str, ...]


@dataclass(frozen=True)
class URLName:
    """The name a URL gives (batch op ``url``); ``raw_filename`` is for display only, never a path."""
    filename: Optional[str]
    charset: Optional[str]
    source: Optional[str]
    media_type: Optional[str]
    confidence: Optional[int]
    diagnostics: Tuple[str, ...]
    raw_filename: Optional[str]


@dataclass(frozen=True)
class ChangeDetail:
    """One change the sanitizer made, with its text."""
    code: str
    detail: str


@dataclass(frozen=True)
class SanitizedName:
    """One safe path component (batch op ``sanitize``)."""
    filename: str
    changes: Tuple[str, ...]
    risk: str
    disguise: Tuple[str, ...]
    change_details: Tuple[ChangeDetail, ...]


@dataclass(frozen=True)
class Claim:
    """A file created new (never overwriting): its name and open descriptor, which the caller closes."""
    filename: str
    fd: int


# ---- Reading results ------------------------------------------------------------------------------

def _text(s: "L.fnk_string") -> Optional[str]:
    if not s.data:
        return None
    return ctypes.string_at(s.data, s.length).decode("utf-8", "surrogateescape")


_STRING_POINTER = ctypes.POINTER(L.fnk_string)


def _decoded(x: "L.fnk_text") -> Optional[str]:
    b = x.data
    if b is None:
        return None
    if len(b) != x.length:  # the string holds a NUL: read it whole
        b = ctypes.string_at(ctypes.cast(x, ctypes.POINTER(ctypes.c_void_p))[0], x.length)
    return b.decode("utf-8", "surrogateescape")


class _Reader:
    """Reads one result's fields (strings in one call, each list in one or two), then is freed."""

    _ROOM = 16

    def __init__(self, lib: ctypes.CDLL, handle: ctypes.c_void_p) -> None:
        self.lib, self.h = lib, handle

    def strings(self, fields: "ctypes.Array") -> list:
        out = (L.fnk_text * len(fields))()
        self.lib.fnk_result_strings(self.h, fields, len(fields), ctypes.cast(out, _STRING_POINTER))
        return [_decoded(x) for x in out]

    def s(self, field: int) -> Optional[str]:
        return _text(self.lib.fnk_result_string(self.h, field))

    def i(self, field: int) -> int:
        return self.lib.fnk_result_int(self.h, field)

    def l(self, field: int) -> Tuple[Optional[str], ...]:
        out = (L.fnk_string * self._ROOM)()
        n = self.lib.fnk_result_items(self.h, field, out, self._ROOM)
        if n > self._ROOM:
            out = (L.fnk_string * n)()
            self.lib.fnk_result_items(self.h, field, out, n)
        return tuple(_text(out[k]) for k in range(n))


class _PendingSuggestion:
    """A suggestion's result handle and its later fields: each group read once (under the module
    lock), the handle freed when both are read or the last value holding it is dropped."""

    def __init__(self, reader: "_Reader") -> None:
        self.r: Optional[_Reader] = reader
        self.details: Optional[dict] = None
        self.trace: Optional[dict] = None

    def read(self, name: str) -> dict:
        if name == "trace":
            if self.trace is None:
                self.trace = self._read_trace()
            group = self.trace
        else:
            if self.details is None:
                self.details = self._read_details()
            group = self.details
        if self.trace is not None and self.details is not None:
            self.close()
        return group

    def _read_details(self) -> dict:
        r = self.r
        assert r is not None
        (serialized, detail, conflict, conflict_code, rule, sniffed_type, sniffed_detail, ext, ext_type,
         ext_expected) = r.strings(_SUGGESTION_DETAILS)
        sniffed = None if rule is None else Sniffed(
            sniffed_type, rule, r.i(L.SNIFFED_BYTES_EXAMINED), r.i(L.SNIFFED_EXECUTABLE) == 1, sniffed_detail)
        return {"media_type_serialized": serialized, "decision_detail": detail or "", "conflict": conflict,
                "conflict_code": conflict_code, "sniffed": sniffed,
                "extension_mismatch": None if ext is None else ExtensionMismatch(ext, ext_type or "", ext_expected)}

    def _read_trace(self) -> dict:
        r = self.r
        assert r is not None
        return {"trace": tuple(TraceEntry(c or "", d or "") for c, d in zip(r.l(L.TRACE_CODE), r.l(L.TRACE_DETAIL)))}

    def close(self) -> None:
        r, self.r = self.r, None
        if r is not None:
            r.lib.fnk_free(r.h)

    def __del__(self) -> None:
        self.close()


_LAZY_FIELDS = frozenset(("trace", "media_type_serialized", "decision_detail", "conflict", "conflict_code",
                          "sniffed", "extension_mismatch"))


def _fields(*numbers: int) -> "ctypes.Array":
    return (ctypes.c_int * len(numbers))(*numbers)


_SUGGESTION_STRINGS = _fields(L.FILENAME, L.SOURCE, L.MEDIA_TYPE, L.REASON, L.RISK)
_SUGGESTION_DETAILS = _fields(L.MEDIA_TYPE_SERIALIZED, L.DECISION_DETAIL, L.CONFLICT, L.CONFLICT_CODE,
                              L.SNIFFED_RULE, L.SNIFFED_MEDIA_TYPE, L.SNIFFED_DETAIL, L.MISMATCH_EXTENSION,
                              L.MISMATCH_MEDIA_TYPE, L.MISMATCH_EXPECTED)


def _check(lib: ctypes.CDLL, status: int) -> None:
    if status != 0:
        name = lib.fnk_status_name(status).decode()
        message = (lib.fnk_last_error() or b"").decode("utf-8", "replace")
        raise (InvalidArgumentError if name in _ARGUMENT_STATUSES else FilenameKitError)(name, message)


def _call(fn, *args):
    """Calls an operation; its reader (the caller frees the handle), or the error."""
    lib = _native()
    out = ctypes.c_void_p()
    _check(lib, fn(*args, ctypes.byref(out)))
    return _Reader(lib, out)


def _bytes(v: Optional[Bytes], name: str) -> Optional[bytes]:
    if v is None or type(v) is bytes:
        return v
    if isinstance(v, str):
        return v.encode("utf-8", "surrogateescape")
    if isinstance(v, (bytes, bytearray, memoryview)):
        return bytes(v)
    raise TypeError(f"{name} must be bytes or str, not {type(v).__name__}")


def _pick(table: dict, value: Optional[str], name: str) -> int:
    if value not in table:
        choices = ", ".join(k for k in table if k)
        raise ValueError(f"unknown {name} {value!r} ({choices})")
    return table[value]


_OPTIONS_CACHE: dict = {}
_METADATA_SIZE = ctypes.sizeof(L.fnk_metadata)


def _options(*args):
    """A reference (``ctypes.byref``, which keeps the struct alive) to the options struct for these
    arguments, made once per distinct set (the structs are read-only)."""
    try:
        return _OPTIONS_CACHE[args]
    except KeyError:
        pass
    except TypeError:  # an unhashable argument (bytearray): not cached
        return ctypes.byref(_make_options(*args))
    o = ctypes.byref(_make_options(*args))
    if len(_OPTIONS_CACHE) < 256:
        _OPTIONS_CACHE[args] = o
    return o


def _make_options(platform=None, profile=None, renderer=None, detect=True, nfd=False, neutralize=False,
             max_length=None, referrer_charset=None, language=None, default_name=None,
             ascii=False) -> "L.fnk_options":
    o = L.fnk_options()
    o.struct_size = ctypes.sizeof(L.fnk_options)
    o.platform = _pick(_PLATFORMS, platform, "platform")
    o.profile = _pick(_PROFILES, profile, "profile")
    o.renderer = _pick(_RENDERERS, renderer, "renderer")
    o.no_detect = 0 if detect else 1
    o.nfd = 1 if nfd else 0
    o.neutralize = 1 if neutralize else 0
    o.ascii = 1 if ascii else 0
    if max_length is not None:
        if isinstance(max_length, bool) or not isinstance(max_length, int):
            raise TypeError("max_length must be an int")
        if not 1 <= max_length <= 2**63 - 1:
            raise ValueError(f"max_length must be from 1 to 2**63-1 (got {max_length})")
        o.max_length = max_length
    for field, value in (("referrer_charset", referrer_charset), ("language", language),
                         ("default_name", default_name)):
        b = _bytes(value, field)
        if b is not None:
            setattr(o, field, b)
            setattr(o, field + "_length", len(b))
    return o


# ---- Operations -----------------------------------------------------------------------------------

#: fnk_suggest_name's buffer: filenamekit.h says 4096 bytes always hold a name of the platform's
#: limit; an answer that needs more (a very long media type) is asked again with the room it needs.
_NAME_CAPACITY = 4096
_NAME_SIZE = ctypes.sizeof(L.fnk_name)
#: Inputs longer than this (in all) are not kept referenced by a pooled scratch after the call.
_KEEP_INPUTS = 1 << 16
#: Only the body's first 4096 bytes are looked at (filenamekit.h, fnk_metadata.content).
_CONTENT_LOOKED_AT = 4096


class _Scratch:
    """The structs and the buffer of one fnk_suggest_name call. A call takes one from ``_SCRATCH`` and
    puts it back after, so two threads, or a finalizer that runs during a call, never share one."""

    __slots__ = ("meta", "name", "buffer", "capacity", "meta_ref", "name_ref", "extra", "pooled")

    def __init__(self, capacity: int = _NAME_CAPACITY) -> None:
        self.meta = L.fnk_metadata()
        self.meta.struct_size = _METADATA_SIZE
        self.name = L.fnk_name()
        self.name.struct_size = _NAME_SIZE
        self.buffer = ctypes.create_string_buffer(capacity)
        self.capacity = ctypes.c_size_t(capacity)
        self.meta_ref, self.name_ref = ctypes.byref(self.meta), ctypes.byref(self.name)
        self.extra = False  # the last call set suggested_name or content
        self.pooled = capacity == _NAME_CAPACITY  # a larger one, for one long answer, is not kept


#: Free scratches (list.pop and list.append are atomic); at most ``_SCRATCH_KEPT`` are kept.
_SCRATCH: list = []
_SCRATCH_KEPT = 64


def _name_call(s: "_Scratch", u, cd, ct, sn, c, o) -> int:
    m = s.meta
    m.url, m.url_length = u, len(u) if u else 0
    m.content_disposition, m.content_disposition_length = cd, len(cd) if cd else 0
    m.content_type, m.content_type_length = ct, len(ct) if ct else 0
    if sn is not None or c is not None or s.extra:
        m.suggested_name, m.suggested_name_length = sn, len(sn) if sn else 0
        m.content, m.content_length = c, len(c) if c else 0
        s.extra = sn is not None or c is not None
    return (_lib or _native()).fnk_suggest_name(s.meta_ref, o, s.name_ref, s.buffer, s.capacity)


def _full_result(u, cd, ct, sn, c, o) -> "_Reader":
    """fnk_suggest on the inputs of a suggestion already made (for its later fields)."""
    m = L.fnk_metadata(_METADATA_SIZE, u, len(u) if u else 0, cd, len(cd) if cd else 0, ct, len(ct) if ct else 0,
                       sn, len(sn) if sn else 0, c, len(c) if c else 0)
    return _call(_native().fnk_suggest, ctypes.byref(m), o)


def suggest(url: Optional[Bytes] = None, content_disposition: Optional[Bytes] = None,
            content_type: Optional[Bytes] = None, suggested_name: Optional[Bytes] = None,
            default_name: Optional[Bytes] = None, referrer_charset: Optional[Bytes] = None,
            platform: Optional[str] = None, max_length: Optional[int] = None,
            content: Optional[Bytes] = None, *, profile: Optional[str] = None, detect: bool = True,
            nfd: bool = False, neutralize: bool = False, renderer: Optional[str] = None,
            language: Optional[Bytes] = None, trace: bool = True, ascii: bool = False) -> Suggestion:
    """Suggests the file name of a download and decides download or display.

    ``platform``: ``linux``, ``macos``, ``windows`` or ``portable`` (default: this machine's).
    ``content``: the body's leading bytes, for sniffing. ``ascii=True``: a plain ASCII name, other scripts
    transliterated (ICU ``Any-Latin; Latin-ASCII``). ``trace=False`` leaves ``trace`` empty, so that
    reading every field (``dataclasses.asdict``, ``==``) never runs the pipeline again for it. Raises ``InvalidArgumentError`` for input the
    library refuses (a suggested name that is not UTF-8, an unknown charset label, …).
    """
    o = _options(platform, profile, renderer, detect, nfd, neutralize, max_length, referrer_charset,
                 language, default_name, ascii)
    # str is sent as UTF-8 and bytes as they are, inline for the common types (_bytes for the rest).
    u = url
    if u is not None and type(u) is not bytes:
        u = u.encode("utf-8", "surrogateescape") if type(u) is str else _bytes(u, "url")
    cd = content_disposition
    if cd is not None and type(cd) is not bytes:
        cd = cd.encode("utf-8", "surrogateescape") if type(cd) is str else _bytes(cd, "content_disposition")
    ct = content_type
    if ct is not None and type(ct) is not bytes:
        ct = ct.encode("utf-8", "surrogateescape") if type(ct) is str else _bytes(ct, "content_type")
    sn = suggested_name
    if sn is not None and type(sn) is not bytes:
        sn = _bytes(sn, "suggested_name")
    c = content
    if c is not None:
        if type(c) is not bytes:
            c = _bytes(c, "content")
        if len(c) > _CONTENT_LOOKED_AT:
            c = c[:_CONTENT_LOOKED_AT]
    try:
        s = _SCRATCH.pop()
    except IndexError:
        s = _Scratch()
    status = _name_call(s, u, cd, ct, sn, c, o)
    if status == L.BUFFER_TOO_SMALL:  # asked again, with the room the answer needs
        _SCRATCH.append(s)
        s = _Scratch(s.name.length)
        status = _name_call(s, u, cd, ct, sn, c, o)
    name = s.name
    # Read before the scratch goes back: from then on another call may write it.
    text = s.buffer[:name.length]
    download = name.download == 1
    if s.pooled and len(_SCRATCH) < _SCRATCH_KEPT:
        if (len(u) if u else 0) + (len(cd) if cd else 0) + (len(ct) if ct else 0) + (len(sn) if sn else 0) \
                > _KEEP_INPUTS:
            m = s.meta
            m.url = m.content_disposition = m.content_type = m.suggested_name = m.content = None
            s.extra = True  # the next call writes every field again
        _SCRATCH.append(s)
    if status:
        _check(_lib, status)
    # The strings in the order of fnk_name's fields, each ended by a NUL; the media type is left
    # out when there is none (no string the library writes holds a NUL).
    parts = text.decode("utf-8", "surrogateescape").split("\0")
    if len(parts) == 7:
        filename, source, media_type, reason, risk, disguise, _ = parts
    else:
        filename, source, reason, risk, disguise, _ = parts
        media_type = None
    r = object.__new__(Suggestion)
    fields = r.__dict__
    fields["filename"] = filename
    fields["source"] = source
    fields["media_type"] = media_type
    fields["download"] = download
    fields["reason"] = reason
    fields["risk"] = risk
    fields["disguise"] = tuple(disguise.split(",")) if disguise else ()
    if not trace:
        fields["trace"] = ()
    fields["_pending"] = (u, cd, ct, sn, c, o)
    return r


def parse_disposition(header: Bytes, *, profile: Optional[str] = None, referrer_charset: Optional[Bytes] = None,
                      detect: bool = False, language: Optional[Bytes] = None) -> Disposition:
    """Parses a Content-Disposition value. ``filename`` is safe to save as (sanitized for portable)."""
    b = _bytes(header, "header") or b""
    o = _options(None, profile, None, detect, False, False, None, referrer_charset, language, None)
    r = _call(_native().fnk_parse_disposition, b, len(b), o)
    try:
        names, values = r.l(L.PARAMETER_NAME), r.l(L.PARAMETER_VALUE)
        return Disposition(r.s(L.TYPE), r.s(L.FILENAME), tuple((n or "", v) for n, v in zip(names, values)),
                           tuple(x or "" for x in r.l(L.DIAGNOSTIC)), r.s(L.DETECTED_CHARSET))
    finally:
        r.lib.fnk_free(r.h)


def parse_media_type(text: Bytes) -> Optional[MediaType]:
    """Parses a MIME type (WHATWG); None when ``text`` is not one."""
    b = _bytes(text, "text") or b""
    r = _call(_native().fnk_parse_media_type, b, len(b))
    try:
        if r.i(L.VALID) != 1:
            return None
        names, values = r.l(L.PARAMETER_NAME), r.l(L.PARAMETER_VALUE)
        return MediaType(r.s(L.ESSENCE) or "", r.s(L.SERIALIZED) or "",
                         tuple((n or "", v) for n, v in zip(names, values)),
                         tuple(x or "" for x in r.l(L.EXTENSION)))
    finally:
        r.lib.fnk_free(r.h)


def url_filename(url: Bytes, *, referrer_charset: Optional[Bytes] = None, detect: bool = False,
                 language: Optional[Bytes] = None) -> URLName:
    """The file name a URL gives; ``filename`` is safe to save as."""
    b = _bytes(url, "url") or b""
    o = _options(None, None, None, detect, False, False, None, referrer_charset, language, None)
    r = _call(_native().fnk_url_filename, b, len(b), o)
    try:
        confidence = r.i(L.CONFIDENCE)
        return URLName(r.s(L.FILENAME), r.s(L.CHARSET), r.s(L.SOURCE), r.s(L.MEDIA_TYPE),
                       None if confidence < 0 else confidence, tuple(x or "" for x in r.l(L.DIAGNOSTIC)),
                       r.s(L.RAW_FILENAME))
    finally:
        r.lib.fnk_free(r.h)


def sanitize(name: Bytes, *, platform: Optional[str] = None, max_length: Optional[int] = None,
             nfd: bool = False, neutralize: bool = False, ascii: bool = False) -> SanitizedName:
    """Makes ``name`` one safe path component for ``platform``."""
    b = _bytes(name, "name") or b""
    o = _options(platform, None, None, True, nfd, neutralize, max_length, None, None, None, ascii)
    r = _call(_native().fnk_sanitize, b, len(b), o)
    try:
        changes = tuple(x or "" for x in r.l(L.CHANGE))
        details = tuple(ChangeDetail(c, d or "") for c, d in zip(changes, r.l(L.CHANGE_DETAIL)))
        return SanitizedName(r.s(L.FILENAME) or "", changes, r.s(L.RISK) or "",
                             tuple(x or "" for x in r.l(L.DISGUISE)), details)
    finally:
        r.lib.fnk_free(r.h)


def claim_unique(directory: Bytes, name: Bytes, *, platform: Optional[str] = None) -> Claim:
    """Creates a new file in ``directory`` for ``name`` (sanitized; ``name (1).ext`` … when taken),
    with O_CREAT|O_EXCL so that nothing is overwritten. The caller closes ``Claim.fd``."""
    d, n = _bytes(directory, "directory") or b"", _bytes(name, "name") or b""
    o = _options(platform)
    r = _call(_native().fnk_claim_unique, d, len(d), n, len(n), o)
    try:
        return Claim(r.s(L.FILENAME) or "", r.i(L.FD))
    finally:
        r.lib.fnk_free(r.h)
