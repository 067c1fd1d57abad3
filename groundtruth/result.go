package groundtruth

import (
	"errors"
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/internal/termtext"
)

// ErrNoScore marks a device state on which AndroidWorld's evaluator raises instead of
// scoring: its suite then records the episode with no score (suite_utils: is_successful
// NaN, and the exception kept). A check refuses such a state with an error wrapping
// ErrNoScore that says why, rather than give a reward AndroidWorld never would.
var ErrNoScore = errors.New("AndroidWorld would record no score")

// noScore is an ErrNoScore error: why, then what AndroidWorld raises there.
func noScore(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrNoScore}, args...)...)
}

// Part is one checked condition.
type Part struct {
	Name   string `json:"name"`
	Pass   bool   `json:"pass"`
	Detail string `json:"detail,omitempty"`
}

// Result is a task's reward with the evidence behind it.
type Result struct {
	Task        string  `json:"task"`
	Reward      float64 `json:"reward"`
	Parts       []Part  `json:"parts"`
	Explanation string  `json:"explanation"`
	// Lenient says the check compares against a before-state it did not have (no
	// snapshot was taken), so it looked at the after-state alone and may be kinder
	// than AndroidWorld; such a reward is shown, never stored as ground truth.
	Lenient bool `json:"lenient,omitempty"`
}

// allOf scores like an AndroidWorld single task: 1 when every part passes, else 0. Given
// no parts it is an error, not a success: a check that checked nothing (an empty target
// list) proves nothing, so the result fails and says why.
func allOf(task string, parts ...Part) *Result {
	if len(parts) == 0 {
		parts = []Part{{Name: "at least one condition checked", Pass: false,
			Detail: "error: the check was given no conditions, and nothing checked is no evidence of success"}}
	}
	reward := 1.0
	for _, p := range parts {
		if !p.Pass {
			reward = 0
		}
	}
	r := &Result{Task: task, Reward: reward, Parts: parts}
	r.Explanation = explain(r)
	return r
}

// Composite scores a multi-goal task as the mean of its sub-results (AndroidWorld's
// partial credit). Parts are prefixed with their sub-result's name.
func Composite(task string, subs ...*Result) *Result {
	r := &Result{Task: task}
	if len(subs) == 0 {
		r.Explanation = "no parts"
		return r
	}
	sum := 0.0
	for _, s := range subs {
		sum += s.Reward
		for _, p := range s.Parts {
			p.Name = s.Task + ": " + p.Name
			r.Parts = append(r.Parts, p)
		}
	}
	r.Reward = sum / float64(len(subs))
	var b strings.Builder
	fmt.Fprintf(&b, "reward %.2f = mean of %d goals", r.Reward, len(subs))
	for _, s := range subs {
		fmt.Fprintf(&b, "\n[%s %.2f] %s", s.Task, s.Reward, strings.ReplaceAll(s.Explanation, "\n", "\n  "))
	}
	r.Explanation = b.String()
	return r
}

func explain(r *Result) string {
	var b strings.Builder
	passed := 0
	for _, p := range r.Parts {
		if p.Pass {
			passed++
		}
	}
	fmt.Fprintf(&b, "reward %.2f: %d of %d conditions hold", r.Reward, passed, len(r.Parts))
	for _, p := range r.Parts {
		mark := "FAIL"
		if p.Pass {
			mark = "ok"
		}
		fmt.Fprintf(&b, "\n- [%s] %s", mark, p.Name)
		if p.Detail != "" {
			fmt.Fprintf(&b, ": %s", p.Detail)
		}
	}
	return b.String()
}

// clip keeps at most n runes of s for explanations and errors, and marks a cut with "…"
// after them (termtext.Clip counts the mark in its n).
func clip(s string, n int) string { return termtext.Clip(s, n+1) }
