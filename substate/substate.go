package substate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
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

// Limits on a decomposition, whether a model or a file gave it: real tasks decompose
// into 3 to 20 substates of a sentence each, and every substate is printed, sent to the
// model with every frame and stored.
const (
	// MaxNodes bounds the number of substates.
	MaxNodes = 200
	// MaxContentBytes bounds one substate's text.
	MaxContentBytes = 2 << 10
	// MaxInputBytes bounds the text Parse reads (a file or a model's answer).
	MaxInputBytes = 1 << 20
)

// Validate checks the structural rules of the method and reports all violations at once,
// so a model asked to repair its output sees every problem in one round.
func (s *List) Validate() error {
	if len(s.Nodes) > MaxNodes {
		// Alone: one problem per node would print thousands.
		return &ValidationError{Problems: []string{fmt.Sprintf("%d substates, over the limit of %d", len(s.Nodes), MaxNodes)}}
	}
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
		} else if len(n.Content) > MaxContentBytes {
			p = append(p, fmt.Sprintf("%s: content of %d bytes, over the limit of %d bytes", where, len(n.Content), MaxContentBytes))
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

func inputTooLarge(n int) error {
	return fmt.Errorf("the substates text is %s, over the limit of %s", safefile.Size(int64(n)), safefile.Size(MaxInputBytes))
}

// ReadFile reads and parses a substates file (see Parse): a regular file of at most
// MaxInputBytes. Errors name the file.
func ReadFile(path string) (*List, error) { return ReadFileIn("", path) }

// ReadFileIn is ReadFile for a file of the folder dir (a trace's substates.json), which may
// not resolve outside dir through a symbolic link.
func ReadFileIn(dir, path string) (*List, error) {
	data, err := safefile.ReadFileIn(dir, path, MaxInputBytes)
	var se *safefile.SizeError
	switch {
	case errors.As(err, &se):
		return nil, fmt.Errorf("%s: %w", path, inputTooLarge(int(se.Size)))
	case err != nil:
		return nil, err
	}
	s, err := Parse(data)
	if err != nil {
		return s, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
