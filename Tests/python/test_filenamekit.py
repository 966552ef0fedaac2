"""The Python binding against `filenamekit batch` on every suggest and disposition fixture, and its own
contract: typed immutable results, errors, threads, the claim."""
import copy
import dataclasses
import pickle
import json
import os
import subprocess
import sys
import threading

import pytest

import filenamekit as fk


def _requests(cases_dir):
    with open(os.path.join(cases_dir, "requests.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _batch(cli, cases_dir):
    with open(os.path.join(cases_dir, "requests.jsonl"), "rb") as f:
        out = subprocess.run([cli, "batch"], stdin=f, capture_output=True, check=True).stdout
    return [json.loads(line) for line in out.decode("utf-8").splitlines()]


def _hex_or_text(r, key):
    if key + "_hex" in r:
        return bytes.fromhex(r[key + "_hex"].replace(" ", ""))
    return r.get(key)


def _run(r):
    """The request through the binding, as a dict of the batch answer's fields."""
    if r["op"] == "suggest":
        s = fk.suggest(**_suggest_args(r))
        d = dataclasses.asdict(s)
        d["trace"] = [{"code": t["code"], "detail": t["detail"]} for t in d["trace"]]
        d["disguise"] = list(d["disguise"])
        return d
    p = fk.parse_disposition(_hex_or_text(r, "header"), profile=r.get("profile"),
                             referrer_charset=r.get("referrer_charset") or None, detect=r.get("detect", False),
                             language=r.get("language"))
    return {"type": p.type, "filename": p.filename, "parameters": dict(p.parameters),
            "diagnostics": list(p.diagnostics), "detected_charset": p.detected_charset}


SUGGEST = ["filename", "source", "media_type", "download", "reason", "risk", "trace", "disguise",
           "media_type_serialized", "decision_detail", "conflict", "conflict_code", "sniffed", "extension_mismatch"]
DISPOSITION = ["type", "filename", "parameters", "diagnostics", "detected_charset"]


def test_fixtures_answer_as_the_batch(batch_cli, cases_dir):
    requests, answers = _requests(cases_dir), _batch(batch_cli, cases_dir)
    assert len(requests) == len(answers) >= 600
    differ = []
    for r, b in zip(requests, answers):
        if "error" in b:
            with pytest.raises((fk.FilenameKitError, ValueError)):
                _run(r)
            continue
        got = _run(r)
        for k in SUGGEST if r["op"] == "suggest" else DISPOSITION:
            if got.get(k) != b.get(k):
                differ.append((r["id"], k, b.get(k), got.get(k)))
    assert not differ, differ[:10]


def _suggest_args(r):
    """The keyword arguments of ``filenamekit.suggest`` for a batch request."""
    return dict(
        url=r.get("url"), content_disposition=_hex_or_text(r, "content_disposition"),
        content_type=r.get("content_type"), suggested_name=r.get("suggested_name"),
        default_name=r.get("default_name"), referrer_charset=r.get("referrer_charset") or None,
        platform=r.get("platform"), max_length=r.get("max_length"),
        content=bytes.fromhex(r["content_hex"].replace(" ", "")) if "content_hex" in r else None,
        profile=r.get("profile"), detect=r.get("detect", True), nfd=r.get("nfd", False),
        neutralize=r.get("neutralize", False), renderer=r.get("renderer"), language=r.get("language"),
        ascii=r.get("ascii", False))


def test_later_fields_read_after_other_calls_answer_as_the_batch(batch_cli, cases_dir):
    # Every suggestion is made first (the name call, its buffer reused by each next call), and its
    # later fields are read only after all of them: each must still be its own request's.
    pairs = [(r, b) for r, b in zip(_requests(cases_dir), _batch(batch_cli, cases_dir))
             if r["op"] == "suggest" and "error" not in b]
    assert len(pairs) >= 100
    made = [(r, b, fk.suggest(**_suggest_args(r))) for r, b in pairs]
    differ = []
    for r, b, s in reversed(made):
        d = dataclasses.asdict(s)
        d["trace"] = [{"code": t["code"], "detail": t["detail"]} for t in d["trace"]]
        d["disguise"] = list(d["disguise"])
        differ += [(r["id"], k, b.get(k), d.get(k)) for k in SUGGEST if d.get(k) != b.get(k)]
    assert not differ, differ[:10]


def test_an_answer_longer_than_the_buffer_is_read_whole(batch_cli, cases_dir):
    # A media type longer than the binding's 4096-byte buffer: the library says how much room the
    # answer needs and the binding asks again with it.
    base = next(r for r in _requests(cases_dir) if r["op"] == "suggest" and r.get("content_type", "").count("/") == 1
                and "content_hex" not in r)
    r = dict(base, id="long-type", content_type=base["content_type"].split(";")[0] + "x" * 6000)
    out = subprocess.run([batch_cli, "batch"], input=json.dumps(r).encode(), capture_output=True, check=True).stdout
    want = json.loads(out)
    assert len(want["media_type"] or "") > 4096
    got = fk.suggest(**_suggest_args(r))
    assert (got.filename, got.media_type, got.source, got.reason, got.risk, got.download) == \
        (want["filename"], want["media_type"], want["source"], want["reason"], want["risk"], want["download"])
    assert got.decision_detail == want["decision_detail"]


def test_a_call_made_during_a_call_does_not_disturb_it():
    # Python code can run in the middle of a call (a finalizer, a profiler): a call made there must
    # not write over the buffers the outer call has yet to read. The hook runs as the binding's
    # library call returns (its helper `_name_call`), before the answer is read.
    outer = dict(url="https://example.com/a/report.pdf", content_type="application/pdf", platform="linux")
    inner = dict(url="https://example.com/b/setup.exe", content_disposition=b'attachment; filename="x.exe"',
                 platform="windows")
    want_outer, want_inner = fk.suggest(**outer), fk.suggest(**inner)
    seen = []

    def hook(frame, event, arg):
        if event == "return" and frame.f_code.co_name == "_name_call" and not seen:
            seen.append(fk.suggest(**inner))

    sys.setprofile(hook)
    try:
        got = fk.suggest(**outer)
    finally:
        sys.setprofile(None)
    assert seen, "the profiler hook never ran inside the call"
    assert got == want_outer and seen[0] == want_inner


def test_results_are_immutable():
    s = fk.suggest(url="https://example.com/a.pdf")
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.filename = "x"  # type: ignore[misc]
    assert isinstance(s.disguise, tuple) and isinstance(s.trace, tuple)
    assert s.filename == "a.pdf" and s.source == "url-path"


def test_later_fields_read_on_access_equal_a_full_read():
    args = dict(url="https://example.com/setup.exe", content_type="application/pdf", platform="windows",
                content=b"MZ\x90\x00" + bytes(60))
    full = dataclasses.asdict(fk.suggest(**args))
    assert full["trace"] and full["decision_detail"] and full["sniffed"]["rule"]
    # Fields read one group at a time, in either order, and from a copy or a pickle, are the same.
    a, b = fk.suggest(**args), fk.suggest(**args)
    assert a.trace == tuple(fk.TraceEntry(**t) for t in full["trace"]) and a.decision_detail == full["decision_detail"]
    assert b.extension_mismatch == (None if full["extension_mismatch"] is None
                                    else fk.ExtensionMismatch(**full["extension_mismatch"]))
    assert dataclasses.asdict(b) == full
    assert dataclasses.asdict(pickle.loads(pickle.dumps(fk.suggest(**args)))) == full
    assert dataclasses.asdict(copy.copy(fk.suggest(**args))) == full
    assert fk.suggest(**args) == a and hash(fk.suggest(**args)) == hash(a)
    assert fk.suggest(**args, trace=False).trace == ()
    with pytest.raises(AttributeError):
        fk.suggest(**args).no_such_field  # type: ignore[attr-defined]


def test_bytes_and_str_headers_agree():
    raw = "attachment; filename*=UTF-8''%E4%B8%AD.pdf"
    assert fk.suggest(content_disposition=raw).filename == fk.suggest(content_disposition=raw.encode()).filename == "中.pdf"
    gbk = b'attachment; filename="\xd6\xd0\xce\xc4.pdf"'
    assert fk.suggest(content_disposition=gbk, referrer_charset="gbk").filename == "中文.pdf"


@pytest.mark.parametrize("call, status", [
    (lambda: fk.suggest(suggested_name=b"\xff\xfe.pdf"), "FNK_ERR_INVALID_UTF8"),
    (lambda: fk.suggest(url="https://e.com/a", referrer_charset="no-such-charset"), "FNK_ERR_UNKNOWN_CHARSET"),
    (lambda: fk.suggest(url="https://e.com/a", referrer_charset="replacement"), "FNK_ERR_UNKNOWN_CHARSET"),
    (lambda: fk.sanitize(b"a\xc3"), "FNK_ERR_INVALID_UTF8"),
    (lambda: fk.claim_unique("/nonexistent/dir", "a.txt"), "FNK_ERR_IO"),
])
def test_library_errors_name_their_status(call, status):
    with pytest.raises(fk.FilenameKitError) as e:
        call()
    assert e.value.status == status and e.value.message


@pytest.mark.parametrize("kwargs", [{"platform": "amiga"}, {"max_length": 0}, {"max_length": -3},
                                    {"max_length": 2**64}, {"profile": "loose"}, {"renderer": "tv"}])
def test_bad_arguments_are_value_errors(kwargs):
    with pytest.raises(ValueError):
        fk.suggest(url="https://e.com/a.pdf", **kwargs)


def test_a_missing_library_says_what_was_tried():
    code = "import filenamekit; filenamekit.suggest(url='https://e.com/a')"
    env = dict(os.environ, FILENAMEKIT_LIBRARY="/nonexistent/libfilenamekit.so", LD_LIBRARY_PATH="",
               PYTHONPATH=os.pathsep.join(sys.path))
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert r.returncode != 0
    assert "LibraryNotFoundError" in r.stderr and "/nonexistent/libfilenamekit.so" in r.stderr
    assert "FILENAMEKIT_LIBRARY" in r.stderr


def test_threads_give_the_same_answers():
    inputs = [dict(url=f"https://example.com/files/{i}/report%20{i}.pdf",
                   content_disposition=f'attachment; filename="r{i}.pdf"' if i % 2 else None,
                   platform=["linux", "windows", "macos", "portable"][i % 4]) for i in range(40)]
    def fields(s):
        return (s.filename, s.source, s.media_type, s.download, s.reason, s.risk, s.disguise)

    want = [fields(fk.suggest(**k)) for k in inputs]
    failures = []

    def work(t):
        for n in range(2000):
            k = (n * 7 + t) % len(inputs)
            if fields(fk.suggest(trace=False, **inputs[k])) != want[k]:
                failures.append((t, k))

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


def test_parser_ops():
    assert fk.parse_media_type("text/HTML; Charset=UTF-8").serialized == "text/html;charset=UTF-8"
    assert fk.parse_media_type("not a type") is None
    u = fk.url_filename("https://e.com/..%2F..%2Fetc%2Fpasswd")
    assert "/" not in (u.filename or "") and u.raw_filename == "../../etc/passwd"
    s = fk.sanitize("CON.txt", platform="windows")
    assert s.filename != "CON.txt" and s.changes
    d = fk.parse_disposition('attachment; filename="C:\\\\Windows\\\\x.exe"')
    assert d.type == "attachment" and "\\" not in (d.filename or "")


def test_claims_never_overwrite(tmp_path):
    (tmp_path / "a.txt").write_text("keep")
    claims = [fk.claim_unique(str(tmp_path), "a.txt") for _ in range(3)]
    try:
        names = [c.filename for c in claims]
        assert len(set(names)) == 3 and "a.txt" not in names
        assert (tmp_path / "a.txt").read_text() == "keep"
    finally:
        for c in claims:
            os.close(c.fd)
    evil = fk.claim_unique(str(tmp_path), "../../x/y.txt")
    os.close(evil.fd)
    assert "/" not in evil.filename and (tmp_path / evil.filename).exists()


def test_the_readme_example_prints_what_its_comments_say(capsys):
    import re
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    block = re.search(r"## From Python.*?```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    promised = [m.group(1).strip() for m in re.finditer(r"print\(.*\)\s+# (.*)", block)]
    assert printed == promised
