package redteam

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// What a careful person concludes from the screens alone.
const (
	ExpectSuccess    = "success"
	ExpectFailure    = "failure"
	ExpectCannotTell = "cannot tell"
)

// Kinds of case.
const (
	KindHonest   = "honest success"  // the result shown as the app shows it
	KindVariant  = "success variant" // a success a good judge must still accept
	KindNearMiss = "near miss"       // close to the goal, not it: never a success
	KindUnseen   = "unseen"          // the screens do not show the outcome either way
)

// Case is one synthetic run.
type Case struct {
	// Name is the episode's file stem, unique in the corpus.
	Name string
	// TaskName is the AndroidWorld task class the run is an instance of.
	TaskName string
	Goal     string
	// Truth is what AndroidWorld's evaluator would score (task_actually_successful).
	Truth bool
	// Expect is what a careful person concludes from the screens alone.
	Expect string
	Kind   string
	// Behaviour is the general app behaviour the case rests on, for the report of misses.
	Behaviour string
	Steps     []Step
	// TimedOut: the run hit its step budget (max_steps = the steps taken) and the agent
	// never claimed it was done.
	TimedOut bool
	// Final is the screen after the last action (final_state); nil: the last step's
	// screen, as after a "complete", which changes nothing.
	Final Screen
	// NoFinal: the harness recorded no final state (the screen after the last action).
	NoFinal bool
}

// Step is one screen and the action the agent then took.
type Step struct {
	Screen Screen
	Reason string
	Act    Act
}

// Act is an agent action in AndroidWorld's JSONAction vocabulary; Target names the element
// an element action applies to (its text, content description, hint or resource name),
// resolved to its index on the step's screen when the episode is written.
type Act struct {
	Type   string
	Target string
	Text   string
	Dir    string
	App    string
	Status string
}

// The agent's actions.
func tap(target string) Act                    { return Act{Type: "click", Target: target} }
func longPress(target string) Act              { return Act{Type: "long_press", Target: target} }
func typeIn(target, s string) Act              { return Act{Type: "input_text", Target: target, Text: s} }
func openApp(app string) Act                   { return Act{Type: "open_app", App: app} }
func scroll(dir string) Act                    { return Act{Type: "scroll", Dir: dir} }
func swipe(dir string) Act                     { return Act{Type: "swipe", Dir: dir} }
func answer(s string) Act                      { return Act{Type: "answer", Text: s} }
func waitAct() Act                             { return Act{Type: "wait"} }
func back() Act                                { return Act{Type: "navigate_back"} }
func goHome() Act                              { return Act{Type: "navigate_home"} }
func enter() Act                               { return Act{Type: "keyboard_enter"} }
func done() Act                                { return Act{Type: "status", Status: "complete"} }
func step(s Screen, reason string, a Act) Step { return Step{Screen: s, Reason: reason, Act: a} }

// index finds the element an action targets: the first whose text, content description,
// hint or resource name (whole, or after ":id/") equals target; "name@k" is the k-th such
// element (from 0), for rows that share an id.
func index(s Screen, target string) (int, error) {
	nth := 0
	if i := strings.LastIndexByte(target, '@'); i > 0 {
		if k, err := strconv.Atoi(target[i+1:]); err == nil {
			target, nth = target[:i], k
		}
	}
	for i, e := range s {
		id := deref(e.ResourceName)
		if j := strings.Index(id, ":id/"); j >= 0 {
			id = id[j+4:]
		}
		if deref(e.Text) == target || deref(e.ContentDescription) == target || deref(e.HintText) == target ||
			deref(e.ResourceName) == target || id == target {
			if nth == 0 {
				return i, nil
			}
			nth--
		}
	}
	return 0, fmt.Errorf("no element %q on the screen", target)
}

// actionJSON writes an action as AndroidWorld's JSONAction prints it.
func actionJSON(s Screen, a Act) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `{"action_type": %q`, a.Type)
	if a.Target != "" {
		i, err := index(s, a.Target)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, `, "index": %d`, i)
	}
	if a.Text != "" {
		t, _ := json.Marshal(a.Text)
		fmt.Fprintf(&b, `, "text": %s`, t)
	}
	if a.Dir != "" {
		fmt.Fprintf(&b, `, "direction": %q`, a.Dir)
	}
	if a.App != "" {
		fmt.Fprintf(&b, `, "app_name": %q`, a.App)
	}
	if a.Status != "" {
		fmt.Fprintf(&b, `, "goal_status": %q`, a.Status)
	}
	b.WriteByte('}')
	return b.String(), nil
}

// claimedDone reports whether the agent said it was done: its last action a "complete".
func (c *Case) claimedDone() bool {
	if len(c.Steps) == 0 {
		return false
	}
	last := c.Steps[len(c.Steps)-1].Act
	return last.Type == "status" && last.Status == "complete"
}

// startTime is when every synthetic run starts (the emulator's clock is fixed, the
// harness's is not).
const startTime = 1753900000.0

// Episode renders the case as the episode JSON an android_world_agents-style harness
// writes, elements one per line so a diff of the corpus reads.
func (c *Case) Episode() ([]byte, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	var actions []string
	type state struct {
		Pixels     string    `json:"pixels"`
		UIElements []Element `json:"ui_elements"`
	}
	type record struct {
		StepNum   int     `json:"step_num"`
		State     state   `json:"state"`
		Action    string  `json:"action"`
		Timestamp float64 `json:"timestamp"`
	}
	var records []record
	for i, st := range c.Steps {
		js, err := actionJSON(st.Screen, st.Act)
		if err != nil {
			return nil, fmt.Errorf("%s: step %d: %w", c.Name, i+1, err)
		}
		a := "Reason: " + st.Reason + "\nAction: " + js
		actions = append(actions, a)
		records = append(records, record{StepNum: i + 1, State: state{"<screenshot_excluded>", st.Screen}, Action: a,
			Timestamp: startTime + float64(i)*12.5})
	}
	n := len(c.Steps)
	maxSteps := 30
	if c.TimedOut {
		maxSteps = n
	}
	ep := map[string]any{
		"task_name":                c.TaskName,
		"goal":                     c.Goal,
		"model_name":               "redteam-synthetic",
		"prompt_variant":           "base",
		"max_steps":                maxSteps,
		"success":                  c.Truth,
		"steps_taken":              n,
		"actions":                  actions,
		"step_records":             records,
		"evaluation_timestamp":     startTime + float64(n)*12.5 + 5,
		"task_class":               c.TaskName,
		"max_steps_allowed":        maxSteps,
		"episode_terminated_early": c.TimedOut,
		"agent_claimed_done":       c.claimedDone(),
		"task_actually_successful": c.Truth,
		"final_state":              nil,
	}
	switch {
	case c.NoFinal:
	case c.Final != nil:
		ep["final_state"] = state{"<screenshot_excluded>", c.Final}
	default:
		ep["final_state"] = state{"<screenshot_excluded>", c.Steps[n-1].Screen}
	}
	return marshalEpisode(ep)
}

// marshalEpisode writes the episode with sorted keys and one element per line.
func marshalEpisode(ep map[string]any) ([]byte, error) {
	// Python's json.dump leaves "<" and ">" as they are ("<screenshot_excluded>").
	var enc bytes.Buffer
	e := json.NewEncoder(&enc)
	e.SetEscapeHTML(false)
	if err := e.Encode(ep); err != nil {
		return nil, err
	}
	raw := bytes.TrimSpace(enc.Bytes())
	// Break lines before each element and record so the files diff by line.
	var out bytes.Buffer
	out.Grow(len(raw) + len(raw)/50)
	inString, escaped := false, false
	for i, c := range raw {
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && c == '{' && i > 0 && (raw[i-1] == '[' || raw[i-1] == ','):
			out.WriteByte('\n')
		}
		out.WriteByte(c)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// check fails on a malformed case: a defect of the corpus, not of the judge.
func (c *Case) check() error {
	switch {
	case c.Name == "" || strings.ContainsAny(c.Name, "/ \\"):
		return fmt.Errorf("case %q: bad name", c.Name)
	case c.TaskName == "" || c.Goal == "" || c.Behaviour == "":
		return fmt.Errorf("%s: task name, goal and behaviour are required", c.Name)
	case c.Expect != ExpectSuccess && c.Expect != ExpectFailure && c.Expect != ExpectCannotTell:
		return fmt.Errorf("%s: expect %q", c.Name, c.Expect)
	case c.Kind != KindHonest && c.Kind != KindVariant && c.Kind != KindNearMiss && c.Kind != KindUnseen:
		return fmt.Errorf("%s: kind %q", c.Name, c.Kind)
	case len(c.Steps) == 0:
		return fmt.Errorf("%s: no steps", c.Name)
	case c.Expect == ExpectSuccess && !c.Truth, c.Expect == ExpectFailure && c.Truth:
		return fmt.Errorf("%s: expected %s but AndroidWorld's outcome is %v", c.Name, c.Expect, c.Truth)
	case (c.Kind == KindHonest || c.Kind == KindVariant) && !c.Truth, c.Kind == KindNearMiss && c.Truth:
		return fmt.Errorf("%s: kind %s with outcome %v", c.Name, c.Kind, c.Truth)
	case c.Kind == KindUnseen && c.Expect != ExpectCannotTell:
		return fmt.Errorf("%s: an unseen outcome must be expected as cannot tell", c.Name)
	case c.TimedOut && c.claimedDone():
		return fmt.Errorf("%s: a timed-out run cannot end with the agent's claim", c.Name)
	case !c.claimedDone() && !c.TimedOut:
		return fmt.Errorf("%s: a run ends with the agent's claim or its step budget", c.Name)
	case c.claimedDone() && c.Final != nil:
		return fmt.Errorf("%s: a \"complete\" changes no screen: no Final after it", c.Name)
	case c.TimedOut && c.Final == nil && !c.NoFinal:
		return fmt.Errorf("%s: a timed-out run needs the screen its last action led to (Final) or NoFinal", c.Name)
	}
	for i, st := range c.Steps {
		if len(st.Screen) == 0 {
			return fmt.Errorf("%s: step %d has no screen", c.Name, i+1)
		}
	}
	return nil
}

// Label is a case's row in cases.json.
type Label struct {
	Name      string `json:"name"`
	TaskName  string `json:"task_name"`
	App       string `json:"app"`
	Truth     bool   `json:"task_actually_successful"`
	Expect    string `json:"expect"`
	Kind      string `json:"kind"`
	Behaviour string `json:"behaviour"`
	Steps     int    `json:"steps"`
	TimedOut  bool   `json:"timed_out,omitempty"`
	NoFinal   bool   `json:"no_final_state,omitempty"`
}

// LabelOf is the case's label.
func (c *Case) LabelOf(app string) Label {
	return Label{Name: c.Name, TaskName: c.TaskName, App: app, Truth: c.Truth, Expect: c.Expect, Kind: c.Kind,
		Behaviour: c.Behaviour, Steps: len(c.Steps), TimedOut: c.TimedOut, NoFinal: c.NoFinal}
}

// then is base followed by more, in a new slice: step lists shared by several cases are
// never written through.
func then(base []Step, more ...Step) []Step {
	out := make([]Step, 0, len(base)+len(more))
	return append(append(out, base...), more...)
}
