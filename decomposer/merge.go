package decomposer

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/substate"
)

// stopwords carry no meaning for duplicate detection: "The alarm list is visible" and
// "Alarm list visible" say the same thing.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "is": true, "are": true, "be": true, "been": true, "of": true,
	"in": true, "to": true, "and": true, "app": true, "app's": true, "page": true, "screen": true, "visible": true,
	"shown": true, "displayed": true, "appears": true, "open": true, "opened": true, "now": true, "with": true, "that": true,
}

func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ':' && r != '\''
	}) {
		w = strings.Trim(w, "'")
		if w != "" && !stopwords[w] {
			out[w] = true
		}
	}
	return out
}

// Similarity is the Jaccard overlap of the meaningful words of two contents.
func Similarity(a, b string) float64 {
	wa, wb := words(a), words(b)
	if len(wa) == 0 && len(wb) == 0 {
		return 1
	}
	inter := 0
	for w := range wa {
		if wb[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(wa)+len(wb)-inter)
}

// Merge removes near-duplicate substates in place: a node of the same kind and the same
// (resolved) parent whose wording overlaps an earlier one by at least threshold is
// dropped, its children re-hung on the kept node, and ids renumbered 0..n-1 in order.
// The kept node is optional only if both were. It returns one note per merge.
func Merge(s *substate.List, threshold float64) []string {
	alias := map[int]int{} // dropped id -> kept id
	resolve := func(id int) int {
		for {
			k, ok := alias[id]
			if !ok {
				return id
			}
			id = k
		}
	}
	parentOf := func(n substate.Node) int {
		if n.Parent == nil {
			return -1
		}
		return resolve(*n.Parent)
	}
	var notes []string
	var kept []substate.Node
	for _, n := range s.Nodes {
		dup := -1
		if threshold <= 1 {
			for i, k := range kept {
				if k.Kind == n.Kind && parentOf(k) == parentOf(n) && Similarity(k.Content, n.Content) >= threshold {
					dup = i
					break
				}
			}
		}
		if dup < 0 {
			kept = append(kept, n)
			continue
		}
		alias[n.ID] = kept[dup].ID
		kept[dup].Optional = kept[dup].Optional && n.Optional
		notes = append(notes, fmt.Sprintf("merged substate %d %q into %d %q", n.ID, n.Content, kept[dup].ID, kept[dup].Content))
	}
	renum := map[int]int{}
	for i, n := range kept {
		renum[n.ID] = i
	}
	for i := range kept {
		if kept[i].Parent != nil {
			p := renum[resolve(*kept[i].Parent)]
			kept[i].Parent = &p
		}
		kept[i].ID = i
	}
	s.Nodes = kept
	return notes
}

// OptionalChildren marks optional every substate that hangs from an optional page: a run
// that skips the page cannot show what is on it, so those states are path-dependent too.
// Parents precede children, so one pass in order propagates down the tree.
func OptionalChildren(s *substate.List) []string {
	optional := map[int]bool{}
	var notes []string
	for i := range s.Nodes {
		n := &s.Nodes[i]
		if n.Parent != nil && optional[*n.Parent] && !n.Optional {
			n.Optional = true
			notes = append(notes, fmt.Sprintf("marked substate %d optional: its page %d is optional", n.ID, *n.Parent))
		}
		optional[n.ID] = n.Optional
	}
	return notes
}
