package judge

import (
	"context"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/judge/screentext"
)

// A screenshot read by OCR (package ocr runs Tesseract) becomes a screen like any other:
// its words are grouped into lines (split where a wide gap separates a label from a
// value), the status and navigation bars are set apart as system UI, and the lines are
// described in reading order.

// minWordConfidence drops words Tesseract is unsure of (icons read as letters).
const minWordConfidence = 45

// readScreenOCR reads a screenshot into a screen.
func readScreenOCR(ctx context.Context, img []byte) (*Screen, error) {
	page, err := ocr.Read(ctx, img)
	if err != nil {
		return nil, err
	}
	return ocrScreen(page.Words, page.H), nil
}

// ocrScreen groups words into lines and lines into elements. height is the screenshot's
// height, to set the status bar (top 3.5%) and navigation bar (bottom 3.5%) apart.
func ocrScreen(words []ocr.Word, height int) *Screen {
	type key struct{ b, p, l int }
	lines := map[key][]ocr.Word{}
	var order []key
	for _, w := range words {
		if w.Conf < minWordConfidence || strings.IndexFunc(w.Text, screentext.IsWordRune) < 0 {
			continue
		}
		k := key{w.Block, w.Para, w.LineN}
		if _, ok := lines[k]; !ok {
			order = append(order, k)
		}
		lines[k] = append(lines[k], w)
	}
	sc := &Screen{OCR: true, Height: height}
	for _, k := range order {
		ws := lines[k]
		sort.SliceStable(ws, func(i, j int) bool { return ws[i].Left < ws[j].Left })
		// A gap wider than three letter heights splits a label from a value on its row.
		start := 0
		for i := 1; i <= len(ws); i++ {
			if i < len(ws) {
				prev := ws[i-1]
				if ws[i].Left-(prev.Left+prev.W) <= 3*max(prev.H, ws[i].H) {
					continue
				}
			}
			sc.Elements = append(sc.Elements, ocrElement(ws[start:i], height))
			start = i
		}
	}
	sortElements(sc.Elements)
	sc.Title = pageTitle(sc)
	return sc
}

func ocrElement(ws []ocr.Word, height int) Element {
	e := Element{Class: "text", HasBounds: true, X1: ws[0].Left, Y1: ws[0].Top, X2: ws[0].Left + ws[0].W, Y2: ws[0].Top + ws[0].H}
	var texts []string
	for _, w := range ws {
		texts = append(texts, w.Text)
		e.X1, e.Y1 = min(e.X1, w.Left), min(e.Y1, w.Top)
		e.X2, e.Y2 = max(e.X2, w.Left+w.W), max(e.Y2, w.Top+w.H)
	}
	e.Text = strings.Join(texts, " ")
	if height > 0 && (e.Y2 <= height*35/1000 || e.Y1 >= height-height*35/1000) {
		e.Role = RoleSystem // the status bar's clock and icons, the navigation bar
	}
	return e
}
