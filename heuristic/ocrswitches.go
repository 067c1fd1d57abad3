package heuristic

import (
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/screentext"
)

// A screenshot's switches are read from their pixels (judge/ocrcontrols.go), and only when
// every cue of their state agrees: a switch whose state the pixels leave in doubt is no
// element at all. So on a screenshot, a row labelled with the switch's name and no switch
// read on it is no evidence either way: the switch may be in either state. A UI dump lists
// every switch, so there a row without one has none.

// unreadSwitch reports whether an OCR screen shows a row labelled with one of the terms
// (a label, not a sentence that mentions it) with no control read on it, and its label,
// when no switch for the terms was read in the other state (other), which is evidence.
func unreadSwitch(sc *judge.Screen, terms []string, other bool) (string, bool) {
	if !sc.OCR {
		return "", false
	}
	if _, ok := switchFor(sc, terms, other); ok {
		return "", false
	}
	for _, e := range sc.Elements {
		if e.Checkable || !sc.IsContent(e) || !e.HasBounds {
			continue
		}
		// A row's label is the name and a word or two ("Use Bluetooth", "Wi-Fi"), not a
		// sentence ("When Bluetooth is turned on, your device can ...") or another name
		// holding it ("AndroidWifi", a network).
		words := strings.FieldsFunc(strings.ToLower(e.Text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		named := false
		for _, term := range terms {
			t := screentext.Squeeze(term)
			for i := range words {
				for j := i + 1; j <= len(words) && t != "" && len(words) <= 4; j++ {
					if strings.Join(words[i:j], "") == t {
						named = true
					}
				}
			}
		}
		if !named {
			continue
		}
		onRow := false
		for _, o := range sc.Elements {
			if o.Checkable && o.HasBounds && o.Y1 < e.Y2 && e.Y1 < o.Y2 {
				onRow = true
			}
		}
		if !onRow {
			return e.Text, true
		}
	}
	return "", false
}
