package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
)

// Decomposer labels: how each generated substate relates to a human decomposition.
const (
	DecompCover     = "cover"     // matches one or more human substates (listed in covers)
	DecompRedundant = "redundant" // correct but adds nothing (duplicate, or a state no run needs)
	DecompOptional  = "optional"  // path-dependent: right for some successful runs, not all
	DecompIncorrect = "incorrect" // wrong: a state a successful run does not pass
)

// DecompHelp documents the decomposer mapping file for --help.
const DecompHelp = `Decomposer labels file (--decomp-labels): a human's mapping of generated substates onto
their own decomposition of the same task, JSON or CSV.
  JSON: {"tasks": [{"task": "NAME", "human": 4, "generated": [
           {"id": 1, "label": "cover", "covers": [1]},
           {"id": 2, "label": "cover", "covers": [2, 3]},
           {"id": 3, "label": "redundant"}, {"id": 4, "label": "optional"}, {"id": 5, "label": "incorrect"}]}]}
  CSV:  header task,human,generated,label,covers; one row per generated substate; covers lists human
        substate ids separated by spaces or semicolons; human (the number of human substates) may be
        given on any row of the task.
  label is cover, redundant, optional or incorrect. Cover rate = human substates covered / human
  substates; the other rates = generated substates with that label / generated substates.`

// DecompTask is one task's mapping.
type DecompTask struct {
	Task      string          `json:"task"`
	Human     int             `json:"human"`
	Generated []DecompMapping `json:"generated"`
}

// DecompMapping labels one generated substate.
type DecompMapping struct {
	ID     int    `json:"id"`
	Label  string `json:"label"`
	Covers []int  `json:"covers,omitempty"`
}

// ReadDecompLabels reads a decomposer mapping file (JSON or CSV, chosen by content).
func ReadDecompLabels(path string) ([]DecompTask, error) {
	data, err := safefile.ReadFile(path, maxInputBytes)
	if err != nil {
		return nil, err
	}
	ts, err := ParseDecompLabels(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ts, nil
}

// ParseDecompLabels parses and checks a decomposer mapping.
func ParseDecompLabels(data []byte) ([]DecompTask, error) {
	trim := bytes.TrimSpace(data)
	if len(trim) == 0 {
		return nil, fmt.Errorf("empty decomposer labels file")
	}
	var tasks []DecompTask
	if trim[0] == '{' {
		var w struct {
			Tasks []DecompTask `json:"tasks"`
		}
		if err := strictjson.Unmarshal(trim, &w); err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		tasks = w.Tasks
	} else {
		rows, err := readCSV(trim, []string{"task", "generated", "label"})
		if err != nil {
			return nil, err
		}
		index := map[string]int{}
		for _, r := range rows {
			name := strings.TrimSpace(r.get("task"))
			i, ok := index[name]
			if !ok {
				i = len(tasks)
				index[name] = i
				tasks = append(tasks, DecompTask{Task: name})
			}
			if h := strings.TrimSpace(r.get("human")); h != "" {
				n, err := strconv.Atoi(h)
				if err != nil {
					return nil, fmt.Errorf("line %d: human %q is not an integer", r.line, h)
				}
				tasks[i].Human = max(tasks[i].Human, n)
			}
			id, err := strconv.Atoi(strings.TrimSpace(r.get("generated")))
			if err != nil {
				return nil, fmt.Errorf("line %d: generated %q is not an integer", r.line, r.get("generated"))
			}
			m := DecompMapping{ID: id, Label: strings.ToLower(strings.TrimSpace(r.get("label")))}
			for _, f := range strings.FieldsFunc(r.get("covers"), func(c rune) bool { return c == ' ' || c == ';' || c == ',' }) {
				h, err := strconv.Atoi(f)
				if err != nil {
					return nil, fmt.Errorf("line %d: covers entry %q is not an integer", r.line, f)
				}
				m.Covers = append(m.Covers, h)
			}
			tasks[i].Generated = append(tasks[i].Generated, m)
		}
	}
	if len(tasks) == 0 {
		return nil, fmt.Errorf("no tasks")
	}
	for _, t := range tasks {
		if t.Task == "" {
			return nil, fmt.Errorf("a task has no name")
		}
		if t.Human <= 0 {
			return nil, fmt.Errorf("task %q: human substate count must be positive", t.Task)
		}
		for _, g := range t.Generated {
			switch g.Label {
			case DecompCover:
				if len(g.Covers) == 0 {
					return nil, fmt.Errorf("task %q: generated substate %d is labelled cover but covers no human substate", t.Task, g.ID)
				}
			case DecompRedundant, DecompOptional, DecompIncorrect:
			default:
				return nil, fmt.Errorf("task %q: generated substate %d: label %q is not cover, redundant, optional or incorrect", t.Task, g.ID, g.Label)
			}
			for _, h := range g.Covers {
				if h < 1 || h > t.Human {
					return nil, fmt.Errorf("task %q: generated substate %d covers human substate %d, outside 1..%d", t.Task, g.ID, h, t.Human)
				}
			}
		}
	}
	return tasks, nil
}

// DecompRow holds the paper's Table 1 rates for one task, or for all (Task "all").
type DecompRow struct {
	Task          string  `json:"task"`
	Human         int     `json:"human"`
	Generated     int     `json:"generated"`
	Covered       int     `json:"covered"`
	CoverRate     float64 `json:"cover_rate"`
	RedundantRate float64 `json:"redundant_rate"`
	OptionalRate  float64 `json:"optional_rate"`
	IncorrectRate float64 `json:"incorrect_rate"`
}

// MarshalJSON writes undefined rates as null.
func (r DecompRow) MarshalJSON() ([]byte, error) {
	type plain DecompRow
	return json.Marshal(struct {
		plain
		CoverRate     any `json:"cover_rate"`
		RedundantRate any `json:"redundant_rate"`
		OptionalRate  any `json:"optional_rate"`
		IncorrectRate any `json:"incorrect_rate"`
	}{plain(r), nullable(r.CoverRate), nullable(r.RedundantRate), nullable(r.OptionalRate), nullable(r.IncorrectRate)})
}

// CompareDecomposition computes cover, redundant, optional and incorrect rates per task and
// pooled over all tasks (micro-averaged: every substate counts once). The last row is "all".
func CompareDecomposition(tasks []DecompTask) []DecompRow {
	var rows []DecompRow
	all := DecompRow{Task: "all"}
	var red, opt, inc, allRed, allOpt, allInc int
	for _, t := range tasks {
		r := DecompRow{Task: t.Task, Human: t.Human, Generated: len(t.Generated)}
		covered := map[int]bool{}
		red, opt, inc = 0, 0, 0
		for _, g := range t.Generated {
			for _, h := range g.Covers {
				covered[h] = true
			}
			switch g.Label {
			case DecompRedundant:
				red++
			case DecompOptional:
				opt++
			case DecompIncorrect:
				inc++
			}
		}
		r.Covered = len(covered)
		r.CoverRate = ratio(r.Covered, r.Human)
		r.RedundantRate, r.OptionalRate, r.IncorrectRate = ratio(red, r.Generated), ratio(opt, r.Generated), ratio(inc, r.Generated)
		rows = append(rows, r)
		all.Human += r.Human
		all.Generated += r.Generated
		all.Covered += r.Covered
		allRed, allOpt, allInc = allRed+red, allOpt+opt, allInc+inc
	}
	sort.SliceStable(rows, func(i, k int) bool { return rows[i].Task < rows[k].Task })
	all.CoverRate = ratio(all.Covered, all.Human)
	all.RedundantRate, all.OptionalRate, all.IncorrectRate = ratio(allRed, all.Generated), ratio(allOpt, all.Generated), ratio(allInc, all.Generated)
	return append(rows, all)
}
