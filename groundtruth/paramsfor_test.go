package groundtruth

import (
	"reflect"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// The agent's answer is scored, never written among the parameters: ParamsFor adds it to
// the copy it returns and leaves the trace's params and a given file's as they were, so
// trace.json keeps what autoeval was given apart from what the agent produced.
func TestParamsForKeepsTheAnswerOutOfTheInputs(t *testing.T) {
	t.Parallel()
	answered := func(params map[string]any) *trace.Trace {
		return &trace.Trace{Task: "Is the note titled 'Ship release' a todo?", Params: params, Answer: "True",
			Metadata: map[string]any{"answer_file": "answer.txt"}}
	}
	for _, c := range []struct {
		name      string
		given     Params
		tr        *trace.Trace
		want      Params
		wantTrace map[string]any
	}{
		{"the trace's params", nil, answered(map[string]any{"title": "Ship release"}),
			Params{"title": "Ship release", "answer": "True"}, map[string]any{"title": "Ship release"}},
		// Written there by autoeval before this change: the agent's answer of the trace is
		// the one scored.
		{"an answer among the trace's params", nil, answered(map[string]any{"title": "Ship release", "answer": "False"}),
			Params{"title": "Ship release", "answer": "True"}, map[string]any{"title": "Ship release", "answer": "False"}},
		{"a given file", Params{"title": "Ship release"}, answered(nil),
			Params{"title": "Ship release", "answer": "True"}, nil},
		{"a given file's own answer", Params{"title": "Ship release", "answer": "False"}, answered(nil),
			Params{"title": "Ship release", "answer": "False"}, nil},
		{"no answer known", nil, &trace.Trace{Params: map[string]any{"title": "Ship release", "answer": "False"}},
			Params{"title": "Ship release", "answer": "False"}, map[string]any{"title": "Ship release", "answer": "False"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var givenBefore Params
			if c.given != nil {
				givenBefore = Params{}
				for k, v := range c.given {
					givenBefore[k] = v
				}
			}
			got, err := ParamsFor(c.given, c.tr, "", "")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("params %v, want %v", got, c.want)
			}
			if !reflect.DeepEqual(c.tr.Params, c.wantTrace) {
				t.Errorf("the trace's params became %v, want %v", c.tr.Params, c.wantTrace)
			}
			if c.given != nil && !reflect.DeepEqual(c.given, givenBefore) {
				t.Errorf("the given params became %v, want %v", c.given, givenBefore)
			}
		})
	}
	// Read off the trace's own goal: kept in the trace (autoeval's reading of its task),
	// without the answer.
	tr := answered(nil)
	tr.Task = "Is the note titled Ship release a todo?"
	got, err := ParamsFor(nil, tr, "Is the note titled {title} a todo?", "")
	if err != nil {
		t.Fatal(err)
	}
	if want := (Params{"title": "Ship release", "answer": "True"}); !reflect.DeepEqual(got, want) {
		t.Errorf("params off the goal %v, want %v", got, want)
	}
	if want := map[string]any{"title": "Ship release"}; !reflect.DeepEqual(tr.Params, want) {
		t.Errorf("params kept in the trace %v, want %v", tr.Params, want)
	}
}
