package groundtruth

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// AndroidWorld's evaluators are Python: where they lower-case, strip or read numbers,
// Python's str rules decide, and Go's differ at the edges (a final Σ, İ, full-width
// digits, \x1c as white space). These helpers give Python's answer.

// pyLower is Python's str.lower(): the full lower-case mapping, where İ (U+0130)
// becomes two characters and a capital sigma ending a word becomes ς (Final_Sigma in
// Unicode's SpecialCasing; unicodeobject.c handle_capital_sigma). Go's strings.ToLower
// maps İ to a lone i and every Σ to σ.
func pyLower(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		switch r {
		case 'İ':
			b.WriteString("i\u0307")
		case 'Σ':
			if finalSigma(rs, i) {
				b.WriteRune('ς')
			} else {
				b.WriteRune('σ')
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// finalSigma is the Final_Sigma condition at rs[i]: a cased letter before it (case-
// ignorable characters skipped) and none after it.
func finalSigma(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && caseIgnorable(rs[j]) {
		j--
	}
	if j < 0 || !cased(rs[j]) {
		return false
	}
	k := i + 1
	for k < len(rs) && caseIgnorable(rs[k]) {
		k++
	}
	return k == len(rs) || !cased(rs[k])
}

// cased is Unicode's Cased property: Lowercase, Uppercase or a title-case letter.
func cased(r rune) bool {
	return unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// caseIgnorable is Unicode's Case_Ignorable property: marks, format characters,
// modifier letters and symbols, and the word-internal punctuation of Word_Break
// MidLetter, MidNumLet and Single_Quote.
func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '^', '`', 0xB7, 0x387, 0x55F, 0x5F4, 0x2018, 0x2019, 0x2024, 0x2027, 0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// pyIsSpace is Python's str.isspace() for one character: Go's unicode.IsSpace plus
// the information separators \x1c-\x1f, which Python counts as white space.
func pyIsSpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// pyStrip is Python's str.strip() without arguments.
func pyStrip(s string) string { return strings.TrimFunc(s, pyIsSpace) }

// asciiDigits replaces every Unicode decimal digit (category Nd: full-width, Arabic-
// Indic, Devanagari, ...) by its ASCII digit, as Python's float() and int() read them
// (_PyUnicode_TransformDecimalAndSpaceToASCII) and as re's \d matches them in a str.
// Each Nd range of Unicode is a run of whole 0-9 blocks, so a digit's value is its
// distance from the range's start modulo 10.
func asciiDigits(s string) string {
	if isASCII(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf || !unicode.Is(unicode.Nd, r) {
			return r
		}
		for _, rg := range unicode.Nd.R16 {
			if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
				return '0' + (r-rune(rg.Lo))%10
			}
		}
		for _, rg := range unicode.Nd.R32 {
			if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
				return '0' + (r-rune(rg.Lo))%10
			}
		}
		return r
	}, s)
}
