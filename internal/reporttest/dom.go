package reporttest

import (
	"context"
	"testing"
	"time"
)

// DOM is what a test reads back from a rendered report.
type DOM struct {
	Scripts int        `json:"scripts"` // <script> elements: a report runs none
	Count   string     `json:"count"`   // the trace count the summary shows
	Traces  []DOMTrace `json:"traces"`
	// AppBars are the bars of the per-app chart of judges vs ground truth (inline SVG).
	AppBars int `json:"appBars"`
	// VerdictKey lists the classes of the key to the verdict badges' colours; WrappedBadges
	// counts the badges of the trace index broken over more than one line.
	VerdictKey    []string `json:"verdictKey"`
	WrappedBadges int      `json:"wrappedBadges"`
	// ConsoleErrors are the errors the page logged while loading.
	ConsoleErrors []string `json:"-"`
}

// DOMTrace is one trace section of the page.
type DOMTrace struct {
	Name      string `json:"name"`
	Truth     string `json:"truth"`
	Task      string `json:"task"`
	Images    int    `json:"images"`
	Loaded    int    `json:"loaded"` // images the browser decoded
	Judgments []struct {
		Judge     string `json:"judge"`
		Verdict   string `json:"verdict"`
		Agreement string `json:"agreement"`
		Ticks     int    `json:"ticks"`
		Crosses   int    `json:"crosses"`
		// GridCells and GridReached count the cells of the frames x substates picture
		// (inline SVG) and those marked "reached here"; GridWidth is its rendered width.
		GridCells   int     `json:"gridCells"`
		GridReached int     `json:"gridReached"`
		GridWidth   float64 `json:"gridWidth"`
		// GridClipped counts the picture's texts and shapes that reach past its edge.
		GridClipped int `json:"gridClipped"`
	} `json:"judgments"`
}

// readDOMScript collects every trace section of the rendered page.
const readDOMScript = `(() => ({
  scripts: document.querySelectorAll('script').length,
  count: document.getElementById('trace-count') ? document.getElementById('trace-count').textContent : '',
  appBars: document.querySelectorAll('#app-chart rect.bar').length,
  verdictKey: [...document.querySelectorAll('#verdict-key .badge')].map(b => b.className.replace('badge', '').trim()),
  wrappedBadges: [...document.querySelectorAll('#trace-index .badge')].filter(b => b.getClientRects().length > 1 ||
    b.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(b).lineHeight || getComputedStyle(b).fontSize)).length,
  traces: [...document.querySelectorAll('section.trace')].map(s => ({
    name: s.dataset.trace,
    truth: s.dataset.truth,
    task: s.querySelector('dd.task').textContent,
    images: s.querySelectorAll('figure.frame img').length,
    loaded: [...s.querySelectorAll('figure.frame img')].filter(i => i.complete && i.naturalWidth > 0).length,
    judgments: [...s.querySelectorAll('div.judgment')].map(j => ({
      judge: j.dataset.judge, verdict: j.dataset.verdict, agreement: j.dataset.agreement,
      ticks: j.querySelectorAll('li.substate[data-satisfied="true"] .ok').length,
      crosses: j.querySelectorAll('li.substate[data-satisfied="false"] .no').length,
      gridCells: j.querySelectorAll('svg.grid rect.cell').length,
      gridReached: j.querySelectorAll('svg.grid rect.cell.reached').length,
      gridWidth: j.querySelector('svg.grid') ? j.querySelector('svg.grid').getBoundingClientRect().width : 0,
      gridClipped: [...j.querySelectorAll('svg.grid')].map(svg => [...svg.querySelectorAll('text, rect')].filter(e => {
        const b = e.getBBox(); return b.x + b.width > svg.viewBox.baseVal.width + 0.5 || b.y + b.height > svg.viewBox.baseVal.height + 0.5;
      }).length).reduce((a, n) => a + n, 0),
    })),
  })),
}))()`

// LoadReport opens the HTML file in a fresh headless Chromium (skipping or failing as
// RequireChromium does when there is none) and reads the rendered page back.
func LoadReport(t testing.TB, htmlFile string) DOM {
	t.Helper()
	page := OpenPage(t, "file://"+htmlFile)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var dom DOM
	if err := page.Eval(ctx, readDOMScript, &dom); err != nil {
		t.Fatal(err)
	}
	dom.ConsoleErrors = page.ConsoleErrors()
	return dom
}
