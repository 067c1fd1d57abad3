package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/trace"
)

// FormatAWEpisode is an AndroidWorld episode JSON file (android_world_agents-style harnesses).
const FormatAWEpisode = "androidworld-episode"

type episode struct{}

func (episode) Name() string { return FormatAWEpisode }

// Detect wants a named *.json file; while walking, only one that looks like an episode
// (not trace.json, a judgment, or other JSON such as configs).
func (episode) Detect(p *Probe) (bool, string) {
	lower := strings.ToLower(filepath.Base(p.Path))
	if p.IsDir || !strings.HasSuffix(lower, ".json") {
		return false, ""
	}
	if !p.Walking {
		return true, ""
	}
	return lower != trace.ManifestName && lower != trace.JudgmentName && looksLikeEpisode(p.Path), ""
}

func (episode) Open(p *Probe, _ bool) ([]*trace.Trace, error) {
	t, err := openEpisode(p.Path)
	if err != nil {
		return nil, err
	}
	return []*trace.Trace{t}, nil
}

// awEpisode is the episode JSON written by android_world_agents-style harnesses:
// AndroidWorld UIElements per step, the programmatic reward and the agent's own claim.
type awEpisode struct {
	TaskName               string          `json:"task_name"`
	Goal                   *string         `json:"goal"`
	ModelName              string          `json:"model_name"`
	PromptVariant          string          `json:"prompt_variant"`
	MaxSteps               int             `json:"max_steps"`
	StepsTaken             int             `json:"steps_taken"`
	Actions                []string        `json:"actions"`
	StepRecords            []awStepRecord  `json:"step_records"`
	FinalState             *awState        `json:"final_state"`
	EvaluationTimestamp    float64         `json:"evaluation_timestamp"`
	EpisodeTerminatedEarly bool            `json:"episode_terminated_early"`
	AgentClaimedDone       *bool           `json:"agent_claimed_done"`
	TaskActuallySuccessful *bool           `json:"task_actually_successful"`
	TaskComplexity         *float64        `json:"task_complexity"`
	Params                 map[string]any  `json:"params"`
	Success                json.RawMessage `json:"success"`
}

type awStepRecord struct {
	StepNum   int      `json:"step_num"`
	State     *awState `json:"state"`
	Action    string   `json:"action"`
	Timestamp float64  `json:"timestamp"`
}

type awState struct {
	UIElements []trace.UIElement `json:"ui_elements"`
}

// looksLikeEpisode peeks at a JSON file's start for the keys every episode has, so
// Discover can skip unrelated JSON without decoding it.
func looksLikeEpisode(path string) bool {
	fh, err := safefile.Open(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	head := make([]byte, 1<<20)
	n, _ := io.ReadFull(fh, head)
	head = head[:n]
	return bytes.Contains(head, []byte(`"goal"`)) &&
		(bytes.Contains(head, []byte(`"step_records"`)) || bytes.Contains(head, []byte(`"task_name"`)) ||
			bytes.Contains(head, []byte(`"task_actually_successful"`)))
}

// openEpisode imports an AndroidWorld episode JSON file. Each step record becomes a frame
// carrying that step's UI elements and the action the agent then took; the final state,
// when recorded, is one more frame (the screen the run ended on). Screenshots were not
// saved by that harness, so frames have elements but no image.
func openEpisode(path string) (*trace.Trace, error) {
	data, err := readFile(path, maxRecordBytes)
	if err != nil {
		return nil, err
	}
	if first := bytes.TrimLeft(data, " \t\r\n"); len(first) > 0 && first[0] == '[' {
		// Most likely a task list (AndroidWorld's task_metadata.json) given as a trace.
		return nil, fmt.Errorf("%s: not an AndroidWorld episode: the file holds a JSON list, not an episode object (a task list is a --suite of run or decompose)", path)
	}
	// Written by Python's json.dump: keys are matched exactly, as Python reads them (an
	// episode with "task_actually_successful": false and "Task_Actually_Successful": true
	// failed), and its NaN is read as null.
	var ep awEpisode
	if err := strictjson.UnmarshalPython(data, &ep); err != nil {
		return nil, fmt.Errorf("%s: invalid episode JSON: %s", path, oneLine(err.Error()))
	}
	if ep.Goal == nil || strings.TrimSpace(*ep.Goal) == "" {
		return nil, fmt.Errorf("%s: not an AndroidWorld episode (no \"goal\")", path)
	}
	t := &trace.Trace{
		Version:  trace.FormatVersion,
		Task:     strings.TrimSpace(*ep.Goal),
		TaskName: ep.TaskName,
		Agent:    ep.ModelName,
		Status:   trace.StatusUnknown,
		Dir:      dirOf(path),
		Source:   &trace.Source{Format: FormatAWEpisode, Path: path},
		Params:   ep.Params,
		Metadata: map[string]any{},
	}
	if ep.PromptVariant != "" {
		t.Metadata["prompt_variant"] = ep.PromptVariant
	}
	if ep.TaskComplexity != nil {
		t.Metadata["task_complexity"] = *ep.TaskComplexity
	}
	t.Metadata["steps_taken"] = ep.StepsTaken
	t.Metadata["episode_terminated_early"] = ep.EpisodeTerminatedEarly
	if ep.TaskActuallySuccessful != nil {
		r := 0.0
		if *ep.TaskActuallySuccessful {
			r = 1
		}
		t.GroundTruth = &trace.GroundTruth{Reward: r, Source: "androidworld:task_actually_successful",
			Details: fmt.Sprintf("AndroidWorld's programmatic check recorded by the harness: task_actually_successful=%v", *ep.TaskActuallySuccessful)}
	}
	t.AgentClaimedDone = ep.AgentClaimedDone
	switch {
	case ep.AgentClaimedDone != nil && *ep.AgentClaimedDone:
		t.Status = trace.StatusCompleted
	case ep.MaxSteps > 0 && ep.StepsTaken >= ep.MaxSteps:
		t.Status = trace.StatusTimeout
	}
	for i, sr := range ep.StepRecords {
		f := trace.Frame{Index: i + 1}
		if sr.State != nil {
			f.ElementsData = nonNilElements(sr.State.UIElements)
		}
		if tm, ok := unixFloat(sr.Timestamp); ok {
			f.Time = &tm
		}
		raw := sr.Action
		if raw == "" && i < len(ep.Actions) {
			raw = ep.Actions[i]
		}
		if raw != "" {
			f.Action = parseAWAction(raw, f.ElementsData)
		}
		t.Frames = append(t.Frames, f)
	}
	if ep.FinalState != nil && len(ep.FinalState.UIElements) > 0 {
		f := trace.Frame{Index: len(t.Frames) + 1, ElementsData: ep.FinalState.UIElements}
		if tm, ok := unixFloat(ep.EvaluationTimestamp); ok {
			f.Time = &tm
		}
		t.Frames = append(t.Frames, f)
	}
	if len(t.Frames) > 0 {
		if first := t.Frames[0].Time; first != nil {
			t.Started = first
		}
		t.Device.Width, t.Device.Height = screenFromElements(t.Frames[0].ElementsData)
	}
	if tm, ok := unixFloat(ep.EvaluationTimestamp); ok {
		t.Ended = &tm
	}
	return t, nil
}

func nonNilElements(e []trace.UIElement) []trace.UIElement {
	if e == nil {
		return []trace.UIElement{}
	}
	return e
}

// unixFloat reads Unix seconds; ok is false for none (0 or less) and for times past
// year 9999, which trace.json cannot hold.
func unixFloat(f float64) (time.Time, bool) {
	if !(f > 0 && f < maxUnixSeconds) {
		return time.Time{}, false
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC(), true
}

// maxUnixSeconds is 10000-01-01T00:00:00Z.
const maxUnixSeconds = 253402300800

// screenFromElements estimates the screen size from the widest element boxes.
func screenFromElements(els []trace.UIElement) (int, int) {
	var w, h float64
	for _, e := range els {
		if e.BBoxPixels != nil {
			w = math.Max(w, e.BBoxPixels.XMax)
			h = math.Max(h, e.BBoxPixels.YMax)
		}
	}
	return side(w), side(h)
}

// awJSONAction is AndroidWorld's JSONAction.
type awJSONAction struct {
	ActionType string   `json:"action_type"`
	Index      *int     `json:"index"`
	X          *float64 `json:"x"`
	Y          *float64 `json:"y"`
	Text       string   `json:"text"`
	Direction  string   `json:"direction"`
	AppName    string   `json:"app_name"`
	GoalStatus string   `json:"goal_status"`
}

// parseAWAction reads "Reason: ...\nAction: {...json...}" (or bare JSON) into an Action;
// an element index is also turned into the element's centre so tap positions are known.
func parseAWAction(raw string, els []trace.UIElement) *trace.Action {
	raw = validText([]byte(raw)) // pickled text is not checked for UTF-8
	a := &trace.Action{Type: "other", Raw: raw}
	js := raw
	if i := strings.LastIndex(raw, "Action:"); i >= 0 {
		js = raw[i+len("Action:"):]
	}
	start, end := strings.IndexByte(js, '{'), strings.LastIndexByte(js, '}')
	if start < 0 || end <= start {
		return a
	}
	var ja awJSONAction
	if err := strictjson.UnmarshalPython([]byte(js[start:end+1]), &ja); err != nil {
		return a
	}
	a.Raw = strings.TrimSpace(js[start : end+1])
	switch ja.ActionType {
	case "click", "tap":
		a.Type = "tap"
	case "long_press":
		a.Type = "long_press"
	case "input_text", "type":
		a.Type, a.Text = "type", ja.Text
	case "scroll":
		a.Type, a.Direction = "scroll", ja.Direction
	case "swipe":
		a.Type, a.Direction = "swipe", ja.Direction
	case "navigate_home":
		a.Type, a.Text = "key", "home"
	case "navigate_back":
		a.Type, a.Text = "key", "back"
	case "keyboard_enter":
		a.Type, a.Text = "key", "enter"
	case "open_app":
		a.Type, a.Text = "open_app", ja.AppName
	case "wait":
		a.Type = "wait"
	case "status":
		if ja.GoalStatus == "complete" {
			a.Type = "done"
		}
		a.Text = ja.GoalStatus
	case "answer":
		a.Type, a.Text = "answer", ja.Text
	}
	if ja.Index != nil {
		idx := *ja.Index
		a.Element = &idx
		if ja.X == nil && idx >= 0 && idx < len(els) && els[idx].BBoxPixels != nil {
			b := els[idx].BBoxPixels
			x, y := mid(b.XMin, b.XMax), mid(b.YMin, b.YMax)
			a.X, a.Y = &x, &y
		}
	}
	if ja.X != nil && ja.Y != nil {
		a.X, a.Y = ja.X, ja.Y
	}
	return a
}
