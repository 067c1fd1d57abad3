package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/report/reporttest"
)

// DOMTrace is what the browser test reads back from a rendered report, per trace section.
type DOMTrace struct {
	Name      string `json:"name"`
	Truth     string `json:"truth"`
	Task      string `json:"task"`
	Images    int    `json:"images"`
	Loaded    int    `json:"loaded"`
	Judgments []struct {
		Judge     string `json:"judge"`
		Verdict   string `json:"verdict"`
		Agreement string `json:"agreement"`
		Ticks     int    `json:"ticks"`
		Crosses   int    `json:"crosses"`
	} `json:"judgments"`
}

// ReadDOMScript collects every trace section of the rendered page.
const ReadDOMScript = `(() => ({
  scripts: document.querySelectorAll('script').length,
  count: document.getElementById('trace-count') ? document.getElementById('trace-count').textContent : '',
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
    })),
  })),
}))()`

func TestReportInHeadlessChromium(t *testing.T) {
	path := reporttest.RequireChromium(t)
	r := build(t, fixture(t))
	out := filepath.Join(t.TempDir(), "report.html")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	f.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := reporttest.Start(ctx, path, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	page, err := b.Open(ctx, "file://"+out)
	if err != nil {
		t.Fatal(err)
	}
	var dom struct {
		Scripts int        `json:"scripts"`
		Count   string     `json:"count"`
		Traces  []DOMTrace `json:"traces"`
	}
	if err := page.Eval(ctx, ReadDOMScript, &dom); err != nil {
		t.Fatal(err)
	}
	if errs := page.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	if dom.Scripts != 0 {
		t.Errorf("%d script elements in the rendered page; trace markup must stay text", dom.Scripts)
	}
	if dom.Count != "6" || len(dom.Traces) != 6 {
		t.Fatalf("page shows %q traces, %d sections", dom.Count, len(dom.Traces))
	}
	// The verdicts shown are the judge's; agreement against ground truth as computed by hand.
	want := map[string][3]string{ // truth, verdict, agreement
		"t1": {"success", "success", "agrees"}, "t2": {"failure", "failure", "agrees"},
		"t3": {"failure", "success", "false positive"}, "t4": {"success", "failure", "false negative"},
		"t5": {"failure", "failure", "agrees"}, "t6": {"success", "failure", "false negative"},
	}
	for _, tr := range dom.Traces {
		w := want[tr.Name]
		if tr.Truth != w[0] || len(tr.Judgments) != 1 || tr.Judgments[0].Verdict != w[1] || tr.Judgments[0].Agreement != w[2] {
			t.Errorf("%s shows %+v, want truth/verdict/agreement %v", tr.Name, tr, w)
		}
		if tr.Images != 3 || tr.Loaded != 3 {
			t.Errorf("%s: %d of %d frame images decoded, want 3 of 3", tr.Name, tr.Loaded, tr.Images)
		}
		if j := tr.Judgments[0]; j.Ticks+j.Crosses != 3 {
			t.Errorf("%s: %d ✓ + %d ✗, want 3 substates", tr.Name, j.Ticks, j.Crosses)
		}
	}
	// Markup from the trace is shown as text, not interpreted.
	for _, tr := range dom.Traces {
		if tr.Name == "t1" && !strings.Contains(tr.Task, `<script>alert("x")</script>`) {
			t.Errorf("t1 task text %q: the markup should appear literally", tr.Task)
		}
	}
}
