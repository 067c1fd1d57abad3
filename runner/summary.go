package runner

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/trace"
)

// Summary is the per-agent result of a suite run (the paper's SCR and TCR).
type Summary struct {
	RunID string `json:"run_id"`
	Agent string `json:"agent"`
	Suite string `json:"suite"`
	// Shard is "I/N" when this process ran one shard of the suite; Tasks counts the
	// shard's tasks and SuiteTasks the suite's.
	Shard      string `json:"shard,omitempty"`
	SuiteTasks int    `json:"suite_tasks,omitempty"`
	Tasks      int    `json:"tasks"`
	// Devices are the pool's serials; DevicesLeft says which left it and why.
	Devices     []string `json:"devices"`
	DevicesLeft []string `json:"devices_left,omitempty"`
	Done        int      `json:"done"`
	Failed      int      `json:"failed"`
	Judged      int      `json:"judged"`
	// Undetermined counts tasks the judge ran on but could not judge: not verdicts, and
	// not failures.
	Undetermined int `json:"undetermined,omitempty"`
	// Retried counts tasks a device failed that ran again on another.
	Retried int `json:"retried,omitempty"`
	// SCR is the mean substate completion rate over judged tasks; TCR the share of
	// judged tasks with every substate satisfied.
	SCR float64 `json:"scr"`
	TCR float64 `json:"tcr"`
	// With ground truth: how many tasks had a reward, how many succeeded, and how often
	// the judge's "complete" agreed with it.
	GTChecked int `json:"gt_checked,omitempty"`
	GTSuccess int `json:"gt_success,omitempty"`
	Agreement int `json:"judge_gt_agreement,omitempty"`
	// GTUnscored counts tasks AndroidWorld failed to score; they run again next time.
	GTUnscored  int            `json:"gt_unscored,omitempty"`
	Statuses    map[string]int `json:"statuses"`
	Interrupted bool           `json:"interrupted,omitempty"`
}

func summarize(sum *Summary, results []TaskResult) {
	var scr float64
	complete := 0
	for _, r := range results {
		st := r.Status
		if st == "" {
			st = "not_run" // failed before the agent started (setup, ground truth, AndroidWorld)
		}
		sum.Statuses[st]++
		if strings.HasPrefix(r.Error, scoreErrPrefix) {
			sum.GTUnscored++
		}
		if r.Error != "" {
			sum.Failed++
		} else {
			sum.Done++
		}
		if r.Undetermined {
			sum.Undetermined++
		}
		if len(r.FailedOn) > 0 {
			sum.Retried++
		}
		if r.Judged {
			sum.Judged++
			scr += r.SCR
			if r.Complete {
				complete++
			}
		}
		if r.Reward != nil {
			sum.GTChecked++
			ok := *r.Reward >= trace.SuccessThreshold
			if ok {
				sum.GTSuccess++
			}
			// The verdict agrees when it says success exactly when ground truth does
			// ("cannot tell" counted as not successful, as AndroidWorld counts every run).
			if r.Judged && ok == (r.Verdict == trace.RunSuccess) {
				sum.Agreement++
			}
		}
	}
	if sum.Judged > 0 {
		sum.SCR = scr / float64(sum.Judged)
		sum.TCR = float64(complete) / float64(sum.Judged)
	}
}

// WriteSummary prints the per-task table and the agent's summary. With several devices
// the table names the device each task ran on.
func WriteSummary(w io.Writer, sum *Summary, results []TaskResult) {
	pool := len(sum.Devices) > 1
	devCol := func(s string) string {
		if !pool {
			return ""
		}
		return fmt.Sprintf(" %-21s", termtext.Clip(s, 21))
	}
	fmt.Fprintf(w, "%-28s %-11s%s %6s %7s %12s %7s  %s\n", "TASK", "STATUS", devCol("DEVICE"), "FRAMES", "SCR", "VERDICT", "REWARD", "NOTE")
	for _, r := range results {
		scr, complete, reward := "-", "-", "-"
		if r.Judged {
			scr = fmt.Sprintf("%.2f", r.SCR)
			complete = trace.VerdictText(r.Verdict)
		}
		if r.Undetermined {
			complete = "undetermined"
		}
		if r.Reward != nil {
			reward = fmt.Sprintf("%.2f", *r.Reward)
		}
		var notes []string
		if r.Error != "" {
			notes = append(notes, r.Error)
		}
		if r.Undetermined {
			notes = append(notes, "the judge could not judge it: "+r.UndeterminedReason)
		}
		if len(r.FailedOn) > 0 && r.Error == "" {
			notes = append(notes, "ran again after "+strings.Join(r.FailedOn, ", ")+" failed it")
		}
		if r.GTError != "" {
			notes = append(notes, "ground truth: "+r.GTError)
		}
		if r.TeardownError != "" {
			notes = append(notes, r.TeardownError)
		}
		note := strings.Join(notes, "; ")
		fmt.Fprintf(w, "%-28s %-11s%s %6d %7s %12s %7s  %s\n", termtext.Clip(r.ID, 28), r.Status, devCol(r.Device), r.Frames, scr, complete, reward, note)
	}
	fmt.Fprintln(w)
	if sum.Shard != "" {
		fmt.Fprintf(w, "shard %s: %d of the suite's %d tasks\n", sum.Shard, sum.Tasks, sum.SuiteTasks)
	}
	if pool {
		fmt.Fprintf(w, "devices: %d (%s)", len(sum.Devices), strings.Join(sum.Devices, ", "))
		if len(sum.DevicesLeft) > 0 {
			fmt.Fprintf(w, "; left the pool: %s", strings.Join(sum.DevicesLeft, "; "))
		}
		fmt.Fprintln(w)
	} else if len(sum.DevicesLeft) > 0 {
		fmt.Fprintf(w, "device lost: %s\n", strings.Join(sum.DevicesLeft, "; "))
	}
	fmt.Fprintf(w, "agent %s: %d/%d tasks run (%d failed), %d judged: SCR %.3f, TCR %.3f\n",
		sum.Agent, sum.Done+sum.Failed, sum.Tasks, sum.Failed, sum.Judged, sum.SCR, sum.TCR)
	if sum.Undetermined > 0 {
		fmt.Fprintf(w, "undetermined: the judge could not judge %d task(s); they count neither as verdicts nor as failures (judge them again with 'autoeval judge --trace DIR', e.g. with another --model)\n", sum.Undetermined)
	}
	if sum.GTChecked > 0 {
		fmt.Fprintf(w, "ground truth: %d/%d checked tasks succeeded; the judge's verdict agreed with it on %d\n", sum.GTSuccess, sum.GTChecked, sum.Agreement)
	}
	if sum.GTUnscored > 0 {
		fmt.Fprintf(w, "ground truth: AndroidWorld failed to score %d task(s); they are not done and run again on the next invocation\n", sum.GTUnscored)
	}
	if sum.Interrupted {
		fmt.Fprintln(w, "interrupted: rerun the same command to resume")
	}
}

// RunReport is a whole run as JSON (--json).
type RunReport struct {
	Summary *Summary     `json:"summary"`
	Tasks   []TaskResult `json:"tasks"`
}

// EncodeReport writes the run as indented JSON.
func EncodeReport(w io.Writer, sum *Summary, results []TaskResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(RunReport{Summary: sum, Tasks: results})
}
