package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/trace"
)

// ReferenceHelp documents the reference actions file for --help.
const ReferenceHelp = `Reference file (--reference): one human action sequence per task, JSON.
  {"screen": {"width": 1080, "height": 2400},
   "tasks": {"ContactsAddContact": [
      {"type": "open_app", "text": "Contacts"},
      {"type": "tap", "x": 540, "y": 310, "box": {"x_min": 400, "x_max": 680, "y_min": 260, "y_max": 360}},
      {"type": "type", "text": "Amir"},
      {"type": "scroll", "direction": "down"}]}}
  Tasks are keyed by catalogue task name, trace name or task text. Action types: tap, long_press,
  type, scroll (swipe counts as scroll), key, open_app, wait, done. Coordinates are pixels; screen
  is used when a trace does not record its device size. A tap matches when the two points are
  within 14% of the screen (normalised distance) or inside the same element's box enlarged to
  240%; scrolls match by axis; type, key and open_app match by text (case-insensitive).`

// RefAction is one reference step: a trace action plus, for taps, the target element's box.
type RefAction struct {
	trace.Action
	Box *trace.BBox `json:"box,omitempty"`
}

// Reference holds the reference sequences.
type Reference struct {
	Screen struct {
		Width  int `json:"width"`
		Height int `json:"height"`
	} `json:"screen"`
	Tasks map[string][]RefAction `json:"tasks"`
}

// ReadReference reads and checks a reference file.
func ReadReference(path string) (*Reference, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := ParseReference(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// ParseReference parses and checks reference JSON.
func ParseReference(data []byte) (*Reference, error) {
	var r Reference
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if len(r.Tasks) == 0 {
		return nil, fmt.Errorf("no tasks")
	}
	for name, acts := range r.Tasks {
		if len(acts) == 0 {
			return nil, fmt.Errorf("task %q: empty action sequence", name)
		}
		for i, a := range acts {
			t := normType(a.Type)
			if t == "" {
				return nil, fmt.Errorf("task %q: action %d has no type", name, i+1)
			}
			if (t == "tap" || t == "long_press") && (a.X == nil || a.Y == nil) && a.Box == nil {
				return nil, fmt.Errorf("task %q: action %d (%s) needs x and y or a box", name, i+1, t)
			}
		}
	}
	return &r, nil
}

// normType maps the action names of common harnesses onto ours.
func normType(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	switch t {
	case "click", "touch", "press":
		return "tap"
	case "long_click", "longpress", "long-press":
		return "long_press"
	case "input_text", "input", "text", "type_text":
		return "type"
	case "swipe", "scroll_down", "scroll_up", "drag":
		return "scroll"
	case "navigate_home", "navigate_back", "keyevent", "press_key", "back", "home", "enter":
		return "key"
	case "status", "finish", "complete", "stop", "answer":
		return "done"
	}
	return t
}

// keyName folds the forms a harness may give a key press into one name.
func keyName(a trace.Action) string {
	s := strings.ToLower(a.Text)
	if s == "" {
		s = strings.ToLower(a.Raw)
	}
	for _, k := range []string{"home", "back", "enter"} {
		if strings.Contains(s, k) {
			return k
		}
	}
	return s
}

func axis(dir string) string {
	switch strings.ToLower(dir) {
	case "up", "down":
		return "vertical"
	case "left", "right":
		return "horizontal"
	}
	return ""
}

// step is an action with a resolved point and, when known, its element box.
type step struct {
	typ  string
	a    trace.Action
	x, y float64
	has  bool // x, y known
	box  *trace.BBox
}

func enlarge(b trace.BBox, factor float64) trace.BBox {
	cx, cy := (b.XMin+b.XMax)/2, (b.YMin+b.YMax)/2
	hw, hh := (b.XMax-b.XMin)/2*factor, (b.YMax-b.YMin)/2*factor
	return trace.BBox{XMin: cx - hw, XMax: cx + hw, YMin: cy - hh, YMax: cy + hh}
}

func inside(b trace.BBox, x, y float64) bool {
	return x >= b.XMin && x <= b.XMax && y >= b.YMin && y <= b.YMax
}

// Screen is the pixel size taps are normalised by.
type Screen struct{ Width, Height float64 }

// TapDistance and BoxScale are AITW's tap-matching thresholds.
const (
	TapDistance = 0.14
	BoxScale    = 2.4
)

// matchStep is AITW's action-matching rule between an agent step and a reference step.
func matchStep(agent, ref step, sc Screen) bool {
	if agent.typ != ref.typ {
		return false
	}
	switch agent.typ {
	case "tap", "long_press":
		if !agent.has {
			return false
		}
		if ref.has && sc.Width > 0 && sc.Height > 0 {
			dx, dy := (agent.x-ref.x)/sc.Width, (agent.y-ref.y)/sc.Height
			if math.Hypot(dx, dy) <= TapDistance {
				return true
			}
		}
		// Same element: both points inside one box enlarged to 240%.
		for _, b := range []*trace.BBox{ref.box, agent.box} {
			if b != nil && ref.has {
				e := enlarge(*b, BoxScale)
				if inside(e, agent.x, agent.y) && inside(e, ref.x, ref.y) {
					return true
				}
			}
		}
		return false
	case "scroll":
		return axis(agent.a.Direction) == axis(ref.a.Direction)
	case "type", "open_app":
		return strings.EqualFold(strings.TrimSpace(agent.a.Text), strings.TrimSpace(ref.a.Text))
	case "key":
		return keyName(agent.a) == keyName(ref.a)
	}
	return true
}

func refSteps(acts []RefAction) []step {
	out := make([]step, len(acts))
	for i, a := range acts {
		s := step{typ: normType(a.Type), a: a.Action, box: a.Box}
		switch {
		case a.X != nil && a.Y != nil:
			s.x, s.y, s.has = *a.X, *a.Y, true
		case a.Box != nil:
			s.x, s.y, s.has = (a.Box.XMin+a.Box.XMax)/2, (a.Box.YMin+a.Box.YMax)/2, true
		}
		out[i] = s
	}
	return out
}

// agentSteps lists the trace's actions; a tap that names an element but no point lands
// on the centre of that element's box.
func agentSteps(t *trace.Trace) []step {
	var out []step
	for i := range t.Frames {
		f := &t.Frames[i]
		if f.Action == nil || f.Action.Type == "" {
			continue
		}
		s := step{typ: normType(f.Action.Type), a: *f.Action}
		if s.typ == "scroll" && s.a.Direction == "" {
			s.a.Direction = directionFrom(f.Action.Type)
		}
		if f.Action.Element != nil {
			if els := frameElements(t, f); *f.Action.Element >= 0 && *f.Action.Element < len(els) {
				s.box = els[*f.Action.Element].BBoxPixels
			}
		}
		switch {
		case f.Action.X != nil && f.Action.Y != nil:
			s.x, s.y, s.has = *f.Action.X, *f.Action.Y, true
		case s.box != nil:
			s.x, s.y, s.has = (s.box.XMin+s.box.XMax)/2, (s.box.YMin+s.box.YMax)/2, true
		}
		out = append(out, s)
	}
	return out
}

func directionFrom(t string) string {
	switch strings.ToLower(t) {
	case "scroll_down":
		return "down"
	case "scroll_up":
		return "up"
	}
	return ""
}

func frameElements(t *trace.Trace, f *trace.Frame) []trace.UIElement {
	if !t.HasElements(f) {
		return nil
	}
	els, err := t.ReadElements(f)
	if err != nil {
		return nil
	}
	return els
}

// RefResult holds the reference-based metrics of one trace.
type RefResult struct {
	Trace    string  `json:"trace"`
	Agent    string  `json:"agent"`
	Task     string  `json:"task"`
	RefLen   int     `json:"reference_length"`
	AgentLen int     `json:"agent_length"`
	Matched  int     `json:"matched"`  // AITW: steps i where agent step i matches reference step i
	Partial  float64 `json:"partial"`  // matched / reference length
	Complete bool    `json:"complete"` // partial == 1
	LCS      int     `json:"lcs"`
	// AndroidArena: task reward = LCS / reference length; task completion ratio = (index of
	// the last reference action in the LCS, 1-based) / reference length; reversed redundancy
	// ratio = reference length / agent length, defined only when the whole reference was matched.
	TaskReward     float64  `json:"task_reward"`
	CompletionRate float64  `json:"task_completion_ratio"`
	RRR            *float64 `json:"reversed_redundancy_ratio"`
}

// lcs returns the length of the longest common subsequence under match and the highest
// reference index (0-based) used by one such subsequence, -1 when empty.
func lcs(agent, ref []step, sc Screen) (int, int) {
	n, m := len(agent), len(ref)
	dp := make([][]int, n+1)
	for i := range dp {
		dp[i] = make([]int, m+1)
	}
	for i := 1; i <= n; i++ {
		for k := 1; k <= m; k++ {
			if matchStep(agent[i-1], ref[k-1], sc) {
				dp[i][k] = dp[i-1][k-1] + 1
			} else {
				dp[i][k] = max(dp[i-1][k], dp[i][k-1])
			}
		}
	}
	// Several alignments may reach the maximum; take the one that gets furthest into the
	// reference: the largest k matched last by some alignment of maximum length.
	best := dp[n][m]
	if best == 0 {
		return 0, -1
	}
	last := -1
	for k := m; k >= 1 && last < 0; k-- {
		for i := 1; i <= n; i++ {
			if dp[i-1][k-1] == best-1 && matchStep(agent[i-1], ref[k-1], sc) {
				last = k - 1
				break
			}
		}
	}
	return best, last
}

// ScoreReference computes AITW matching and AndroidArena LCS metrics for every trace that
// has a reference sequence; traces without one are not listed.
func ScoreReference(d *Dataset, ref *Reference) []RefResult {
	var out []RefResult
	for _, it := range d.Items {
		acts := lookupRef(ref, it)
		if acts == nil {
			continue
		}
		sc := Screen{float64(it.Trace.Device.Width), float64(it.Trace.Device.Height)}
		if sc.Width <= 0 || sc.Height <= 0 {
			sc = Screen{float64(ref.Screen.Width), float64(ref.Screen.Height)}
		}
		rs, as := refSteps(acts), agentSteps(it.Trace)
		r := RefResult{Trace: it.Name, Agent: AgentOf(it), Task: TaskOf(it.Trace), RefLen: len(rs), AgentLen: len(as)}
		for i := 0; i < len(rs) && i < len(as); i++ {
			if matchStep(as[i], rs[i], sc) {
				r.Matched++
			}
		}
		r.Partial = float64(r.Matched) / float64(len(rs))
		r.Complete = r.Matched == len(rs)
		var last int
		r.LCS, last = lcs(as, rs, sc)
		r.TaskReward = float64(r.LCS) / float64(len(rs))
		r.CompletionRate = float64(last+1) / float64(len(rs))
		if r.LCS == len(rs) && len(as) > 0 {
			v := float64(len(rs)) / float64(len(as))
			r.RRR = &v
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, k int) bool { return out[i].Trace < out[k].Trace })
	return out
}

func lookupRef(ref *Reference, it *Item) []RefAction {
	for _, k := range []string{it.Trace.TaskName, it.Name, it.Trace.Task} {
		if k == "" {
			continue
		}
		if a, ok := ref.Tasks[k]; ok {
			return a
		}
	}
	return nil
}

// RefSummary averages reference metrics per agent.
type RefSummary struct {
	Agent          string   `json:"agent"`
	Traces         int      `json:"traces"`
	Partial        float64  `json:"partial"`
	Complete       float64  `json:"complete"`
	TaskReward     float64  `json:"task_reward"`
	CompletionRate float64  `json:"task_completion_ratio"`
	RRR            *float64 `json:"reversed_redundancy_ratio"` // mean over traces where it is defined
}

// SummariseReference averages per agent.
func SummariseReference(rs []RefResult) []RefSummary {
	by := map[string][]RefResult{}
	for _, r := range rs {
		by[r.Agent] = append(by[r.Agent], r)
	}
	var out []RefSummary
	for agent, l := range by {
		s := RefSummary{Agent: agent, Traces: len(l)}
		var rrr []float64
		for _, r := range l {
			s.Partial += r.Partial
			s.Complete += b2f(r.Complete)
			s.TaskReward += r.TaskReward
			s.CompletionRate += r.CompletionRate
			if r.RRR != nil {
				rrr = append(rrr, *r.RRR)
			}
		}
		n := float64(len(l))
		s.Partial, s.Complete, s.TaskReward, s.CompletionRate = s.Partial/n, s.Complete/n, s.TaskReward/n, s.CompletionRate/n
		if len(rrr) > 0 {
			v := mean(rrr)
			s.RRR = &v
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, k int) bool { return out[i].Agent < out[k].Agent })
	return out
}
