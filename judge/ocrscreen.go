package judge

import (
	"context"
	"image"
	"regexp"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/trace"
)

// A screenshot read by OCR (package ocr runs Tesseract) becomes a screen like any other:
// its words are grouped into lines (split where a wide gap separates a label from a value,
// or one launcher label from the next), and the layout of the lines and of the screenshot
// tells what a UI dump would have said of them, with the same roles and marks
// (ocrlayout.go):
//
//   - the status and navigation bars (the top and bottom 3.5%): RoleSystem;
//   - an on-screen keyboard, found by its rows of keys (glyphs evenly spaced a tenth of the
//     screen apart, which Tesseract mostly leaves unread): Screen.Keyboard is set, its keys
//     are counted in Keys and left out, the text of its suggestion strip is RoleKeyboard
//     with MarkKeyboard (MarkClipboard for a clip);
//   - a dialog over a dimmed page: the page behind the scrim is left out, as a dump of the
//     dialog's window leaves it out (Screen.Dialog); a permission prompt's text is
//     RoleSystem, the system's and not the app's;
//   - a search box or address bar at the top (a single line in a filled or outlined box,
//     or a web address): Editable with MarkSearch, or Editable with the text as its Hint
//     when it is drawn faintly as a hint is; the suggestions listed under it as it is
//     typed in: MarkSearch;
//   - a field in a box just above the keyboard (a message being composed): Editable with
//     MarkTyped, or its hint;
//   - the launcher (home screen or app drawer), found by its grid of short labels centred
//     under icons: Screen.Launcher, so IsLauncher holds as it does for a launcher's package.
//   - switches, checkboxes and radio buttons on the rows of the page's text, read from
//     their pixels as Material draws them (ocrcontrols.go): checkable elements with their
//     state, as a dump lists them, or nothing where the pixels leave the state in doubt.
//
// Every rule errs towards leaving text as the app's content: a screen none of them fits
// reads as before, lines of text in reading order.

// minWordConfidence drops words Tesseract is unsure of (icons read as letters).
const minWordConfidence = 45

// ocrLayoutVersion names the rules that turn OCR words into a screen; it is recorded with
// Tesseract's version, so progress saved under other rules is not resumed.
const ocrLayoutVersion = "ocr-screens/5"

// KeyboardSeen is Screen.Keyboard on a screenshot whose keyboard was recognised by its
// keys: no input method's package can be read off a picture.
const KeyboardSeen = "(keyboard seen on the screenshot)"

// readScreenOCR reads a screenshot into a screen, decoding it within lim.
func readScreenOCR(ctx context.Context, img []byte, lim trace.Limits) (*Screen, error) {
	page, px, err := ocr.Read(ctx, img, lim)
	if err != nil {
		return nil, err
	}
	return ocrScreenPixels(page, px), nil
}

// ocrLine is a line of words as an element, with what the layout rules weigh besides.
type ocrLine struct {
	Element
	conf float64 // the mean confidence of its words
	drop bool    // left out of the screen: a key, or the page behind a dialog
}

// ocrScreen builds the screen from what OCR read. g is the screenshot's luminance, which
// the rules that look at boxes and colours need; without it (nil) they are skipped.
func ocrScreen(page *ocr.Page, g *image.Gray) *Screen {
	return ocrScreenPixels(page, ocr.Pixels{Lum: g})
}

// ocrScreenPixels is ocrScreen with the screenshot's chroma too, which tells a control
// that is on (in the accent colour) from one that is off (ocrcontrols.go).
func ocrScreenPixels(page *ocr.Page, px ocr.Pixels) *Screen {
	l := newLayout(page, px.Lum)
	if l.g != nil && px.Chroma != nil && px.Chroma.Rect == px.Lum.Rect {
		l.c = px.Chroma
	}
	lines := ocrLines(page.Words)
	sc := &Screen{OCR: true, Height: page.H}
	l.read(sc, lines)
	lines = append(lines, l.controls(lines)...)
	for _, ln := range lines {
		if !ln.drop {
			sc.Elements = append(sc.Elements, ln.Element)
		}
	}
	sortElements(sc.Elements)
	sc.Title = pageTitle(sc)
	sc.Place, sc.Places = pagePlace(sc)
	return sc
}

// ocrLines groups words into lines as Tesseract found them, split where a gap wider than
// one and a half letter heights parts two labels (a label and its value, launcher labels
// side by side, chips), and drops words Tesseract is unsure of.
func ocrLines(words []ocr.Word) []*ocrLine {
	type key struct{ b, p, l int }
	lines := map[key][]ocr.Word{}
	var order []key
	for _, w := range words {
		if w.Conf < minWordConfidence {
			continue
		}
		k := key{w.Block, w.Para, w.LineN}
		if _, ok := lines[k]; !ok {
			order = append(order, k)
		}
		lines[k] = append(lines[k], w)
	}
	var out []*ocrLine
	for _, k := range order {
		ws := lines[k]
		sort.SliceStable(ws, func(i, j int) bool { return ws[i].Left < ws[j].Left })
		start := 0
		for i := 1; i <= len(ws); i++ {
			if i < len(ws) {
				prev := ws[i-1]
				if 2*(ws[i].Left-(prev.Left+prev.W)) <= 3*max(prev.H, ws[i].H) {
					continue
				}
			}
			if ln := newOCRLine(ws[start:i]); ln != nil {
				out = append(out, ln)
			}
			start = i
		}
	}
	return out
}

// newOCRLine makes a line of words; signs on its ends without a letter or digit ("|" by
// an icon, a dash) are left out, those between words kept ("Network & internet"). nil when
// no word has a letter or digit.
func newOCRLine(ws []ocr.Word) *ocrLine {
	isWord := func(w ocr.Word) bool { return strings.IndexFunc(w.Text, screentext.IsWordRune) >= 0 }
	for len(ws) > 0 && !isWord(ws[0]) {
		ws = ws[1:]
	}
	for len(ws) > 0 && !isWord(ws[len(ws)-1]) {
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 0 {
		return nil
	}
	ln := &ocrLine{Element: Element{Class: "text", HasBounds: true, X1: ws[0].Left, Y1: ws[0].Top, X2: ws[0].Left + ws[0].W, Y2: ws[0].Top + ws[0].H}}
	var texts []string
	for _, w := range ws {
		texts = append(texts, w.Text)
		ln.conf += w.Conf / float64(len(ws))
		ln.X1, ln.Y1 = min(ln.X1, w.Left), min(ln.Y1, w.Top)
		ln.X2, ln.Y2 = max(ln.X2, w.Left+w.W), max(ln.Y2, w.Top+w.H)
	}
	ln.Text = strings.Join(numerals(texts), " ")
	return ln
}

// Tesseract's language model reads large digits as the letters they resemble: a clock's or
// a timer's zeros as O (or Q, D), its ones as l or I ("OOh 25m OOs", "1O:3O"). In a word that
// is a time (digits parted by colons or a point, "00:13.05") with a digit in it, or a part
// of a duration ("00h") on a line with another part read as digits ("25m"), they are the
// digits.
var (
	timeWord     = regexp.MustCompile(`^[0-9OoQDIl]{1,2}([:.][0-9OoQDIl]{2})+$`)
	durationWord = regexp.MustCompile(`^[0-9OoQDIl]{1,3}[hms]$`)
	digitsOf     = strings.NewReplacer("O", "0", "o", "0", "Q", "0", "D", "0", "I", "1", "l", "1")
)

func numerals(words []string) []string {
	digitDuration := false
	for _, w := range words {
		if durationWord.MatchString(w) && strings.IndexFunc(w[:len(w)-1], func(r rune) bool { return r < '0' || r > '9' }) < 0 {
			digitDuration = true
		}
	}
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w
		switch {
		case timeWord.MatchString(w) && strings.ContainsAny(w, "0123456789"):
			out[i] = digitsOf.Replace(w)
		case digitDuration && durationWord.MatchString(w):
			out[i] = digitsOf.Replace(w[:len(w)-1]) + w[len(w)-1:]
		}
	}
	return out
}
