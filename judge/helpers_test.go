package judge

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// clockOracle answers like a careful model would on the clock screens: it looks at the
// fenced description only.
func clockOracle(req llm.Request) string {
	if judgetest.IsReview(req.System) {
		return judgetest.ReviewSuccess()
	}
	return judgetest.Answer(judgetest.AskedIDs(req.Prompt), clockTruth(judgetest.Fenced(req.Prompt)), "")
}

// clockTruth says which of the clock substates a screen description shows.
func clockTruth(d string) map[int]bool {
	clock := strings.Contains(d, "deskclock")
	alarm := clock && strings.Contains(d, `"Alarm"`)
	return map[int]bool{0: clock, 1: alarm, 2: alarm && strings.Contains(d, `"7:30 AM"`), 3: alarm && strings.Contains(d, "checked/on")}
}

// stubKind is a model-free kind of judge registered for this package's tests, so the loop,
// batches and resume are tested without a model and without the heuristic's rules (package
// heuristic imports judge and tests those): it answers like clockOracle, from the frame's
// description, and derives the clock substates from any task.
const stubKind = "stub"

func init() { Register(stubKind, stubDriver{}) }

type stubDriver struct{}

func (stubDriver) Check(c *Config) error {
	if c.Capture == CaptureVision || c.Capture == CaptureBoth {
		return fmt.Errorf("the stub judge reads no screenshots through a model; --capture %s", c.Capture)
	}
	c.CaptureModel = nil
	return nil
}

func (stubDriver) Record(ji *trace.JudgeInfo, _ *Config, _ bool) {
	ji.PromptVersions = map[string]string{"stub": "stub/v1"}
}

func (stubDriver) Reasoner(*Config, string) Reasoner { return stubReasoner{} }

func (stubDriver) Reviewer(*Config, string) Reviewer { return stubReviewer{} }

func (stubDriver) UsesModel() bool { return false }

// stubReviewer decides by the shared rules alone: every required substate reached with
// nothing after is a success, the rest as Unreached says.
type stubReviewer struct{}

func (stubReviewer) Review(_ context.Context, in ReviewInput) (trace.Outcome, trace.Usage, error) {
	if in.AllReached {
		return nothingFollowed(in), trace.Usage{}, nil
	}
	return Unreached(in, ""), trace.Usage{}, nil
}

func (stubDriver) DeriveSubstates(task, _ string) *substate.List {
	s := judgetest.ClockSubs()
	s.Task = task
	return s
}

type stubReasoner struct{}

func (stubReasoner) Reason(_ context.Context, in ReasonInput) (*ReasonOutput, trace.Usage, error) {
	truth := clockTruth(in.Description)
	out := &ReasonOutput{Thought: "stub"}
	for _, n := range in.Query.Asked() {
		v := trace.VerdictUncertain
		if truth[n.ID] {
			v = trace.VerdictTrue
		}
		out.Substates = append(out.Substates, ReasonVerdict{ID: n.ID, Verdict: v, Analysis: "stub analysis"})
	}
	return out, trace.Usage{}, nil
}

// scripted is a model whose answers come from a test script and whose requests are recorded.
type scripted interface {
	llm.Model
	Requests() []llm.Request
}

// maker builds a scripted model from a handler.
type maker func(h func(n int, req llm.Request) (string, error)) scripted

// bothModels runs a test body against the in-process fake and against the real llm client
// talking to the fake OpenAI server over a socket (cache off: every answer is a real request).
func bothModels(t *testing.T, body func(t *testing.T, mk maker)) {
	t.Run("inproc", func(t *testing.T) {
		body(t, func(h func(int, llm.Request) (string, error)) scripted { return &judgetest.Model{Handler: h} })
	})
	t.Run("openai-http", func(t *testing.T) {
		body(t, func(h func(int, llm.Request) (string, error)) scripted { return newHTTPModel(t, h, true) })
	})
}

// httpModel is llm.Open against an llmtest server; requests() reads what the server saw.
type httpModel struct {
	llm.Model
	srv *llmtest.Server
}

func newHTTPModel(t testing.TB, h func(int, llm.Request) (string, error), noCache bool) *httpModel {
	t.Helper()
	var mu sync.Mutex
	n := 0
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		mu.Lock()
		i := n
		n++
		mu.Unlock()
		text, err := h(i, fromWire(r))
		if err != nil {
			return llmtest.Status(500)
		}
		return llmtest.Reply(text)
	}))
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "llm.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:test-model", BaseURL: srv.URL, Cache: db, Ledger: db, NoCache: noCache, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return &httpModel{Model: m, srv: srv}
}

func fromWire(r llmtest.Request) llm.Request {
	req := llm.Request{System: r.System, Prompt: r.Text, Purpose: "reason"}
	for _, im := range r.Images {
		req.Images = append(req.Images, llm.Image{MIME: im.MIME, Data: im.Data})
		req.Purpose = "capture"
	}
	return req
}

func (m *httpModel) Requests() []llm.Request {
	var out []llm.Request
	for _, r := range m.srv.Requests() {
		out = append(out, fromWire(r))
	}
	return out
}
