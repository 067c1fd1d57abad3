package judge

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// A Driver is a kind of judge, registered under its name (Config.Kind, recorded as
// trace.JudgeInfo.Kind) in the manner of database/sql drivers: the model judge is built in,
// the heuristic baseline registers itself from package heuristic, and nothing else in judge
// names a kind. Every kind shares the loop, the capture and the Checker; a driver supplies
// the Reasoner and says what the judgment records of it.
type Driver interface {
	// Check validates cfg for this kind and fills in what the kind implies (the model judge
	// needs a model; the heuristic reads no screenshot through a model). The capture mode
	// is set and valid when it is called.
	Check(cfg *Config) error
	// Record completes the judgment's account of the judge: the models and the prompt or
	// rule versions it used, and its notice. vision says whether a vision model will
	// describe some frame.
	Record(ji *trace.JudgeInfo, cfg *Config, vision bool)
	// Reasoner returns the reasoner for one trace; scope names the trace in the model's
	// accounting.
	Reasoner(cfg *Config, scope string) Reasoner
	// Reviewer returns the last look for one trace: it decides the run's verdict (success,
	// failure, cannot tell) from what the frames showed and the run's end.
	Reviewer(cfg *Config, scope string) Reviewer
	// UsesModel reports whether the kind reasons through a model: a batch then judges as
	// many traces at once as the model takes requests (else one per CPU), and the work of
	// judging a trace is named by its models.
	UsesModel() bool
}

// A SubstateDeriver is a Driver that can build substates from a task's text alone, for
// a trace with neither a substates file nor a model to decompose its task.
type SubstateDeriver interface {
	DeriveSubstates(task, app string) *substate.List
}

var (
	driversMu sync.RWMutex
	drivers   = map[string]Driver{}
)

// Register makes a kind of judge available under its name; called from the driver's init.
// It panics when the name is taken or the driver is nil.
func Register(kind string, d Driver) {
	driversMu.Lock()
	defer driversMu.Unlock()
	if d == nil {
		panic("judge: Register of a nil driver for " + kind)
	}
	if _, dup := drivers[kind]; dup {
		panic("judge: Register called twice for " + kind)
	}
	drivers[kind] = d
}

// Kinds lists the registered kinds: the model judge (the default) first, then the others
// by name.
func Kinds() []string {
	driversMu.RLock()
	defer driversMu.RUnlock()
	var out []string
	for k := range drivers {
		if k != trace.JudgeLLM {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	if _, ok := drivers[trace.JudgeLLM]; ok {
		out = append([]string{trace.JudgeLLM}, out...)
	}
	return out
}

// lookup finds the driver of a kind.
func lookup(kind string) (Driver, error) {
	driversMu.RLock()
	d, ok := drivers[kind]
	driversMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("judge kind %q: want %s", kind, strings.Join(Kinds(), " or "))
	}
	return d, nil
}

// usesModel reports whether kind reasons through a model; a kind not registered is taken
// for one, as the model judge is the default.
func usesModel(kind string) bool {
	d, err := lookup(kind)
	return err != nil || d.UsesModel()
}
