package substate

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Kind says whether a substate is a whole page or one element on a page.
type Kind string

const (
	// Page is a PageNode: a page (screen) is visible.
	Page Kind = "page"
	// Unit is a UnitNode: an element on a page is in a given state.
	Unit Kind = "unit"
)

// Node is one substate. Parent is the id of the PageNode it hangs from, nil for none.
type Node struct {
	ID      int    `json:"id" jsonschema:"description=Unique id; ids strictly increase in list order"`
	Kind    Kind   `json:"kind" jsonschema:"enum=page,enum=unit,description=page: a page is visible; unit: an element on a page is in a state"`
	Content string `json:"content" jsonschema:"minLength=1,description=One observable property stated in plain words"`
	Parent  *int   `json:"parent" jsonschema:"description=Id of an earlier PageNode; null only for a PageNode that starts the run"`
	// Optional marks a path-dependent substate: a run may succeed without it.
	Optional bool `json:"optional,omitempty" jsonschema:"description=true when a successful run may legitimately skip this state"`
}

// List is the ordered decomposition of one task into substates.
type List struct {
	Task  string `json:"task,omitempty"`
	Nodes []Node `json:"substates" jsonschema:"minItems=1"`
}

// IntPtr is a small helper for building parents in code and tests.
func IntPtr(i int) *int { return &i }

// ParentID returns the parent id, or -1 when the node has none.
func (n Node) ParentID() int {
	if n.Parent == nil {
		return -1
	}
	return *n.Parent
}

// String renders the node in the line syntax language models produce.
func (n Node) String() string {
	parent := "None"
	if n.Parent != nil {
		parent = fmt.Sprint(*n.Parent)
	}
	name := "PageNode"
	if n.Kind == Unit {
		name = "UnitNode"
	}
	opt := ""
	if n.Optional {
		opt = ", optional=True"
	}
	return fmt.Sprintf("%d. %s(content=%q, parent_id=%s%s)", n.ID, name, n.Content, parent, opt)
}

// Required counts the nodes not marked optional.
func (s *List) Required() int {
	c := 0
	for _, n := range s.Nodes {
		if !n.Optional {
			c++
		}
	}
	return c
}

// ValidationError lists every problem found, each naming the node it concerns.
type ValidationError struct{ Problems []string }

func (e *ValidationError) Error() string {
	return "invalid substates: " + strings.Join(e.Problems, "; ")
}

// Validate checks the structural rules of the method and reports all violations at once,
// so a model asked to repair its output sees every problem in one round.
func (s *List) Validate() error {
	var p []string
	if len(s.Nodes) == 0 {
		p = append(p, "no substates")
	}
	pos := map[int]int{}
	for i, n := range s.Nodes {
		where := fmt.Sprintf("substate %d (position %d)", n.ID, i)
		if _, dup := pos[n.ID]; dup {
			p = append(p, where+": duplicate id")
		} else {
			pos[n.ID] = i
		}
		if i > 0 && n.ID <= s.Nodes[i-1].ID {
			p = append(p, fmt.Sprintf("%s: id must be greater than the previous id %d", where, s.Nodes[i-1].ID))
		}
		if strings.TrimSpace(n.Content) == "" {
			p = append(p, where+": empty content")
		}
		switch n.Kind {
		case Page, Unit:
		default:
			p = append(p, fmt.Sprintf("%s: kind %q is neither %q nor %q", where, n.Kind, Page, Unit))
		}
	}
	for i, n := range s.Nodes {
		where := fmt.Sprintf("substate %d", n.ID)
		if n.Parent == nil {
			if n.Kind == Unit {
				p = append(p, where+": a UnitNode needs a parent PageNode")
			}
			continue
		}
		par := *n.Parent
		if par == n.ID {
			p = append(p, where+": is its own parent")
			continue
		}
		j, ok := pos[par]
		if !ok {
			p = append(p, fmt.Sprintf("%s: parent %d does not exist", where, par))
			continue
		}
		if j >= i {
			// Parents must precede children; with that rule no cycle can form.
			p = append(p, fmt.Sprintf("%s: parent %d must come before it", where, par))
			continue
		}
		if s.Nodes[j].Kind != Page {
			p = append(p, fmt.Sprintf("%s: parent %d is a UnitNode, not a PageNode", where, par))
		}
	}
	if len(p) > 0 {
		return &ValidationError{Problems: p}
	}
	return nil
}

// ParseJSON accepts either {"substates":[...]} or a bare array of nodes, and validates.
func ParseJSON(data []byte) (*List, error) {
	var s List
	trimmed := strings.TrimSpace(string(data))
	if strings.HasPrefix(trimmed, "[") {
		if err := json.Unmarshal([]byte(trimmed), &s.Nodes); err != nil {
			return nil, fmt.Errorf("substates JSON: %w", err)
		}
	} else if err := json.Unmarshal([]byte(trimmed), &s); err != nil {
		return nil, fmt.Errorf("substates JSON: %w", err)
	}
	for i := range s.Nodes {
		s.Nodes[i].Kind = Kind(strings.ToLower(string(s.Nodes[i].Kind)))
	}
	if err := s.Validate(); err != nil {
		return &s, err
	}
	return &s, nil
}
