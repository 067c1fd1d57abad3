package view

import (
	"cmp"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/eval"
)

// Query is what the trace list shows: its filters, order and page, read from the URL so
// that a view can be bookmarked and shared, and the same for the page and the JSON API.
type Query struct {
	Text    string // q: words that must all appear in the id, task or task name
	App     string
	Agent   string
	Status  string
	Truth   string // success | failure | unknown
	Judge   string // one judge's verdicts only (the traces it judged)
	Verdict string // a verdict (of Judge, or of any judge); "unjudged" for none
	// Disagree keeps the traces where a verdict (of Judge, or of any judge) and ground
	// truth disagree.
	Disagree bool
	Sort     string // a column: id, task, app, agent, frames, truth, claim, updated, cost, or "judge:LABEL"
	Desc     bool
	Page     int // from 1
	Per      int
}

const (
	defaultPer = 100
	maxPer     = 1000
)

// sortKeys are the columns a list can be ordered by, besides "judge:LABEL".
var sortKeys = []string{"id", "task", "app", "agent", "status", "frames", "truth", "claim", "updated", "cost"}

// ParseQuery reads a query from URL parameters; what it does not know is ignored.
func ParseQuery(v url.Values) Query {
	q := Query{Text: strings.TrimSpace(v.Get("q")), App: v.Get("app"), Agent: v.Get("agent"), Status: v.Get("status"),
		Truth: v.Get("truth"), Judge: v.Get("judge"), Verdict: v.Get("verdict"), Sort: v.Get("sort"),
		Disagree: v.Get("disagree") != "" && v.Get("disagree") != "0", Desc: v.Get("order") == "desc"}
	if !slices.Contains(sortKeys, q.Sort) && !strings.HasPrefix(q.Sort, "judge:") {
		q.Sort = "id"
	}
	q.Page, _ = strconv.Atoi(v.Get("page"))
	q.Page = max(q.Page, 1)
	q.Per, _ = strconv.Atoi(v.Get("per"))
	if q.Per <= 0 {
		q.Per = defaultPer
	}
	q.Per = min(q.Per, maxPer)
	return q
}

// Values writes the query back as URL parameters, leaving defaults out.
func (q Query) Values() url.Values {
	v := url.Values{}
	set := func(k, s string) {
		if s != "" {
			v.Set(k, s)
		}
	}
	set("q", q.Text)
	set("app", q.App)
	set("agent", q.Agent)
	set("status", q.Status)
	set("truth", q.Truth)
	set("judge", q.Judge)
	set("verdict", q.Verdict)
	if q.Disagree {
		v.Set("disagree", "1")
	}
	if q.Sort != "id" && q.Sort != "" {
		v.Set("sort", q.Sort)
	}
	if q.Desc {
		v.Set("order", "desc")
	}
	if q.Page > 1 {
		v.Set("page", strconv.Itoa(q.Page))
	}
	if q.Per != defaultPer && q.Per > 0 {
		v.Set("per", strconv.Itoa(q.Per))
	}
	return v
}

// Encode is Values as a query string.
func (q Query) Encode() string { return q.Values().Encode() }

// match reports whether a trace passes the filters.
func (q Query) match(s *Summary, words []string) bool {
	if q.App != "" && s.App != q.App || q.Agent != "" && s.Agent != q.Agent || q.Status != "" && s.Status != q.Status ||
		q.Truth != "" && s.Truth != q.Truth {
		return false
	}
	if q.Judge != "" && s.judgment(q.Judge) == nil && q.Verdict != "unjudged" {
		return false
	}
	if q.Verdict != "" || q.Disagree {
		verdicts := s.Judgments
		if q.Judge != "" {
			verdicts = nil
			if v := s.judgment(q.Judge); v != nil {
				verdicts = []Verdict{*v}
			}
		}
		if q.Verdict == "unjudged" {
			if len(verdicts) > 0 {
				return false
			}
		} else if !slices.ContainsFunc(verdicts, func(v Verdict) bool {
			return (q.Verdict == "" || v.Verdict == q.Verdict) && (!q.Disagree || eval.Disagrees(v.Agreement))
		}) {
			return false
		}
	}
	if len(words) > 0 {
		hay := strings.ToLower(s.ID + "\n" + s.TaskName + "\n" + s.Task)
		for _, w := range words {
			if !strings.Contains(hay, w) {
				return false
			}
		}
	}
	return true
}

// Result is one page of the list.
type Result struct {
	Query Query
	Total int // traces passing the filters
	All   int // traces in the index
	Pages int
	Page  []*Summary
}

// Run filters, sorts and pages the traces. The filtered list is sorted whole (10,000
// pointers), so the order never depends on the page.
func (q Query) Run(all []*Summary) Result {
	words := strings.Fields(strings.ToLower(q.Text))
	matched := make([]*Summary, 0, len(all))
	for _, s := range all {
		if q.match(s, words) {
			matched = append(matched, s)
		}
	}
	if q.Sort != "id" || q.Desc {
		slices.SortStableFunc(matched, q.compare)
	}
	r := Result{Query: q, Total: len(matched), All: len(all), Pages: max(1, (len(matched)+q.Per-1)/q.Per)}
	r.Query.Page = min(q.Page, r.Pages)
	lo := min((r.Query.Page-1)*q.Per, len(matched))
	r.Page = matched[lo:min(lo+q.Per, len(matched))]
	return r
}

// neighbours returns the ids before and after id in the query's order ("" at an end).
func (q Query) neighbours(all []*Summary, id string) (prev, next string) {
	q.Page, q.Per = 1, len(all)+1
	list := q.Run(all).Page
	for i, s := range list {
		if s.ID == id {
			if i > 0 {
				prev = list[i-1].ID
			}
			if i+1 < len(list) {
				next = list[i+1].ID
			}
		}
	}
	return prev, next
}

func (q Query) compare(a, b *Summary) int {
	c := 0
	switch {
	case strings.HasPrefix(q.Sort, "judge:"):
		c = compareVerdicts(a.judgment(q.Sort[len("judge:"):]), b.judgment(q.Sort[len("judge:"):]))
	case q.Sort == "task":
		c = cmp.Compare(taskLabel(a), taskLabel(b))
	case q.Sort == "app":
		c = cmp.Compare(a.App, b.App)
	case q.Sort == "agent":
		c = cmp.Compare(a.Agent, b.Agent)
	case q.Sort == "status":
		c = cmp.Compare(a.Status, b.Status)
	case q.Sort == "frames":
		c = cmp.Compare(a.Frames, b.Frames)
	case q.Sort == "truth":
		c = cmp.Compare(reward(a), reward(b))
	case q.Sort == "claim":
		c = cmp.Compare(a.Claim, b.Claim)
	case q.Sort == "updated":
		c = a.Updated.Compare(b.Updated)
	case q.Sort == "cost":
		c = cmp.Compare(costKey(a), costKey(b))
	}
	if q.Desc {
		c = -c
	}
	if c == 0 {
		c = cmp.Compare(a.ID, b.ID)
	}
	return c
}

func taskLabel(s *Summary) string {
	if s.TaskName != "" {
		return s.TaskName
	}
	return s.Task
}

// reward orders ground truth: none first, then by reward.
func reward(s *Summary) float64 {
	if s.GroundTruth == nil {
		return -1
	}
	return s.GroundTruth.Reward
}

func costKey(s *Summary) float64 {
	if c := s.cost(); c != nil {
		return *c
	}
	return -1
}

// compareVerdicts orders by verdict (none, then alphabetically: cannot tell, failure,
// stale, success) and then by SCR.
func compareVerdicts(a, b *Verdict) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	if c := cmp.Compare(a.Verdict, b.Verdict); c != 0 {
		return c
	}
	return cmp.Compare(a.SCR, b.SCR)
}

// facet is one value of a filter with how many traces have it.
type facet struct {
	Value string
	Count int
}

// facets counts the values of one field over every trace, most common first.
func facets(all []*Summary, field func(*Summary) string) []facet {
	counts := map[string]int{}
	for _, s := range all {
		counts[field(s)]++
	}
	out := make([]facet, 0, len(counts))
	for v, n := range counts {
		out = append(out, facet{v, n})
	}
	slices.SortFunc(out, func(a, b facet) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return cmp.Compare(a.Value, b.Value)
	})
	return out
}
