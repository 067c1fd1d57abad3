package main

import (
	"encoding/csv"
	"encoding/json"
	"github.com/autoeval/autoeval/eval"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/internal/reporttest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/report"
	"github.com/autoeval/autoeval/trace"
)

// Must show: the report of the 12 episodes judged by the heuristic judge opens in headless
// Chromium without console errors and shows every trace with the verdict on disk.
func TestReportEpisodesInChromium(t *testing.T) {
	t.Parallel()
	episodes := testenv.SharedData(t, "episodes/androidworld-json")
	reporttest.RequireChromium(t) // before the judging, so a missing browser skips early
	tmp := t.TempDir()
	setenv(t, "AUTOEVAL_MODEL", "")
	setenv(t, "OPENAI_API_KEY", "")
	setenv(t, "ANTHROPIC_API_KEY", "")
	judgments := filepath.Join(tmp, "judgments")
	if code, _, errOut := evalCapture(t, "--db", filepath.Join(tmp, "db.sqlite"), "-q", "judge", "--traces", episodes, "--judge", "heuristic", "--out", judgments); code != 0 {
		t.Fatalf("judge exit %d: %s", code, errOut)
	}
	out := filepath.Join(tmp, "report.html")
	code, _, errOut := evalCapture(t, "-q", "report", "--traces", episodes, "--judgments", judgments, "--out", out)
	if code != 0 {
		t.Fatalf("report exit %d: %s", code, errOut)
	}
	// The verdicts each trace should show, read back from the judgment files.
	want := map[string]string{}
	err := filepath.WalkDir(judgments, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == trace.JudgmentName {
			j, err := trace.ReadJudgment(p)
			if err != nil {
				return err
			}
			// The page shows the verdict as every reader reads it.
			want[filepath.Base(filepath.Dir(p))] = eval.VerdictOf(j)
		}
		return err
	})
	if err != nil || len(want) != 12 {
		t.Fatalf("judgments: %v, %d files", err, len(want))
	}

	dom := reporttest.LoadReport(t, out)
	if errs := dom.ConsoleErrors; len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	// Long task names squeeze the verdict column: its badges stay on one line each.
	if dom.WrappedBadges != 0 {
		t.Errorf("%d badges of the trace index wrap onto more lines", dom.WrappedBadges)
	}
	if dom.Count != "12" || len(dom.Traces) != 12 {
		t.Fatalf("the page shows %q traces in %d sections, want 12", dom.Count, len(dom.Traces))
	}
	truths := map[string]int{}
	for _, tr := range dom.Traces {
		truths[tr.Truth]++
		if len(tr.Judgments) != 1 || tr.Judgments[0].Verdict != want[tr.Name] {
			t.Errorf("%s shows %+v, want verdict %q", tr.Name, tr.Judgments, want[tr.Name])
		}
	}
	if truths["success"] != 4 || truths["failure"] != 8 {
		t.Errorf("ground truth shown %v, want 4 successes and 8 failures", truths)
	}
}
func TestReportFormats(t *testing.T) {
	t.Parallel()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, true)
	dir := t.TempDir()
	// A file in a folder that does not exist is refused, as --db is, and creates nothing.
	html := filepath.Join(dir, "sub", "r.html")
	code, _, errOut := evalCapture(t, "report", "--traces", root, "--out", html)
	if _, err := os.Stat(filepath.Dir(html)); code != 1 || !strings.Contains(errOut, "the folder "+filepath.Dir(html)+" does not exist; create it first") || err == nil {
		t.Fatalf("--out in a missing folder: exit %d, %s", code, errOut)
	}
	html = filepath.Join(dir, "r.html")
	code, _, errOut = evalCapture(t, "report", "--traces", root, "--out", html)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "data:image/jpeg;base64,"); n != 18 {
		t.Errorf("%d embedded frames, want 18", n)
	}
	if !strings.Contains(errOut, "wrote "+html) || !strings.Contains(errOut, "report: [6/6]") {
		t.Errorf("stderr %q: want progress lines and the file written", errOut)
	}
	// --thumb-width 0 leaves frames out.
	code, _, _ = evalCapture(t, "-q", "report", "--traces", root, "--out", html, "--thumb-width", "0")
	data, _ = os.ReadFile(html)
	if code != 0 || strings.Contains(string(data), "base64") {
		t.Errorf("thumb-width 0: exit %d, still has images", code)
	}
	code, out, _ := evalCapture(t, "report", "--traces", root, "--format", "json", "--out", "-")
	var r struct {
		Traces []json.RawMessage `json:"traces"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r.Traces) != 6 {
		t.Errorf("json to stdout: exit %d, %d traces", code, len(r.Traces))
	}
	code, out, _ = evalCapture(t, "report", "--traces", root, "--format", "csv", "--out", "-")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(recs) != 7 || strings.Join(recs[0], ",") != strings.Join(report.CSVHeader, ",") {
		t.Errorf("csv: exit %d err %v rows %d", code, err, len(recs))
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"report", "--traces", root, "--format", "pdf"}, 2, `--format "pdf"`},
		{[]string{"report", "--traces", root, "--thumb-width", "-3"}, 2, "--thumb-width -3"},
		{[]string{"report", "--traces", filepath.Join(dir, "none")}, 1, "none"},
	} {
		code, _, errOut := evalCapture(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
	}
}
