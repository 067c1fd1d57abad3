package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

// episodeJSON is a minimal AndroidWorld episode: one step on the clock app.
const episodeJSON = `{"goal": "Open the Clock app", "task_name": "ClockOpen", "task_actually_successful": true,
 "agent_claimed_done": true, "step_records": [{"state": {"ui_elements": [
  {"text": "Alarm", "package_name": "com.google.android.deskclock"}]}, "action": "{\"action_type\": \"status\", \"goal_status\": \"complete\"}"}]}`

// --traces may name one trace directory: it is the only item and keeps its judgments.
func TestLoadOneTraceDirectory(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	d, err := LoadRoots([]string{filepath.Join(root, "t2")}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].Name != "t2" || len(d.Items[0].Judgments) != 1 || len(d.Warnings) != 0 {
		t.Fatalf("items %+v warnings %q", d.Items, d.Warnings)
	}
	if r := CompareJudges(d, Options{Seed: 1, Resamples: 20}); r.Traces != 1 {
		t.Fatalf("compare over %d traces", r.Traces)
	}
}

// --traces may name one episode file; without --judgments its judgment is found where judge
// writes it by default, and only when it is this trace's.
func TestLoadOneEpisodeFile(t *testing.T) {
	t.Chdir(t.TempDir())
	os.MkdirAll("runs", 0o755)
	ep := filepath.Join("runs", "ep.json")
	if err := os.WriteFile(ep, []byte(episodeJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := LoadRoots([]string{ep}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].Name != "ep" || d.Items[0].Trace.Task != "Open the Clock app" || len(d.Items[0].Judgments) != 0 {
		t.Fatalf("items %+v", d.Items)
	}
	now := time.Now()
	write := func(name, of string) {
		j := &trace.Judgment{Trace: of, Judge: trace.JudgeInfo{Kind: trace.JudgeLLM, Model: name}, Finished: now}
		if err := trace.WriteJudgment(filepath.Join("autoeval-out", "ep", "judgment."+name+".json"), j); err != nil {
			t.Fatal(err)
		}
	}
	write("mine", ep)
	write("other", filepath.Join("elsewhere", "ep.json")) // same label, another trace
	d, err = LoadRoots([]string{ep}, "")
	if err != nil {
		t.Fatal(err)
	}
	it := d.Items[0]
	if len(it.Judgments) != 1 || it.Judgments[0].Judge.Model != "mine" {
		t.Fatalf("judgments %+v", it.Judgments)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "judgment.other.json") || !strings.Contains(d.Warnings[0], "not runs/ep.json") {
		t.Fatalf("warnings %q", d.Warnings)
	}
	// With --judgments, that folder is the place to look, not the default one.
	alt := t.TempDir()
	d, err = LoadRoots([]string{ep}, alt)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items[0].Judgments) != 0 {
		t.Fatalf("--judgments given, yet default-folder judgments were taken: %+v", d.Items[0].Judgments)
	}
}

// --traces may name a folder of episode files: without --judgments each file's judgment
// is found where judge writes it by default (./autoeval-out/<label>/, clashing labels
// renamed label-2), and only when its "trace" field names that very file.
func TestLoadFolderOfEpisodeFiles(t *testing.T) {
	t.Chdir(t.TempDir())
	eps := []string{filepath.Join("runs", "ep.json"), filepath.Join("runs", "b", "ep.json"), filepath.Join("runs", "other.json")}
	for _, ep := range eps {
		os.MkdirAll(filepath.Dir(ep), 0o755)
		if err := os.WriteFile(ep, []byte(episodeJSON), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	write := func(label, model, of string) {
		tr := &trace.Trace{Source: &trace.Source{Path: of}}
		path, _ := trace.JudgmentOutputPath(tr, label, "", true)
		j := &trace.Judgment{Trace: of, Judge: trace.JudgeInfo{Kind: trace.JudgeLLM, Model: model}, Finished: now}
		if err := trace.WriteJudgment(path, j); err != nil {
			t.Fatal(err)
		}
	}
	write("ep", "m", eps[0])
	write("ep-2", "m", eps[1])                                // judge renames the second "ep"
	write("other", "m", filepath.Join("elsewhere", "x.json")) // another run's trace: not taken
	d, err := LoadRoots([]string{"runs"}, "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, it := range d.Items {
		got[it.Name] = len(it.Judgments)
	}
	if len(d.Items) != 3 || got["ep"] != 1 || got["b/ep"] != 1 || got["other"] != 0 {
		t.Fatalf("judgments per item %v, warnings %q", got, d.Warnings)
	}
	for _, w := range d.Warnings {
		if strings.Contains(w, "skipped judgment") {
			t.Errorf("warning about another trace's judgment: %q", w)
		}
	}
	if labels := d.JudgeLabels(); len(labels) != 1 {
		t.Fatalf("judge labels %q", labels)
	}
	// With --judgments, that folder is the place to look, not the default one.
	d, err = LoadRoots([]string{"runs"}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range d.Items {
		if len(it.Judgments) != 0 {
			t.Fatalf("--judgments given, yet %s took default-folder judgments", it.Name)
		}
	}
}

// A single trace that cannot be read is an error naming it, not a warning.
func TestLoadOneBadTrace(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("hello"), 0o644)
	badEp := filepath.Join(dir, "bad.json")
	os.WriteFile(badEp, []byte(`{"goal": "x", "task_name": 7}`), 0o644)
	badDir := filepath.Join(dir, "broken")
	os.MkdirAll(badDir, 0o755)
	os.WriteFile(filepath.Join(badDir, trace.ManifestName), []byte(`{"version": 1, "frames": [`), 0o644)
	for _, p := range []string{notes, badEp, badDir} {
		_, err := LoadRoots([]string{p}, "")
		if err == nil || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), "\n") {
			t.Errorf("LoadRoots(%s): %v; want one line naming it", p, err)
		}
	}
}

// A checkpoint holds several episodes: each is an item of the one-trace dataset.
func TestLoadOneCheckpoint(t *testing.T) {
	ck := filepath.Join(testenv.SharedData(t, "checkpoints/androidworld-gbox"), "SystemBluetoothTurnOn_0.pkl.gz")
	d, err := LoadRoots([]string{ck}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) == 0 {
		t.Fatal("no episodes")
	}
	for _, it := range d.Items {
		if !strings.HasPrefix(it.Name, "SystemBluetoothTurnOn_0") || len(it.Trace.Frames) == 0 {
			t.Errorf("item %q with %d frames", it.Name, len(it.Trace.Frames))
		}
	}
}

// A false negative names the substates never reached and, under each, the judge's last
// word on why.
func TestDisagreementSaysWhyNotReached(t *testing.T) {
	d := loadFixture(t)
	var b strings.Builder
	if err := Evaluate(d, Inputs{}, Options{Seed: 1, Resamples: 20}).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	// t4: reward 1, substate 3 (C) never reached.
	want := "      substate 3 never reached: state C <i>of</i> t4\n        ↳ analysis of substate C\n"
	if !strings.Contains(b.String(), want) {
		t.Fatalf("disagreements lack the why line %q:\n%s", want, b.String())
	}
}
