package trace

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/substate"
)

// ProvenanceScheme names how the digests of a Provenance and of FileSums are computed:
// SHA-256 of the content, in hex. A reader that does not know a judgment's scheme cannot
// check it, which is "unknown provenance", not "stale".
const ProvenanceScheme = "sha256/1"

// SubstatesName is the file a trace directory may carry with its hand-written substates.
const SubstatesName = "substates.json"

// Where a judgment's substates came from (Provenance.SubstatesFrom).
const (
	SubstatesFromTrace = "trace" // the trace's own substates.json
	SubstatesFromFile  = "file"  // a file given for the judging (--substates)
	SubstatesFromModel = "model" // the task decomposed by a model
	SubstatesFromRules = "rules" // derived from the task text by the judge's fixed rules
)

// MissingSum stands for a file a frame refers to that could not be read (missing, not a
// regular file, refused): a digest of "nothing", so the file turning up later is a change.
const MissingSum = "-"

// Provenance records what a judgment was computed from, as content digests, so that a
// reader can tell whether the trace still holds what was judged: a judgment whose trace no
// longer matches is stale (Check). A judgment without one was written before judgments
// recorded it: its provenance is unknown.
type Provenance struct {
	Scheme string `json:"scheme"`
	// Frames has one entry per frame judged (and per frame after an early stop that the
	// judge's last look read), in order: the digests of the files the judge read for it, and
	// of the files it did not read as the trace recorded them (FileSums).
	Frames []FrameSums `json:"frames"`
	// TraceFrames is how many frames the trace had when it was judged.
	TraceFrames int `json:"trace_frames"`
	// Task, Answer and Substates are digests of the task text judged, the agent's answer
	// (Trace.FinalAnswer) and the substates (their JSON, as the judgment lists them).
	Task      string `json:"task"`
	Answer    string `json:"answer"`
	Substates string `json:"substates"`
	// SubstatesFrom is where the substates came from (SubstatesFrom*).
	SubstatesFrom string `json:"substates_from,omitempty"`
	// Judge is what judged, beyond the judgment's "judge" record.
	Judge JudgeSetup `json:"judge"`
}

// JudgeSetup is the part of a judge's configuration that the judgment's JudgeInfo does not
// name, and a digest of the whole.
type JudgeSetup struct {
	// Endpoint and CaptureEndpoint are the base URLs the models were called at.
	Endpoint        string `json:"endpoint,omitempty"`
	CaptureEndpoint string `json:"capture_endpoint,omitempty"`
	Retries         int    `json:"retries"`
	// Digest covers the kind, models, endpoints, capture mode, retries and the prompt (or
	// rule) versions: two judgments with the same digest were made by the same judge.
	Digest string `json:"digest"`
}

// FrameSums are the digests of one frame: its files' contents (MissingSum for a file it
// refers to that cannot be read; empty for a file not covered) and Details, the digest of
// what trace.json says of the frame besides (its activity and action).
type FrameSums struct {
	Index    int    `json:"index"`
	Image    string `json:"image,omitempty"`
	XML      string `json:"xml,omitempty"`
	Elements string `json:"elements,omitempty"`
	Details  string `json:"details"`
}

// FileSums are the digests a recorder (observe, trace import) took of a frame's files as it
// wrote them, kept in trace.json: a file that no longer matches was changed afterwards.
type FileSums struct {
	Image    string `json:"image,omitempty"`
	XML      string `json:"xml,omitempty"`
	Elements string `json:"elements,omitempty"`
}

// Sum is the hex SHA-256 of data.
func Sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// ElementsSum is the digest of a frame's elements as decoded (their JSON as this package
// writes it), the same whether they came from a file or from an episode in memory.
func ElementsSum(els []UIElement) string {
	data, err := json.Marshal(els)
	if err != nil {
		return MissingSum
	}
	return Sum(data)
}

// DetailsSum is the digest of what trace.json says of a frame besides its files: its index,
// activity and action (which decides whether a form on it was submitted).
func DetailsSum(f *Frame) string {
	h := sha256.New()
	// Each field with its length, so no two frames write the same bytes.
	fmt.Fprintf(h, "index %d\nactivity %d %s\n", f.Index, len(f.Activity), f.Activity)
	if f.Action != nil {
		a, _ := json.Marshal(f.Action)
		fmt.Fprintf(h, "action %d %s\n", len(a), a)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// SubstatesSum is the digest of a list of substates.
func SubstatesSum(nodes []substate.Node) string {
	data, err := json.Marshal(nodes)
	if err != nil {
		return MissingSum
	}
	return Sum(data)
}

// Frame parts, for ReadSums.
const (
	PartImage = 1 << iota
	PartXML
	PartElements
	PartAll = PartImage | PartXML | PartElements
)

// ReadSums reads the parts of the frame it refers to among those asked and returns their
// digests (PartSum), with Index and Details. Parts the frame does not have stay empty.
func (t *Trace) ReadSums(f *Frame, parts int) FrameSums {
	s := FrameSums{Index: f.Index, Details: DetailsSum(f)}
	if parts&PartImage != 0 && t.HasImage(f) {
		s.Image = t.PartSum(f, PartImage)
	}
	if parts&PartXML != 0 && t.HasXML(f) {
		s.XML = t.PartSum(f, PartXML)
	}
	if parts&PartElements != 0 && t.HasElements(f) {
		s.Elements = t.PartSum(f, PartElements)
	}
	return s
}

// PartSum is the digest of one part of a frame: the bytes of its screenshot or UI dump as
// they are, valid or not, and its elements as decoded (ElementsSum; the bytes when they do
// not decode); MissingSum when the file cannot be read (missing, not a regular file, outside
// the trace).
func (t *Trace) PartSum(f *Frame, part int) string {
	var rel string
	var limit int64
	switch part {
	case PartImage:
		if f.Image == "" && len(f.ImageData) > 0 {
			return Sum(f.ImageData)
		}
		rel, limit = f.Image, MaxImageFileBytes
	case PartXML:
		rel, limit = f.XML, MaxDumpBytes
	case PartElements:
		if f.Elements == "" && f.ElementsData != nil {
			return ElementsSum(f.ElementsData)
		}
		rel, limit = f.Elements, MaxElementsFileBytes
	}
	if rel == "" {
		return MissingSum
	}
	_, data, err := t.loadRel(rel, limit)
	if err != nil {
		return MissingSum
	}
	if part == PartElements {
		if els, err := decodeElements(data); err == nil {
			return ElementsSum(els)
		}
	}
	return Sum(data)
}

// Parts says which files the sums cover.
func (s FrameSums) Parts() int {
	p := 0
	if s.Image != "" {
		p |= PartImage
	}
	if s.XML != "" {
		p |= PartXML
	}
	if s.Elements != "" {
		p |= PartElements
	}
	return p
}

// Changes lists what differs between the sums a judgment recorded (was) and the frame's
// now (s), naming the frame's files: "frame 3: 0003.xml changed".
func (s FrameSums) Changes(t *Trace, f *Frame, was FrameSums) []string {
	var out []string
	part := func(what, name, now, then string) {
		switch {
		case now == then:
		case now == MissingSum:
			out = append(out, fmt.Sprintf("frame %d: %s is gone", f.Index, orWhat(name, what)))
		case then == MissingSum:
			out = append(out, fmt.Sprintf("frame %d: %s appeared", f.Index, orWhat(name, what)))
		default:
			out = append(out, fmt.Sprintf("frame %d: %s changed", f.Index, orWhat(name, what)))
		}
	}
	if s.Index != was.Index {
		return []string{fmt.Sprintf("frame %d of the judgment is frame %d of the trace now", was.Index, s.Index)}
	}
	part("its screenshot", f.Image, s.Image, was.Image)
	part("its UI dump", f.XML, s.XML, was.XML)
	part("its elements", f.Elements, s.Elements, was.Elements)
	if s.Details != was.Details {
		out = append(out, fmt.Sprintf("frame %d: its activity or action in %s changed", f.Index, ManifestName))
	}
	return out
}

func orWhat(name, what string) string {
	if name == "" {
		return what
	}
	return name
}

// check compares the sums recorded of a frame with its files: what no longer matches,
// named by file.
func (r *FileSums) check(t *Trace, f *Frame) []string {
	if r == nil {
		return nil
	}
	now := t.ReadSums(f, (FrameSums{Image: r.Image, XML: r.XML, Elements: r.Elements}).Parts())
	return now.Changes(t, f, FrameSums{Index: f.Index, Image: r.Image, XML: r.XML, Elements: r.Elements, Details: now.Details})
}

// RecordedChanges lists the frames' files that no longer match the digests their recorder
// kept in trace.json (observe, trace import): changed after they were recorded.
func (t *Trace) RecordedChanges() []string {
	var out []string
	for i := range t.Frames {
		out = append(out, t.Frames[i].SHA256.check(t, &t.Frames[i])...)
	}
	return out
}

// StaleReasons says why the judgment j of t no longer matches t, or nil when it does: a frame
// judged changed (or gone, or frames were added), the task text
// or the agent's answer changed, the trace's substates.json it was judged against changed, or
// the judgment's substates were edited. known is false when j has no provenance this build
// can check (written before judgments recorded it): nothing can be said then.
func StaleReasons(t *Trace, j *Judgment) (reasons []string, known bool) {
	p := j.Provenance
	if p == nil || p.Scheme != ProvenanceScheme {
		return nil, false
	}
	task := t.Task
	if task == "" {
		task = j.Task
	}
	if Sum([]byte(task)) != p.Task {
		reasons = append(reasons, "the task text changed")
	}
	if Sum([]byte(t.FinalAnswer())) != p.Answer {
		reasons = append(reasons, "the agent's answer changed")
	}
	nodes := make([]substate.Node, len(j.Substates))
	for i, s := range j.Substates {
		nodes[i] = s.Node
	}
	if SubstatesSum(nodes) != p.Substates {
		reasons = append(reasons, "the judgment's substates were edited")
	} else if p.SubstatesFrom == SubstatesFromTrace {
		switch s, err := t.ReadSubstates(); {
		case err != nil:
			reasons = append(reasons, fmt.Sprintf("%s, which it was judged against, cannot be read (%v)", SubstatesName, err))
		case SubstatesSum(s.Nodes) != p.Substates:
			reasons = append(reasons, SubstatesName+", which it was judged against, changed")
		}
	}
	if len(p.Frames) > len(t.Frames) {
		reasons = append(reasons, fmt.Sprintf("the trace has %d frames, %d were judged", len(t.Frames), len(p.Frames)))
		return reasons, true
	}
	// Even after an early stop: the judge's last look at the run read its end.
	if len(t.Frames) != p.TraceFrames {
		reasons = append(reasons, fmt.Sprintf("the trace has %d frames, %d when it was judged", len(t.Frames), p.TraceFrames))
	}
	var frames []string
	for i, was := range p.Frames {
		f := &t.Frames[i]
		frames = append(frames, t.ReadSums(f, was.Parts()).Changes(t, f, was)...)
	}
	const shown = 3
	if len(frames) > shown {
		frames = append(frames[:shown], fmt.Sprintf("%d more frame changes", len(frames)-shown))
	}
	return append(reasons, frames...), true
}

// judgmentProblems checks the judgments kept in the trace's own directory against it: one
// that cannot be read, or that no longer matches the trace (StaleReasons), is a problem.
func judgmentProblems(t *Trace) []string {
	if t.Dir == "" || !t.OwnsDir() {
		return nil
	}
	entries, err := os.ReadDir(t.Dir)
	if err != nil {
		return nil // the directory itself is reported by the frames' checks
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !IsJudgmentFile(e.Name()) {
			continue
		}
		path := filepath.Join(t.Dir, e.Name())
		if err := safefile.Inside(t.Dir, path); err != nil {
			// Not read, as eval and the viewer do not read it.
			out = append(out, fmt.Sprintf("judgment %s %v: not read", e.Name(), err))
			continue
		}
		j, err := ReadJudgment(path)
		if err != nil {
			out = append(out, fmt.Sprintf("judgment %v", err))
			continue
		}
		if reasons, _ := StaleReasons(t, j); len(reasons) > 0 {
			out = append(out, fmt.Sprintf("judgment %s (judge %s) is stale: %s; judge the trace again", e.Name(), j.Judge.Label(), StaleText(reasons)))
		}
	}
	return out
}

// ReadSubstates reads the trace's own substates.json.
func (t *Trace) ReadSubstates() (*substate.List, error) {
	if t.Dir == "" {
		return nil, errors.New("the trace has no directory")
	}
	return substate.ReadFileIn(t.Dir, filepath.Join(t.Dir, SubstatesName))
}

// StaleText joins stale reasons into one line.
func StaleText(reasons []string) string { return strings.Join(reasons, "; ") }
