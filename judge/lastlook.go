package judge

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/trace"
)

// llmReviewer is the model judge's last look: a review call with its own prompt, asked when
// every required substate was reached and frames followed the one that reached the last of
// them. A run that did not reach everything is decided by the shared rules (Unreached).
type llmReviewer struct {
	model   llm.Model
	scope   string
	retries int
}

func (r *llmReviewer) Review(ctx context.Context, in ReviewInput) (trace.Outcome, trace.Usage, error) {
	if !in.AllReached {
		return Unreached(in, ""), trace.Usage{}, nil
	}
	if len(in.End) == 0 {
		return nothingFollowed(in), trace.Usage{}, nil
	}
	pin := reviewerPrompt(in)
	review := &trace.Review{By: prompts.Reviewer.Version, From: in.End[0].Index, To: in.End[len(in.End)-1].Index}
	var usage trace.Usage
	var problems []string
	for attempt := 0; attempt <= r.retries; attempt++ {
		if attempt > 0 {
			review.Retries++
			pin.Repair = fmt.Sprintf("(attempt %d of %d) %s", attempt+1, r.retries+1, strings.Join(problems, "; "))
		}
		rendered, err := prompts.RenderReviewer(pin)
		if err != nil {
			return trace.Outcome{}, usage, err
		}
		req := llm.Request{Purpose: "review", PromptVersion: rendered.Version, System: rendered.System, Prompt: rendered.Prompt,
			Schema: reviewerSchema, MaxTokens: 800, Scope: r.scope}
		resp, err := r.model.Generate(ctx, req)
		if err != nil {
			usage.Add(trace.Usage(llm.UsageOf(err)))
			return trace.Outcome{}, usage, fmt.Errorf("the last look (review call): %w", err)
		}
		usage.Add(usageOf(resp))
		ans, perr := parseReview(resp.Text)
		if perr == nil {
			problems = checkReview(ans, in)
		} else {
			problems = []string{perr.Error()}
		}
		if len(problems) == 0 {
			o := trace.Outcome{Verdict: ans.Verdict, Reason: strings.TrimSpace(ans.Reason), Rules: ans.Rules, Review: review}
			if ans.Frame > 0 {
				o.Frame = intPtr(ans.Frame)
			}
			review.Findings = []string{o.Reason}
			return o, usage, nil
		}
		// A rejected answer must not come back from the cache when the run is judged again.
		llm.Forget(ctx, r.model, req)
	}
	return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"}, Review: review,
		Reason: fmt.Sprintf("%s the last look gave no usable answer in %d attempts (%s), so the run's end was never checked", evidence.Cite("C3"), r.retries+1, strings.Join(problems, "; "))}, usage, nil
}

// nothingFollowed is the verdict of a run that reached every required substate on its last
// frame: no later screen could undo it, discard it or show an error after it.
func nothingFollowed(in ReviewInput) trace.Outcome {
	return trace.Outcome{Verdict: trace.RunSuccess, Rules: []string{"L1", "L2", "L3"}, Frame: intPtr(in.ReachedAt),
		Reason: fmt.Sprintf("%s%s%s every required substate was reached by frame %d, the run's last: nothing followed to undo it, discard it or show an error",
			evidence.Cite("L1"), evidence.Cite("L2"), evidence.Cite("L3"), in.ReachedAt)}
}

// reviewerSchema is computed once: the shape the review prompt asks for.
var reviewerSchema = prompts.ReviewerSchema()

// reviewerPrompt fills the review prompt from what the last look reads.
func reviewerPrompt(in ReviewInput) prompts.ReviewerInput {
	pin := prompts.ReviewerInput{Task: in.Task, Status: in.Status, Frames: in.Frames, Answer: in.Answer, After: in.ReachedAt, Omitted: in.Omitted}
	if pin.Status == "" {
		pin.Status = trace.StatusUnknown
	}
	for _, f := range in.Found {
		pin.Substates = append(pin.Substates, prompts.ReviewSubstate{Node: f.Node, Reached: f.Reached, Frame: f.Frame, Analysis: f.Analysis})
	}
	pin.Memory = append(pin.Memory, in.Notes...)
	for _, g := range in.Listings.goneFacts(in.Task, maxGoneFacts) {
		pin.Memory = append(pin.Memory, "(remembered) "+g.String())
	}
	for _, s := range in.Forms.latest(maxSavedFacts) {
		pin.Memory = append(pin.Memory, "(remembered) "+s.String())
	}
	if in.Forms != nil {
		for _, d := range in.Forms.Dropped {
			pin.Memory = append(pin.Memory, "(remembered) dropped form: "+d.String())
		}
	}
	for _, f := range in.End {
		s := prompts.ReviewScreen{Frame: f.Index, Action: trace.ActionText(f.Action), Description: f.Desc}
		switch {
		case f.Skip != "":
			s.Description = "(this frame could not be read: " + f.Skip + ")"
		case f.Desc == "":
			continue // left out: memory covers it
		}
		pin.Screens = append(pin.Screens, s)
	}
	return pin
}

// parseReview reads the review's JSON.
func parseReview(text string) (*prompts.ReviewerAnswer, error) {
	raw, err := llm.ExtractJSON(text)
	if err != nil {
		return nil, err
	}
	var a prompts.ReviewerAnswer
	if err := strictjson.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("the answer is not valid JSON of the required shape: %v", err)
	}
	if a.Verdict == "" {
		return nil, errors.New(`the answer has no "verdict"`)
	}
	return &a, nil
}

// checkReview lists what breaks the review's rules: a verdict of the three, known rule ids,
// a failure citing evidence against the run and the frame showing it, a "cannot tell"
// citing why.
func checkReview(a *prompts.ReviewerAnswer, in ReviewInput) []string {
	var problems []string
	a.Verdict = strings.ToLower(strings.TrimSpace(a.Verdict))
	switch a.Verdict {
	case trace.RunSuccess, trace.RunFailure, trace.RunCannotTell:
	default:
		problems = append(problems, fmt.Sprintf("verdict %q is none of \"success\", \"failure\", \"cannot_tell\"", a.Verdict))
	}
	for i, id := range a.Rules {
		a.Rules[i] = strings.ToUpper(strings.Trim(strings.TrimSpace(id), "[]"))
		if !knownRule(a.Rules[i]) {
			problems = append(problems, fmt.Sprintf("rule %q is not one of the evidence rules", id))
		}
	}
	if strings.TrimSpace(a.Reason) == "" {
		problems = append(problems, "the reason is empty")
	}
	if a.Frame < 0 || a.Frame > in.LastFrame {
		problems = append(problems, fmt.Sprintf("frame %d is not a frame of the run (1 to %d, or 0 for none)", a.Frame, in.LastFrame))
	}
	switch a.Verdict {
	case trace.RunFailure:
		if !citesKind(a.Rules, evidence.Against, evidence.LastLook) {
			problems = append(problems, "a failure must cite the evidence against the run: an F or L rule")
		}
		if a.Frame == 0 {
			problems = append(problems, "a failure must name the frame that shows the evidence against the run")
		}
	case trace.RunCannotTell:
		if !citesKind(a.Rules, evidence.Unknown) {
			problems = append(problems, "\"cannot_tell\" must cite why: a C rule")
		}
	}
	return problems
}

func knownRule(id string) bool {
	for _, r := range evidence.Rules {
		if r.ID == id {
			return true
		}
	}
	return false
}
