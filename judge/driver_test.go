package judge

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/trace"
)

// The model judge registers itself; other kinds register from their packages (here the
// tests' stub). Kinds lists the default first, and an unknown kind is refused naming them.
func TestKindsAreRegistered(t *testing.T) {
	if got, want := Kinds(), []string{trace.JudgeLLM, stubKind}; !reflect.DeepEqual(got, want) {
		t.Fatalf("kinds %q, want %q", got, want)
	}
	tr := judgetest.WriteTrace(t, "x", judgetest.ClockScreens()[0])
	_, err := Run(context.Background(), Config{Kind: "oracle"}, tr, judgetest.ClockSubs())
	if err == nil || !strings.Contains(err.Error(), `judge kind "oracle": want llm or stub`) {
		t.Fatalf("unknown kind: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a kind registered twice was accepted")
		}
	}()
	Register(stubKind, stubDriver{})
}

// Without a substates file or a model to decompose the task, the substates come from the
// kind's own rules; a kind with none says so rather than judging against nothing.
func TestSubstatesWithoutAModelComeFromTheKind(t *testing.T) {
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	r := JudgeTrace(context.Background(), Options{Judge: Config{Kind: stubKind}, Out: t.TempDir()}, Target{Label: "stub", Trace: tr}, true)
	if r.Err != nil || len(r.Judgment.Substates) != len(judgetest.ClockSubs().Nodes) || !r.Judgment.Complete {
		t.Fatalf("stub kind with derived substates: %v %+v", r.Err, r.Judgment)
	}
	m := &judgetest.Model{Handler: func(int, llm.Request) (string, error) { return "", nil }}
	r = JudgeTrace(context.Background(), Options{Judge: Config{Kind: trace.JudgeLLM, Model: m}, Out: t.TempDir()}, Target{Label: "llm", Trace: tr}, true)
	if r.Err == nil || !strings.Contains(r.Err.Error(), "derives none from the task text") || len(m.Requests()) != 0 {
		t.Fatalf("model judge with no decomposer: %v, %d requests", r.Err, len(m.Requests()))
	}
}
