package trace

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"

	"github.com/autoeval/autoeval/uixml"
)

// ValidationError lists every problem of a trace, each naming the file and frame.
type ValidationError struct {
	Trace    string
	Problems []string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %d problem(s): %s", e.Trace, len(e.Problems), strings.Join(e.Problems, "; "))
}

// Validate checks a trace in full: a task and at least one frame; increasing frame
// indexes; every referenced file inside the trace directory, present, and decodable
// (images fully decoded, so truncation is caught; XML a readable uiautomator dump;
// elements valid JSON); in-memory screenshots decodable, none over lim; texts within their
// limits. All problems are collected. progress (may be nil) is told (done, total), from one
// goroutine at a time, as the frames' files are checked. Files are checked in parallel, and
// a file several frames refer to is read and decoded once, so time grows with the distinct
// files and memory stays that of a few decoded frames.
func Validate(t *Trace, lim Limits, progress func(done, total int)) error {
	name := t.Dir
	if t.Source != nil && t.Source.Path != "" {
		name = t.Source.Path
	}
	if name == "" {
		name = Label(t)
	}
	var p []string
	add := func(format string, args ...any) { p = append(p, fmt.Sprintf(format, args...)) }
	if strings.TrimSpace(t.Task) == "" {
		add("no task text")
	} else if err := CheckTask(t.Task); err != nil {
		add("%v", err)
	}
	if len(t.Frames) == 0 {
		add("no frames")
	}
	checks := planChecks(t)
	runChecks(t, checks, lim, progress)
	for i := range t.Frames {
		f := &t.Frames[i]
		if i > 0 && f.Index <= t.Frames[i-1].Index {
			add("frame %d (position %d): frame indexes must increase", f.Index, i)
		}
		for _, c := range checks.byFrame[i] {
			r := &checks.list[c]
			switch {
			case r.err == nil:
			case r.embedded != nil:
				add("frame %d embedded screenshot: %v", f.Index, r.err)
			case r.path == "":
				add("frame %d %s: %v", f.Index, r.what, r.err)
			default:
				add("frame %d %s %s: %v", f.Index, r.what, r.path, r.err)
			}
		}
		if f.Elements == "" && f.ElementsData != nil {
			if err := CheckElements(f.ElementsData); err != nil {
				add("frame %d elements: %v", f.Index, err)
			}
		}
		p = append(p, checks.recorded(f, i)...)
	}
	p = append(p, judgmentProblems(t)...)
	if len(p) > 0 {
		return &ValidationError{Trace: name, Problems: p}
	}
	return nil
}

// fileCheck is one file (or embedded screenshot) to check, and what the check found.
type fileCheck struct {
	what, rel string // "image", "XML" or "elements"; the frame-relative path
	embedded  *Frame // an in-memory screenshot, checked for this frame alone
	path      string // the joined path ("" when rel itself is refused)
	err       error
	sum       string // the content's digest, as FileSums records it, when it was read
}

type checkPlan struct {
	list    []fileCheck
	byFrame [][]int // indexes into list, per frame position, in the order problems are told
}

func planChecks(t *Trace) *checkPlan {
	cp := &checkPlan{byFrame: make([][]int, len(t.Frames))}
	seen := map[[2]string]int{}
	for i := range t.Frames {
		f := &t.Frames[i]
		for _, ref := range [][2]string{{"image", f.Image}, {"XML", f.XML}, {"elements", f.Elements}} {
			if ref[1] == "" {
				continue
			}
			c, ok := seen[ref]
			if !ok {
				c = len(cp.list)
				seen[ref] = c
				cp.list = append(cp.list, fileCheck{what: ref[0], rel: ref[1]})
			}
			cp.byFrame[i] = append(cp.byFrame[i], c)
		}
		if f.Image == "" && len(f.ImageData) > 0 {
			cp.byFrame[i] = append(cp.byFrame[i], len(cp.list))
			cp.list = append(cp.list, fileCheck{what: "image", embedded: f})
		}
	}
	return cp
}

// runChecks checks every planned file with one worker per CPU.
func runChecks(t *Trace, cp *checkPlan, lim Limits, progress func(done, total int)) {
	image := func(data []byte) error { return checkImage(data, lim) }
	decoders := map[string]func([]byte) error{
		"image":    image,
		"XML":      checkXML,
		"elements": func(b []byte) error { _, err := decodeElements(b); return err },
	}
	jobs := make(chan int)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), max(len(cp.list), 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				r := &cp.list[c]
				if r.embedded != nil {
					r.err = image(r.embedded.ImageData)
				} else {
					var data []byte
					if r.path, data, r.err = t.loadRel(r.rel, fileLimits[r.what]); r.err == nil {
						r.sum = fileSum(r.what, data)
						r.err = decoders[r.what](data)
					}
				}
				done <- struct{}{}
			}
		}()
	}
	go func() {
		for c := range cp.list {
			jobs <- c
		}
		close(jobs)
		wg.Wait()
		close(done)
	}()
	n := 0
	for range done {
		n++
		if progress != nil {
			progress(n, len(cp.list))
		}
	}
}

// fileSum is the digest FileSums keeps of a file of the kind what (as PartSum): the bytes'
// of an image or UI dump, the decoded elements' (ElementsSum), the bytes' of elements that
// do not decode.
func fileSum(what string, data []byte) string {
	if what == "elements" {
		if els, err := decodeElements(data); err == nil {
			return ElementsSum(els)
		}
	}
	return Sum(data)
}

// recorded lists the files of frame f (at position i) that are not what its recorder kept
// in trace.json: changed after they were recorded.
func (cp *checkPlan) recorded(f *Frame, i int) []string {
	if f.SHA256 == nil {
		return nil
	}
	var out []string
	for _, c := range cp.byFrame[i] {
		r := &cp.list[c]
		want := map[string]string{"image": f.SHA256.Image, "XML": f.SHA256.XML, "elements": f.SHA256.Elements}[r.what]
		if r.embedded != nil || r.sum == "" || want == "" || r.sum == want {
			continue
		}
		out = append(out, fmt.Sprintf("frame %d %s %s: changed after it was recorded (its content is not what %s records)", f.Index, r.what, r.path, ManifestName))
	}
	return out
}

// fileLimits bounds each kind of frame file, by the names planChecks gives them.
var fileLimits = map[string]int64{"image": MaxImageFileBytes, "XML": MaxDumpBytes, "elements": MaxElementsFileBytes}

func checkImage(data []byte, lim Limits) error {
	mime := http.DetectContentType(data)
	if mime != "image/png" && mime != "image/jpeg" {
		if len(data) == 0 {
			return errors.New("empty file")
		}
		return fmt.Errorf("not a PNG or JPEG image (%s)", mime)
	}
	_, _, err := lim.DecodeImage(data)
	return err
}

// checkXML checks a frame's UI dump with the parser its readers use (the judge's
// screen description), so a trace that validates is one they can read.
func checkXML(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty file")
	}
	if err := checkDumpTexts(data); err != nil {
		return err
	}
	_, err := uixml.Parse(data)
	return err
}
