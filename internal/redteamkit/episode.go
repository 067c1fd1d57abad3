package redteamkit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
)

// Kinds of case.
const (
	// KindHonest is a run that did the task the plain way.
	KindHonest = "honest"
	// KindVariant is a run that did the task in a way a good judge must also accept.
	KindVariant = "variant"
	// KindNearMiss is a run that looks close to done and is not.
	KindNearMiss = "near miss"
	// KindUnseen is a run whose screens never show whether the task was done.
	KindUnseen = "unseen"
)

// How a failed run failed (Case.Failure), for a corpus that samples runs as agents make them
// rather than picking hard ones: the share of each mode, and of the subtle ones among them
// (Case.Subtle), is part of what the corpus measures on.
const (
	FailStoppedEarly = "stopped early" // claimed done before the last step (the most common)
	FailWrongValue   = "wrong value"   // a value typed, picked or answered wrong
	FailWrongItem    = "wrong item"    // the right action on another item
	FailUnsaved      = "unsaved"       // a form left unsaved or discarded
	FailLost         = "lost"          // in the wrong app or screen
	FailLoop         = "loop"          // the step budget ran out
)

var failureModes = []string{FailStoppedEarly, FailWrongValue, FailWrongItem, FailUnsaved, FailLost, FailLoop}

// What a careful person concludes from the screens alone.
const (
	ExpectSuccess    = "success"
	ExpectFailure    = "failure"
	ExpectCannotTell = "cannot tell"
)

// Action is what the agent did on a step, in AndroidWorld's JSONAction terms. Target names
// the element the action is on: its text, its content description, its hint, "res:ID" for
// its resource id, or "box:X,Y" for the one whose box starts there; "N:" before it takes the
// N-th match (from 1).
type Action struct {
	Type      string // click, long_press, input_text, scroll, swipe, navigate_home, navigate_back, keyboard_enter, open_app, wait, status, answer
	Target    string
	Text      string
	Direction string
	App       string
}

func Tap(target string) Action       { return Action{Type: "click", Target: target} }
func LongPress(target string) Action { return Action{Type: "long_press", Target: target} }
func TypeIn(target, text string) Action {
	return Action{Type: "input_text", Target: target, Text: text}
}
func ScrollDown() Action { return Action{Type: "scroll", Direction: "down"} }
func SwipeOn(target, dir string) Action {
	return Action{Type: "swipe", Target: target, Direction: dir}
}
func Back() Action               { return Action{Type: "navigate_back"} }
func Home() Action               { return Action{Type: "navigate_home"} }
func Enter() Action              { return Action{Type: "keyboard_enter"} }
func OpenApp(name string) Action { return Action{Type: "open_app", App: name} }
func SwipeDownShade() Action     { return Action{Type: "swipe", Direction: "down"} }
func Done() Action               { return Action{Type: "status", Text: "complete"} }
func Answer(text string) Action  { return Action{Type: "answer", Text: text} }
func WaitAction() Action         { return Action{Type: "wait"} }

// Step is one step of a run: the screen the agent saw, why it acted, and what it did.
type Step struct {
	Screen []El
	Reason string
	Act    Action
}

func StepOn(screen []El, reason string, a Action) Step { return Step{screen, reason, a} }

// Case is one run with its labels.
type Case struct {
	Name     string
	TaskName string // AndroidWorld's task class, or a name of the same shape for a task outside its catalogue
	Goal     string
	Agent    string // the agent's model; a default is picked by name when empty
	// Kind, Truth and Expect label the run: Truth is AndroidWorld's outcome (what its
	// evaluator, or for a task outside the catalogue the same kind of state check, scores),
	// Expect what a careful person concludes from the screens.
	Kind      string
	Truth     bool
	Expect    string
	Behaviour string // the general app behaviour the case rests on
	Evaluator string // where Truth was read from: the evaluator and its condition
	Steps     []Step
	// Final is the screen after the last action of a run that did not end with the agent's
	// "complete" (a timeout); a run that ended with it ends on its last step's screen, and a
	// crashed run records none.
	Final    []El
	TimedOut bool
	Crashed  bool
	// MaxSteps is the harness's step budget for the task (AndroidWorld's runners scale it with
	// the task's complexity): 30 when zero; a timed-out run used all of it.
	MaxSteps int
	// Failure is how a failed run failed (a Fail constant), Subtle whether it looks almost
	// right; both are optional and only for failed runs.
	Failure string
	Subtle  bool
}

// Label is what cases.json says of a case.
type Label struct {
	Name      string `json:"name"`
	App       string `json:"app"`
	TaskName  string `json:"task_name"`
	Goal      string `json:"goal"`
	Agent     string `json:"agent"`
	Kind      string `json:"kind"`
	Truth     bool   `json:"task_actually_successful"`
	Expect    string `json:"expect"`
	Behaviour string `json:"behaviour"`
	Evaluator string `json:"evaluator"`
	Steps     int    `json:"steps"`
	Frames    int    `json:"frames"`
	TimedOut  bool   `json:"timed_out,omitempty"`
	Crashed   bool   `json:"crashed,omitempty"`
	Failure   string `json:"failure,omitempty"`
	Subtle    bool   `json:"subtle,omitempty"`
}

// LabelOf labels the case, which runs in app.
func (c Case) LabelOf(app string) Label {
	frames := len(c.Steps)
	if !c.Crashed {
		frames++
	}
	return Label{Name: c.Name, App: app, TaskName: c.TaskName, Goal: c.Goal, Agent: c.agent(), Kind: c.Kind,
		Truth: c.Truth, Expect: c.Expect, Behaviour: c.Behaviour, Evaluator: c.Evaluator, Steps: len(c.Steps),
		Frames: frames, TimedOut: c.TimedOut, Crashed: c.Crashed, Failure: c.Failure, Subtle: c.Subtle}
}

var agents = []string{"gpt-4o-mini", "o4-mini", "qwen2.5-vl-7b-instruct", "gemini-2.0-flash", "claude-3-5-sonnet", "gpt-4.1-mini"}

func (c Case) agent() string {
	if c.Agent != "" {
		return c.Agent
	}
	h := fnv.New32a()
	h.Write([]byte(c.Name))
	return agents[int(h.Sum32()%uint32(len(agents)))]
}

// check refuses a case whose labels contradict each other or whose run has no end.
func (c Case) check() error {
	switch {
	case c.Name == "" || c.TaskName == "" || c.Goal == "" || c.Behaviour == "" || c.Evaluator == "":
		return errors.New("a name, task name, goal, behaviour and evaluator are required")
	case len(c.Steps) == 0:
		return errors.New("no steps")
	case c.Kind == KindHonest || c.Kind == KindVariant:
		if !c.Truth || c.Expect != ExpectSuccess {
			return fmt.Errorf("a %s run must have succeeded and show it", c.Kind)
		}
	case c.Kind == KindNearMiss:
		if c.Truth || c.Expect == ExpectSuccess {
			return errors.New("a near miss must have failed and not look successful to a careful person")
		}
	case c.Kind == KindUnseen:
		if c.Expect != ExpectCannotTell {
			return errors.New("an unseen result cannot be told from the screens")
		}
	default:
		return fmt.Errorf("unknown kind %q", c.Kind)
	}
	if c.Expect != ExpectSuccess && c.Expect != ExpectFailure && c.Expect != ExpectCannotTell {
		return fmt.Errorf("unknown expectation %q", c.Expect)
	}
	if c.Expect == ExpectSuccess && !c.Truth {
		return errors.New("a careful person cannot see a success that did not happen")
	}
	if err := checkFailure(c.Truth, c.Failure, c.Subtle); err != nil {
		return err
	}
	last := c.Steps[len(c.Steps)-1].Act
	claimed := last.Type == "status" && last.Text == "complete"
	switch {
	case c.TimedOut && c.Crashed:
		return errors.New("a run times out or crashes, not both")
	case (c.TimedOut || c.Crashed) && claimed:
		return errors.New("a run cut short has no claim of being done")
	case c.TimedOut && c.Final == nil:
		return errors.New("a timed-out run needs the screen it ended on")
	case c.Crashed && c.Final != nil:
		return errors.New("a crashed run records no final screen")
	case !c.TimedOut && !c.Crashed && !claimed:
		return errors.New("the run has no end: the last action is not status complete")
	case !c.TimedOut && !c.Crashed && c.Final != nil:
		return errors.New("a run that claimed completion ends on its last step's screen")
	case len(c.Steps) > c.budget() || (c.TimedOut && c.MaxSteps > 0 && len(c.Steps) != c.MaxSteps):
		return fmt.Errorf("%d steps do not fit a budget of %d", len(c.Steps), c.budget())
	}
	return nil
}

// budget is the run's step budget: MaxSteps, or 30, or for a timed-out run without MaxSteps
// the steps it took.
func (c Case) budget() int {
	switch {
	case c.MaxSteps > 0:
		return c.MaxSteps
	case c.TimedOut:
		return len(c.Steps)
	}
	return 30
}

// checkFailure refuses a failure mode on a run that succeeded, an unknown one, and a subtle
// mark without a mode.
func checkFailure(truth bool, mode string, subtle bool) error {
	switch {
	case mode == "" && subtle:
		return errors.New("a subtle failure needs its mode")
	case mode == "":
		return nil
	case truth:
		return errors.New("a run that succeeded has no failure mode")
	case !slices.Contains(failureModes, mode):
		return fmt.Errorf("unknown failure mode %q", mode)
	}
	return nil
}

// resolve finds the index of the element an action names.
func resolve(screen []El, target string) (int, error) {
	nth := 1
	if i := strings.IndexByte(target, ':'); i > 0 && i <= 2 {
		if n, err := strconv.Atoi(target[:i]); err == nil && n > 0 {
			nth, target = n, target[i+1:]
		}
	}
	match := func(e El) bool {
		if at, ok := strings.CutPrefix(target, "box:"); ok { // an element known only by where it is
			return fmt.Sprintf("%d,%d", e.X0, e.Y0) == at
		}
		if id, ok := strings.CutPrefix(target, "res:"); ok {
			return strings.HasSuffix(e.Res, ":id/"+id)
		}
		return e.Text == target || e.Desc == target
	}
	hint := func(e El) bool { return e.Hint == target }
	for _, m := range []func(El) bool{match, hint} {
		seen := 0
		for i, e := range screen {
			if m(e) {
				seen++
				if seen == nth {
					return i, nil
				}
			}
		}
	}
	return 0, fmt.Errorf("no element %q on the screen", target)
}

// actionJSON writes an action as AndroidWorld's agents print it (Python's json.dumps).
func actionJSON(a Action, screen []El) (string, error) {
	var parts []string
	add := func(k, v string) { parts = append(parts, fmt.Sprintf("%q: %s", k, v)) }
	str := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	add("action_type", str(a.Type))
	if a.Target != "" {
		i, err := resolve(screen, a.Target)
		if err != nil {
			return "", err
		}
		add("index", fmt.Sprint(i))
	}
	switch a.Type {
	case "input_text", "answer":
		add("text", str(a.Text))
	case "scroll", "swipe":
		add("direction", str(a.Direction))
	case "open_app":
		add("app_name", str(a.App))
	case "status":
		add("goal_status", str(a.Text))
	case "click", "long_press", "navigate_home", "navigate_back", "keyboard_enter", "wait":
	default:
		return "", fmt.Errorf("unknown action type %q", a.Type)
	}
	if (a.Type == "click" || a.Type == "long_press" || a.Type == "input_text") && a.Target == "" {
		return "", fmt.Errorf("a %s needs an element", a.Type)
	}
	return "{" + strings.Join(parts, ", ") + "}", nil
}

// The JSON shapes of an episode, in the order android_world_agents writes its keys.
type jsonBox struct {
	XMin int `json:"x_min"`
	XMax int `json:"x_max"`
	YMin int `json:"y_min"`
	YMax int `json:"y_max"`
}

type jsonEl struct {
	Text               *string  `json:"text"`
	ContentDescription *string  `json:"content_description"`
	ClassName          *string  `json:"class_name"`
	BBox               any      `json:"bbox"`
	BBoxPixels         *jsonBox `json:"bbox_pixels"`
	HintText           *string  `json:"hint_text"`
	IsChecked          bool     `json:"is_checked"`
	IsCheckable        bool     `json:"is_checkable"`
	IsClickable        bool     `json:"is_clickable"`
	IsEditable         bool     `json:"is_editable"`
	IsEnabled          bool     `json:"is_enabled"`
	IsFocused          bool     `json:"is_focused"`
	IsFocusable        bool     `json:"is_focusable"`
	IsLongClickable    bool     `json:"is_long_clickable"`
	IsScrollable       bool     `json:"is_scrollable"`
	IsSelected         bool     `json:"is_selected"`
	IsVisible          bool     `json:"is_visible"`
	PackageName        *string  `json:"package_name"`
	ResourceName       *string  `json:"resource_name"`
	Tooltip            *string  `json:"tooltip"`
	ResourceID         *string  `json:"resource_id"`
	Metadata           any      `json:"metadata"`
}

type jsonState struct {
	Pixels      string         `json:"pixels"`
	Forest      string         `json:"forest"`
	UIElements  []jsonEl       `json:"ui_elements"`
	Auxiliaries map[string]any `json:"auxiliaries"`
}

type jsonStep struct {
	StepNum   int               `json:"step_num"`
	State     jsonState         `json:"state"`
	Action    string            `json:"action"`
	AgentData map[string]string `json:"agent_data"`
	Timestamp float64           `json:"timestamp"`
}

type jsonEpisode struct {
	TaskName               string     `json:"task_name"`
	Goal                   string     `json:"goal"`
	ModelName              string     `json:"model_name"`
	PromptVariant          string     `json:"prompt_variant"`
	MaxSteps               int        `json:"max_steps"`
	Success                bool       `json:"success"`
	StepsTaken             int        `json:"steps_taken"`
	EvaluationTime         float64    `json:"evaluation_time"`
	Responses              []string   `json:"responses"`
	Actions                []string   `json:"actions"`
	StepTimings            []float64  `json:"step_timings"`
	InitialState           jsonState  `json:"initial_state"`
	FinalState             *jsonState `json:"final_state"`
	StepRecords            []jsonStep `json:"step_records"`
	EvaluationTimestamp    float64    `json:"evaluation_timestamp"`
	TotalUIElements        int        `json:"total_ui_elements"`
	TaskComplexity         float64    `json:"task_complexity"`
	TaskClass              string     `json:"task_class"`
	MaxStepsAllowed        int        `json:"max_steps_allowed"`
	EpisodeTerminatedEarly bool       `json:"episode_terminated_early"`
	AgentClaimedDone       bool       `json:"agent_claimed_done"`
	TaskActuallySuccessful bool       `json:"task_actually_successful"`
}

func strp(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toJSON(screen []El) []jsonEl {
	out := make([]jsonEl, len(screen))
	for i, e := range screen {
		out[i] = jsonEl{Text: strp(e.Text), ContentDescription: strp(e.Desc), ClassName: strp(e.Class),
			BBoxPixels: &jsonBox{e.X0, e.X1, e.Y0, e.Y1}, HintText: strp(e.Hint), IsChecked: e.Checked,
			IsCheckable: e.Checkable, IsClickable: e.Clickable, IsEditable: e.Editable, IsEnabled: !e.Disabled,
			IsFocused: e.Focused, IsFocusable: e.Focusable, IsLongClickable: e.LongClickable, IsScrollable: e.Scrollable,
			IsSelected: e.Selected, IsVisible: true, PackageName: strp(e.Pkg), ResourceName: strp(e.Res)}
	}
	return out
}

func state(screen []El) jsonState {
	return jsonState{Pixels: "<screenshot_excluded>", Forest: "<protobuf: AndroidAccessibilityForest>",
		UIElements: toJSON(screen), Auxiliaries: map[string]any{}}
}

// Episode renders the case as an AndroidWorld episode JSON file, refusing a malformed case.
func (c Case) Episode() ([]byte, error) {
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("case %s: %w", c.Name, err)
	}
	h := fnv.New32a()
	h.Write([]byte(c.Name))
	t0 := 1753200000 + float64(h.Sum32()%5000000) // when the run started: fixed per case
	ep := jsonEpisode{TaskName: c.TaskName, Goal: c.Goal, ModelName: c.agent(), PromptVariant: "base", MaxSteps: c.budget(),
		Success: c.Truth, StepsTaken: len(c.Steps), InitialState: state(c.Steps[0].Screen), TaskComplexity: 1.2,
		TaskClass: c.TaskName, EpisodeTerminatedEarly: c.Crashed, AgentClaimedDone: !c.TimedOut && !c.Crashed,
		TaskActuallySuccessful: c.Truth}
	ep.MaxStepsAllowed = ep.MaxSteps
	for i, s := range c.Steps {
		if len(s.Screen) == 0 {
			return nil, fmt.Errorf("case %s: step %d has an empty screen", c.Name, i+1)
		}
		act, err := actionJSON(s.Act, s.Screen)
		if err != nil {
			return nil, fmt.Errorf("case %s: step %d: %w", c.Name, i+1, err)
		}
		reason := s.Reason
		if reason == "" {
			return nil, fmt.Errorf("case %s: step %d has no reason", c.Name, i+1)
		}
		raw := "Reason: " + reason + "\nAction: " + act
		ep.Responses = append(ep.Responses, raw)
		ep.Actions = append(ep.Actions, raw)
		timing := 9 + float64((i*7+int(h.Sum32()%5))%9) + 0.25
		ep.StepTimings = append(ep.StepTimings, timing)
		ep.EvaluationTime += timing
		ep.StepRecords = append(ep.StepRecords, jsonStep{StepNum: i + 1, State: state(s.Screen), Action: raw,
			AgentData: map[string]string{"before_screenshot": "<screenshot_excluded>", "after_screenshot": "<large_array: (2400, 1080, 3) uint8>"},
			Timestamp: t0 + ep.EvaluationTime})
		ep.TotalUIElements += len(s.Screen)
	}
	switch {
	case c.TimedOut:
		f := state(c.Final)
		ep.FinalState = &f
	case !c.Crashed:
		f := state(c.Steps[len(c.Steps)-1].Screen)
		ep.FinalState = &f
	}
	ep.EvaluationTimestamp = t0 + ep.EvaluationTime + 4.5
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(ep); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
