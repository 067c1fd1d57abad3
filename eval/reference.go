package eval

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/trace"
	"github.com/autoeval/autoeval/uixml"
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
  within 14% of the screen (normalised distance) or both inside one element box enlarged to 240%:
  the reference's box, the one the agent named, or any element of the agent's screen (its
  elements or UI XML) covering at most a tenth of it; scrolls match by axis; type, key and
  open_app match by text (case-insensitive).`

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
	data, err := safefile.ReadFile(path, maxInputBytes)
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
	if err := strictjson.Unmarshal(data, &r); err != nil {
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
	// screen are the boxes of the elements on the screen the action was taken on: AITW
	// matches two taps that fall inside the same (enlarged) element, whichever it is.
	screen []trace.BBox
}

func enlarge(b trace.BBox, factor float64) trace.BBox {
	cx, cy := (b.XMin+b.XMax)/2, (b.YMin+b.YMax)/2
	hw, hh := (b.XMax-b.XMin)/2*factor, (b.YMax-b.YMin)/2*factor
	return trace.BBox{XMin: cx - hw, XMax: cx + hw, YMin: cy - hh, YMax: cy + hh}
}

func inside(b trace.BBox, x, y float64) bool {
	return x >= b.XMin && x <= b.XMax && y >= b.YMin && y <= b.YMax
}

// maxBoxShare is the largest share of the screen an element box may cover and still count
// as one control for tap matching; larger ones are containers (lists, panes, the window).
const maxBoxShare = 0.1

func wholeArea(b trace.BBox, sc Screen) bool {
	if sc.Width <= 0 || sc.Height <= 0 {
		return false
	}
	return (b.XMax-b.XMin)*(b.YMax-b.YMin) > maxBoxShare*sc.Width*sc.Height
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
		// Same element: both points inside one box enlarged to 240%. As AITW checks the
		// touch against every element box on the screen, so does this: the boxes the
		// reference and the agent named, and every element of the agent's screen small
		// enough to be one control (a full-screen container would match any two taps).
		if !ref.has {
			return false
		}
		boxes := make([]trace.BBox, 0, len(agent.screen)+2)
		for _, b := range []*trace.BBox{ref.box, agent.box} {
			if b != nil {
				boxes = append(boxes, *b)
			}
		}
		for _, b := range agent.screen {
			if !wholeArea(b, sc) {
				boxes = append(boxes, b)
			}
		}
		for _, b := range boxes {
			e := enlarge(b, BoxScale)
			if inside(e, agent.x, agent.y) && inside(e, ref.x, ref.y) {
				return true
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
		els := frameElements(t, f)
		if f.Action.Element != nil {
			if *f.Action.Element >= 0 && *f.Action.Element < len(els) {
				s.box = els[*f.Action.Element].BBoxPixels
			}
		}
		if s.typ == "tap" || s.typ == "long_press" {
			s.screen = screenBoxes(t, f, els)
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

// screenBoxes are the boxes of the elements on a frame that show something or take a tap:
// from its accessibility elements, else from its UI XML.
func screenBoxes(t *trace.Trace, f *trace.Frame, els []trace.UIElement) []trace.BBox {
	var out []trace.BBox
	for _, e := range els {
		if e.BBoxPixels != nil && (e.Text != "" || e.ContentDescription != "" || e.IsClickable) {
			out = append(out, *e.BBoxPixels)
		}
	}
	if len(out) > 0 || !t.HasXML(f) {
		return out
	}
	data, err := t.ReadXML(f)
	if err != nil {
		return nil
	}
	h, err := uixml.Parse(data)
	if err != nil {
		return nil
	}
	for _, n := range h.Nodes {
		if n.HasBounds && (n.Text != "" || n.ContentDesc != "" || n.Clickable) {
			b := n.Bounds
			out = append(out, trace.BBox{XMin: float64(b.Left), XMax: float64(b.Right), YMin: float64(b.Top), YMax: float64(b.Bottom)})
		}
	}
	return out
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
	// AndroidArena's metrics, as its evaluator computes them (run_evaluator.py of
	// AndroidArenaAgent/AndroidArena), over the actions without the closing "done":
	// LCS is the longest common subsequence of the reference and the agent's actions;
	// task reward weights each reference action in the LCS by 0.9^(its distance from the
	// reference's end) and divides by the weight of the whole reference; task completion
	// ratio is the position of the LCS's last action in the reference / reference length;
	// the reversed redundancy ratio is reference length / agent length for a successful
	// run (by ground truth) and 0 for a failed one, so that its mean over runs is
	// AndroidArena's; it is undefined (null) for a run without ground truth.
	LCS            int      `json:"lcs"`
	LCSRatio       float64  `json:"lcs_ratio"` // LCS / reference length
	TaskReward     float64  `json:"task_reward"`
	CompletionRate float64  `json:"task_completion_ratio"`
	RRR            *float64 `json:"reversed_redundancy_ratio"`
}

// arenaGamma is AndroidArena's discount of reference actions by their distance from its end.
const arenaGamma = 0.9

// arenaLCS is AndroidArena's longest common subsequence of the reference and the agent's
// actions, backtracked the way its evaluator does; it returns the reference positions of
// the subsequence, in order.
func arenaLCS(agent, ref []step, sc Screen) []int {
	const ok, left, up = 1, 2, 3
	n, m := len(ref), len(agent)
	lens := make([][]int, n+1)
	dirs := make([][]int8, n+1)
	for i := range lens {
		lens[i] = make([]int, m+1)
		dirs[i] = make([]int8, m+1)
	}
	for p1 := 0; p1 < n; p1++ {
		for p2 := 0; p2 < m; p2++ {
			switch {
			case matchStep(agent[p2], ref[p1], sc):
				lens[p1+1][p2+1], dirs[p1+1][p2+1] = lens[p1][p2]+1, ok
			case lens[p1+1][p2] > lens[p1][p2+1]:
				lens[p1+1][p2+1], dirs[p1+1][p2+1] = lens[p1+1][p2], left
			default:
				lens[p1+1][p2+1], dirs[p1+1][p2+1] = lens[p1][p2+1], up
			}
		}
	}
	var out []int
	for p1, p2 := n, m; lens[p1][p2] > 0; {
		switch dirs[p1][p2] {
		case ok:
			out = append(out, p1-1)
			p1, p2 = p1-1, p2-1
		case left:
			p2--
		default:
			p1--
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// arenaTaskReward is AndroidArena's normalised task reward: walking the reference from its
// end, each reference action that is the next LCS action (from the end) adds 0.9^k, k
// being its distance from the end; the sum is divided by the sum over the whole reference.
func arenaTaskReward(ref []step, lcsIdx []int, sc Screen) float64 {
	if len(lcsIdx) == 0 || len(ref) == 0 {
		return 0
	}
	score, k := 0.0, 0
	for i := len(lcsIdx) - 1; i >= 0; i-- {
		for k < len(ref) {
			same := sameRef(ref[len(ref)-k-1], ref[lcsIdx[i]], sc)
			k++
			if same {
				score += math.Pow(arenaGamma, float64(k-1))
				break
			}
		}
	}
	norm := 0.0
	for i := range ref {
		norm += math.Pow(arenaGamma, float64(i))
	}
	return score / norm
}

// arenaCompletion is AndroidArena's task completion ratio: the first reference position
// holding the LCS's last action, plus one, over the reference length.
func arenaCompletion(ref []step, lcsIdx []int, sc Screen) float64 {
	if len(lcsIdx) == 0 {
		return 0
	}
	last := ref[lcsIdx[len(lcsIdx)-1]]
	for i := range ref {
		if sameRef(ref[i], last, sc) {
			return float64(i+1) / float64(len(ref))
		}
	}
	return float64(lcsIdx[len(lcsIdx)-1]+1) / float64(len(ref))
}

// sameRef compares two reference actions with the matching rule.
func sameRef(a, b step, sc Screen) bool { return matchStep(a, b, sc) }

// withoutDone drops the closing "done"/"answer" actions, which AndroidArena's metrics leave out.
func withoutDone(ss []step) []step {
	var out []step
	for _, s := range ss {
		if s.typ != "done" {
			out = append(out, s)
		}
	}
	return out
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
		ra, aa := withoutDone(rs), withoutDone(as)
		idx := arenaLCS(aa, ra, sc)
		r.LCS = len(idx)
		if len(ra) > 0 {
			r.LCSRatio = float64(r.LCS) / float64(len(ra))
		}
		r.TaskReward = arenaTaskReward(ra, idx, sc)
		if len(ra) > 0 {
			r.CompletionRate = arenaCompletion(ra, idx, sc)
		}
		if gt := it.Trace.GroundTruth; gt != nil {
			v := 0.0
			if gt.Success() && len(aa) > 0 {
				v = float64(len(ra)) / float64(len(aa))
			}
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
	RRR            *float64 `json:"reversed_redundancy_ratio"` // mean over traces with ground truth (failed ones count 0)
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
