package groundtruth

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// A Source decides a task's reward. A runner begins each task with it before the
// agent runs and scores the instance after. Two sources exist: Native (this package's
// checks, reading the device's state) and AndroidWorld (its server sets each task up
// and scores it itself).
type Source interface {
	// Label names the source in a trace's ground truth (NativeSource, AndroidWorldSource).
	Label() string
	// SetsGoals reports whether Begin chooses the task's instance and its goal, so a
	// task whose text is still a template with {slots} can run.
	SetsGoals() bool
	// Begin readies one task before its agent runs: the native checks save the state
	// they will compare against, AndroidWorld initializes the instance. A nil Instance
	// with a nil error means the source has no verdict for this task.
	Begin(ctx context.Context, t Task) (Instance, error)
}

// Task is what a Source needs to know of one task.
type Task struct {
	ID     string // the suite's task id: an AndroidWorld task type, or a catalogue name
	Name   string // the suite's task name, tried after the id for a native check
	Params Params
	Dir    string // the task's trace directory; the native before-snapshot is saved there
	Device Device
}

// An Instance is one task begun by a Source.
type Instance interface {
	// Goal is the instance's goal text when the source chose the instance, else "".
	Goal() string
	// Score returns the reward once the agent is done and ends the instance. answer is
	// the agent's reply to a question task ("" when it gave none), which such tasks
	// score. A result with an error means the reward stands but ending failed; an error
	// wrapping ErrUnscored means no reward was given this time, but asking again may
	// give one.
	Score(ctx context.Context, answer string) (*Result, error)
	// Abort ends the instance without a reward (the agent was interrupted, or the
	// device lost).
	Abort(ctx context.Context) error
}

// ErrUnscored marks a failure to score that a rerun of the task may not meet
// (AndroidWorld's server failed to answer), unlike a device state that cannot be read.
var ErrUnscored = errors.New("not scored")

// unscored wraps err in ErrUnscored without changing its message.
type unscored struct{ err error }

func (e unscored) Error() string   { return e.err.Error() }
func (e unscored) Unwrap() []error { return []error{e.err, ErrUnscored} }

// CheckName is the catalogue name of a task's native check: its id (AndroidWorld's
// task name), else its name; "" when neither has a check.
func CheckName(id, name string) string {
	for _, n := range []string{id, name} {
		if n != "" && Known(n) {
			return n
		}
	}
	return ""
}

// Native is the Source of this package's checks: Begin snapshots what the task's
// check compares against (saved as Task.Dir/groundtruth-before.json), Score runs the
// check on the device's state. Tasks without a check get no verdict.
type Native struct{}

// Label implements Source.
func (Native) Label() string { return NativeSource }

// SetsGoals implements Source: native checks need the instance's parameters given.
func (Native) SetsGoals() bool { return false }

// Begin implements Source.
func (Native) Begin(ctx context.Context, t Task) (Instance, error) {
	name := CheckName(t.ID, t.Name)
	if name == "" {
		return nil, nil
	}
	snap, err := TakeSnapshot(ctx, t.Device, name, t.Params)
	if err != nil {
		return nil, fmt.Errorf("ground truth before the task: %w", err)
	}
	if err := snap.Save(t.Dir); err != nil {
		return nil, err
	}
	return &nativeInstance{name: name, t: t, before: snap}, nil
}

type nativeInstance struct {
	name   string
	t      Task
	before *Snapshot
}

func (n *nativeInstance) Goal() string { return "" }

// Score runs the check; a question task's "answer" parameter is the agent's answer. The
// snapshot is written again from memory first: the copy in the trace folder was there while
// the agent ran, and is autoeval's to write, not the agent's.
func (n *nativeInstance) Score(ctx context.Context, answer string) (*Result, error) {
	if err := n.before.Save(n.t.Dir); err != nil {
		return nil, err
	}
	params := n.t.Params
	if f, err := Lookup(n.name); err == nil && slices.Contains(f.Params, "answer") {
		params = Params{"answer": answer}
		for k, v := range n.t.Params {
			if k != "answer" {
				params[k] = v
			}
		}
	}
	return Check(ctx, n.t.Device, n.name, params, n.before)
}

// Abort has nothing to end: a native check leaves no state behind.
func (n *nativeInstance) Abort(context.Context) error { return nil }
