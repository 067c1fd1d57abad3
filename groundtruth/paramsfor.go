package groundtruth

import (
	"errors"
	"maps"

	"github.com/autoeval/autoeval/trace"
)

// ErrNoGoal is ParamsFor's error when parameters are to be read off a goal and there is no
// goal text to read.
var ErrNoGoal = errors.New("no goal text to read the parameters from")

// ParamsFor resolves the parameters of a check, best source first: given (a parameters
// file), else the trace's own, else read off goal (default: the trace's task) with template
// when one is given. Parameters read off the trace's own goal are kept in tr.Params, so later
// checks need no template. An information-retrieval task scores the agent's reply: when the
// parameters carry no answer, the trace's is taken (an agent known to have given none
// answers ""; AndroidWorld scores that 0).
func ParamsFor(given Params, tr *trace.Trace, template, goal string) (Params, error) {
	params := Params{}
	if tr != nil && tr.Params != nil {
		params = Params(tr.Params) // shared: an answer taken below is kept in the trace too
	}
	switch {
	case given != nil:
		params = given
	case len(params) == 0 && template != "":
		if goal == "" && tr != nil {
			goal = tr.Task
		}
		if goal == "" {
			return nil, ErrNoGoal
		}
		p, err := ParamsFromGoal(template, goal)
		if err != nil {
			return nil, err
		}
		params = p
		if tr != nil && len(tr.Params) == 0 && goal == tr.Task {
			tr.Params = maps.Clone(map[string]any(p))
		}
	}
	if _, ok := params["answer"]; !ok && tr != nil {
		if a, known := tr.AgentAnswer(); known {
			params["answer"] = a
		}
	}
	return params, nil
}
