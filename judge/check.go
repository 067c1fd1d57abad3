package judge

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// ReasonOutput is the reasoner's answer for one frame.
type ReasonOutput struct {
	Thought   string          `json:"thought"`
	Substates []ReasonVerdict `json:"substates"`
	// CriticalInfo is what to remember; models write it as a string or a list of strings.
	CriticalInfo flexStrings `json:"critical_info"`
}

// ReasonVerdict is the reasoner's verdict on one substate: "true" or "uncertain", and why.
type ReasonVerdict struct {
	ID       int    `json:"id"`
	Analysis string `json:"analysis"`
	Verdict  string `json:"verdict"`
}

// flexStrings decodes a JSON string, a list of strings, or null.
type flexStrings []string

func (f *flexStrings) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		if strings.TrimSpace(s) != "" {
			*f = flexStrings{s}
		} else {
			*f = nil
		}
		return nil
	}
	var l []string
	if err := json.Unmarshal(b, &l); err != nil {
		return fmt.Errorf("critical_info must be a string or a list of strings")
	}
	*f = nil
	for _, s := range l {
		if strings.TrimSpace(s) != "" {
			*f = append(*f, s)
		}
	}
	return nil
}

func (f flexStrings) String() string { return strings.Join(f, "; ") }

// Query is what one frame asks: the open substates and, as context, the already
// satisfied parents of open UnitNodes (they must be seen again on the same frame).
type Query struct {
	Open    []substate.Node
	Context []substate.Node
}

// Asked lists every substate that must get a verdict, in id order.
func (q Query) Asked() []substate.Node {
	all := append(append([]substate.Node{}, q.Open...), q.Context...)
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}

// buildQuery computes the query from the substates and the set already satisfied.
func buildQuery(subs *substate.List, satisfied map[int]bool) Query {
	var q Query
	ctx := map[int]bool{}
	for _, n := range subs.Nodes {
		if satisfied[n.ID] {
			continue
		}
		q.Open = append(q.Open, n)
		if n.Kind == substate.Unit && n.Parent != nil && satisfied[*n.Parent] {
			ctx[*n.Parent] = true
		}
	}
	for _, n := range subs.Nodes {
		if ctx[n.ID] {
			q.Context = append(q.Context, n)
		}
	}
	return q
}

// check applies the Checker's rules to one answer and returns the verdicts in id order,
// or every violation found (all at once, so a retry can fix them in one round).
func check(subs *substate.List, q Query, out *ReasonOutput) ([]trace.Verdict, []string) {
	var problems []string
	asked := map[int]bool{}
	for _, n := range q.Asked() {
		asked[n.ID] = true
	}
	got := map[int]trace.Verdict{}
	for _, v := range out.Substates {
		verdict := strings.ToLower(strings.TrimSpace(v.Verdict))
		switch {
		case !asked[v.ID]:
			problems = append(problems, fmt.Sprintf("substate %d was not asked about", v.ID))
			continue
		case verdict != trace.VerdictTrue && verdict != trace.VerdictUncertain:
			problems = append(problems, fmt.Sprintf("substate %d: verdict %q is neither \"true\" nor \"uncertain\"", v.ID, v.Verdict))
		}
		if _, dup := got[v.ID]; dup {
			problems = append(problems, fmt.Sprintf("substate %d has more than one verdict", v.ID))
			continue
		}
		got[v.ID] = trace.Verdict{ID: v.ID, Verdict: verdict, Analysis: v.Analysis}
	}
	for _, n := range q.Asked() {
		if _, ok := got[n.ID]; !ok {
			problems = append(problems, fmt.Sprintf("substate %d has no verdict", n.ID))
		}
	}
	// The parent rule: a unit is only seen when the page it lives on is seen with it.
	for _, n := range q.Open {
		if n.Kind != substate.Unit || n.Parent == nil || got[n.ID].Verdict != trace.VerdictTrue {
			continue
		}
		if got[*n.Parent].Verdict != trace.VerdictTrue {
			problems = append(problems, fmt.Sprintf("substate %d (a UnitNode) is \"true\" but its parent PageNode %d is not judged visible on this screen; either the parent is \"true\" too or the unit is \"uncertain\"", n.ID, *n.Parent))
		}
	}
	if len(problems) > 0 {
		return nil, problems
	}
	vs := make([]trace.Verdict, 0, len(got))
	for _, n := range q.Asked() {
		vs = append(vs, got[n.ID])
	}
	return vs, nil
}
