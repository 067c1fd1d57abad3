package eval

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/trace"
)

// SubstateLabel is a human's answer to "was this substate reached in this trace?".
type SubstateLabel struct {
	Trace    string `json:"trace"`
	Substate int    `json:"substate"`
	Reached  bool   `json:"reached"`
}

// LabelsHelp documents the substate labels file for --help.
const LabelsHelp = `Substate labels file (--labels): human verdicts per substate, JSON or CSV.
  JSON: [{"trace": "NAME", "substate": 2, "reached": true}, ...]  (or {"labels": [...]})
  CSV:  header trace,substate,reached then one row per label; reached is true/false, yes/no or 1/0.
  NAME is the trace's path below --traces (as eval prints it) or its directory's base name.`

// ReadLabels reads a substate labels file (JSON or CSV, chosen by content).
func ReadLabels(path string) ([]SubstateLabel, error) {
	data, err := safefile.ReadFile(path, maxInputBytes)
	if err != nil {
		return nil, err
	}
	ls, err := ParseLabels(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ls, nil
}

// ParseLabels parses labels from JSON (array or {"labels": [...]}) or CSV.
func ParseLabels(data []byte) ([]SubstateLabel, error) {
	trim := bytes.TrimSpace(data)
	if len(trim) == 0 {
		return nil, fmt.Errorf("empty labels file")
	}
	var ls []SubstateLabel
	switch trim[0] {
	case '[':
		if err := strictjson.Unmarshal(trim, &ls); err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
	case '{':
		var w struct {
			Labels []SubstateLabel `json:"labels"`
		}
		if err := strictjson.Unmarshal(trim, &w); err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		ls = w.Labels
	default:
		rows, err := readCSV(trim, []string{"trace", "substate", "reached"})
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			id, err := strconv.Atoi(strings.TrimSpace(r.get("substate")))
			if err != nil {
				return nil, fmt.Errorf("line %d: substate %q is not an integer", r.line, r.get("substate"))
			}
			b, err := parseBool(r.get("reached"))
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", r.line, err)
			}
			ls = append(ls, SubstateLabel{Trace: strings.TrimSpace(r.get("trace")), Substate: id, Reached: b})
		}
	}
	for i, l := range ls {
		if l.Trace == "" {
			return nil, fmt.Errorf("label %d: no trace name", i+1)
		}
	}
	if len(ls) == 0 {
		return nil, fmt.Errorf("no labels")
	}
	return ls, nil
}

func parseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "1", "y", "t":
		return true, nil
	case "false", "no", "0", "n", "f":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a yes/no value", s)
}

type csvRow struct {
	line int
	col  map[string]int
	rec  []string
}

func (r csvRow) get(name string) string {
	i, ok := r.col[name]
	if !ok || i >= len(r.rec) {
		return ""
	}
	return r.rec[i]
}

// readCSV reads a CSV with a header naming at least the required columns (any order).
func readCSV(data []byte, required []string) ([]csvRow, error) {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("invalid CSV header: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, r := range required {
		if _, ok := col[r]; !ok {
			return nil, fmt.Errorf("CSV header %q lacks column %q (needs %s)", strings.Join(header, ","), r, strings.Join(required, ","))
		}
	}
	var rows []csvRow
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("invalid CSV: %w", err)
		}
		line, _ := cr.FieldPos(0)
		rows = append(rows, csvRow{line: line, col: col, rec: rec})
	}
	return rows, nil
}

// LabelRow is one judge's substate-level agreement with human labels (the AutoEval paper's
// Table 2). The three rates share the denominator N (every labelled substate the judge
// judged), so success + FP + FN = 1.
type LabelRow struct {
	Judge       string `json:"judge"`
	N           int    `json:"n"`
	Agree       int    `json:"agree"`
	FP          int    `json:"fp"` // judge: reached; human: not reached
	FN          int    `json:"fn"` // judge: not reached; human: reached
	SuccessRate Stat   `json:"success_rate"`
	FPRate      Stat   `json:"fp_rate"`
	FNRate      Stat   `json:"fn_rate"`
	// Unmatched counts labels whose trace or substate this judge has no result for.
	Unmatched int `json:"unmatched"`
}

// findItem resolves a trace name from a labels file.
func findItem(d *Dataset, name string) *Item {
	name = filepath.ToSlash(strings.TrimSuffix(strings.TrimSpace(name), "/"))
	for _, it := range d.Items {
		if it.Name == name {
			return it
		}
	}
	var hit *Item
	for _, it := range d.Items {
		if trace.Label(it.Trace) == name || filepath.Base(it.Name) == name {
			if hit != nil {
				return nil // ambiguous
			}
			hit = it
		}
	}
	return hit
}

// CompareLabels scores every judge's per-substate verdicts against human labels.
func CompareLabels(d *Dataset, labels []SubstateLabel, o Options) []LabelRow {
	// Resolve each label's trace once, not once per judge.
	items := make([]*Item, len(labels))
	for i, l := range labels {
		items[i] = findItem(d, l.Trace)
	}
	var rows []LabelRow
	for _, judge := range d.JudgeLabels() {
		row := LabelRow{Judge: judge}
		// One cluster per trace: its substates' outcomes are resampled together.
		var agree, fp, fn [][]float64
		cluster := map[*Item]int{}
		for i, l := range labels {
			var j *trace.Judgment
			if items[i] != nil {
				j = items[i].Judgment(judge)
			}
			if j == nil {
				row.Unmatched++
				continue
			}
			found := false
			for _, s := range j.Substates {
				if s.ID != l.Substate {
					continue
				}
				found = true
				row.N++
				a, p, n := 0.0, 0.0, 0.0
				switch {
				case s.Satisfied == l.Reached:
					row.Agree++
					a = 1
				case s.Satisfied:
					row.FP++
					p = 1
				default:
					row.FN++
					n = 1
				}
				k, ok := cluster[items[i]]
				if !ok {
					k = len(agree)
					cluster[items[i]] = k
					agree, fp, fn = append(agree, nil), append(fp, nil), append(fn, nil)
				}
				agree[k], fp[k], fn[k] = append(agree[k], a), append(fp[k], p), append(fn[k], n)
			}
			if !found {
				row.Unmatched++
			}
		}
		row.SuccessRate = ClusterMeanStat(agree, rowSeed(o.Seed, judge, "success"), o.Resamples)
		row.FPRate = ClusterMeanStat(fp, rowSeed(o.Seed, judge, "fp"), o.Resamples)
		row.FNRate = ClusterMeanStat(fn, rowSeed(o.Seed, judge, "fn"), o.Resamples)
		rows = append(rows, row)
	}
	return rows
}

// maxInputBytes bounds a labels, decomposer-labels or reference file (read only when it
// is a regular file).
const maxInputBytes = 64 << 20
