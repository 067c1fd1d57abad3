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
// checks need no template: they are autoeval's, read off the task it was given.
//
// An information-retrieval task scores the agent's reply, which is not a parameter: it
// stays where the trace keeps it (trace.Answer, from the answer file, or the answer action)
// and is added to the returned copy only. The agent's answer, when the trace knows it (an
// agent known to have given none answers ""; AndroidWorld scores that 0), is taken over an
// "answer" among the trace's params, which only an earlier autoeval wrote there; a given
// file's "answer" is the user's and is kept. Neither given nor tr.Params is changed.
func ParamsFor(given Params, tr *trace.Trace, template, goal string) (Params, error) {
	var params Params
	fromTrace := false
	switch {
	case given != nil:
		params = maps.Clone(given)
	case tr != nil && len(tr.Params) > 0:
		params, fromTrace = Params(maps.Clone(tr.Params)), true
	case template != "":
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
		if tr != nil && goal == tr.Task {
			tr.Params = maps.Clone(map[string]any(p))
		}
	default:
		params = Params{}
	}
	if tr == nil {
		return params, nil
	}
	if _, ok := params["answer"]; !ok || fromTrace {
		if a, known := tr.AgentAnswer(); known {
			params["answer"] = a
		}
	}
	return params, nil
}
