package eval

import (
	"sort"
)

// AgentRow scores one agent over a suite as seen by one judge.
type AgentRow struct {
	Agent string `json:"agent"`
	Judge string `json:"judge"`
	Tasks int    `json:"tasks"`
	// SCR is the mean substate completion rate; TCR the share of tasks judged complete,
	// strictly (every substate) and over required substates only.
	SCR         Stat `json:"scr"`
	TCR         Stat `json:"tcr"`
	TCRRequired Stat `json:"tcr_required"`
	// Success is the share of tasks the judge's verdict calls successful, "cannot tell"
	// counted as not successful (comparable with AndroidWorld's success rate); CannotTell
	// counts the tasks it could not tell.
	Success    Stat `json:"success"`
	CannotTell int  `json:"cannot_tell"`
	// TruthSuccess is the share of tasks ground truth calls successful (NaN without any).
	TruthSuccess Stat `json:"truth_success"`
	WithTruth    int  `json:"with_truth"`
	// Undetermined counts tasks the judge could not judge (no usable model answer, or no
	// frame it could describe): they
	// are left out of SCR and TCR, never counted as failures.
	Undetermined int `json:"undetermined,omitempty"`
	// CostPerTask and TotalCost are the cost of the method: what judging the tasks costs at
	// list price without a cache, the same however much a rerun found cached. Null when a
	// model's price is unknown. PaidCost is what the runs that wrote the judgments paid.
	CostPerTask   *float64 `json:"cost_per_task_usd"`
	CallsPerTask  float64  `json:"calls_per_task"`
	TokensPerTask float64  `json:"tokens_per_task"`
	TotalCost     *float64 `json:"total_cost_usd"`
	PaidCost      *float64 `json:"paid_cost_usd"`
	// UnknownCalls counts requests that reached a provider without an answer (cancelled or
	// timed out): billed, probably, so the costs are lower bounds when it is not 0.
	UnknownCalls int `json:"unknown_calls,omitempty"`
}

// AgentOf names the agent of a trace, "unknown" when the trace does not say.
func AgentOf(it *Item) string {
	if it.Trace.Agent != "" {
		return it.Trace.Agent
	}
	return "unknown"
}

// ScoreAgents computes SCR/TCR and judging cost per agent and judge.
func ScoreAgents(d *Dataset, o Options) []AgentRow {
	type key struct{ agent, judge string }
	groups := map[key][]*Item{}
	for _, it := range d.Items {
		for _, j := range it.Judgments {
			k := key{AgentOf(it), j.Judge.Label()}
			groups[k] = append(groups[k], it)
		}
	}
	var rows []AgentRow
	for k, items := range groups {
		r := AgentRow{Agent: k.agent, Judge: k.judge, Tasks: len(items)}
		var scr, tcr, tcrq, truth, success []float64
		var calls, tokens int
		var method, paid float64
		priceUnknown := false
		for _, it := range items {
			j := it.Judgment(k.judge)
			// What judging cost counts for every task, judged or not.
			method += j.Usage.MethodCostUSD()
			paid += j.Usage.CostUSD
			priceUnknown = priceUnknown || j.Usage.PriceUnknown
			r.UnknownCalls += j.Usage.UnknownCalls
			calls += j.Usage.Calls + j.Usage.CacheHits
			tokens += j.Usage.InputTokens + j.Usage.OutputTokens
			o := j.RunVerdict()
			success = append(success, b2f(o.Success()))
			if !o.Decided() {
				r.CannotTell++
			}
			if j.Undetermined {
				r.Undetermined++
				continue
			}
			scr = append(scr, j.SCR)
			tcr = append(tcr, b2f(j.Complete))
			if !j.NoRequired { // undefined for a task whose substates are all optional
				tcrq = append(tcrq, b2f(j.CompleteRequired))
			}
			if it.Trace.GroundTruth != nil {
				truth = append(truth, b2f(it.Trace.GroundTruth.Success()))
			}
		}
		r.Success = MeanStat(success, rowSeed(o.Seed, k.agent, k.judge, "success"), o.Resamples)
		r.SCR = MeanStat(scr, rowSeed(o.Seed, k.agent, k.judge, "scr"), o.Resamples)
		r.TCR = MeanStat(tcr, rowSeed(o.Seed, k.agent, k.judge, "tcr"), o.Resamples)
		r.TCRRequired = MeanStat(tcrq, rowSeed(o.Seed, k.agent, k.judge, "tcrq"), o.Resamples)
		r.TruthSuccess = MeanStat(truth, rowSeed(o.Seed, k.agent, k.judge, "truth"), o.Resamples)
		r.WithTruth = len(truth)
		n := float64(len(items))
		if !priceUnknown {
			perTask := method / n
			r.CostPerTask, r.TotalCost, r.PaidCost = &perTask, &method, &paid
		}
		r.CallsPerTask, r.TokensPerTask = float64(calls)/n, float64(tokens)/n
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, k int) bool {
		if rows[i].Judge != rows[k].Judge {
			return rows[i].Judge < rows[k].Judge
		}
		return rows[i].Agent < rows[k].Agent
	})
	return rows
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
