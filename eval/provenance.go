package eval

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/trace"
)

// StaleJudgment is a judgment found for a trace that no longer matches it: a frame it judged
// changed, or the task text, the agent's answer or the substates did (trace.StaleReasons).
// It is never counted; eval and report list it with why.
type StaleJudgment struct {
	Judge   string   `json:"judge"`
	File    string   `json:"file"`
	Reasons []string `json:"reasons"`
}

// checkProvenance takes every judgment whose trace no longer matches it out of its item's
// Judgments into Stale, with a warning naming the file and why, and notes the judgments
// whose provenance is unknown (written before judgments recorded it): those are kept. The
// traces' frames are read and hashed, several traces at once.
func (d *Dataset) checkProvenance() {
	warnings := make([][]string, len(d.Items))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				warnings[i] = d.Items[i].CheckProvenance()
			}
		}()
	}
	for i := range d.Items {
		work <- i
	}
	close(work)
	wg.Wait()
	for i := range d.Items {
		d.Warnings = append(d.Warnings, warnings[i]...)
	}
}

// CheckProvenance takes every judgment of the item whose trace no longer matches it
// (trace.StaleReasons) out of Judgments into Stale, and returns a warning for each, naming
// the file and why; the judges of the judgments kept whose provenance is unknown (written
// before judgments recorded it) are named in UnknownProvenance. It reads and hashes the frames
// the judgments were computed from. eval, report and the viewer all leave stale judgments
// out this way.
func (it *Item) CheckProvenance() (warnings []string) {
	var keep []*trace.Judgment
	var files []string
	for k, j := range it.Judgments {
		reasons, known := trace.StaleReasons(it.Trace, j)
		switch {
		case len(reasons) > 0:
			it.Stale = append(it.Stale, StaleJudgment{Judge: j.Judge.Label(), File: it.JudgmentFiles[k], Reasons: reasons})
			warnings = append(warnings, fmt.Sprintf("stale judgment %s (judge %s) of trace %s: %s; not counted: judge the trace again",
				it.JudgmentFiles[k], j.Judge.Label(), it.Name, trace.StaleText(reasons)))
			continue
		case !known:
			it.UnknownProvenance = append(it.UnknownProvenance, j.Judge.Label())
		}
		keep = append(keep, j)
		files = append(files, it.JudgmentFiles[k])
	}
	it.Judgments, it.JudgmentFiles = keep, files
	return warnings
}

// Provenance is what eval says of the judgments' provenance: those left out as stale, and
// how many could not be checked.
type Provenance struct {
	Stale []StaleRow `json:"stale,omitempty"`
	// Unknown counts the judgments counted although their provenance is unknown (written
	// before judgments recorded it).
	Unknown int `json:"unknown,omitempty"`
}

// StaleRow is a stale judgment and its trace.
type StaleRow struct {
	Trace string `json:"trace"`
	StaleJudgment
}

// provenanceOf reads the items as CheckProvenance left them, whoever built the dataset
// (LoadRoots, the viewer, a report of some traces).
func provenanceOf(d *Dataset) *Provenance {
	p := &Provenance{}
	for _, it := range d.Items {
		p.Unknown += len(it.UnknownProvenance)
		for _, s := range it.Stale {
			p.Stale = append(p.Stale, StaleRow{Trace: it.Name, StaleJudgment: s})
		}
	}
	if len(p.Stale) == 0 && p.Unknown == 0 {
		return nil
	}
	return p
}

// writeProvenance says, under the tables, which judgments were left out as stale (the
// warnings give why) and how many could not be checked.
func writeProvenance(ew *errWriter, p *Provenance) {
	if p == nil {
		return
	}
	if n := len(p.Stale); n > 0 {
		ew.printf("\nStale: %s left out of every table above: their traces changed since they were judged (see the warnings); judge them again.\n", termtext.Count(n, "judgment"))
	}
	if p.Unknown > 0 {
		ew.printf("\nUnknown provenance: %s written before judgments recorded what they were computed from are counted, but whether their traces still match cannot be checked; judge again to record it.\n",
			termtext.Count(p.Unknown, "judgment"))
	}
}
