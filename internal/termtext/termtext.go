// Package termtext makes text from traces and models safe to print on a terminal: control
// characters (ESC, BEL, CR, NUL, ...; C1 controls; bidirectional overrides) are shown as
// escapes such as \u001b instead of being sent raw, where they could move the cursor,
// rewrite earlier output, retitle the window or reorder what the reader sees.
//
// The escapes are JSON's own (\uXXXX, \r, \n, \t), so JSON passed through a Writer stays
// valid and means the same: encoding/json already escapes C0 controls, and the rest
// (DEL, C1, bidi controls) may appear escaped or raw inside a JSON string.
package termtext

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// unsafe reports whether r must not reach a terminal raw.
func unsafe(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f: // C0, DEL, C1
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // bidi embeddings, overrides, isolates
		return true
	}
	return false
}

func escape(b *strings.Builder, r rune) {
	switch r {
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		fmt.Fprintf(b, `\u%04x`, r)
	}
}

// visible escapes what unsafe names; bytes that are not UTF-8 become U+FFFD, since a
// terminal in another encoding could read a lone 0x9b as a control.
func visible(s string, keepLines bool) string {
	clean := utf8.ValidString(s)
	for _, r := range s {
		if unsafe(r) && !(keepLines && (r == '\n' || r == '\t')) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, r := range s {
		if unsafe(r) && !(keepLines && (r == '\n' || r == '\t')) {
			escape(&b, r)
			continue
		}
		b.WriteRune(r) // an invalid byte came as utf8.RuneError
	}
	return b.String()
}

// Line returns s for a one-line field (a label, a task in a table): every control
// character, newline and tab included, is shown as an escape.
func Line(s string) string { return visible(s, false) }

// Text returns s for a block of lines: newlines and tabs are kept, every other control
// character is shown as an escape.
func Text(s string) string { return visible(s, true) }

// Writer passes text to an underlying writer with Text applied. A character split between
// two writes is held back until it is complete, so nothing slips through a buffer boundary.
type Writer struct {
	w       io.Writer
	pending []byte
}

// NewWriter returns a Writer over w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p with control characters made visible. It reports len(p) on success.
func (w *Writer) Write(p []byte) (int, error) {
	data := p
	if len(w.pending) > 0 {
		data = append(w.pending, p...)
		w.pending = nil
	}
	// Hold back an incomplete UTF-8 sequence at the end (at most 3 bytes).
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-3; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	if cut < len(data) {
		w.pending = append([]byte(nil), data[cut:]...)
		data = data[:cut]
	}
	out := Text(string(data))
	if _, err := io.WriteString(w.w, out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Clip returns s cut to at most n runes, the last of them "…" when anything was cut: a cut
// is never silent, never splits a character, and a column n wide is never overrun.
func Clip(s string, n int) string {
	r := []rune(s)
	switch {
	case len(r) <= n:
		return s
	case n < 1:
		return ""
	}
	return string(r[:n-1]) + "…"
}

// ClipLine folds s onto one line (each run of spaces, tabs and newlines becomes one space,
// none at either end) and clips it to n runes.
func ClipLine(s string, n int) string { return Clip(strings.Join(strings.Fields(s), " "), n) }

// Count says n things in English: "1 trace", "2 traces", "0 traces". noun is the singular;
// plural adds "s" unless a plural form is given.
func Count(n int, noun string, plural ...string) string {
	if n == 1 {
		return "1 " + noun
	}
	p := noun + "s"
	if len(plural) > 0 {
		p = plural[0]
	}
	return fmt.Sprintf("%d %s", n, p)
}
