package report

import (
	"fmt"
	"html"
	"html/template"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/trace"
)

// The report's pictures are inline SVG built here: no script, no external file, nothing
// the page's Content-Security-Policy forbids. Every text that comes from a trace is escaped.

// Grid cell states, also the cells' CSS classes.
const (
	cellReached   = "reached"   // first judged reached on this frame
	cellTrue      = "true"      // judged true again on this frame (a page asked as context)
	cellUncertain = "uncertain" // asked, not reached
	cellDone      = "done"      // reached earlier, not asked any more
	cellSkipped   = "skipped"   // the frame was skipped (no description, or every answer rejected)
	cellSame      = "same"      // the same screen as an earlier frame: not asked again
	cellUnjudged  = "unjudged"  // after the judge stopped (everything reached) or never reached by it
)

var cellFill = map[string]string{
	cellReached: "#1f8a3b", cellTrue: "#7cc68d", cellUncertain: "#e4e7ec", cellDone: "#cfead5",
	cellSkipped: "#f3b3ad", cellSame: "#f1f3f6", cellUnjudged: "#ffffff",
}

var cellMeaning = []struct{ class, label string }{
	{cellReached, "reached here"}, {cellTrue, "seen again"}, {cellUncertain, "not reached"},
	{cellDone, "reached before"}, {cellSame, "same screen"}, {cellSkipped, "frame skipped"},
}

// gridSVG draws which substate was reached at which frame: one row per substate, one column
// per frame the trace has, each cell coloured by what the judge said there, with the
// analysis as the cell's tooltip.
func gridSVG(frames []int, j JudgmentView) template.HTML {
	if len(frames) == 0 || len(j.Substates) == 0 {
		return ""
	}
	const cell, gap, labelW, top = 16, 2, 260, 34
	notes := map[int]FrameNoteView{}
	for _, n := range j.Notes {
		notes[n.Index] = n
	}
	col := map[int]int{}
	for i, f := range frames {
		col[f] = i
	}
	lastJudged := -1
	for _, n := range j.Notes {
		if c, ok := col[n.Index]; ok && c > lastJudged {
			lastJudged = c
		}
	}
	// As wide as the frames or the legend, whichever is wider: a short trace's grid is
	// narrower than the legend under it, which was cut off.
	w := max(labelW+len(frames)*(cell+gap)+10, legendWidth()+8)
	h := top + len(j.Substates)*(cell+gap) + 40
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="grid" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="substates by frame">`, w, h, w, h)
	fmt.Fprintf(&b, `<title>Which substate was reached at which frame (%s)</title>`, esc(j.Judge))
	// Column heads: frame numbers, every one when they fit, else every fifth.
	step := 1
	if len(frames) > 40 {
		step = 5
	}
	for i, f := range frames {
		if i%step == 0 || i == len(frames)-1 {
			x := labelW + i*(cell+gap) + cell/2
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="10" text-anchor="middle" fill="#5b6475">%d</text>`, x, top-6, f)
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="12" font-size="11" fill="#5b6475">frame →</text>`, labelW)
	for r, s := range j.Substates {
		y := top + r*(cell+gap)
		label := fmt.Sprintf("%d. %s", s.ID, s.Content)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" fill="#1d2330"><title>%s</title>%s</text>`,
			4+min(s.Depth, 4)*10, y+cell-4, esc(label), esc(termtext.ClipLine(label, 40-min(s.Depth, 4)*2)))
		reachedAt := -1
		if s.Satisfied && s.Frame != nil {
			reachedAt = *s.Frame
		}
		for i, f := range frames {
			state, why := cellState(s, f, i, reachedAt, col, notes, lastJudged)
			x := labelW + i*(cell+gap)
			tip := fmt.Sprintf("frame %d, substate %d: %s", f, s.ID, state)
			if why != "" {
				tip += ": " + why
			}
			fmt.Fprintf(&b, `<rect class="cell %s" data-frame="%d" data-substate="%d" x="%d" y="%d" width="%d" height="%d" rx="2" fill="%s" stroke="#c3c9d4" stroke-width="0.5"><title>%s</title></rect>`,
				state, f, s.ID, x, y, cell, cell, cellFill[state], esc(termtext.ClipLine(tip, 400)))
		}
	}
	// Legend.
	ly := top + len(j.Substates)*(cell+gap) + 14
	x := 4
	for _, m := range cellMeaning {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" rx="2" fill="%s" stroke="#c3c9d4" stroke-width="0.5"/><text x="%d" y="%d" font-size="10" fill="#5b6475">%s</text>`,
			x, ly, cellFill[m.class], x+14, ly+9, m.label)
		x += legendEntryWidth(m.label)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// legendEntryWidth is the room a legend entry takes: its swatch, its label (at most 7 px a
// character at 10 px), and a gap.
func legendEntryWidth(label string) int { return 14 + 7*len(label) + 14 }

// legendWidth is the width of the grid's legend.
func legendWidth() int {
	w := 4
	for _, m := range cellMeaning {
		w += legendEntryWidth(m.label)
	}
	return w
}

// cellState says what the judge said about substate s on frame f (column i).
func cellState(s SubstateView, f, i, reachedAt int, col map[int]int, notes map[int]FrameNoteView, lastJudged int) (string, string) {
	if f == reachedAt {
		return cellReached, s.Analysis
	}
	n, judged := notes[f]
	if judged {
		for _, v := range n.Verdicts {
			if v.ID == s.ID {
				if v.Verdict == trace.VerdictTrue {
					return cellTrue, v.Analysis
				}
				return cellUncertain, v.Analysis
			}
		}
	}
	if reachedAt >= 0 && i > col[reachedAt] {
		return cellDone, ""
	}
	switch {
	case judged && n.Skipped:
		return cellSkipped, n.SkipReason
	case judged && n.SameAs != nil:
		return cellSame, fmt.Sprintf("same screen as frame %d", *n.SameAs)
	case i > lastJudged:
		return cellUnjudged, "not judged (the judge stopped before this frame)"
	}
	return cellUnjudged, ""
}

// AppChart draws, per app, the share of runs ground truth calls successful beside the
// share each judge's verdict ("cannot tell" counted as not successful) and the agent's
// claim call successful, with each one's
// agreement with ground truth.
func AppChart(rows []eval.GroupRow) template.HTML {
	type bar struct {
		label    string
		rate     float64
		n        int
		accuracy string
		truth    bool
	}
	groups := map[string][]bar{}
	var apps []string
	for _, r := range rows {
		if r.Variant != eval.VariantAW && r.Variant != eval.VariantClaim || r.N == 0 {
			continue
		}
		if _, ok := groups[r.Group]; !ok {
			apps = append(apps, r.Group)
			c := r.Confusion
			groups[r.Group] = append(groups[r.Group], bar{label: "ground truth", rate: float64(c.TP+c.FN) / float64(r.N), n: r.N, truth: true})
		}
		c := r.Confusion
		groups[r.Group] = append(groups[r.Group], bar{label: r.Judge, rate: float64(c.TP+c.FP) / float64(r.N), n: r.N,
			accuracy: eval.FormatPct(r.Accuracy.Value)})
	}
	if len(apps) == 0 {
		return ""
	}
	sort.Strings(apps)
	const barH, gap, groupGap, labelW, chartW = 14, 3, 14, 320, 360
	h := 24
	for _, a := range apps {
		h += len(groups[a])*(barH+gap) + groupGap + 14
	}
	w := labelW + chartW + 120
	var b strings.Builder
	fmt.Fprintf(&b, `<svg id="app-chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="success by app: judges vs ground truth">`, w, h, w, h)
	b.WriteString(`<title>Share of runs called successful, per app: ground truth, each judge (strict) and the agent's claim</title>`)
	for _, p := range []int{0, 50, 100} {
		x := labelW + chartW*p/100
		fmt.Fprintf(&b, `<line x1="%d" y1="16" x2="%d" y2="%d" stroke="#e1e5eb"/><text x="%d" y="12" font-size="10" text-anchor="middle" fill="#5b6475">%d%%</text>`, x, x, h-4, x, p)
	}
	y := 24
	for _, a := range apps {
		fmt.Fprintf(&b, `<text x="4" y="%d" font-size="12" font-weight="600" fill="#1d2330">%s</text>`, y+10, esc(a))
		y += 14
		for _, br := range groups[a] {
			fill, class := "#4a78c2", "bar judge"
			if br.truth {
				fill, class = "#2e7d32", "bar truth"
			}
			bw := int(float64(chartW) * br.rate)
			tip := fmt.Sprintf("%s, %s: %s%% of %d runs successful", a, br.label, eval.FormatPct(br.rate), br.n)
			note := ""
			if !br.truth {
				tip += fmt.Sprintf("; agrees with ground truth on %s%%", br.accuracy)
				note = "agrees " + br.accuracy + "%"
			}
			fmt.Fprintf(&b, `<text x="16" y="%d" font-size="11" fill="#3d4656">%s</text>`, y+barH-3, esc(termtext.ClipLine(br.label, 44)))
			fmt.Fprintf(&b, `<rect class="%s" data-app="%s" data-label="%s" data-rate="%.4f" x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s</title></rect>`,
				class, esc(a), esc(br.label), br.rate, labelW, y, max(bw, 1), barH, fill, esc(tip))
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="10" fill="#5b6475">%s%% %s</text>`, labelW+max(bw, 1)+4, y+barH-3, eval.FormatPct(br.rate), note)
			y += barH + gap
		}
		y += groupGap
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func esc(s string) string { return html.EscapeString(s) }
