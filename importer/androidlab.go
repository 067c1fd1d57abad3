package importer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/trace"
)

// FormatAndroidLab is an AndroidLab run directory.
const FormatAndroidLab = "androidlab"

type androidLab struct{}

func (androidLab) Name() string { return FormatAndroidLab }

// Detect wants a run directory holding traces/trace.jsonl, or that file named itself.
func (androidLab) Detect(p *Probe) (bool, string) {
	if p.IsDir {
		return p.Has(filepath.Join("traces", "trace.jsonl")), ""
	}
	return !p.Walking && strings.ToLower(filepath.Base(p.Path)) == "trace.jsonl" &&
		strings.EqualFold(filepath.Base(filepath.Dir(p.Path)), "traces"), ""
}

func (androidLab) Open(p *Probe, first bool) ([]*trace.Trace, error) {
	if !p.IsDir {
		return open(filepath.Dir(filepath.Dir(p.Path)), first)
	}
	t, err := openAndroidLab(p.Path)
	if err != nil {
		return nil, err
	}
	return []*trace.Trace{t}, nil
}

// alStep is one line of AndroidLab's traces/trace.jsonl (recorder/json_recorder.py):
// paths are absolute on the machine that recorded the run, so only their base names are
// trusted and looked up in the run's Screen/ and xml/ folders.
type alStep struct {
	TraceID         any             `json:"trace_id"`
	Image           string          `json:"image"`
	XML             *string         `json:"xml"`
	ACXML           *string         `json:"ac_xml"`
	CurrentActivity string          `json:"current_activity"`
	Window          []float64       `json:"window"` // Python may write 1080.0
	Target          string          `json:"target"`
	ParsedAction    json.RawMessage `json:"parsed_action"`
	CurrentResponse string          `json:"current_response"`
	CurrentApp      string          `json:"current_app"`
}

type alAction struct {
	Operation string         `json:"operation"`
	Action    string         `json:"action"`
	Kwargs    map[string]any `json:"kwargs"`
}

// openAndroidLab imports an AndroidLab run directory: traces/trace.jsonl with the
// screenshots in Screen/ and UI dumps in xml/ beside it.
func openAndroidLab(dir string) (*trace.Trace, error) {
	path := filepath.Join(dir, "traces", "trace.jsonl")
	data, err := readFileIn(dir, path, maxRecordBytes)
	if err != nil {
		return nil, err
	}
	t := &trace.Trace{Version: trace.FormatVersion, Status: trace.StatusUnknown, Dir: dir,
		Source: &trace.Source{Format: FormatAndroidLab, Path: dir}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var st alStep
		// The recorder is Python (json.dumps): NaN is read as null, keys exactly.
		if err := strictjson.UnmarshalPython(line, &st); err != nil {
			return nil, fmt.Errorf("%s: line %d: invalid JSON: %s", path, lineNo, oneLine(err.Error()))
		}
		if t.Task == "" {
			t.Task = strings.TrimSpace(st.Target)
		}
		if t.TaskName == "" && st.TraceID != nil {
			t.TaskName = strings.TrimSpace(fmt.Sprint(st.TraceID))
		}
		if len(st.Window) == 2 && t.Device.Width == 0 {
			t.Device.Width, t.Device.Height = side(st.Window[0]), side(st.Window[1])
		}
		f := trace.Frame{Index: len(t.Frames) + 1, Activity: st.CurrentActivity}
		f.Image = localFile(dir, "Screen", st.Image)
		for _, x := range []*string{st.XML, st.ACXML} {
			if f.XML == "" && x != nil && *x != "" && *x != "ERROR" {
				f.XML = localFile(dir, "xml", *x)
			}
		}
		if len(st.ParsedAction) > 0 && string(st.ParsedAction) != "null" {
			f.Action = parseALAction(st.ParsedAction)
			if f.Action != nil && f.Action.Type == "done" {
				t.Status = trace.StatusCompleted
			}
		}
		t.Frames = append(t.Frames, f)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(t.Frames) == 0 {
		return nil, fmt.Errorf("%s: no steps", path)
	}
	// AndroidLab's agent ends a run with a "finish" operation: that is its claim of being
	// done. Without one, the run stopped (step limit, error) with no such claim.
	claimed := t.Status == trace.StatusCompleted
	t.AgentClaimedDone = &claimed
	t.Metadata = map[string]any{"agent_claim_source": "androidlab: a finish operation in traces/trace.jsonl"}
	if t.Task == "" {
		return nil, fmt.Errorf("%s: no task (\"target\") in any step", path)
	}
	return t, nil
}

// localFile maps a recorded path to sub/<base name> inside the run directory when that
// file exists there, else the recorded relative path (Validate reports it if missing).
func localFile(dir, sub, recorded string) string {
	if recorded == "" {
		return ""
	}
	base := filepath.Base(filepath.FromSlash(strings.ReplaceAll(recorded, `\`, "/")))
	rel := filepath.ToSlash(filepath.Join(sub, base))
	if isFile(filepath.Join(dir, rel)) {
		return rel
	}
	if !filepath.IsAbs(recorded) {
		return filepath.ToSlash(recorded)
	}
	return rel
}

func parseALAction(raw json.RawMessage) *trace.Action {
	a := &trace.Action{Type: "other", Raw: validText(raw)}
	var pa alAction
	if err := strictjson.UnmarshalPython(raw, &pa); err != nil {
		return a
	}
	if strings.EqualFold(pa.Operation, "finish") {
		a.Type = "done"
		return a
	}
	kw := pa.Kwargs
	switch strings.ToLower(pa.Action) {
	case "tap":
		a.Type = "tap"
	case "long press", "long_press":
		a.Type = "long_press"
	case "type":
		a.Type, a.Text = "type", str(kw["text"])
	case "swipe":
		a.Type, a.Direction = "swipe", str(kw["direction"])
	case "back", "press back":
		a.Type, a.Text = "key", "back"
	case "home", "press home":
		a.Type, a.Text = "key", "home"
	case "enter", "press enter":
		a.Type, a.Text = "key", "enter"
	case "launch":
		a.Type, a.Text = "open_app", str(kw["app"])
	case "wait":
		a.Type = "wait"
	}
	if el, ok := kw["element"].([]any); ok && len(el) == 4 {
		var b [4]float64
		for i, v := range el {
			b[i], _ = num(v)
		}
		x, y := mid(b[0], b[2]), mid(b[1], b[3])
		a.X, a.Y = &x, &y
	}
	return a
}
