#!/usr/bin/env python3
"""Generates Sources/CCharsetModel/CharsetModel.c, the charset detector's plausibility model as one
byte blob (a C array, so the Swift core compiles none of it), from committed inputs only:

  Scripts/data/charset-model/<lang>.tsv   character and character-pair counts of real words per language
                                          (Scripts/extract-language-data.py; provenance in each header)
  Scripts/data/charset-model/text/<lang>.tsv  character and pair counts of running text and the frequent words,
                                          (Scripts/extract-text-counts.py): mixed into the counts (TEXT_WEIGHT) and
                                          listed with the bits a reading saves for each (LEXICON_WEIGHT, word_bonuses)
  Scripts/data/unihan-cjk.tsv             kHanyuPinlu corpus counts of Han characters (Scripts/extract-unihan.py),
                                          mixed into the Han unigram of a language without its own estimate (the
                                          `c` rows: ja from MeCab's word costs, zh-hans and zh-hant from jieba's
                                          corpus frequencies)

Per language, costs in quarter bits (-4 log2 p, clamped to 0-255):
  unigram  u(c)   = -log2 P(c), P(c) = (n(c) + 0.5) / (N + 0.5 V); the word boundary is a symbol (code 0)
  backoff  k(a)   = -log2 (1 - l(a)), l(a) = n(a,.) / (n(a,.) + t(a)) with t(a) the number of distinct
                    followers of a (Witten-Bell interpolation)
  pair     p(a,b) = -log2 (l(a) n(a,b) / n(a,.) + (1 - l(a)) P(b)); an unlisted pair costs k(a) + u(b) + s(A,B)
  class    s(A,B) = -log2 (P(B | A) / P(B)) for the CJK languages, A and B the script classes of a and b (word
                    boundary, kana, Han, Hangul, other): a class-based backoff (Brown et al. 1992, "Class-based
                    n-gram models of natural language"), so an unseen pair of two kanji costs what kanji after
                    kanji costs in that language, not what a kanji costs anywhere (where kana take half the mass)
Each language's costs are laid out as ready perfect-hash tables (see `hash_table`), so the detector reads
them in place: at first use only the blob's directory is read (the layout: the comment above LAYOUT_VERSION).
Also, from Python's codecs: the high half (0x80-0xFF) of each single-byte candidate charset, and the
lower-case form of every upper-case letter those charsets hold (so scoring never allocates).
Run: python3 Scripts/generate-charset-model.py [--output PATH]
"""
import argparse, math, os, re, struct, sys, unicodedata
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generated_header  # noqa: E402

ROOT = os.path.dirname(HERE)
DEFAULT_OUT = os.path.join(ROOT, "Sources", "CCharsetModel", "CharsetModel.c")
LANGS = ["zh-hans", "zh-hant", "ja", "ko", "ru", "uk", "bg", "sr", "el", "he", "ar", "th", "vi", "tr", "pl", "cs", "sk",
         "hu", "ro", "hr", "sl", "lt", "lv", "et", "fa", "fr", "de", "es", "it", "pt", "nl", "da", "sv", "nb", "is",
         "ca", "fi"]
# Single-byte candidates: WHATWG name -> Python codec.
SINGLE = [("windows-1250", "cp1250"), ("windows-1251", "cp1251"), ("windows-1252", "cp1252"),
          ("windows-1253", "cp1253"), ("windows-1254", "cp1254"), ("windows-1255", "cp1255"),
          ("windows-1256", "cp1256"), ("windows-1257", "cp1257"), ("windows-1258", "cp1258"),
          ("windows-874", "cp874"), ("KOI8-R", "koi8_r"), ("KOI8-U", "koi8_u"), ("ISO-8859-2", "iso8859_2"),
          ("ISO-8859-5", "iso8859_5"), ("ISO-8859-7", "iso8859_7"), ("ISO-8859-8", "iso8859_8")]


def q(bits):
    return max(0, min(255, int(round(bits * 4))))


UNIHAN = "Scripts/data/unihan-cjk.tsv"
HAN_LANGS = ("zh-hans", "zh-hant", "ja")


def corpus_counts():
    """Han characters' counts in running text: kHanyuPinlu (a corpus of Modern Standard Chinese),
    shared by a traditional or Japanese form with its simplified form (kSimplifiedVariant)."""
    pinlu, simp = {}, {}
    for row in generated_header.read_tsv(UNIHAN):
        cp = int(row[0], 16)
        if row[1] != "-":
            pinlu[cp] = int(row[1])
        if row[8] != "-":
            simp[cp] = [int(x, 16) for x in row[8].split()]
    return {cp: max([pinlu.get(cp, 0)] + [pinlu.get(s, 0) for s in simp.get(cp, [])])
            for cp in set(pinlu) | set(simp)}


# The share of running text (Scripts/data/charset-model/text/<lang>.tsv) in a language's character and pair
# counts, the rest being its dictionary's: dictionaries count each word once, so the letters of frequent words
# (Italian final à, Turkish ı, Hebrew prefixes) weigh as little as those of rare ones.
TEXT_WEIGHT = float(os.environ.get("CHARSET_TEXT_WEIGHT", "0.4"))


def text_path(lang):
    return f"Scripts/data/charset-model/text/{lang}.tsv"


def read_counts(rel):
    uni, bi, own_corpus = {}, {}, {}
    if rel is None or not os.path.exists(os.path.join(ROOT, rel)):
        return uni, bi, own_corpus
    for kind, a, b, n in generated_header.read_tsv(rel):
        if kind == "u":
            uni[int(a, 16)] = int(n)
        elif kind == "c":
            own_corpus[int(a, 16)] = int(n)
        elif kind == "b":
            bi[(int(a, 16), int(b, 16))] = int(n)
    return uni, bi, own_corpus


def mixed(dictionary, text, weight):
    """Counts of the dictionary and of running text, the text's scaled so that it makes `weight` of the total."""
    if not text or weight <= 0:
        return dict(dictionary)
    if not dictionary:
        return dict(text)
    scale = weight / (1 - weight) * sum(dictionary.values()) / sum(text.values())
    out = {k: float(v) for k, v in dictionary.items()}
    for k, v in text.items():
        out[k] = out.get(k, 0.0) + v * scale
    return out


def model(lang, corpus):
    rel = f"Scripts/data/charset-model/{lang}.tsv"
    uni, bi, own_corpus = read_counts(rel if os.path.exists(os.path.join(ROOT, rel)) else None)
    tuni, tbi, _ = read_counts(text_path(lang))
    uni, bi = mixed(uni, tuni, TEXT_WEIGHT), mixed(bi, tbi, TEXT_WEIGHT)
    if not os.path.exists(os.path.join(ROOT, rel)):
        rel = text_path(lang)
    uni[0] = sum(n for (a, b), n in bi.items() if b == 0)  # word ends
    total = sum(uni.values())
    v = len(uni)
    pu = {c: (n + 0.5) / (total + 0.5 * v) for c, n in uni.items()}
    if lang in HAN_LANGS:
        # Word lists count each word once, so rare characters of names and places weigh as much as
        # common ones: for Han characters, mix in their frequency in running text (half and half).
        # Each language's own estimate when it has one (Japanese from MeCab's word costs: Chinese text
        # counts are a poor proxy for it, 状 and 態 being common in Japanese; Chinese from jieba's corpus
        # frequencies, a larger corpus than kHanyuPinlu's).
        source = own_corpus or corpus
        han = {c: source.get(c, 0) for c in uni if 0x3400 <= c <= 0x9FFF}
        han_total = sum(han.values()) + 0.5 * len(han)
        han_mass = sum(pu[c] for c in han)
        for c, n in han.items():
            pu[c] = 0.5 * pu[c] + 0.5 * han_mass * (n + 0.5) / han_total
    out_n, followers = defaultdict(int), defaultdict(int)
    for (a, b), n in bi.items():
        out_n[a] += n
        followers[a] += 1
    lam = {a: out_n[a] / (out_n[a] + followers[a]) for a in out_n}
    symbols = []
    for c in sorted(uni):
        k = -math.log2(1 - lam[c]) if c in lam else 0.0
        symbols.append((c, q(-math.log2(pu[c])), q(k)))
    pairs = []
    for (a, b), n in sorted(bi.items()):
        if b not in pu:
            continue
        p = lam[a] * n / out_n[a] + (1 - lam[a]) * pu[b]
        pairs.append((a, b, q(-math.log2(p))))
    # The cost of a letter this language never showed: half a count.
    oov = q(-math.log2(0.5 / (total + 0.5 * v)))
    return rel, symbols, pairs, oov, class_shift(lang, bi, pu)


CJK_LANGS = HAN_LANGS + ("ko",)
CLASSES = 5


def script_class(c):
    """0 word boundary, 1 kana, 2 Han, 3 Hangul, 4 anything else (as CharsetModel.Language.scriptClass)."""
    if c == 0:
        return 0
    if 0x3041 <= c <= 0x30FA or c == 0x30FC:
        return 1
    if 0x3400 <= c <= 0x4DBF or 0x4E00 <= c <= 0x9FFF or 0xF900 <= c <= 0xFAFF:
        return 2
    if 0x1100 <= c <= 0x11FF or 0x3131 <= c <= 0x318E or 0xAC00 <= c <= 0xD7A3:
        return 3
    return 4


def class_shift(lang, bi, pu):
    """Quarter bits added to an unlisted pair's backoff by the classes of its two characters, signed
    (-log2 P(B | A) / P(B), pair counts for P(B | A) and the unigram for P(B)); none outside CJK, and none
    into or out of the class "other" (the Latin, Greek and Cyrillic letters of the CJK charsets are no
    script of these languages' words)."""
    if lang not in CJK_LANGS:
        return []
    trans = [[0.0] * CLASSES for _ in range(CLASSES)]
    for (a, b), n in bi.items():
        trans[script_class(a)][script_class(b)] += n
    marginal = [0.0] * CLASSES
    for c, p in pu.items():
        marginal[script_class(c)] += p
    out = []
    for ca in range(CLASSES):
        row = sum(trans[ca])
        for cb in range(CLASSES):
            if ca == 4 or cb == 4 or row == 0 or trans[ca][cb] == 0 or marginal[cb] == 0:
                out.append(0)
                continue
            bits = -math.log2((trans[ca][cb] / row) / marginal[cb])
            out.append(max(-127, min(127, int(round(bits * 4)))))
    return out


# The tables are laid out here as the Swift code reads them, so loading the model parses nothing. Each is a
# perfect hash in the manner of hash and displace (Pagh, "Hash and displace: efficient evaluation of minimal
# perfect hash functions", 1999; here the displacement re-hashes, as in CHD, Belazzougui, Botelho and
# Dietzfelbinger 2009): h = fmix32(key) ^ seed (MurmurHash3's finalizer, a bijection), bucket = h * buckets >> 32,
# and the key's record is slot ((h ^ d) * 0x9E3779B1 mod 2^32) * slots >> 32, d the u16 displacement of its
# bucket. A lookup reads one displacement and one record; a key that is absent finds another key (or 0)
# there. Buckets hold KEYS_PER_BUCKET keys on average; LOAD of the slots hold a key, the rest key 0, which no
# entry has (a symbol key has 0xFFFF in its high half, a word key is never 0, and no pair is two word
# boundaries). A record is the key (u32) then the value (u16, or u8 in a pair table), little-endian.
KEYS_PER_BUCKET = 4
LOAD = 0.95
SEEDS = 64


def fmix32(h):
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & 0xFFFFFFFF
    return h ^ (h >> 16)


def place(hashed, slots, buckets, seed):
    """The displacements and the slots' entries, or None when this seed leaves a bucket unplaced."""
    members = [[] for _ in range(buckets)]
    for h, key, value in hashed:
        members[((h ^ seed) * buckets) >> 32].append((h ^ seed, key, value))
    occupied = bytearray(slots)
    table = [None] * slots
    displacements = [0] * buckets
    # The largest buckets first, while the table is empty; each at the first displacement that puts all its
    # keys on distinct free slots.
    for b in sorted(range(buckets), key=lambda b: (-len(members[b]), b)):
        keys = members[b]
        if not keys:
            continue
        first = keys[0][0]
        for d in range(0x10000):
            if occupied[((((first ^ d) * 0x9E3779B1) & 0xFFFFFFFF) * slots) >> 32]:
                continue  # most tries end here: test the first key alone
            at = [((((h ^ d) * 0x9E3779B1) & 0xFFFFFFFF) * slots) >> 32 for h, _, _ in keys]
            if len(set(at)) == len(at) and not any(occupied[i] for i in at):
                break
        else:
            return None
        displacements[b] = d
        for i, (_, key, value) in zip(at, keys):
            occupied[i] = 1
            table[i] = (key, value)
    return displacements, table


def hash_table(entries, value_format):
    """entries: (key, value) pairs -> (slots, buckets, seed, records, displacements); the first seed that
    places every key, at LOAD (with a slot more each time no seed does)."""
    assert all(0 < key <= 0xFFFFFFFF for key, _ in entries), "key 0 marks an empty slot"
    slots = max(1, int(len(entries) / LOAD) + 1)
    buckets = max(1, -(-len(entries) // KEYS_PER_BUCKET))
    hashed = [(fmix32(key), key, value) for key, value in entries]
    while True:
        for seed in range(SEEDS):
            placed = place(hashed, slots, buckets, seed)
            if placed:
                displacements, table = placed
                records = b"".join(struct.pack("<I" + value_format, *(e or (0, 0))) for e in table)
                return slots, buckets, seed, records, struct.pack(f"<{buckets}H", *displacements)
        slots += 1


def ascii_reference(models):
    """The cost of each pair of ASCII letters in "some Latin-script word": -log2 of the mean, over every
    Latin-script language, of its probability of b after a (pair or backoff, as the Swift code scores)."""
    table = []
    letters = range(0x61, 0x7B)
    for a in letters:
        for b in letters:
            total = 0.0
            for symbols, pairs in models:
                p = pairs.get((a, b))
                bits = p if p is not None else symbols.get(a, (0, 8))[1] + symbols.get(b, (255, 0))[0]
                total += 2 ** (-bits / 4)
            table.append(q(-math.log2(total / len(models))))
    return table


# Frequent words: a word of a language's running text (the `w` rows of Scripts/data/charset-model/text/<lang>.tsv)
# is a mixture of the lexicon (its share of the text's word tokens) and the character model:
# P(w) = LEXICON_WEIGHT * P_lex(w) + (1 - LEXICON_WEIGHT) * P_char(w). The detector charges P_char (its pair costs),
# so a listed word's reading is cheaper by log2((1 - LEXICON_WEIGHT) + LEXICON_WEIGHT * P_lex(w) / P_char(w)) bits:
# its bonus. A word of ASCII letters only (a Latin-script language's `de`, `und`, `ve`, `ir`) is the same in every
# reading, so its bonus is what it says of the language: log2(P_L(w) / mean over the Latin-script languages of
# P_L'(w)), kept when positive (as the detector weighs ASCII words: evidence for a language, never against one).
LEXICON_WEIGHT = float(os.environ.get("CHARSET_LEXICON_WEIGHT", "0.5"))


def word_key(word):
    """FNV-1a (32 bits) over the word's characters' code points, as CharsetModel.wordKey; 0 is the empty slot."""
    h = 0x811C9DC5
    for c in word:
        h = ((h ^ ord(c)) * 0x01000193) & 0xFFFFFFFF
    return h or 1


def word_bits(symbols, pairs, word):
    """-log2 P_char(word) with the word boundary before and after, as the detector scores pairs."""
    syms = [0] + [ord(c) for c in word] + [0]
    total = 0
    for a, b in zip(syms, syms[1:]):
        p = pairs.get((a, b))
        total += p if p is not None else symbols.get(a, (0, 8))[1] + symbols.get(b, (255, 0))[0]
    return total / 4


def word_bonuses(models):
    """Per language, (word key, bonus in quarter bits) of its frequent words (see LEXICON_WEIGHT)."""
    lex = {}
    for lang, _, _ in models:
        path = text_path(lang)
        if not os.path.exists(os.path.join(ROOT, path)):
            continue
        rows = generated_header.read_tsv(path)
        tokens = sum(int(n) for kind, a, b, n in rows if kind == "b" and a == "0000")
        lex[lang] = {a: int(n) / tokens for kind, a, b, n in rows if kind == "w"}
    tables = {lang: ({c: (u, k) for c, u, k in symbols}, {(a, b): p for a, b, p in pairs}) for lang, symbols, pairs in models}
    latin = [lang for lang, (sym, _) in tables.items() if 0x61 in sym and 0x65 in sym and lang in lex]

    def mixture(lang, word):
        return LEXICON_WEIGHT * lex.get(lang, {}).get(word, 0) + (1 - LEXICON_WEIGHT) * 2 ** -word_bits(*tables[lang], word)

    out = {}
    for lang, words in lex.items():
        entries = []
        for word, share in words.items():
            if all(ord(c) < 0x80 for c in word):
                if lang not in latin:
                    continue
                reference = sum(mixture(other, word) for other in latin) / len(latin)
                bits = math.log2(mixture(lang, word) / reference)
            else:
                bits = math.log2((1 - LEXICON_WEIGHT) + LEXICON_WEIGHT * share * 2 ** word_bits(*tables[lang], word))
            if bits >= 0.25:
                entries.append((word_key(word), min(4095, int(round(bits * 4)))))
        out[lang] = sorted(entries)
    return out


# The blob (every integer little-endian; an offset counts bytes from the blob's first byte). Its first
# sections have fixed sizes, so the Swift reader knows their offsets without reading anything:
#   0     header       4 x u32: LAYOUT_VERSION, the number of languages L, of single-byte charsets S, and 0
#   16    reference    26 x 26 u8: `ascii_reference`, index (a - 0x61) * 26 + b - 0x61
#   692   lower-case   LOWERCASE_LIMIT x u16: the lower-case form of each character below U+0590 that the
#                      single-byte charsets hold in upper case, 0 for any other
#   3540  single-byte  S x (name: ASCII, NUL-padded to NAME_SIZE; the code points of bytes 0x80-0xFF, 0 for none:
#                      128 x u16)
#   then  directory    L x LANGUAGE_SIZE bytes: code (ASCII, NUL-padded to CODE_SIZE), oov (u8), the number of
#                      class shifts (u8: 0 or CLASSES * CLASSES), 2 zero bytes, the class shifts (25 x i8, zero
#                      when none), 3 zero bytes, then the symbol, pair and word tables, each as 5 x u32: slots,
#                      buckets, seed, offset of its records, offset of its displacements (`hash_table`)
#   then  tables       per language its symbol, pair and word tables: records, then displacements
# A symbol record's key is 0xFFFF0000 | c and its value unigram << 8 | backoff (c a lower-cased character, 0 the
# word boundary); a pair record's key is a << 16 | b, its value (u8) the pair's cost; a word record's key is
# `word_key` of the lower-cased word, its value the quarter bits a reading holding it saves. The Swift reader
# (Sources/FilenameKit/Charset/CharsetModel.swift) checks every extent against the blob's length once, when it
# reads the directory.
LAYOUT_VERSION = 1
HEADER_SIZE = 16
REFERENCE_SIZE = 26 * 26
LOWERCASE_LIMIT = 0x590
NAME_SIZE = 16
SINGLE_SIZE = NAME_SIZE + 2 * 128
CODE_SIZE = 8
TABLE_SIZE = 20
LANGUAGE_SIZE = CODE_SIZE + 4 + 28 + 3 * TABLE_SIZE


def padded(text, size):
    raw = text.encode("ascii")
    assert len(raw) < size, text
    return raw + bytes(size - len(raw))


BYTES_PER_LINE = 48
# The bytes a C string literal cannot hold as themselves: `"`, `\\` and `?` (so no trigraph forms) take a
# backslash; any byte outside printable ASCII becomes an octal escape, of as few digits as it needs unless
# a digit 0-7 follows (an octal escape takes up to 3 digits). Hex escapes are not used: they take every hex
# digit that follows.
ESCAPED = re.compile(r'["\\?]|([^\x20-\x7e])(?=([0-7]?))')


def escape(match):
    if match.group(1) is None:
        return "\\" + match.group(0)
    return ("\\%03o" if match.group(2) else "\\%o") % ord(match.group(1))


def c_literal(blob):
    """The blob as C string literals, BYTES_PER_LINE bytes a line."""
    return "\n".join('  "' + ESCAPED.sub(escape, blob[i:i + BYTES_PER_LINE].decode("latin-1")) + '"'
                     for i in range(0, len(blob), BYTES_PER_LINE))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--output", default=DEFAULT_OUT)
    args = ap.parse_args()
    corpus = corpus_counts()
    latin_models = []
    inputs = []
    sizes = []
    built = []
    for lang in LANGS:
        rel, symbols, pairs, oov, shift = model(lang, corpus)
        inputs.append((lang, rel))
        if rel != text_path(lang) and os.path.exists(os.path.join(ROOT, text_path(lang))):
            inputs.append((lang + "-text", text_path(lang)))
        if any(c == 0x61 for c, _, _ in symbols) and any(c == 0x65 for c, _, _ in symbols):  # as writesLatin
            latin_models.append(({c: (u, k) for c, u, k in symbols}, {(a, b): p for a, b, p in pairs}))
        built.append((lang, symbols, pairs, oov, shift))
    lexicons = word_bonuses([(lang, symbols, pairs) for lang, symbols, pairs, _, _ in built])

    single = []
    lower = [0] * LOWERCASE_LIMIT
    for name, codec in SINGLE:
        high = []
        for b in range(0x80, 0x100):
            try:
                ch = bytes([b]).decode(codec)
                high.append(ord(ch))
                lo = ch.lower()
                if lo != ch and len(lo) == 1:
                    assert ord(ch) < LOWERCASE_LIMIT, ch
                    lower[ord(ch)] = ord(lo)
            except UnicodeDecodeError:
                high.append(0)
        single.append(padded(name, NAME_SIZE) + struct.pack("<128H", *high))

    fixed = struct.pack("<4I", LAYOUT_VERSION, len(built), len(single), 0)
    fixed += bytes(ascii_reference(latin_models)) + struct.pack(f"<{LOWERCASE_LIMIT}H", *lower) + b"".join(single)
    assert len(fixed) == HEADER_SIZE + REFERENCE_SIZE + 2 * LOWERCASE_LIMIT + SINGLE_SIZE * len(single)
    directory = bytearray()
    tables = bytearray()
    offset = len(fixed) + LANGUAGE_SIZE * len(built)
    for lang, symbols, pairs, oov, shift in built:
        bonuses = lexicons.get(lang, [])
        sizes.append(f"{lang} {len(symbols)}/{len(pairs)}/{len(bonuses)}")
        assert len(shift) in (0, CLASSES * CLASSES) and 0 <= oov <= 255
        # A pair key a << 16 | b with a = 0xFFFF would be a symbol key: U+FFFF is a noncharacter, in no text.
        assert all(a < 0xFFFF and b <= 0xFFFF and p <= 0xFF for a, b, p in pairs)
        entry = padded(lang, CODE_SIZE) + struct.pack("<BB2x", oov, len(shift))
        entry += struct.pack(f"<{CLASSES * CLASSES}b3x", *(shift or [0] * (CLASSES * CLASSES)))
        for entries, value_format in (([(0xFFFF0000 | c, u << 8 | k) for c, u, k in symbols], "H"),
                                      ([(a << 16 | b, p) for a, b, p in pairs], "B"),
                                      (bonuses, "H")):
            slots, buckets, seed, records, displacements = hash_table(entries, value_format)
            entry += struct.pack("<5I", slots, buckets, seed, offset, offset + len(records))
            tables += records + displacements
            offset += len(records) + len(displacements)
        assert len(entry) == LANGUAGE_SIZE
        directory += entry
    blob = fixed + bytes(directory) + bytes(tables)
    assert len(blob) == offset

    out = [
        "// The charset detector's model: one little-endian byte blob, laid out as the comment above LAYOUT_VERSION in\n",
        "// Scripts/generate-charset-model.py describes, read in place by Sources/FilenameKit/Charset/CharsetModel.swift.\n",
        f"// {len(built)} languages ({len(latin_models)} written in the Latin alphabet), {len(single)} single-byte charsets;\n",
        f"// {len(blob)} bytes.\n",
        '#include "CCharsetModel.h"\n\n',
        f"const size_t ccharsetmodel_length = {len(blob)};\n\n",
        f"const unsigned char ccharsetmodel_bytes[{len(blob)}] =\n",
        c_literal(blob),
        ";\n",
    ]
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    generated_header.write(args.output, "Scripts/generate-charset-model.py", inputs + [("unihan", UNIHAN)], "".join(out))
    print("; ".join(sizes), file=sys.stderr)


if __name__ == "__main__":
    main()
