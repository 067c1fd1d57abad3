"""Writes difflib_pairs.json: text pairs with Python's difflib ratio and AndroidWorld's verdict.

Run with python3 (3.11 here) from this directory: python3 difflib_pairs.py > difflib_pairs.json
The Go port of SequenceMatcher.ratio() (fuzzy.go) must reproduce every ratio exactly.
"""
import difflib
import json
import random

rng = random.Random(20231015)

WORDS = ("the a receipt total coffee milk bread eggs call mom meeting at 2 PM discuss project "
         "requirements buy groceries from store reminder doctor appointment tomorrow pay bills "
         "before due date order pizza for dinner tonight pick up dry cleaning review budget send "
         "email to team schedule weekly sync update resume and cover letter water plants clean "
         "kitchen book flight tickets renew passport car service oil change").split()


def sentence(n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def receipt(n):
    lines = ["Date, Item, Amount"]
    for _ in range(n):
        lines.append("2023-10-%02d, %s, $%d.%02d" % (rng.randint(1, 15), rng.choice(WORDS).title(), rng.randint(1, 300), rng.randint(0, 99)))
    return "\n".join(lines)


def mutate(s):
    chars = list(s)
    kind = rng.randrange(6)
    if kind == 0 and chars:  # typo
        i = rng.randrange(len(chars))
        chars[i] = rng.choice("abcdefghijklmnopqrstuvwxyz ")
    elif kind == 1 and chars:  # deletion of a span
        i = rng.randrange(len(chars))
        del chars[i:i + rng.randint(1, 8)]
    elif kind == 2:  # insertion
        i = rng.randrange(len(chars) + 1)
        chars[i:i] = list(" " + sentence(rng.randint(1, 3)))
    elif kind == 3:  # swap two words or lines
        sep = "\n" if "\n" in s else " "
        parts = s.split(sep)
        if len(parts) > 1:
            i, j = rng.sample(range(len(parts)), 2)
            parts[i], parts[j] = parts[j], parts[i]
        return sep.join(parts)
    elif kind == 4:  # case change
        return s.upper() if rng.random() < 0.5 else s.title()
    else:  # trailing punctuation
        return s + rng.choice([".", "!", " ", "\n"])
    return "".join(chars)


pairs = []
# The case: a receipt transcribed with two lines swapped.
r = receipt(4)
lines = r.split("\n")
lines[1], lines[2] = lines[2], lines[1]
pairs.append((r, "\n".join(lines)))
pairs += [("", ""), ("", "a"), ("abc", ""), ("Hello", "hello"), ("Grüße aus Köln", "Grusse aus Koln"),
          ("日本語のテキスト", "日本語テキスト"), ("abxcd", "abcd"), ("private Thread currentThread;", "private volatile Thread currentThread;")]
for n in [3, 8, 20, 40, 60, 80, 120]:
    for _ in range(25):
        s = sentence(n)
        t = s
        for _ in range(rng.randint(1, 4)):
            t = mutate(t)
        pairs.append((s, t) if rng.random() < 0.5 else (t, s))
for n in [3, 6, 10]:
    for _ in range(15):
        s = receipt(n)
        t = s
        for _ in range(rng.randint(1, 3)):
            t = mutate(t)
        pairs.append((s, t) if rng.random() < 0.5 else (t, s))
# Around autojunk's boundary: b of 199, 200 and 201 characters with popular spaces.
base = sentence(60)
for L in [199, 200, 201, 250]:
    b = (base * 3)[:L]
    a = mutate(mutate(b))
    pairs.append((a, b))
    pairs.append((b, a))

out = []
for a, b in pairs:
    ratio = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()
    out.append({"a": a, "b": b, "ratio": ratio, "fuzzy_match": ratio >= 0.9})
print(json.dumps(out, indent=1, ensure_ascii=False))
