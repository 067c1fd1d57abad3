package judge

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/storetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
)

// store.DB is the store the CLI hands the judge.
var _ ProgressStore = (*store.DB)(nil)

// mixedTrace is a trace with every kind of frame progress must carry across a kill: a capture
// skip, an unchanged screen, an answer accepted after a retry, a rejected frame, critical
// info; and the stand-in model that judges it.
func mixedTrace(t *testing.T) ([]string, func(int, llm.Request) (string, error)) {
	const pkg = "com.google.android.deskclock"
	s := judgetest.ClockScreens()
	flaky := judgetest.ScreenXML(pkg, "Timer", "FLAKY")   // the first answer on it is unreadable
	broken := judgetest.ScreenXML(pkg, "Timer", "BROKEN") // every answer on it is unreadable
	noted := judgetest.ScreenXML(pkg, "Timer", "NOTE")    // gives a critical_info
	screens := []string{s[0], "<hierarchy><node", s[1], s[1], flaky, broken, broken, noted, s[2], s[2], s[3], s[0]}
	oracle := func(_ int, req llm.Request) (string, error) {
		d := judgetest.Fenced(req.Prompt)
		retry := strings.Contains(req.Prompt, "previous answer broke a rule")
		switch {
		case strings.Contains(d, "BROKEN"), strings.Contains(d, "FLAKY") && !retry:
			return "no JSON here", nil
		case strings.Contains(d, "NOTE"):
			return judgetest.Answer(judgetest.AskedIDs(req.Prompt), map[int]bool{0: true}, "a note from the NOTE screen"), nil
		}
		return clockOracle(req), nil
	}
	return screens, oracle
}

// A database written before progress was stored linearly (schema 1: the whole state after
// every frame) is migrated on open, and the progress of the job killed in it reads back as
// it was saved. Its frames carry no digests of what they were judged from, so the judge
// cannot tell whether the trace still holds those screens: it judges the trace afresh, and
// the judgment is the uninterrupted one.
func TestResumeFromVersion1Progress(t *testing.T) {
	ctx := context.Background()
	screens, oracle := mixedTrace(t)
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, screens...)
	ref := &judgetest.Model{Handler: oracle}
	want, err := Run(ctx, llmConfig(ref), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}

	m := &judgetest.Model{Handler: oracle}
	cfg := llmConfig(m)
	path := filepath.Join(t.TempDir(), "v1.db")
	var job string
	writeVersion1(t, path, tr.Dir, func(db *sql.DB) {
		// The fixture's job was keyed by the trace directory it was written from.
		d, err := cfg.normalize()
		if err != nil {
			t.Fatal(err)
		}
		job, err = jobKey(tr, tr.Task, judgetest.ClockSubs(), judgeSetup(&cfg, cfg.info(d, false, false)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`UPDATE judge_frames SET job=?`, job); err != nil {
			t.Fatal(err)
		}
	})
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, _ := db.SchemaVersion(ctx); v < 3 {
		t.Fatalf("schema version %d after open", v)
	}
	var old int
	if err := storetest.SQL(t, path).QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name='judge_frames'`).Scan(&old); err != nil || old != 0 {
		t.Fatalf("judge_frames still there (%d, %v)", old, err)
	}
	// The fixture was killed after frame 8 (the NOTE screen).
	saved := newState()
	if err := saved.load(ctx, db, job); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Frames, want.Frames[:8]) {
		t.Fatalf("migrated progress\n got %+v\nwant %+v", saved.Frames, want.Frames[:8])
	}
	if savedStillHolds(tr, saved) {
		t.Fatal("progress without digests was taken as still holding")
	}
	cfg.Store = db
	got, err := Run(ctx, cfg, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.Requests()); n != len(ref.Requests()) {
		t.Errorf("the run after the migration made %d calls, want the %d of a fresh run", n, len(ref.Requests()))
	}
	if !reflect.DeepEqual(got.Substates, want.Substates) || !reflect.DeepEqual(got.Frames, want.Frames) || got.SCR != want.SCR ||
		got.Usage.Calls != want.Usage.Calls || got.Usage.InputTokens != want.Usage.InputTokens || got.StoppedEarly != want.StoppedEarly {
		t.Errorf("judgment differs\n got %+v\nwant %+v", got.Frames, want.Frames)
	}
}

// writeVersion1 creates the database of testdata/progress-v1.sql at path, its trace in
// traceDir; edit runs on it before the store opens (and migrates) it.
func writeVersion1(t *testing.T, path, traceDir string, edit func(*sql.DB)) {
	t.Helper()
	dump, err := os.ReadFile(filepath.Join("testdata", "progress-v1.sql"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(strings.ReplaceAll(string(dump), "@TRACE_DIR@", strings.ReplaceAll(traceDir, "'", "''"))); err != nil {
		t.Fatal(err)
	}
	edit(db)
}
