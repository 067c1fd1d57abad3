package decomposer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/autoeval/autoeval/internal/testenv"

	"github.com/autoeval/autoeval/decomposer"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/suite"
)

const good = `{"substates":[
 {"id":0,"kind":"page","content":"The Clock app is open","parent":null},
 {"id":1,"kind":"page","content":"The alarm list is visible","parent":0},
 {"id":2,"kind":"unit","content":"An alarm for 3:00 PM labelled meeting is listed","parent":1},
 {"id":3,"kind":"unit","content":"The 3:00 PM alarm is switched on","parent":1}]}`

// store.DB is the store the CLI hands to New.
var _ decomposer.Store = (*store.DB)(nil)

func openDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func model(t *testing.T, spec, url string, db *store.DB, tweaks ...func(*llm.Config)) llm.Model {
	t.Helper()
	cfg := llm.Config{Spec: spec, BaseURL: url, BaseDelay: 5 * time.Millisecond, MaxDelay: 2 * time.Second, Timeout: 300 * time.Millisecond,
		MaxRetries: llm.DefaultRetries}
	if db != nil {
		cfg.Cache, cfg.Ledger = db, db
	}
	for _, tweak := range tweaks {
		tweak(&cfg)
	}
	m, err := llm.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestDecomposeOpenAIAndCache(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-x")
	srv := llmtest.NewOpenAI(t, llmtest.Reply("Here you go:\n```json\n"+good+"\n```"))
	db := openDB(t)
	d := decomposer.New(model(t, "openai:gpt-4o-mini", srv.URL, db), db, decomposer.Options{})
	task := `Set an alarm for 3PM with the label "meeting" using Clock.`
	res, err := d.Run(context.Background(), decomposer.Input{Task: task, App: "clock", Knowledge: "Alarms are on the Alarm tab."})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Substates
	if len(s.Nodes) != 4 || s.Task != task || s.Nodes[3].ParentID() != 1 || res.Cached || res.Rounds != 1 || res.Usage.InputTokens == 0 {
		t.Fatalf("result %+v nodes %+v", res, s.Nodes)
	}
	r := srv.Requests()[0]
	for _, want := range []string{strconv.Quote(task), "Target app: clock", "Alarms are on the Alarm tab."} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
	if !strings.Contains(string(r.Body), `"response_format"`) {
		t.Error("no structured-output request")
	}
	// Same decomposition again: from the store, zero HTTP requests.
	res2, err := d.Run(context.Background(), decomposer.Input{Task: task, App: "clock", Knowledge: "Alarms are on the Alarm tab."})
	if err != nil || !res2.Cached || srv.Count() != 1 {
		t.Fatalf("second run: %+v %v, %d requests", res2, err, srv.Count())
	}
	// Even bypassing the substates cache, the model-call cache answers.
	d2 := decomposer.New(model(t, "openai:gpt-4o-mini", srv.URL, db), db, decomposer.Options{NoCache: true})
	if _, err := d2.Run(context.Background(), decomposer.Input{Task: task, App: "clock", Knowledge: "Alarms are on the Alarm tab."}); err != nil || srv.Count() != 1 {
		t.Fatalf("%v, %d requests", err, srv.Count())
	}
	tree := decomposer.Tree(s)
	if !strings.Contains(tree, "0 [page] The Clock app is open\n└─ 1 [page] The alarm list is visible\n   ├─ 2 [unit]") {
		t.Errorf("tree:\n%s", tree)
	}
}

func TestDecomposeAnthropic(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-x")
	srv := llmtest.NewAnthropic(t, llmtest.Reply(good))
	d := decomposer.New(model(t, "anthropic:claude-3-5-haiku-latest", srv.URL, nil), nil, decomposer.Options{})
	s, err := d.Run(context.Background(), decomposer.Input{Task: "Set an alarm for 3PM"})
	if err != nil || len(s.Substates.Nodes) != 4 {
		t.Fatal(s, err)
	}
	if r := srv.Requests()[0]; r.Rejected != "" || !strings.Contains(r.System, "substates") {
		t.Fatalf("request %+v", r)
	}
}

func TestDecomposeRepairs(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-x")
	invalid := `{"substates":[{"id":0,"kind":"page","content":"Clock open","parent":null},{"id":1,"kind":"unit","content":"alarm on","parent":9}]}`
	srv := llmtest.NewOpenAI(t,
		llmtest.Reply(`{"substates":[{"id":0,"kind":"page","content":"Clock open"`), // malformed, truncated
		llmtest.Reply(invalid), // schema-valid JSON, rule-invalid substates
		llmtest.Reply(good))
	d := decomposer.New(model(t, "openai:gpt-4o-mini", srv.URL, nil), nil, decomposer.Options{Repairs: decomposer.DefaultRepairs})
	res, err := d.Run(context.Background(), decomposer.Input{Task: "Set an alarm for 3PM"})
	if err != nil || res.Rounds != 3 || res.Usage.Calls != 3 || res.Usage.CacheHits != 0 || res.Usage.OutputTokens == 0 {
		t.Fatal(res, err)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	if !strings.Contains(reqs[1].Text, "could not be used") {
		t.Errorf("first repair prompt:\n%s", reqs[1].Text)
	}
	if !strings.Contains(reqs[2].Text, "parent 9 does not exist") {
		t.Errorf("second repair prompt lacks the validation error:\n%s", reqs[2].Text)
	}

	// Never valid: a clear error after 1 + Repairs answers; running it again asks the
	// model again instead of replaying the cached invalid answers.
	srv2 := llmtest.NewOpenAI(t, llmtest.Reply(invalid), llmtest.Reply(invalid), llmtest.Reply(good))
	db2 := openDB(t)
	d2 := decomposer.New(model(t, "openai:gpt-4o-mini", srv2.URL, db2), db2, decomposer.Options{Repairs: 1})
	_, err = d2.Run(context.Background(), decomposer.Input{Task: "Set an alarm for 3PM"})
	if err == nil || !strings.Contains(err.Error(), "no valid substates after 2 answers") || !strings.Contains(err.Error(), "parent 9") || srv2.Count() != 2 {
		t.Fatalf("err %v, %d requests", err, srv2.Count())
	}
	if _, err := d2.Run(context.Background(), decomposer.Input{Task: "Set an alarm for 3PM"}); err != nil || srv2.Count() != 3 {
		t.Fatalf("second try: %v, %d requests (want one new)", err, srv2.Count())
	}
	// A long answer quoted back is cut between characters, never inside one.
	long := "x" + strings.Repeat("é", 3100) // byte 3000 falls inside an é
	srv4 := llmtest.NewOpenAI(t, llmtest.Reply(long), llmtest.Reply(good))
	d4 := decomposer.New(model(t, "openai:gpt-4o-mini", srv4.URL, nil), nil, decomposer.Options{Repairs: 1})
	if _, err := d4.Run(context.Background(), decomposer.Input{Task: "t"}); err != nil || srv4.Count() != 2 {
		t.Fatalf("%v %d", err, srv4.Count())
	}
	if r := srv4.Requests()[1].Text; !strings.Contains(r, "éé…") || strings.ContainsRune(r, utf8.RuneError) {
		t.Errorf("repair prompt quotes the long answer as %q", r[max(0, strings.Index(r, "…")-8):])
	}
	// A first substate that is not a page is sent back too.
	unitFirst := `[{"id":0,"kind":"page","content":"x","parent":null}]`
	srv3 := llmtest.NewOpenAI(t, llmtest.Reply(`[{"id":0,"kind":"unit","content":"x","parent":null}]`), llmtest.Reply(unitFirst))
	d3 := decomposer.New(model(t, "openai:gpt-4o-mini", srv3.URL, nil), nil, decomposer.Options{Repairs: 1})
	if _, err := d3.Run(context.Background(), decomposer.Input{Task: "t"}); err != nil || srv3.Count() != 2 {
		t.Fatalf("%v %d", err, srv3.Count())
	}
}

func TestDecomposeTransportFailures(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-x")
	srv := llmtest.NewOpenAI(t, llmtest.Status(429, "Retry-After: 1"), llmtest.Status(500), llmtest.Hang(), llmtest.Reply(good))
	d := decomposer.New(model(t, "openai:gpt-4o-mini", srv.URL, nil), nil, decomposer.Options{})
	start := time.Now()
	s, err := d.Run(context.Background(), decomposer.Input{Task: "Set an alarm for 3PM"})
	if err != nil || len(s.Substates.Nodes) != 4 {
		t.Fatal(err)
	}
	if srv.Count() != 4 {
		t.Errorf("%d requests, want 4 (429, 500, hang, ok)", srv.Count())
	}
	if time.Since(start) < time.Second {
		t.Error("Retry-After not honoured")
	}
}

func TestDecomposeNoModel(t *testing.T) {
	d := decomposer.New(nil, nil, decomposer.Options{})
	_, err := d.Run(context.Background(), decomposer.Input{Task: "t"})
	if err == nil || !strings.Contains(err.Error(), "--model") {
		t.Fatal(err)
	}
}

func TestMerge(t *testing.T) {
	s := &substate.List{Nodes: []substate.Node{
		{ID: 0, Kind: substate.Page, Content: "The Clock app is open"},
		{ID: 1, Kind: substate.Page, Content: "The alarm list page is visible", Parent: substate.IntPtr(0), Optional: true},
		{ID: 2, Kind: substate.Page, Content: "Alarm list shown", Parent: substate.IntPtr(0)},
		{ID: 3, Kind: substate.Unit, Content: "Alarm 7:30 AM is on", Parent: substate.IntPtr(2)},
		{ID: 4, Kind: substate.Unit, Content: "Alarm 7:30 AM is off", Parent: substate.IntPtr(1)},
		{ID: 5, Kind: substate.Unit, Content: "The alarm 7:30 AM is on.", Parent: substate.IntPtr(1)},
	}}
	notes := decomposer.Merge(s, 0.8)
	if len(notes) != 2 || len(s.Nodes) != 4 {
		t.Fatalf("notes %v nodes %+v", notes, s.Nodes)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	want := []string{"0 page -1 false", "1 page 0 false", "2 unit 1 false", "3 unit 1 false"}
	for i, n := range s.Nodes {
		if got := fmt.Sprintf("%d %s %d %v", n.ID, n.Kind, n.ParentID(), n.Optional); got != want[i] {
			t.Errorf("node %d: %s, want %s", i, got, want[i])
		}
	}
	if !strings.Contains(s.Nodes[3].Content, "off") {
		t.Error("on/off states merged")
	}
	if decomposer.Similarity("Alarm for 7:30 AM", "alarm for 8:30 AM") >= 0.8 {
		t.Error("different times look alike")
	}
}

var taskRe = regexp.MustCompile(`Now decompose this task.\nTask: (".*")`)

// answerFor builds a valid decomposition that names the task, so outputs can be checked.
func answerFor(r llmtest.Request) llmtest.Answer {
	m := taskRe.FindStringSubmatch(r.Text)
	if m == nil {
		return llmtest.Status(400)
	}
	task, _ := strconv.Unquote(m[1])
	b, _ := json.Marshal(map[string]any{"substates": []any{
		map[string]any{"id": 0, "kind": "page", "content": "The target app is open", "parent": nil},
		map[string]any{"id": 1, "kind": "unit", "content": "Done: " + task, "parent": 0},
	}})
	return llmtest.Delayed(20*time.Millisecond, llmtest.Reply(string(b)))
}

func TestBatchResumesAfterInterruption(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-x")
	tasks, err := suite.Load(testenv.SharedData(t, "androidlab/config/clock.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var n atomic.Int32
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		if n.Add(1) == 10 {
			cancel() // killed midway
		}
		return answerFor(r)
	}))
	db := openDB(t)
	out := t.TempDir()
	// The counts below take every request for a task past its first as the task asked again,
	// so no attempt may time out and be retried: model's 300 ms per attempt is too little
	// for a loaded machine under -race (one run saw 45 requests for 27 tasks, 2 tasks failed
	// after 5 attempts).
	patient := func(c *llm.Config) { c.Timeout = time.Minute }
	d := decomposer.New(model(t, "openai:gpt-4o-mini", srv.URL, db, patient), db, decomposer.Options{})
	opts := decomposer.BatchOptions{OutDir: out, Concurrency: 4, Suite: "clock.yaml"}
	sum, err := d.Batch(ctx, tasks, opts)
	if err == nil {
		t.Fatal("interrupted batch reported success")
	}
	first := sum.Done
	if first == 0 || first >= len(tasks) {
		t.Fatalf("first run finished %d of %d", first, len(tasks))
	}
	doneFirst := map[string]bool{}
	for _, r := range sum.Results {
		if r.Status == store.ItemDone {
			doneFirst[r.Task] = true
		}
	}
	firstRequests := srv.Count()
	sum, err = d.Batch(context.Background(), tasks, opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Done != len(tasks) || sum.Failed != 0 || sum.Resumed != first {
		t.Fatalf("summary done %d failed %d resumed %d (first run %d)", sum.Done, sum.Failed, sum.Resumed, first)
	}
	// Every task reached the provider exactly once over both runs (finished ones were not
	// redone; ones interrupted after their answer came back are served by the call cache).
	if got := srv.Count(); got > len(tasks)+4 || got < len(tasks) {
		t.Errorf("%d requests for %d tasks", got, len(tasks))
	}
	// With every task requested, the bound above leaves room for at most Concurrency
	// repeats: tasks whose request was cut off in flight by the interruption.
	seen := map[string]bool{}
	for _, r := range srv.Requests() {
		m := taskRe.FindStringSubmatch(r.Text)
		if m == nil {
			t.Fatalf("request without a task: %q", r.Text)
		}
		seen[m[1]] = true
	}
	if len(seen) != len(tasks) {
		t.Errorf("%d distinct tasks requested, want %d", len(seen), len(tasks))
	}
	for _, task := range tasks {
		data, err := os.ReadFile(filepath.Join(out, task.ID+".json"))
		if err != nil {
			t.Fatal(err)
		}
		s, err := substate.Parse(data)
		if err != nil || !strings.Contains(s.Nodes[1].Content, task.Text) {
			t.Fatalf("%s: %v %+v", task.ID, err, s)
		}
	}
	var fileSum decomposer.Summary
	data, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	if err := json.Unmarshal(data, &fileSum); err != nil || fileSum.Done != len(tasks) || len(fileSum.Results) != len(tasks) {
		t.Fatalf("summary.json: %v %+v", err, fileSum)
	}
	// The ledger has the run's calls under its id.
	u, err := db.SumCalls(context.Background(), llm.Filter{RunID: sum.RunID})
	if err != nil || u.Calls < len(tasks) || u.InputTokens == 0 {
		t.Errorf("ledger for run %s: %+v %v", sum.RunID, u, err)
	}
	// A third run does nothing at all.
	before := srv.Count()
	if sum, err := d.Batch(context.Background(), tasks, opts); err != nil || sum.Resumed != len(tasks) || srv.Count() != before {
		t.Fatalf("third run: %v resumed %d, %d new requests", err, sum.Resumed, srv.Count()-before)
	}
	// No task the first run finished reached the provider again. (A request of the first
	// run cut off by the interrupt may be counted after firstRequests, but its task was not
	// finished.)
	for _, r := range srv.Requests()[firstRequests:] {
		if task, _ := strconv.Unquote(taskRe.FindStringSubmatch(r.Text)[1]); doneFirst[task] {
			t.Errorf("task %q, finished by the first run, was asked again", task)
		}
	}
}

func TestOptionalChildren(t *testing.T) {
	s := &substate.List{Nodes: []substate.Node{
		{ID: 0, Kind: substate.Page, Content: "app"},
		{ID: 1, Kind: substate.Page, Content: "search", Parent: substate.IntPtr(0), Optional: true},
		{ID: 2, Kind: substate.Page, Content: "results", Parent: substate.IntPtr(1)},
		{ID: 3, Kind: substate.Unit, Content: "item", Parent: substate.IntPtr(2)},
		{ID: 4, Kind: substate.Unit, Content: "other", Parent: substate.IntPtr(0)},
	}}
	notes := decomposer.OptionalChildren(s)
	if len(notes) != 2 || !s.Nodes[2].Optional || !s.Nodes[3].Optional || s.Nodes[4].Optional || s.Nodes[0].Optional {
		t.Fatalf("notes %v nodes %+v", notes, s.Nodes)
	}
}

// A decomposition made by a reasoning model at one reasoning effort is not the one at
// another: decompose with --reasoning-effort high after low asks the model (it answered
// "from the database, no model call"). A model that takes no effort keeps its decompositions.
func TestDecompositionsAreKeyedByReasoningSettings(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-x")
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(llmtest.Request) llmtest.Answer { return llmtest.Reply(good) }))
	db := openDB(t)
	for i, tc := range []struct {
		model, effort string
		cached        bool
	}{{"o4-mini", "low", false}, {"o4-mini", "low", true}, {"o4-mini", "high", false}, {"gpt-4o-mini", "", false}, {"gpt-4o-mini", "", true}} {
		// No call cache (its keys have their own test): only the stored decompositions answer.
		cfg := llm.Config{Spec: "openai:" + tc.model, BaseURL: srv.URL, ReasoningEffort: tc.effort, ReasoningBudget: llm.DefaultReasoningBudget}
		m, err := llm.Open(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		res, err := decomposer.New(m, db, decomposer.Options{}).Run(context.Background(), decomposer.Input{Task: "Set an alarm for 3PM"})
		if err != nil || res.Cached != tc.cached {
			t.Errorf("run %d (%s, effort %q): cached %v, want %v (%v)", i, tc.model, tc.effort, res != nil && res.Cached, tc.cached, err)
		}
	}
}
