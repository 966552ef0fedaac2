#!/usr/bin/env python3
"""Extracts character statistics of real text per language for the charset detector's plausibility
model, and a held-out sample for its evaluation. Run on a machine with the sources below; the
generator (Scripts/generate-charset-model.py) and the evaluation fixture generator read only what
this writes, so the build and the tests never depend on the machine.

Sources (word lists of real language, one word per entry):
  Debian hunspell-* dictionaries  /usr/share/hunspell/<ll_CC>.dic (ru uk bg sr (Cyrillic, sr_RS) el he ar th vi tr pl cs sk hu
                                  ro hr sl lt lv fr de es it pt nl da sv is ca ko; nb from hunspell-no; et and
                                  fa from myspell-et and myspell-fa), encoding from the .aff SET line;
                                  each model's header records the package version and the .dic's SHA-256
                                  (tr also counts the suffixed forms its .aff SFX rules make of the
                                  training stems: INFLECT)
  Debian mecab-ipadic             /usr/share/mecab/dic/ipadic/*.csv (Japanese, EUC-JP; surface forms)
  PyPI jieba                      jieba/dict.txt (Simplified Chinese words with corpus frequencies);
                                  Traditional Chinese: the same words mapped character by character to
                                  their traditional form through Unihan kSimplifiedVariant
                                  (Scripts/data/unihan-cjk.tsv)
Split: a word whose CRC-32 (UTF-8) is 0 mod 10 is held out (never counted); the rest is training.
Outputs:
  Scripts/data/charset-model/<lang>.tsv  u CP - COUNT (characters, lowercased) and b CP1 CP2 COUNT
                                         (pairs; 0000 is a word boundary); CJK keeps the most frequent
                                         characters and pairs (see LIMITS); ja, zh-hans and zh-hant also
                                         c CP - PPM, the Han characters' share of running text in
                                         millionths, estimated from the training words' MeCab costs
                                         (ipadic_corpus_counts) or jieba frequencies (jieba_corpus_counts)
  Fixtures/charset/heldout-words.tsv     lang TAB word: up to 160 held-out words per language
  Fixtures/charset/heldout-words-2char.tsv  lang TAB word: up to TWO_CHAR_WORDS further held-out 2-character
                                         words per CJK language (a larger 2-character measure)
  Fixtures/charset/heldout-words-short.tsv  lang TAB word: up to SHORT_WORDS further held-out short words per
                                         language (`short_word`: a Latin-script word of 3-7 letters with one
                                         or two non-ASCII letters, a Cyrillic, Greek or Hebrew word of 2-6,
                                         a Japanese word in katakana only), none in the other two lists; for
                                         the INFLECT languages half are suffixed forms of held-out stems
Usage: python3 Scripts/extract-language-data.py [--only fr,pt]   (--only: just those hunspell languages'
       model files, the held-out lists untouched)
"""
import csv, glob, hashlib, importlib.util, math, os, subprocess, sys, unicodedata, zlib
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import generated_header  # noqa: E402

HUNSPELL = {"ru": "ru_RU", "uk": "uk_UA", "bg": "bg_BG", "sr": "sr_RS", "el": "el_GR", "he": "he_IL", "ar": "ar", "th": "th_TH",
            "vi": "vi_VN", "tr": "tr_TR", "pl": "pl_PL", "cs": "cs_CZ", "sk": "sk_SK", "hu": "hu_HU", "ro": "ro_RO",
            "hr": "hr_HR", "sl": "sl_SI", "lt": "lt_LT", "lv": "lv_LV", "fr": "fr", "de": "de_DE", "es": "es_ES",
            "it": "it_IT", "pt": "pt_PT", "ko": "ko", "et": "et_EE", "fa": "fa_IR", "nl": "nl", "da": "da_DK",
            "sv": "sv_SE", "nb": "nb_NO", "is": "is_IS", "ca": "ca"}
PACKAGES = {"sr": "hunspell-sr", "ko": "hunspell-ko", "fr": "hunspell-fr-classical", "de": "hunspell-de-de", "pt": "hunspell-pt-pt", "et": "myspell-et",
            "fa": "myspell-fa", "nb": "hunspell-no"}
# Languages written in windows-1252, whose all-ASCII words count too (their names mix both).
WESTERN = ("fr", "de", "es", "it", "pt", "nl", "da", "sv", "nb", "is", "ca")
# The charset whose repertoire a word must fit (words with other letters are foreign words).
CHARSET = {"ru": "cp1251", "uk": "cp1251", "bg": "cp1251", "sr": "cp1251", "el": "cp1253", "he": "cp1255", "ar": "cp1256",
           "th": "cp874", "vi": "cp1258", "tr": "cp1254", "pl": "cp1250", "cs": "cp1250", "sk": "cp1250",
           "hu": "cp1250", "ro": "cp1250", "hr": "cp1250", "sl": "cp1250", "lt": "cp1257", "lv": "cp1257",
           "fr": "cp1252", "de": "cp1252", "es": "cp1252", "it": "cp1252", "pt": "cp1252", "ko": "cp949",
           "ja": "cp932", "zh-hans": "gbk", "zh-hant": "big5", "et": "cp1257", "fa": "cp1256", "nl": "cp1252",
           "da": "cp1252", "sv": "cp1252", "nb": "cp1252", "is": "cp1252", "ca": "cp1252"}
MAX_TRAIN = 80000
# Held-out 2-character words per CJK language for Fixtures/charset/heldout-words-2char.tsv.
TWO_CHAR_WORDS = 200
# Pairs seen fewer times are left out. ja and ko count each word once (zh weighs a word by its frequency's log,
# 2 at least), so a pair seen in one training word is kept, as zh keeps it.
MIN_PAIR_COUNT = {"ja": 1, "ko": 1}
# Further held-out short words per language for Fixtures/charset/heldout-words-short.tsv.
SHORT_WORDS = 60
LIMITS = {"ja": (5000, 80000), "ko": (2000, 80000), "zh-hans": (5000, 60000), "zh-hant": (5000, 60000)}


def short_word(w, lang):
    """The shapes of short names that a few legacy letters must carry: a Latin-script word of 3-7 letters
    with one or two non-ASCII letters (the rest of the word is ASCII), a word of 2-6 letters in another
    alphabet, a katakana-only Japanese word of 2-6 (half-width in older Shift_JIS names); no other CJK."""
    legacy = sum(1 for c in w if ord(c) >= 0x80)
    if lang in ("zh-hans", "zh-hant", "ko"):
        return False
    if lang == "ja":
        return 2 <= len(w) <= 6 and all(0x30A1 <= ord(c) <= 0x30FC for c in w)
    if lang in LATIN:
        return 3 <= len(w) <= 7 and 1 <= legacy <= 2
    return 2 <= len(w) <= 6


# Languages written in the Latin alphabet.
LATIN = WESTERN + ("vi", "tr", "pl", "cs", "sk", "hu", "ro", "hr", "sl", "lt", "lv", "et")


def heldout(word):
    return zlib.crc32(word.encode("utf-8")) % 10 == 0


def cp1258_form(word):
    """The form windows-1258 text takes: precomposed where the code page has the letter, else base
    letter plus combining tone mark (what a Vietnamese Windows system writes)."""
    out = ""
    for ch in unicodedata.normalize("NFC", word):
        try:
            ch.encode("cp1258")
            out += ch
            continue
        except UnicodeEncodeError:
            pass
        d = unicodedata.normalize("NFD", ch)
        base = unicodedata.normalize("NFC", d[:-1]) if len(d) > 1 else d
        out += base + d[-1:] if len(d) > 1 else ch
    return out


# Romanian's comma-below letters (ș ț, what hunspell-ro spells) are not in windows-1250 or ISO-8859-2:
# systems writing those code pages write the cedilla forms (ş ţ) instead, so the words are counted so.
CEDILLA_FORMS = str.maketrans("șțȘȚ", "şţŞŢ")


def fits(word, lang):
    try:
        word.encode(CHARSET[lang])
        return True
    except UnicodeEncodeError:
        return False


def hunspell_words(lang):
    name = HUNSPELL[lang]
    enc = "utf-8"
    with open(f"/usr/share/hunspell/{name}.aff", "rb") as f:
        for line in f:
            if line.startswith(b"SET"):
                enc = line.split()[1].decode().lower().replace("iso8859", "iso-8859")
                break
    words = []
    with open(f"/usr/share/hunspell/{name}.dic", "rb") as f:
        next(f)
        for raw in f:
            w = raw.decode(enc, errors="replace").split("/")[0].split("\t")[0].split(" ")[0].strip()
            words.append(w)
    return words


# Languages whose dictionary stems are also counted with their inflected forms, from the .aff's
# suffix rules: Turkish names are mostly inflected words (programı, raporları, ağacı), and tr_TR.dic
# lists stems, so the letters suffixes bring to a word's end (ı ğı ları leri) were under-counted. So with
# Lithuanian, Latvian and Estonian, whose dictionaries list lemmas: a name's word is as often a genitive
# (`dokumentų`, `sąskaitų`, `rēķinā`) as a nominative; and Italian, whose verb forms with a final accent
# (`sarà`, `parlò`) its .dic does not list.
INFLECT = {"tr", "lt", "lv", "et", "it"}
# Languages whose training counts suffixed forms too (INFLECT and these), without changing their held-out
# lists: the Western languages, whose dictionaries list singulars and infinitives while names hold plurals
# and conjugated forms as often (`opções`, `relações`, `dernières`, `créées`).
INFLECT_TRAINING = INFLECT | {"fr", "es", "pt", "ca"}


def aff_encoding(name):
    """The .aff's SET (the encoding of the .aff and the .dic), UTF-8 when it has none."""
    with open(f"/usr/share/hunspell/{name}.aff", "rb") as f:
        for line in f:
            if line.startswith(b"SET"):
                return line.split()[1].decode().lower().replace("iso8859", "iso-8859")
    return "utf-8"


def split_flags(flags, kind):
    """A .dic entry's flags as the .aff's FLAG line says they are written: one character each (the
    default), two (`long`) or comma-separated numbers (`num`)."""
    if kind == "num":
        return [f for f in flags.split(",") if f]
    if kind == "long":
        return [flags[i:i + 2] for i in range(0, len(flags), 2)]
    return list(flags)


def hunspell_suffixed_forms(lang):
    """Each stem of the .dic with the forms its suffix flags make (SFX strip, add, condition; one level,
    continuation flags not followed): (stem, [forms])."""
    import re
    name = HUNSPELL[lang]
    enc = aff_encoding(name)
    rules, kind = {}, "char"
    with open(f"/usr/share/hunspell/{name}.aff", encoding=enc, errors="replace") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0] == "FLAG":
                kind = parts[1].lower()
            if len(parts) >= 5 and parts[0] == "SFX":
                strip = "" if parts[2] == "0" else parts[2]
                add = "" if parts[3] == "0" else parts[3].split("/")[0]
                try:
                    cond = re.compile("(?:" + (parts[4] if parts[4] != "." else "") + ")$")
                except re.error:
                    continue
                rules.setdefault(parts[1], []).append((strip, add, cond))
    out = []
    with open(f"/usr/share/hunspell/{name}.dic", encoding=enc, errors="replace") as f:
        next(f)
        for raw in f:
            entry = raw.strip().split("\t")[0].split(" ")[0]
            stem, _, flags = entry.partition("/")
            forms = []
            for flag in split_flags(flags, kind) if flags else []:
                for strip, add, cond in rules.get(flag, []):
                    if cond.search(stem) and stem.endswith(strip):
                        forms.append(stem[: len(stem) - len(strip)] + add)
            out.append((stem, forms))
    return out


def ipadic_words():
    """Surface forms and their word costs (column 4: lower is more frequent)."""
    words, weights = [], []
    for path in sorted(glob.glob("/usr/share/mecab/dic/ipadic/*.csv")):
        with open(path, encoding="euc-jp", errors="replace") as f:
            for row in csv.reader(f):
                if len(row) > 3:
                    words.append(row[0])
                    weights.append(int(row[3]))
    return words, weights


def jieba_words():
    spec = importlib.util.find_spec("jieba")
    path = os.path.join(os.path.dirname(spec.origin), "dict.txt")
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                out.append((parts[0], int(parts[1])))
    return out, path


def traditional_map():
    """Simplified -> traditional, from kSimplifiedVariant (the traditional form with the higher kFrequency)."""
    best = {}
    for row in generated_header.read_tsv("Scripts/data/unihan-cjk.tsv"):
        cp, freq, simp = int(row[0], 16), row[2], row[8]
        if simp == "-":
            continue
        rank = int(freq) if freq != "-" else 9
        for s in simp.split():
            s = int(s, 16)
            if s != cp and (s not in best or rank < best[s][0]):
                best[s] = (rank, cp)
    return {chr(s): chr(t) for s, (_, t) in best.items()}


def clean(words, lang):
    out = []
    seen = set()
    for w in words:
        w = unicodedata.normalize("NFC", w)  # hunspell-ko spells syllables as conjoining jamo
        if lang == "vi":
            w = cp1258_form(w)
        if lang == "ro":
            w = w.translate(CEDILLA_FORMS)
        if len(w) < 2 or w in seen:
            continue
        if not all(c.isalpha() or unicodedata.category(c) == "Mn" for c in w):
            continue
        if all(ord(c) < 0x80 for c in w) and lang not in WESTERN:
            continue
        if not fits(w, lang):
            continue
        seen.add(w)
        out.append(w)
    return out


def count(words, weights=None):
    uni, bi = Counter(), Counter()
    for i, w in enumerate(words):
        wt = weights[i] if weights else 1
        syms = [0] + [ord(c.lower()) if len(c.lower()) == 1 else ord(c) for c in w] + [0]
        for s in syms[1:-1]:
            uni[s] += wt
        for a, b in zip(syms, syms[1:]):
            bi[(a, b)] += wt
    return uni, bi


def sha256(name):
    with open(f"/usr/share/hunspell/{name}.dic", "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def package_version(pkg):
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True).stdout.strip() or "?"
    except OSError:
        return "?"


def ipadic_corpus_counts(words, costs):
    """Han characters' frequency in running Japanese text, estimated from the training words' MeCab costs:
    a word weighs exp(-cost / 800) (IPADIC's dicrc: cost-factor = 800, the cost being -800 ln of its learnt
    probability), so common words (会社 1752) count a thousand times more than the many rare names (8676);
    in millionths of the total."""
    weight = Counter()
    for w, cost in zip(words, costs):
        if heldout(w):
            continue
        for c in w:
            if 0x3400 <= ord(c) <= 0x9FFF or 0xF900 <= ord(c) <= 0xFAFF:
                weight[ord(c)] += math.exp(-cost / 1600)
    total = sum(weight.values())
    return {c: int(round(v / total * 1e6)) for c, v in weight.items() if v / total * 1e6 >= 0.5}


def jieba_corpus_counts(words, counts):
    """Han characters' share of running Chinese text in millionths: each training word's characters
    weighted by the word's jieba corpus frequency (the word list itself weights by its log)."""
    weight = Counter()
    for w, n in zip(words, counts):
        if heldout(w):
            continue
        for c in w:
            weight[ord(c)] += n
    total = sum(weight.values())
    return {c: int(round(v / total * 1e6)) for c, v in weight.items() if v / total * 1e6 >= 0.5}


def write_model(lang, provenance, train, uni, bi, held, corpus=None):
    limit_u, limit_b = LIMITS.get(lang, (10**9, 10**9))
    unis = sorted(uni.items(), key=lambda kv: (-kv[1], kv[0]))[:limit_u]
    least = MIN_PAIR_COUNT.get(lang, 2)
    bis = [kv for kv in sorted(bi.items(), key=lambda kv: (-kv[1], kv[0])) if kv[1] >= least][:limit_b]
    path = os.path.join(HERE, "data", "charset-model", f"{lang}.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# Extracted by Scripts/extract-language-data.py from {provenance}\n")
        f.write(f"# training words {train}, held out {held}; characters {len(uni)} (kept {len(unis)}), pairs {len(bi)} (kept {len(bis)}, count >= {least})\n")
        f.write(f"# total character count {sum(uni.values())}\n")
        f.write("kind\ta\tb\tcount\n")
        for cp, n in sorted(unis):
            f.write(f"u\t{cp:04X}\t-\t{n}\n")
        for (a, b), n in sorted(bis):
            f.write(f"b\t{a:04X}\t{b:04X}\t{n}\n")
        for cp, n in sorted((corpus or {}).items()):
            f.write(f"c\t{cp:04X}\t-\t{n}\n")


def training_words(lang, words, weights, inflected):
    """The training words (at most MAX_TRAIN, sampled evenly, plus suffixed forms), their weights, the
    held-out words."""
    train_idx = [i for i, w in enumerate(words) if not heldout(w)]
    held = [w for w in words if heldout(w)]
    step = max(1, len(train_idx) // MAX_TRAIN)
    train_idx = train_idx[::step]
    train = [words[i] for i in train_idx]
    if lang in inflected:
        # As many suffixed forms as stems, sampled evenly (a held-out stem's forms are never
        # counted; a form equal to a held-out word neither). All forms (ten a stem) drowned
        # the stems: held-out tr 77 -> 75/80.
        forms = inflected[lang]
        train = train + forms[:: max(1, len(forms) // len(train))]
    return train, [weights[i] for i in train_idx] if weights else None, held


ONLY = [l for l in (sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else []) if l]


def main():
    heldout_rows = []
    two_char_rows = []  # more held-out 2-character CJK words, for a larger 2-character measure
    short_rows = []  # more held-out short words, for the measure of short names
    corpora = {}
    for lang, name in HUNSPELL.items():
        pkg = PACKAGES.get(lang, "hunspell-" + lang)
        corpora[lang] = (clean(hunspell_words(lang), lang), None,
                         f"/usr/share/hunspell/{name}.dic (Debian {pkg} {package_version(pkg)}, sha256 {sha256(name)})")
    inflected = {}  # lang -> training-only forms of stems that are not held out
    held_forms = {}  # lang -> forms of held-out stems that no training stem makes, for the short measure
    for lang in INFLECT_TRAINING:
        if ONLY and lang not in ONLY:
            continue
        stems = hunspell_suffixed_forms(lang)
        forms = [f for stem, fs in stems if not heldout(stem) for f in fs]
        inflected[lang] = [f for f in clean(forms, lang) if not heldout(f)]
        made = set(forms)
        if lang in INFLECT:
            held_forms[lang] = [f for f in clean([f for stem, fs in stems if heldout(stem) for f in fs], lang)
                                if f not in made]
        words, weights, provenance = corpora[lang]
        corpora[lang] = (words, weights, provenance + f" with the suffixed forms of its .aff SFX rules")
    if ONLY:
        # Only these languages' model files (the held-out lists are left as they are).
        for lang in ONLY:
            words, weights, provenance = corpora[lang]
            train, train_weights, held = training_words(lang, words, weights, inflected)
            uni, bi = count(train, train_weights)
            write_model(lang, provenance, len(train), uni, bi, len(held))
        return
    ja_words, ja_costs = ipadic_words()
    ja_clean = clean(ja_words, "ja")
    # The cheapest cost of each kept surface form (a form has one row per reading and part of speech).
    best_cost = {}
    for w, cost in zip(ja_words, ja_costs):
        w = unicodedata.normalize("NFC", w)
        best_cost[w] = min(cost, best_cost.get(w, cost))
    ja_corpus = ipadic_corpus_counts(ja_clean, [best_cost[w] for w in ja_clean])
    # Every word counts once: weighting by the word cost (as jieba's frequencies weight Chinese)
    # was tried and recovered fewer held-out and fixture names.
    corpora["ja"] = (ja_clean, None,
                     f"/usr/share/mecab/dic/ipadic/*.csv (Debian mecab-ipadic {package_version('mecab-ipadic')})")
    jw, jpath = jieba_words()
    import jieba
    tmap = traditional_map()
    hans, hans_w, hant, hant_w = [], [], [], []
    hans_n, hant_n = [], []
    for w, n in jw:
        if not all(0x4E00 <= ord(c) <= 0x9FFF for c in w):
            continue
        wt = int(math.log2(n + 1)) + 1
        if fits(w, "zh-hans"):
            hans.append(w); hans_w.append(wt); hans_n.append(n)
        t = "".join(tmap.get(c, c) for c in w)
        if fits(t, "zh-hant"):
            hant.append(t); hant_w.append(wt); hant_n.append(n)
    corpora["zh-hans"] = (hans, hans_w, f"PyPI jieba {jieba.__version__} dict.txt (words weighted by log2 of their frequency)")
    corpora["zh-hant"] = (hant, hant_w, f"PyPI jieba {jieba.__version__} dict.txt mapped to traditional forms by Unihan kSimplifiedVariant (Scripts/data/unihan-cjk.tsv)")
    for lang, (words, weights, provenance) in corpora.items():
        train, train_weights, held = training_words(lang, words, weights, inflected)
        uni, bi = count(train, train_weights)
        own_corpus = {"ja": ja_corpus, "zh-hans": jieba_corpus_counts(hans, hans_n),
                      "zh-hant": jieba_corpus_counts(hant, hant_n)}.get(lang)
        write_model(lang, provenance, len(train), uni, bi, len(held), own_corpus)
        cjk = lang in ("ja", "ko", "zh-hans", "zh-hant")
        pool = [w for w in held if (2 <= len(w) <= 4 if cjk else 3 <= len(w) <= 10)]
        hstep = max(1, len(pool) // 160)
        chosen = pool[::hstep][:160]
        for w in chosen:
            heldout_rows.append((lang, w))
        taken = set(chosen)
        if cjk:
            two = [w for w in held if len(w) == 2 and w not in taken]
            for w in two[:: max(1, len(two) // TWO_CHAR_WORDS)][:TWO_CHAR_WORDS]:
                two_char_rows.append((lang, w))
                taken.add(w)
        short = [w for w in held if w not in taken and short_word(w, lang)]
        # Where the dictionary lists stems (INFLECT), half the short words are inflected forms of
        # held-out stems (`dokumentų`-like genitives: a name's word is as often one).
        forms = [w for w in held_forms.get(lang, []) if w not in taken and short_word(w, lang)]
        count_stems = SHORT_WORDS // 2 if forms else SHORT_WORDS
        for w in short[:: max(1, len(short) // count_stems)][:count_stems]:
            short_rows.append((lang, w))
        for w in forms[:: max(1, len(forms) // (SHORT_WORDS - count_stems))][:SHORT_WORDS - count_stems] if forms else []:
            short_rows.append((lang, w))
        print(lang, len(train), len(held), len(uni), len(bi), file=sys.stderr)
    with open(os.path.join(ROOT, "Fixtures", "charset", "heldout-words.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# Held-out words (never counted in Scripts/data/charset-model/*.tsv), by Scripts/extract-language-data.py;\n")
        f.write("# sources as in each model file's header. Input of Scripts/generate-evaluation-names.py.\n")
        f.write("lang\tword\n")
        for lang, w in heldout_rows:
            f.write(f"{lang}\t{w}\n")
    with open(os.path.join(ROOT, "Fixtures", "charset", "heldout-words-2char.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# More held-out 2-character CJK words (never counted in Scripts/data/charset-model/*.tsv, none of them in\n")
        f.write("# heldout-words.tsv), by Scripts/extract-language-data.py; input of Scripts/generate-evaluation-names.py.\n")
        f.write("lang\tword\n")
        for lang, w in two_char_rows:
            f.write(f"{lang}\t{w}\n")
    with open(os.path.join(ROOT, "Fixtures", "charset", "heldout-words-short.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# More held-out short words (never counted in Scripts/data/charset-model/*.tsv, none of them in the other\n")
        f.write("# held-out lists; shapes as `short_word`), by Scripts/extract-language-data.py; input of\n")
        f.write("# Scripts/generate-evaluation-names.py.\n")
        f.write("lang\tword\n")
        for lang, w in short_rows:
            f.write(f"{lang}\t{w}\n")


if __name__ == "__main__":
    main()
