package judge

import (
	"context"
	"errors"
	"fmt"

	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// fact is a critical_info note and the frame it came from.
type fact struct {
	Frame int    `json:"frame"`
	Text  string `json:"text"`
}

// hit is a satisfied substate with its evidence.
type hit struct {
	Frame    int    `json:"frame"`
	Analysis string `json:"analysis,omitempty"`
}

// ReasonInput is everything the reasoner sees for one frame.
type ReasonInput struct {
	Task  string
	Subs  *substate.List
	Query Query
	// Satisfied and Facts are the loop's memory: the substates reached and the notes the
	// model judge asked to remember, each with its frame.
	Satisfied   map[int]hit
	Facts       []fact
	Frame       int
	Description string
	// Screen is the structured screen, nil when the frame was described from its
	// screenshot by a vision model alone.
	Screen *Screen
	// Repair says why the last answer on this frame was rejected, on a retry.
	Repair string
	// Listings is what earlier frames listed and what has left its page since.
	Listings *Listings
	// Forms is what the agent filled in and which forms it committed (saved form values).
	Forms *Forms
	// Answer is the agent's reported answer to a question task, "" when it gave none.
	Answer string
}

// Reasoner judges one frame: a verdict on every substate in.Query asks. The model judge and
// the heuristic baseline share the loop and the Checker, so both are held to the same rules:
// an answer breaking one is asked again, then the frame is skipped. A Reasoner serves one
// judging loop, which calls it frame after frame from one goroutine.
type Reasoner interface {
	Reason(ctx context.Context, in ReasonInput) (*ReasonOutput, trace.Usage, error)
}

// errAnswer marks an answer that could not be read at all; the loop treats it like a rule
// violation (retry, then skip) rather than a failure of the run.
type errAnswer struct{ msg string }

func (e *errAnswer) Error() string { return e.msg }

func init() { Register(trace.JudgeLLM, llmDriver{}) }

// llmDriver is the model judge, the default kind: a model reasons over each frame's
// description, which a vision model may write from the screenshot.
type llmDriver struct{}

func (llmDriver) Check(c *Config) error {
	if c.Model == nil {
		return errors.New("the LLM judge needs a model (--model or $AUTOEVAL_MODEL)")
	}
	if c.CaptureModel == nil {
		c.CaptureModel = c.Model // one model that sees images serves both roles
	}
	return nil
}

func (llmDriver) Record(ji *trace.JudgeInfo, c *Config, vision bool) {
	ji.Model = c.Model.Name()
	ji.PromptVersions = map[string]string{"reasoner": prompts.Reasoner.Version, "reviewer": prompts.Reviewer.Version}
	if c.CaptureModel != nil && c.Capture != CaptureXML && vision {
		ji.CaptureModel = c.CaptureModel.Name()
		ji.PromptVersions["capturer"] = prompts.Capturer.Version
	}
}

func (llmDriver) Reasoner(c *Config, scope string) Reasoner {
	return &llmReasoner{model: c.Model, scope: scope}
}

func (llmDriver) Reviewer(c *Config, scope string) Reviewer {
	return &llmReviewer{model: c.Model, scope: scope, retries: c.Retries}
}

func (llmDriver) UsesModel() bool { return true }

// llmReasoner asks the model about one frame.
type llmReasoner struct {
	model llm.Model
	scope string
}

func (r *llmReasoner) request(in ReasonInput) (llm.Request, error) {
	rendered, err := renderReasoner(in)
	if err != nil {
		return llm.Request{}, err
	}
	return llm.Request{
		Purpose:       "reason",
		PromptVersion: rendered.Version,
		System:        rendered.System,
		Prompt:        rendered.Prompt,
		Schema:        reasonerSchema,
		MaxTokens:     2000,
		Scope:         r.scope,
	}, nil
}

func (r *llmReasoner) Reason(ctx context.Context, in ReasonInput) (*ReasonOutput, trace.Usage, error) {
	req, err := r.request(in)
	if err != nil {
		return nil, trace.Usage{}, err
	}
	resp, err := r.model.Generate(ctx, req)
	if err != nil {
		return nil, llm.UsageOf(err), fmt.Errorf("frame %d: reasoner call: %w", in.Frame, err)
	}
	u := usageOf(resp)
	out, perr := parseAnswer(resp.Text)
	if perr != nil {
		return nil, u, &errAnswer{msg: perr.Error()}
	}
	return out, u, nil
}

// forget drops the cached answers to the given attempts: they were all rejected and the
// frame skipped, so judging it again must ask the model anew, not replay the failure.
func (r *llmReasoner) forget(ctx context.Context, attempts []ReasonInput) {
	var reqs []llm.Request
	for _, in := range attempts {
		if req, err := r.request(in); err == nil {
			reqs = append(reqs, req)
		}
	}
	llm.Forget(ctx, r.model, reqs...)
}

// renderReasoner fills the shared reasoner prompt. Context parents are listed among the
// substates to answer as well: the parent rule needs their verdict on this very frame.
func renderReasoner(in ReasonInput) (prompts.Rendered, error) {
	pin := prompts.ReasonerInput{
		Task:        in.Task,
		Open:        in.Query.Asked(),
		Context:     in.Query.Context,
		Description: in.Description,
		FrameIndex:  in.Frame,
		Repair:      in.Repair,
	}
	for _, f := range in.Facts {
		pin.Memory = append(pin.Memory, fmt.Sprintf("(frame %d) %s", f.Frame, f.Text))
	}
	for _, g := range in.Listings.goneFacts(in.Task, maxGoneFacts) {
		pin.Memory = append(pin.Memory, "(remembered) "+g.String())
	}
	for _, s := range in.Forms.latest(maxSavedFacts) {
		pin.Memory = append(pin.Memory, "(remembered) "+s.String())
	}
	pin.Answer = in.Answer
	for _, n := range in.Subs.Nodes {
		if h, ok := in.Satisfied[n.ID]; ok {
			pin.Satisfied = append(pin.Satisfied, prompts.Satisfied{Node: n, Frame: h.Frame})
		}
	}
	return prompts.RenderReasoner(pin)
}

// maxGoneFacts and maxSavedFacts bound the remembered absences and saved forms put in
// one reasoner prompt.
const (
	maxGoneFacts  = 12
	maxSavedFacts = 8
)

// parseAnswer reads the model's JSON. llm.ExtractJSON drops <think> blocks and prose around
// the object, so braces in a reasoning model's thoughts do not spoil the answer.
func parseAnswer(text string) (*ReasonOutput, error) {
	raw, err := llm.ExtractJSON(text)
	if err != nil {
		return nil, err
	}
	var out ReasonOutput
	// Keys as written, each once: {"verdict":"uncertain","Verdict":"true"} is no answer.
	if err := strictjson.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("the answer is not valid JSON of the required shape: %v", err)
	}
	if out.Substates == nil {
		return nil, errors.New(`the answer has no "substates" list`)
	}
	return &out, nil
}

// reasonerSchema is computed once: the shape the prompt asks for, for structured output.
var reasonerSchema = prompts.ReasonerSchema()
