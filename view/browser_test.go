package view

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/internal/reporttest"
	"github.com/autoeval/autoeval/trace"
)

// waitFor evaluates a JavaScript expression in the page until it returns true (errors,
// as while a page is being replaced, count as not yet).
func waitFor(ctx context.Context, t *testing.T, p *reporttest.Page, what, expr string) {
	t.Helper()
	for {
		var ok bool
		if err := p.Eval(ctx, expr, &ok); err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			var state any
			p.Eval(context.Background(), `({url: location.href, body: document.body ? document.body.innerText.slice(0, 2000) : ''})`, &state)
			t.Fatalf("waiting for %s: %v; page: %v", what, ctx.Err(), state)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func evalJS(ctx context.Context, t *testing.T, p *reporttest.Page, expr string, out any) {
	t.Helper()
	if err := p.Eval(ctx, expr, out); err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
}

// TestViewerInHeadlessChromium drives the real server with Debian's Chromium: the list
// renders, a filter narrows it, a trace page shows its frames and steps through them from
// the keyboard, and a judgment written while the page is open appears without a reload.
func TestViewerInHeadlessChromium(t *testing.T) {
	chromium := reporttest.RequireChromium(t)
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, true)
	base, _ := serve(t, Options{Roots: []string{root}, Poll: 100 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	b, err := reporttest.Start(ctx, chromium, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()

	// The list renders every trace, live.
	page, err := b.Open(ctx, base+"/")
	if err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, page, "six rows", `document.querySelectorAll('#traces tr.trace').length === 6`)
	waitFor(ctx, t, page, "the live indicator", `document.getElementById('live').textContent === 'live'`)
	var task string
	evalJS(ctx, t, page, `document.querySelector('tr.trace[data-id="t1"] td.task').title`, &task)
	if task != "Task of t1: <b>do it</b>" {
		t.Errorf("t1's task reads %q: markup from a trace must stay text", task)
	}

	// A filter narrows it: tick "disagrees with ground truth" as a person would.
	evalJS(ctx, t, page, `(() => { const c = document.querySelector('#filters input[name=disagree]'); c.click(); return true; })()`, new(bool))
	waitFor(ctx, t, page, "the filtered list", `location.search.includes('disagree=1') && document.readyState === 'complete' && document.querySelectorAll('#traces tr.trace').length === 3`)
	var shown []string
	evalJS(ctx, t, page, `[...document.querySelectorAll('#traces tr.trace')].map(r => r.dataset.id)`, &shown)
	if fmt.Sprint(shown) != "[t3 t4 t6]" {
		t.Errorf("disagreements shown: %v, want t3 t4 t6", shown)
	}
	// j moves the selection, Enter opens the trace, in the filter's order.
	evalJS(ctx, t, page, `['j','j','Enter'].forEach(k => document.body.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}))), true`, new(bool))
	waitFor(ctx, t, page, "t4's page", `document.body.dataset.trace === 't4' && document.readyState === 'complete'`)

	// The trace page shows its frames, and the arrow keys step through them.
	waitFor(ctx, t, page, "three decoded frames", `[...document.querySelectorAll('#film figure.frame img')].filter(i => i.complete && i.naturalWidth > 0).length === 3`)
	waitFor(ctx, t, page, "frame 1 in the panel", `document.getElementById('frame-big').complete && document.getElementById('frame-big').naturalWidth === 108`)
	evalJS(ctx, t, page, `document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true})), true`, new(bool))
	waitFor(ctx, t, page, "frame 2 selected", `document.querySelector('#film figure.selected').dataset.frame === '2' && document.getElementById('frame-title').textContent === 'Frame #2'`)
	var next string
	evalJS(ctx, t, page, `document.getElementById('next-trace') ? new URL(document.getElementById('next-trace').href).searchParams.get('id') : ''`, &next)
	if next != "t6" {
		t.Errorf("next trace in the filtered list: %q, want t6", next)
	}

	// A judgment written now by another judge appears on this page without a reload.
	evalJS(ctx, t, page, `window.__sameDocument = true`, new(bool))
	j, err := trace.ReadJudgment(filepath.Join(root, "t4", "judgment.json"))
	if err != nil {
		t.Fatal(err)
	}
	j.Judge = trace.JudgeInfo{Kind: trace.JudgeLLM, Model: "gpt-4o"}
	j.Complete = true
	if err := trace.WriteJudgment(filepath.Join(root, "t4", "judgment.openai_gpt-4o.json"), j); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, page, "the new judgment on the page", `document.querySelectorAll('section.judgment').length === 2`)
	var state struct {
		Same     bool   `json:"same"`
		Verdict  string `json:"verdict"`
		Agree    string `json:"agree"`
		Selected string `json:"selected"`
	}
	evalJS(ctx, t, page, `({same: window.__sameDocument === true,
		verdict: document.querySelector('section.judgment[data-judge="gpt-4o"]').dataset.verdict,
		agree: document.querySelector('section.judgment[data-judge="gpt-4o"]').dataset.agreement,
		selected: document.querySelector('#film figure.selected').dataset.frame})`, &state)
	if !state.Same || state.Verdict != "success" || state.Agree != "agrees" || state.Selected != "2" {
		t.Errorf("after the new judgment: %+v (want the same document, success, agrees, frame 2 still selected)", state)
	}

	// The summary page shows eval's tables and the report's chart.
	page2, err := b.Open(ctx, base+"/summary")
	if err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, page2, "the judge table", `document.querySelectorAll('#judge-table tr[data-variant="strict"]').length === 2 && document.querySelectorAll('#app-chart rect.bar').length > 0`)

	for _, p := range []*reporttest.Page{page, page2} {
		if errs := p.ConsoleErrors(); len(errs) > 0 {
			data, _ := json.Marshal(errs)
			t.Errorf("console errors (a CSP violation is one): %s", data)
		}
	}
}
