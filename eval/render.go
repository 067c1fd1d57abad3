package eval

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/autoeval/autoeval/internal/csvcell"
	"github.com/autoeval/autoeval/internal/termtext"
)

// Result is everything `autoeval eval` computes.
type Result struct {
	Root             string       `json:"root"`
	Seed             uint64       `json:"seed"`
	Resamples        int          `json:"resamples"`
	Judges           *JudgeReport `json:"judges"`
	Labels           []LabelRow   `json:"substate_labels,omitempty"`
	Decomposition    []DecompRow  `json:"decomposition,omitempty"`
	Agents           []AgentRow   `json:"agents"`
	Reference        []RefResult  `json:"reference,omitempty"`
	ReferenceSummary []RefSummary `json:"reference_summary,omitempty"`
	Warnings         []string     `json:"warnings,omitempty"`
	Provenance       *Provenance  `json:"provenance,omitempty"`
}

// Inputs are the optional files beside the traces.
type Inputs struct {
	Labels    []SubstateLabel
	Decomp    []DecompTask
	Reference *Reference
}

// Evaluate runs every comparison the inputs allow.
func Evaluate(d *Dataset, in Inputs, o Options) *Result {
	if o.Resamples <= 0 {
		o.Resamples = DefaultResamples
	}
	r := &Result{Root: d.Root, Seed: o.Seed, Resamples: o.Resamples, Warnings: d.Warnings, Provenance: provenanceOf(d)}
	r.Judges = CompareJudges(d, o)
	if in.Labels != nil {
		r.Labels = CompareLabels(d, in.Labels, o)
	}
	if in.Decomp != nil {
		r.Decomposition = CompareDecomposition(in.Decomp)
	}
	r.Agents = ScoreAgents(d, o)
	if r.Agents == nil {
		r.Agents = []AgentRow{}
	}
	if in.Reference != nil {
		r.Reference = ScoreReference(d, in.Reference)
		r.ReferenceSummary = SummariseReference(r.Reference)
	}
	return r
}

// WriteJSON writes the result as indented JSON.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

func pctCI(s Stat) string { return withCI(s, FormatPct) }

func numCI(s Stat) string { return withCI(s, FormatNum) }

// withCI formats a statistic and, when it has one, its interval: "83.3 [58.3,100.0]".
func withCI(s Stat, format func(float64) string) string {
	if !s.Defined() {
		return "-"
	}
	if math.IsNaN(s.Low) {
		return format(s.Value)
	}
	return fmt.Sprintf("%s [%s,%s]", format(s.Value), format(s.Low), format(s.High))
}

// WriteText writes the human-readable tables.
func (r *Result) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	j := r.Judges
	ew.printf("Judge vs ground truth: %s, %d with ground truth (success = reward >= 1). Percentages with bootstrap 95%% intervals (%d resamples, seed %d).\n",
		termtext.Count(j.Traces, "trace"), j.WithTruth, r.Resamples, r.Seed)
	if j.WithTruth > 0 {
		ew.printf("Ground truth: %d of %d runs succeeded (%s%%).\n", j.TruthSuccesses, j.WithTruth, FormatPct(float64(j.TruthSuccesses)/float64(j.WithTruth)))
	}
	if j.NotJudgeable > 0 {
		ew.printf("Not judgeable: %d of %d traces hold nothing a judge can read (no screenshot, UI XML or elements), so no judge row counts them; the agent's claim still does where it was recorded.\n",
			j.NotJudgeable, j.Traces)
	}
	switch {
	case len(j.Rows) == 0 && j.NotJudgeable == j.Traces:
		ew.printf("  no judge can read these traces and their harness recorded no claim of success: the ground truth above is all there is\n")
	case len(j.Rows) == 0:
		ew.printf("  no trace has both ground truth and a judgment or agent claim\n")
	default:
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "judge\tvariant\tn\tcoverage\tcannot tell\tprecision\tFPR\trecall\taccuracy\tF1\tFNR\tkappa\tTP\tFP\tFN\tTN")
		undetermined, cannotTell := 0, 0
		for _, row := range j.Rows {
			c, m := row.Confusion, row.Metrics
			unsure := "-"
			switch {
			case row.Variant == VariantAW && row.CannotTell > 0:
				unsure = fmt.Sprintf("%d as failure", row.CannotTell)
			case row.Variant == VariantAW:
			case row.CannotTell > 0:
				unsure = strconv.Itoa(row.CannotTell)
			}
			if row.Variant == VariantVerdict {
				cannotTell = max(cannotTell, row.CannotTell)
			}
			if row.Undetermined > 0 {
				undetermined = max(undetermined, row.Undetermined)
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\n", row.Judge, row.Variant, row.N, FormatPct(row.Coverage.Value), unsure,
				pctCI(m.Precision), pctCI(m.FPR), pctCI(m.Recall), pctCI(m.Accuracy), pctCI(m.F1), pctCI(m.FNR), numCI(m.Kappa), c.TP, c.FP, c.FN, c.TN)
		}
		tw.Flush()
		ew.printf("Variants: verdict = the judge's verdict (success, failure, or cannot tell when the screens never showed what the task needs), over the runs it decided; as-androidworld = the same with \"cannot tell\" counted as not successful, as AndroidWorld counts every run; strict = every substate reached; required = every non-optional substate reached; claim = the agent said it was done. Coverage is the share of runs with ground truth a row decided.\n")
		if cannotTell > 0 {
			ew.printf("Cannot tell: left out of the verdict row's n and metrics (never counted as failures there); listed below with the judge's reason.\n")
		}
		if undetermined > 0 {
			ew.printf("Undetermined: traces the judge could not judge (no usable model answer, or no frame it could describe); left out of n and the metrics of the strict and required rows, never counted as negatives.\n")
		}
	}
	if len(j.ByApp) > 0 {
		ew.printf("\nBy app:\n")
		writeGroups(ew, j.ByApp)
	}
	if len(j.ByTask) > 0 {
		ew.printf("\nBy task:\n")
		writeGroups(ew, j.ByTask)
	}
	if len(j.Disagreements) > 0 {
		ew.printf("\nDisagreements with ground truth (verdicts and agent claims):\n")
		for _, d := range j.Disagreements {
			ew.printf("  %s  [%s] %s (reward %.2f): %s\n", d.Trace, d.Judge, d.Kind, d.Reward, termtext.ClipLine(d.Task, 90))
			if d.Reason != "" {
				ew.printf("      verdict: %s\n", termtext.ClipLine(d.Reason, 140))
			}
			for _, s := range d.Deciding {
				where := "never reached"
				if s.Satisfied && s.Frame != nil {
					where = fmt.Sprintf("reached at frame %d", *s.Frame)
				} else if s.Satisfied {
					where = "reached"
				}
				opt := ""
				if s.Optional {
					opt = " (optional)"
				}
				ew.printf("      substate %d%s %s: %s\n", s.ID, opt, where, termtext.ClipLine(s.Content, 90))
				if !s.Satisfied && s.Analysis != "" {
					// The judge's last word on it: why the trace was judged a failure.
					ew.printf("        ↳ %s\n", termtext.ClipLine(s.Analysis, 100))
				}
			}
		}
	}
	if len(j.CannotTell) > 0 {
		ew.printf("\nCannot tell (the judge's reason; the reward is AndroidWorld's):\n")
		for _, u := range j.CannotTell {
			ew.printf("  %s  [%s] (reward %.2f): %s\n      %s\n", u.Trace, u.Judge, u.Reward, termtext.ClipLine(u.Task, 90), termtext.ClipLine(u.Reason, 140))
		}
	}
	if len(r.Labels) > 0 {
		ew.printf("\nJudge vs human substate labels (success + FP + FN = 100%%):\n")
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "judge\tn\tsuccess\tFP rate\tFN rate\tunmatched labels")
		for _, l := range r.Labels {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\n", l.Judge, l.N, pctCI(l.SuccessRate), pctCI(l.FPRate), pctCI(l.FNRate), l.Unmatched)
		}
		tw.Flush()
	}
	if len(r.Decomposition) > 0 {
		ew.printf("\nDecomposer vs human substates:\n")
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "task\thuman\tgenerated\tcover\tredundant\toptional\tincorrect")
		for _, d := range r.Decomposition {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\n", d.Task, d.Human, d.Generated, FormatPct(d.CoverRate), FormatPct(d.RedundantRate), FormatPct(d.OptionalRate), FormatPct(d.IncorrectRate))
		}
		tw.Flush()
	}
	if len(r.Agents) > 0 {
		ew.printf("\nAgents (as judged):\n")
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "agent\tjudge\ttasks\tsuccess (verdict)\tcannot tell\tSCR\tTCR strict\tTCR required\tground-truth success\tcost/task USD\tcalls/task\ttokens/task")
		for _, a := range r.Agents {
			tasks := strconv.Itoa(a.Tasks)
			if a.Undetermined > 0 {
				tasks += fmt.Sprintf(" (%d undetermined)", a.Undetermined)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%.1f\t%.0f\n", a.Agent, a.Judge, tasks, pctCI(a.Success), a.CannotTell, pctCI(a.SCR), pctCI(a.TCR), pctCI(a.TCRRequired),
				pctCI(a.TruthSuccess), costText(a.CostPerTask, a.UnknownCalls), a.CallsPerTask, a.TokensPerTask)
		}
		tw.Flush()
		if paidFor(r.Agents) {
			ew.printf("Cost is the method's: what judging a task costs at list price without the call cache (\"unknown\" when a model has no price; \">=\" when cancelled requests were billed for tokens nobody reported).\n")
		}
	}
	if r.Reference != nil {
		ew.printf("\nReference actions (AITW matching; AndroidArena LCS metrics):\n")
		if len(r.Reference) == 0 {
			ew.printf("  no trace's task has a reference sequence\n")
		} else {
			tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "trace\tref len\tagent len\tpartial\tcomplete\ttask reward\tcompletion ratio\tRRR")
			for _, x := range r.Reference {
				fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%v\t%s\t%s\t%s\n", x.Trace, x.RefLen, x.AgentLen, FormatPct(x.Partial), x.Complete, FormatPct(x.TaskReward), FormatPct(x.CompletionRate), optNum(x.RRR))
			}
			for _, s := range r.ReferenceSummary {
				fmt.Fprintf(tw, "agent %s (%d)\t\t\t%s\t%s\t%s\t%s\t%s\n", s.Agent, s.Traces, FormatPct(s.Partial), FormatPct(s.Complete), FormatPct(s.TaskReward), FormatPct(s.CompletionRate), optNum(s.RRR))
			}
			tw.Flush()
		}
	}
	writeProvenance(ew, r.Provenance)
	for _, wmsg := range r.Warnings {
		ew.printf("warning: %s\n", wmsg)
	}
	return ew.err
}

// paidFor reports whether some row's judge used priced (or unpriced) models, so the cost
// column needs its explanation.
func paidFor(rows []AgentRow) bool {
	for _, a := range rows {
		if a.CostPerTask == nil || *a.CostPerTask > 0 {
			return true
		}
	}
	return false
}

// costText shows a cost: "unknown" without a price, ">= " when some requests were
// billed for tokens nobody reported.
func costText(usd *float64, unknownCalls int) string {
	if usd == nil {
		return "unknown"
	}
	if unknownCalls > 0 {
		return fmt.Sprintf(">= %.4f", *usd)
	}
	return fmt.Sprintf("%.4f", *usd)
}

// optCost is a cost for the CSV: NaN (an empty cell) when unknown.
func optCost(usd *float64) float64 {
	if usd == nil {
		return math.NaN()
	}
	return *usd
}

func optNum(f *float64) string {
	if f == nil {
		return "-"
	}
	return FormatNum(*f)
}

func writeGroups(w io.Writer, rows []GroupRow) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  group\tjudge\tvariant\tn\tTP\tFP\tFN\tTN\taccuracy")
	for _, g := range rows {
		c := g.Confusion
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", g.Group, g.Judge, g.Variant, g.N, c.TP, c.FP, c.FN, c.TN, FormatPct(g.Accuracy.Value))
	}
	tw.Flush()
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }

// CSVHeader is the long-format CSV header: one metric per line, easy to pivot.
var CSVHeader = []string{"section", "subject", "variant", "group", "metric", "value", "low", "high", "n"}

func csvNum(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return ""
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// WriteCSV writes every figure in long format (section, subject, variant, group, metric, value, low, high, n).
func (r *Result) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	// Subjects and groups are names from traces (a task, an agent, an app): kept from
	// running as spreadsheet formulas.
	stat := func(section, subject, variant, group, metric string, s Stat, n int) {
		cw.Write(append(csvcell.Texts(section, subject, variant, group, metric), csvNum(s.Value), csvNum(s.Low), csvNum(s.High), strconv.Itoa(n)))
	}
	plain := func(section, subject, variant, group, metric string, v float64, n int) {
		cw.Write(append(csvcell.Texts(section, subject, variant, group, metric), csvNum(v), "", "", strconv.Itoa(n)))
	}
	for _, row := range r.Judges.Rows {
		c := row.Confusion
		for _, kv := range []struct {
			k string
			v int
		}{{"tp", c.TP}, {"fp", c.FP}, {"fn", c.FN}, {"tn", c.TN}} {
			plain("judge", row.Judge, row.Variant, "", kv.k, float64(kv.v), row.N)
		}
		for _, name := range MetricNames {
			stat("judge", row.Judge, row.Variant, "", name, row.Metrics.Get(name), row.N)
		}
		stat("judge", row.Judge, row.Variant, "", "coverage", row.Coverage, row.runs())
		plain("judge", row.Judge, row.Variant, "", "cannot_tell", float64(row.CannotTell), row.runs())
	}
	for _, g := range r.Judges.ByApp {
		stat("judge_by_app", g.Judge, g.Variant, g.Group, "accuracy", g.Accuracy, g.N)
	}
	for _, g := range r.Judges.ByTask {
		stat("judge_by_task", g.Judge, g.Variant, g.Group, "accuracy", g.Accuracy, g.N)
	}
	for _, l := range r.Labels {
		stat("substate_labels", l.Judge, "", "", "success_rate", l.SuccessRate, l.N)
		stat("substate_labels", l.Judge, "", "", "fp_rate", l.FPRate, l.N)
		stat("substate_labels", l.Judge, "", "", "fn_rate", l.FNRate, l.N)
	}
	for _, d := range r.Decomposition {
		plain("decomposition", d.Task, "", "", "cover_rate", d.CoverRate, d.Human)
		plain("decomposition", d.Task, "", "", "redundant_rate", d.RedundantRate, d.Generated)
		plain("decomposition", d.Task, "", "", "optional_rate", d.OptionalRate, d.Generated)
		plain("decomposition", d.Task, "", "", "incorrect_rate", d.IncorrectRate, d.Generated)
	}
	for _, a := range r.Agents {
		stat("agent", a.Agent, VariantAW, a.Judge, "success", a.Success, a.Tasks)
		plain("agent", a.Agent, VariantVerdict, a.Judge, "cannot_tell", float64(a.CannotTell), a.Tasks)
		stat("agent", a.Agent, "", a.Judge, "scr", a.SCR, a.Tasks)
		stat("agent", a.Agent, VariantStrict, a.Judge, "tcr", a.TCR, a.Tasks)
		stat("agent", a.Agent, VariantRequired, a.Judge, "tcr", a.TCRRequired, a.Tasks)
		stat("agent", a.Agent, "", a.Judge, "truth_success", a.TruthSuccess, a.WithTruth)
		plain("agent", a.Agent, "", a.Judge, "cost_per_task_usd", optCost(a.CostPerTask), a.Tasks)
		plain("agent", a.Agent, "", a.Judge, "undetermined", float64(a.Undetermined), a.Tasks)
		plain("agent", a.Agent, "", a.Judge, "calls_per_task", a.CallsPerTask, a.Tasks)
		plain("agent", a.Agent, "", a.Judge, "tokens_per_task", a.TokensPerTask, a.Tasks)
	}
	for _, x := range r.Reference {
		plain("reference", x.Trace, "", x.Agent, "partial", x.Partial, x.RefLen)
		plain("reference", x.Trace, "", x.Agent, "complete", b2f(x.Complete), x.RefLen)
		plain("reference", x.Trace, "", x.Agent, "lcs_ratio", x.LCSRatio, x.RefLen)
		plain("reference", x.Trace, "", x.Agent, "task_reward", x.TaskReward, x.RefLen)
		plain("reference", x.Trace, "", x.Agent, "task_completion_ratio", x.CompletionRate, x.RefLen)
		if x.RRR != nil {
			plain("reference", x.Trace, "", x.Agent, "reversed_redundancy_ratio", *x.RRR, x.RefLen)
		}
	}
	cw.Flush()
	return cw.Error()
}
