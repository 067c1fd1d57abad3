package judge

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// What a judgment was computed from: the capture hashes the bytes it reads of a frame
// (reading), a frame's digests are saved with its step of the progress and checked again
// before a saved frame is reused (savedStillHolds), and the judgment carries them all
// (provenance). Only what the judge reads is hashed while judging, so a long trace judged
// from its UI dumps does not pay for reading every screenshot as well; the screenshots' digests
// come from what observe or trace import recorded in trace.json, which the files read are
// checked against.

// reading is what the capture read of one frame: the digests of its files.
type reading struct {
	t    *trace.Trace
	f    *trace.Frame
	sums trace.FrameSums
}

func newReading(t *trace.Trace, f *trace.Frame) *reading {
	return &reading{t: t, f: f, sums: trace.FrameSums{Index: f.Index, Details: trace.DetailsSum(f)}}
}

// took records the digest of a part read (trace.PartSum's when reading failed with readErr:
// a file that is there but not valid still has a content). The error returned is readErr,
// or, when the content is not what the trace recorded of it, why the frame is not judged:
// its file was changed after it was recorded.
func (r *reading) took(part int, data []byte, readErr error) error {
	sum := trace.Sum(data)
	if readErr != nil {
		sum = r.t.PartSum(r.f, part)
	}
	return r.record(part, sum, readErr)
}

// tookElements is took for the frame's elements, whose digest is that of their decoded form.
func (r *reading) tookElements(els []trace.UIElement, readErr error) error {
	sum := trace.ElementsSum(els)
	if readErr != nil {
		sum = r.t.PartSum(r.f, trace.PartElements)
	}
	return r.record(trace.PartElements, sum, readErr)
}

func (r *reading) record(part int, sum string, readErr error) error {
	var recorded, name string
	rec := r.f.SHA256
	if rec == nil {
		rec = &trace.FileSums{}
	}
	switch part {
	case trace.PartImage:
		r.sums.Image, recorded, name = sum, rec.Image, r.f.Image
	case trace.PartXML:
		r.sums.XML, recorded, name = sum, rec.XML, r.f.XML
	case trace.PartElements:
		r.sums.Elements, recorded, name = sum, rec.Elements, r.f.Elements
	}
	if readErr != nil {
		return readErr
	}
	if recorded != "" && recorded != sum && readErr == nil {
		return fmt.Errorf("frame %d: %s changed after it was recorded (its content is not what %s records): not judged", r.f.Index, name, trace.ManifestName)
	}
	return nil
}

// final is the frame's digests: those of the files read, and for the files not read, the
// digests the trace recorded of them.
func (r *reading) final() trace.FrameSums {
	s := r.sums
	if rec := r.f.SHA256; rec != nil {
		if s.Image == "" {
			s.Image = rec.Image
		}
		if s.XML == "" {
			s.XML = rec.XML
		}
		if s.Elements == "" {
			s.Elements = rec.Elements
		}
	}
	return s
}

// readParts are the parts of a frame the capture read to describe it from source (the
// frame result's Source); every part for a frame that was skipped, since which of its files
// were read then depends on where reading stopped.
func readParts(source string, f *trace.Frame) int {
	hier := trace.PartElements
	if f.XML != "" {
		hier = trace.PartXML
	}
	switch source {
	case CaptureXML:
		return trace.PartXML
	case SourceElements:
		return trace.PartElements
	case CaptureVision, CaptureOCR:
		return trace.PartImage
	case CaptureBoth:
		return hier | trace.PartImage
	}
	return trace.PartAll
}

// savedStillHolds reports whether the frames of a saved progress are still what was judged:
// the files the judge read of each hash as they did (read again), the others are recorded in
// trace.json as they were, and the frame's activity and action are the same. Progress saved
// without digests (by an older build) does not hold.
func savedStillHolds(t *trace.Trace, st *state) bool {
	if len(st.Sums) != len(st.Frames) || len(st.Frames)+len(st.EndSums) > len(t.Frames) {
		return false
	}
	if st.Outcome != nil && len(st.Frames)+len(st.EndSums) != len(t.Frames) {
		return false // the last look read the end of a trace that has grown since
	}
	for k, was := range append(append([]trace.FrameSums{}, st.Sums...), st.EndSums...) {
		f := &t.Frames[k]
		source := "" // a frame the last look read: every part it covers is read again
		if k < len(st.Frames) {
			source = st.Frames[k].Source
		}
		rd := &reading{t: t, f: f, sums: t.ReadSums(f, readParts(source, f)&was.Parts())}
		if rd.final() != was {
			return false
		}
	}
	return true
}

// judgeSetup is the judge's configuration beyond the judgment's record of it, with a digest
// of the whole.
func judgeSetup(cfg *Config, info trace.JudgeInfo) trace.JudgeSetup {
	s := trace.JudgeSetup{Retries: cfg.Retries}
	if info.Model != "" && cfg.Model != nil {
		s.Endpoint = llm.EndpointOf(cfg.Model)
	}
	if info.CaptureModel != "" && cfg.CaptureModel != nil {
		s.CaptureEndpoint = llm.EndpointOf(cfg.CaptureModel)
	}
	info.Notice = "" // the wording of a notice does not change the verdicts
	data, _ := json.Marshal(struct {
		Info  trace.JudgeInfo
		Setup trace.JudgeSetup
	}{info, s})
	s.Digest = trace.Sum(data)
	return s
}

// provenance is the record of what a judgment of t was computed from.
func provenance(t *trace.Trace, task string, subs *substate.List, from string, setup trace.JudgeSetup, st *state) *trace.Provenance {
	return &trace.Provenance{
		Scheme:        trace.ProvenanceScheme,
		Frames:        append(append([]trace.FrameSums{}, st.Sums...), st.EndSums...),
		TraceFrames:   len(t.Frames),
		Task:          trace.Sum([]byte(task)),
		Answer:        trace.Sum([]byte(t.FinalAnswer())),
		Substates:     trace.SubstatesSum(subs.Nodes),
		SubstatesFrom: from,
		Judge:         setup,
	}
}

// jobKey identifies a judging job: the same trace directory, task, answer, substates and
// judge (its kind, models, endpoints, prompts and retries) resume the same progress; any
// change starts a new job. The frames are not in the key: each saved frame carries the
// digests of what was judged and is reused only while they hold (savedStillHolds), so
// screens replaced under the same names are judged again. task is the one judged (the
// trace's, else the substates').
func jobKey(t *trace.Trace, task string, subs *substate.List, setup trace.JudgeSetup) (string, error) {
	dir := t.Dir
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	key := struct {
		Scheme string
		Dir    string
		Source *trace.Source
		Task   string
		Answer string
		Subs   []substate.Node
		Judge  string
	}{"judge/2", dir, t.Source, task, t.FinalAnswer(), subs.Nodes, setup.Digest}
	data, err := json.Marshal(key)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return "judge:" + hex.EncodeToString(sum[:16]), nil
}

// ID names the configuration of a judge across the traces it judges (a suite run's): its
// kind, models and their endpoints, capture mode, retries and the kind's prompt or rule
// versions. Verdicts of the same ID come from the same judge.
func (c Config) ID() (string, error) {
	d, err := c.normalize()
	if err != nil {
		return "", err
	}
	vision := c.CaptureModel != nil && c.Capture != CaptureXML && c.Capture != CaptureOCR
	return judgeSetup(&c, c.info(d, vision, false)).Digest, nil
}
