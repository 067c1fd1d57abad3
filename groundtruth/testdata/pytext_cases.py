"""Writes pytext_cases.json: what Python's str.lower(), str.strip() and float() give.

Run with Debian's python3 (3.11) from this directory:
    /usr/bin/python3 pytext_cases.py > pytext_cases.json
pytext.go (pyLower, pyStrip, asciiDigits with pyFloat) must give the same answers.
Characters whose Unicode data changed after Python's Unicode 14 are left out.
"""
import json
import unicodedata

lower = [
    "ΟΔΟΣ", "ΟΔΟΣ ΚΑΙ ΣΟΦΙΑ", "Σ", "ΑΣ.", "ΑΣ'Β", "İstanbul", "DİYARBAKIR", "ΣΑΣ", "A Σ b", "ΑΣ\u0301",
    "Ǆ", "ǅungla", "ΆΣ", "Straße", "ΌΣΟΣ ΤΟΣΟΣ", "ΑΣ1", "ΑΣ-Β", "X.Σ", "aΣ", "ΣA", "Buy MILK",
    "Ⅻ", "ΑΣ\u00ad", "ΑΣ\u200b", "ΑΣ\u2019Σ", "Ａ",
]
# Every BMP letter with a lower-case mapping (skipped where Unicode 14 and 15 differ).
for cp in range(0x80, 0x10000):
    ch = chr(cp)
    if unicodedata.category(ch) in ("Lu", "Lt") and ch.lower() != ch:
        lower.append(ch + "x")

strip = ["\x1c a \x1f", "\u00a0x\u3000", "\u2028y\u2029", "\x85z\x0b", "\u200bq\u200b", "\ufeffw"]

floats = ["３", "٣٫٥", "３.５", "１２", "१२३", "12", "1_000", "1__0", "١٢.٥", "-４", "４e２", "𝟙𝟚", "inf", "nAn",
          "0x10", "1e", ".5", "5.", "٠", "߀", "᠐", "꧐", "𑁦"]


def cast(s):
    """float(s) as its repr ("inf", "nan" included), or None when float() raises."""
    try:
        return repr(float(s))
    except ValueError:
        return None


out = {
    "unicode": unicodedata.unidata_version,
    "lower": [[s, s.lower()] for s in lower],
    "strip": [[s, s.strip()] for s in strip],
    "float": [[s, cast(s)] for s in floats],
}
print(json.dumps(out, ensure_ascii=False, indent=0))
