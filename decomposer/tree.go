package decomposer

import (
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/substate"
)

// Tree renders substates as an indented tree for the terminal: pages with the pages
// reached from them and the units on them.
func Tree(s *substate.List) string {
	var b strings.Builder
	if s.Task != "" {
		fmt.Fprintf(&b, "Task: %s\n", s.Task)
	}
	children := map[int][]substate.Node{}
	var roots []substate.Node
	for _, n := range s.Nodes {
		if n.Parent == nil {
			roots = append(roots, n)
		} else {
			children[*n.Parent] = append(children[*n.Parent], n)
		}
	}
	var walk func(n substate.Node, prefix string, last, root bool)
	walk = func(n substate.Node, prefix string, last, root bool) {
		branch, next := "├─ ", "│  "
		if last {
			branch, next = "└─ ", "   "
		}
		if root {
			branch, next = "", ""
		}
		kind := "page"
		if n.Kind == substate.Unit {
			kind = "unit"
		}
		opt := ""
		if n.Optional {
			opt = " (optional)"
		}
		fmt.Fprintf(&b, "%s%s%d [%s] %s%s\n", prefix, branch, n.ID, kind, n.Content, opt)
		kids := children[n.ID]
		for i, c := range kids {
			walk(c, prefix+next, i == len(kids)-1, false)
		}
	}
	for _, r := range roots {
		walk(r, "", true, true)
	}
	return b.String()
}
