// Package trace owns the on-disk trace directory: trace.json, numbered frames and the
// judgment written beside them. Other tools' recordings are opened by package importer.
package trace

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/autoeval/autoeval/internal/strictjson"
)

// FormatVersion is the trace.json version this package writes.
const FormatVersion = 1

// ManifestName is the file that makes a directory a native trace.
const ManifestName = "trace.json"

// Status values: how the recording ended.
const (
	StatusCompleted  = "completed"
	StatusTimeout    = "timeout"
	StatusCrashed    = "crashed"
	StatusDeviceLost = "device_lost"
	StatusStopped    = "stopped" // interrupted by the user (Ctrl-C)
	StatusUnknown    = "unknown" // imported from a tool that does not say
	// StatusNotStarted: the agent never ran, because the device (or the agent's own
	// command) failed first; metadata.error says what happened.
	StatusNotStarted = "not_started"
)

// Trace is one recorded run of an agent on one task.
type Trace struct {
	Version  int        `json:"version"`
	Task     string     `json:"task"`
	TaskName string     `json:"task_name,omitempty"` // catalogue name, e.g. AndroidWorld's "ContactsAddContact"
	App      string     `json:"app,omitempty"`
	Agent    string     `json:"agent,omitempty"`
	Device   Device     `json:"device"`
	Started  *time.Time `json:"started,omitempty"`
	Ended    *time.Time `json:"ended,omitempty"`
	Status   string     `json:"status"`
	Frames   []Frame    `json:"frames"`
	// DroppedFrames counts captured frames discarded as near-duplicates.
	DroppedFrames int `json:"dropped_frames,omitempty"`
	// Params are the task's parameters (for ground-truth checks), when known.
	Params map[string]any `json:"params,omitempty"`
	// AgentClaimedDone is the agent's own claim of success, when its harness recorded one.
	AgentClaimedDone *bool        `json:"agent_claimed_done,omitempty"`
	GroundTruth      *GroundTruth `json:"ground_truth,omitempty"`
	// Source says where an imported trace came from.
	Source   *Source        `json:"source,omitempty"`
	Metadata map[string]any `json:"metadata,omitempty"`

	// Answer is the agent's reported answer to a question task, when its harness kept one
	// apart from the actions (an "answer" action in the frames is read as well: FinalAnswer).
	Answer string `json:"answer,omitempty"`

	// Dir is the directory the trace was read from or written to; frame paths are relative to it.
	Dir string `json:"-"`

	// native is set when the trace was read from or written as a native directory, so
	// Label names it after that directory rather than its original source.
	native bool
}

// IsNative reports whether the trace lives in a native trace directory of its own
// (read from or written as trace.json), whatever tool originally recorded it.
func (t *Trace) IsNative() bool { return t.native }

// Device describes the device the trace was recorded on.
type Device struct {
	Serial  string `json:"serial,omitempty"`
	Width   int    `json:"width,omitempty"`
	Height  int    `json:"height,omitempty"`
	Android string `json:"android,omitempty"`
}

// Frame is one observed screen. File fields are paths relative to the trace directory.
type Frame struct {
	Index int        `json:"index"`
	Time  *time.Time `json:"time,omitempty"`
	Image string     `json:"image,omitempty"`
	XML   string     `json:"xml,omitempty"`
	// Elements is a JSON file holding the screen's accessibility elements (AndroidWorld UIElements).
	Elements string  `json:"elements,omitempty"`
	Activity string  `json:"activity,omitempty"`
	Action   *Action `json:"action,omitempty"` // the action the agent took on this screen
	// SHA256 holds the digests of the frame's files as their recorder (observe, trace
	// import) wrote them: a file that no longer matches was changed afterwards.
	SHA256 *FileSums `json:"sha256,omitempty"`

	// In-memory content of imported frames that have no file yet (episode JSON elements,
	// screenshots decoded from a checkpoint). Writing the trace natively turns them into files.
	ImageData    []byte      `json:"-"` // PNG bytes
	ElementsData []UIElement `json:"-"`
}

// Action is what the agent did on a frame, normalised enough for reference-based metrics.
type Action struct {
	Type      string   `json:"type"`        // tap, long_press, type, scroll, swipe, key, open_app, wait, done, answer, other
	X         *float64 `json:"x,omitempty"` // pixels
	Y         *float64 `json:"y,omitempty"`
	Text      string   `json:"text,omitempty"`
	Direction string   `json:"direction,omitempty"` // up, down, left, right
	Element   *int     `json:"element,omitempty"`   // index into the frame's elements, when the agent named one
	Raw       string   `json:"raw,omitempty"`       // the tool's own rendering of the action
}

// GroundTruth is a programmatic reward for the run.
type GroundTruth struct {
	Reward  float64 `json:"reward"`            // in [0,1]; composite tasks give partial credit
	Source  string  `json:"source"`            // e.g. "androidworld:task_actually_successful", "autoeval:groundtruth"
	Details string  `json:"details,omitempty"` // readable explanation
}

// SuccessThreshold is the reward at or above which a run counts as successful.
const SuccessThreshold = 1.0

// Success reports whether the reward reaches the threshold.
func (g *GroundTruth) Success() bool { return g != nil && g.Reward >= SuccessThreshold }

// Source records the origin of an imported trace.
type Source struct {
	Format string `json:"format"` // folder, llamatouch, androidworld-checkpoint, androidworld-episode, androidlab, native
	Path   string `json:"path"`
	Entry  int    `json:"entry,omitempty"` // episode index inside a multi-episode file
}

// Path resolves a frame-relative path inside the trace directory, refusing any that escape it.
func (t *Trace) Path(rel string) (string, error) {
	return SafeJoin(t.Dir, rel)
}

// SafeJoin joins rel onto dir and fails when the result would leave dir.
func SafeJoin(dir, rel string) (string, error) {
	if rel == "" {
		return "", errors.New("empty path")
	}
	if filepath.IsAbs(rel) || strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, `\`) {
		return "", fmt.Errorf("path %q is absolute; trace paths must be relative to the trace directory", rel)
	}
	clean := filepath.Clean(filepath.FromSlash(rel))
	if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("path %q escapes the trace directory", rel)
	}
	return filepath.Join(dir, clean), nil
}

// ReadManifest reads DIR/trace.json without checking frame files (see Validate).
func ReadManifest(dir string) (*Trace, error) {
	path := filepath.Join(dir, ManifestName)
	data, err := readIn("", path, MaxManifestBytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t, err := DecodeManifest(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t.Dir = dir
	return t, nil
}

// DecodeManifest parses trace.json bytes and checks the fields that need no files. Keys
// are matched exactly (as json.load and every other tool reading the file do) and a key
// given twice is an error: "TASK" is not "task", and a file cannot say two things.
func DecodeManifest(data []byte) (*Trace, error) {
	var t Trace
	// The task is decoded on its own, so an oversized one is refused from its raw bytes
	// before a string of its size is made; the reward, so a missing one is not read as 0.
	m := struct {
		*traceJSON
		Task        taskJSON         `json:"task"`
		GroundTruth *groundTruthJSON `json:"ground_truth"`
	}{traceJSON: (*traceJSON)(&t)}
	if err := strictjson.Unmarshal(data, &m); err != nil {
		var le *limitError
		if errors.As(err, &le) {
			return nil, le
		}
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	t.Task = string(m.Task)
	if m.GroundTruth != nil {
		if m.GroundTruth.Reward == nil {
			return nil, errors.New("ground_truth has no reward")
		}
		t.GroundTruth = &GroundTruth{Reward: *m.GroundTruth.Reward, Source: m.GroundTruth.Source, Details: m.GroundTruth.Details}
		if err := CheckGroundTruth(t.GroundTruth); err != nil {
			return nil, err
		}
	}
	if t.Version < 1 || t.Version > FormatVersion {
		return nil, fmt.Errorf("unsupported trace version %d (this build reads 1..%d)", t.Version, FormatVersion)
	}
	for i := range t.Frames {
		f := &t.Frames[i]
		if err := CheckFrameFields(f); err != nil {
			return nil, fmt.Errorf("frame %d (position %d): %w", f.Index, i, err)
		}
		for _, rel := range []string{f.Image, f.XML, f.Elements} {
			if rel == "" {
				continue
			}
			if _, err := SafeJoin(".", rel); err != nil {
				return nil, fmt.Errorf("frame %d (position %d): %w", f.Index, i, err)
			}
		}
		if i > 0 && f.Index <= t.Frames[i-1].Index {
			return nil, fmt.Errorf("frame %d (position %d): frame indexes must increase", f.Index, i)
		}
	}
	return &t, nil
}

// traceJSON is Trace without its methods, for decoding it around taskJSON.
type traceJSON Trace

// groundTruthJSON is GroundTruth with its reward required.
type groundTruthJSON struct {
	Reward  *float64 `json:"reward"`
	Source  string   `json:"source"`
	Details string   `json:"details"`
}

// taskJSON is a task text that refuses to be longer than MaxTaskBytes.
type taskJSON string

func (t *taskJSON) UnmarshalJSON(raw []byte) error {
	// An escape takes at most 6 bytes for one byte of text: beyond that the raw JSON alone
	// shows the text is too long.
	if len(raw) > 6*MaxTaskBytes+2 {
		return CheckTaskSize(int64(len(raw) - 2))
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return err
	}
	if err := CheckTask(s); err != nil {
		return err
	}
	*t = taskJSON(s)
	return nil
}

// WriteManifest writes trace.json atomically into t.Dir (a temp file renamed into place,
// so a crash never leaves a half-written manifest).
func (t *Trace) WriteManifest() error {
	if t.Dir == "" {
		return errors.New("trace has no directory")
	}
	if t.Version == 0 {
		t.Version = FormatVersion
	}
	if t.Frames == nil {
		t.Frames = []Frame{}
	}
	return WriteJSONAtomic(filepath.Join(t.Dir, ManifestName), t)
}

// WriteJSONAtomic marshals v with indentation and renames it into place, so a crash never
// leaves a half-written trace.json or judgment. A document over MaxManifestBytes is
// refused: imported values (an episode's params) would otherwise be amplified by
// indentation into a file no reader takes.
func WriteJSONAtomic(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if len(data) > MaxManifestBytes {
		return fmt.Errorf("%s: %w", path, &limitError{fmt.Sprintf("would be %s, over the limit of %s for a trace file", size(int64(len(data))), size(MaxManifestBytes))})
	}
	return WriteFileAtomic(path, append(data, '\n'), 0o644)
}

// FrameName is the base name used for frame files: 0001, 0002, ...
func FrameName(index int) string { return fmt.Sprintf("%04d", index) }

// ActionText says an agent's action for people and prompts: `tap (540, 1200)`,
// `tap (540, 1200) element 3`, `key "back"`; "" for none.
func ActionText(a *Action) string {
	if a == nil {
		return ""
	}
	parts := []string{a.Type}
	if a.X != nil && a.Y != nil {
		parts = append(parts, fmt.Sprintf("(%.0f, %.0f)", *a.X, *a.Y))
	}
	if a.Element != nil {
		parts = append(parts, fmt.Sprintf("element %d", *a.Element))
	}
	if a.Direction != "" {
		parts = append(parts, a.Direction)
	}
	if a.Text != "" {
		parts = append(parts, fmt.Sprintf("%q", a.Text))
	}
	return strings.Join(parts, " ")
}
