// Package prompts holds the texts autoeval sends to language models: the decomposer,
// the capturer (screen description) and the reasoner (substate matching). They are
// embedded text/templates written from the method's rules: the substate model (package
// substate) and the judging rules (package judge).
// Each carries a version derived from its text, recorded with every call, so a changed
// prompt never reuses cached answers of the old one.
package prompts

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"text/template"

	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/substate"
)

//go:embed templates/*.tmpl
var files embed.FS

// Prompt is one system+user template pair.
type Prompt struct {
	Name string
	// Version is "name/v<generation>-<hash of the template text>".
	Version string
	system  *template.Template
	user    *template.Template
}

// Rendered is a prompt ready to send.
type Rendered struct {
	System  string
	Prompt  string
	Version string
}

// generation is bumped by hand for changes that matter even if a hash collides in spirit
// (e.g. a changed input struct); the hash catches every edit of the text.
const generation = 2

// The fence markers around untrusted screen text, and around the notes (critical_info) the
// reasoner took from such text on earlier screens. Occurrences inside the text itself are
// defused so a screen cannot close the fence and speak outside it.
const (
	FenceOpen  = "<<<SCREEN_DESCRIPTION"
	FenceClose = "SCREEN_DESCRIPTION_END>>>"
	NotesOpen  = "<<<NOTES_FROM_EARLIER_SCREENS"
	NotesClose = "NOTES_FROM_EARLIER_SCREENS_END>>>"
)

var (
	Decomposer = mustLoad("decomposer")
	Capturer   = mustLoad("capturer")
	Reasoner   = mustLoad("reasoner")
	Reviewer   = mustLoad("reviewer")
)

func mustLoad(name string) *Prompt {
	sys, err := files.ReadFile("templates/" + name + ".system.tmpl")
	if err != nil {
		panic(err) // embedded at build time: a missing file is a build defect
	}
	usr, err := files.ReadFile("templates/" + name + ".user.tmpl")
	if err != nil {
		panic(err)
	}
	funcs := template.FuncMap{
		"node":     NodeLine,
		"fence":    func() string { return FenceOpen },
		"endfence": func() string { return FenceClose },
		"notes":    func() string { return NotesOpen },
		"endnotes": func() string { return NotesClose },
		"rules":    renderRules,
		"rule":     func(id string) string { return evidence.Render([]evidence.Rule{evidence.Get(id)}) },
	}
	h := sha256.New()
	h.Write(sys)
	h.Write([]byte{0})
	h.Write(usr)
	if usesRules(sys) || usesRules(usr) {
		// The rules are rendered from judge/evidence's table, not written in the
		// template: the version must change when they do.
		h.Write([]byte{0})
		h.Write([]byte(evidence.Version()))
	}
	return &Prompt{
		Name:    name,
		Version: fmt.Sprintf("%s/v%d-%s", name, generation, hex.EncodeToString(h.Sum(nil))[:8]),
		system:  template.Must(template.New(name + ".system").Option("missingkey=error").Funcs(funcs).Parse(string(sys))),
		user:    template.Must(template.New(name + ".user").Option("missingkey=error").Funcs(funcs).Parse(string(usr))),
	}
}

// renderRules lists the evidence rules of the given kinds ("shows", "never", "against",
// "cannot tell", "last look"), one per line.
func renderRules(kinds ...string) string {
	ks := make([]evidence.Kind, len(kinds))
	for i, k := range kinds {
		ks[i] = evidence.Kind(k)
	}
	return evidence.Render(evidence.Of(ks...))
}

// usesRules reports whether a template renders evidence rules.
func usesRules(tmpl []byte) bool {
	return bytes.Contains(tmpl, []byte("{{rules")) || bytes.Contains(tmpl, []byte("{{rule "))
}

func (p *Prompt) render(data any) (Rendered, error) {
	var s, u bytes.Buffer
	if err := p.system.Execute(&s, data); err != nil {
		return Rendered{}, fmt.Errorf("prompt %s: %w", p.Name, err)
	}
	if err := p.user.Execute(&u, data); err != nil {
		return Rendered{}, fmt.Errorf("prompt %s: %w", p.Name, err)
	}
	return Rendered{System: strings.TrimSpace(s.String()), Prompt: strings.TrimSpace(u.String()), Version: p.Version}, nil
}

// NodeLine renders a substate for a prompt: id, kind, parent and content on one line.
func NodeLine(n substate.Node) string {
	var b strings.Builder
	fmt.Fprintf(&b, "id %d [%s", n.ID, n.Kind)
	if n.Parent != nil {
		if n.Kind == substate.Unit {
			fmt.Fprintf(&b, " on page %d", *n.Parent)
		} else {
			fmt.Fprintf(&b, " reached from page %d", *n.Parent)
		}
	}
	if n.Optional {
		b.WriteString(", optional")
	}
	fmt.Fprintf(&b, "] %q", n.Content)
	return b.String()
}

// DecomposerInput fills the decomposer prompt.
type DecomposerInput struct {
	Task string
	// App names the target app when known (e.g. from a suite).
	App string
	// Knowledge is optional free text about the app's pages and elements.
	Knowledge string
	// Repair, when set, carries the previous answer's problems for a repair round.
	Repair string
}

// RenderDecomposer renders the decomposition prompt.
func RenderDecomposer(in DecomposerInput) (Rendered, error) {
	if strings.TrimSpace(in.Task) == "" {
		return Rendered{}, fmt.Errorf("prompt decomposer: empty task")
	}
	return Decomposer.render(in)
}

// CapturerInput fills the capturer prompt; the screenshot itself goes as an image part.
type CapturerInput struct {
	// Task, when set, tells the describer which elements deserve precision.
	// There is no frame number on purpose: the same screenshot on two frames must make
	// the same request, so the call cache describes it once.
	Task string
	// Hints are known facts such as the foreground activity.
	Hints string
}

// RenderCapturer renders the screen-description prompt.
func RenderCapturer(in CapturerInput) (Rendered, error) { return Capturer.render(in) }

// Satisfied is a substate already satisfied, with the frame that showed it.
type Satisfied struct {
	Node  substate.Node
	Frame int
}

// ReasonerInput fills the reasoner prompt for one frame.
type ReasonerInput struct {
	Task string
	// Open are the substates still to be judged; each needs exactly one verdict.
	Open []substate.Node
	// Context are satisfied parent PageNodes of open UnitNodes. They are explained in
	// their own part and also judged among the open substates (is the page visible on
	// this same screen?); RenderReasoner adds them to Open when the caller did not.
	Context []substate.Node
	// Memory holds critical_info noted on earlier frames and what the judge remembers of
	// them (an item listed on a page earlier and gone from it since): written from untrusted
	// screen text, so untrusted too, and fenced in the prompt.
	Memory []string
	// Answer is the agent's own reported answer to a question task, "" when it gave none:
	// untrusted, fenced like the screen.
	Answer string
	// Satisfied lists substates already satisfied, with their frames.
	Satisfied []Satisfied
	// Description is the capturer's text for this frame: untrusted, fenced in the prompt.
	Description string
	// FrameIndex is the 1-based frame number, 0 to omit.
	FrameIndex int
	// Repair, when set, names the rule the previous answer broke.
	Repair string
}

// RenderReasoner renders the reasoner prompt for one frame.
func RenderReasoner(in ReasonerInput) (Rendered, error) {
	if len(in.Open) == 0 {
		return Rendered{}, fmt.Errorf("prompt reasoner: no open substates")
	}
	in.Description = Defuse(in.Description)
	in.Answer = Defuse(in.Answer)
	in.Memory = defusedLines(in.Memory)
	// Context pages need a verdict on this frame too: make sure they are among the
	// substates to judge (callers may already have put them there), in id order.
	have := map[int]bool{}
	for _, n := range in.Open {
		have[n.ID] = true
	}
	open := append([]substate.Node{}, in.Open...)
	for _, n := range in.Context {
		if !have[n.ID] {
			open = append(open, n)
			have[n.ID] = true
		}
	}
	sort.SliceStable(open, func(i, j int) bool { return open[i].ID < open[j].ID })
	in.Open = open
	return Reasoner.render(in)
}

// ReviewerInput fills the review prompt: the last look at a run's end before a success.
type ReviewerInput struct {
	Task string
	// Status is how the recording ended (completed, timeout, ...); Frames how many it has.
	Status string
	Frames int
	// Substates are every substate with what the judge found.
	Substates []ReviewSubstate
	// Memory is what the judge remembers (notes, saved forms, items gone): untrusted, fenced.
	Memory []string
	// Answer is the agent's reported answer, "" for none: untrusted.
	Answer string
	// After is the frame the last required substate was reached at; Screens are the frames
	// after it (the last ones, Omitted more before them not shown).
	After   int
	Omitted int
	Screens []ReviewScreen
	// Repair, when set, names the rule the previous answer broke.
	Repair string
}

// ReviewSubstate is a substate and what the judge found of it.
type ReviewSubstate struct {
	Node     substate.Node
	Reached  bool
	Frame    int
	Analysis string
}

// ReviewScreen is one screen of the run's end: its description (untrusted, fenced) and the
// agent's action on it, "" when none was recorded.
type ReviewScreen struct {
	Frame       int
	Action      string
	Description string
}

// RenderReviewer renders the review prompt.
func RenderReviewer(in ReviewerInput) (Rendered, error) {
	if len(in.Substates) == 0 {
		return Rendered{}, fmt.Errorf("prompt reviewer: no substates")
	}
	in.Answer = Defuse(in.Answer)
	in.Memory = defusedLines(in.Memory)
	screens := make([]ReviewScreen, len(in.Screens))
	for i, s := range in.Screens {
		s.Description = Defuse(s.Description)
		s.Action = defusedLine(s.Action)
		screens[i] = s
	}
	in.Screens = screens
	subs := make([]ReviewSubstate, len(in.Substates))
	for i, s := range in.Substates {
		s.Analysis = defusedLine(s.Analysis)
		subs[i] = s
	}
	in.Substates = subs
	return Reviewer.render(in)
}

// Run verdicts the review may give.
const (
	ReviewSuccess    = "success"
	ReviewFailure    = "failure"
	ReviewCannotTell = "cannot_tell"
)

// ReviewerAnswer is the JSON the review prompt asks for.
type ReviewerAnswer struct {
	Verdict string   `json:"verdict" jsonschema:"enum=success,enum=failure,enum=cannot_tell"`
	Reason  string   `json:"reason"`
	Rules   []string `json:"rules"`
	Frame   int      `json:"frame"`
}

// defusedLines folds each untrusted text onto one line, defused: a note cannot pose as
// another, nor close a fence.
func defusedLines(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = defusedLine(s)
	}
	return out
}

func defusedLine(s string) string { return Defuse(strings.Join(strings.Fields(s), " ")) }

// bracketRun is three or more angle brackets in a row, what every fence marker starts or
// ends with.
var bracketRun = regexp.MustCompile(`<{3,}|>{3,}`)

// Defuse breaks any fence marker inside untrusted text so it cannot open or end a fence:
// every run of three or more angle brackets is spaced out whole (replacing "<<<" alone
// left "< < <<<" of five).
func Defuse(s string) string {
	return bracketRun.ReplaceAllStringFunc(s, func(run string) string {
		return strings.Join(strings.Split(run, ""), " ")
	})
}

// Verdicts the reasoner may give.
const (
	VerdictTrue      = "true"
	VerdictUncertain = "uncertain"
)

// ReasonerAnswer is the JSON the reasoner prompt asks for.
type ReasonerAnswer struct {
	Thought      string           `json:"thought"`
	Substates    []SubstateAnswer `json:"substates"`
	CriticalInfo Strings          `json:"critical_info,omitempty"`
}

// SubstateAnswer is one verdict.
type SubstateAnswer struct {
	ID       int    `json:"id"`
	Analysis string `json:"analysis"`
	Verdict  string `json:"verdict" jsonschema:"enum=true,enum=uncertain"`
}

// Strings accepts a JSON list of strings, a single string, or null: models vary.
type Strings []string

// UnmarshalJSON implements the tolerant decoding.
func (s *Strings) UnmarshalJSON(b []byte) error {
	t := bytes.TrimSpace(b)
	switch {
	case bytes.Equal(t, []byte("null")):
		*s = nil
		return nil
	case len(t) > 0 && t[0] == '"':
		var one string
		if err := json.Unmarshal(t, &one); err != nil {
			return err
		}
		if strings.TrimSpace(one) == "" {
			*s = nil
		} else {
			*s = Strings{one}
		}
		return nil
	}
	var many []string
	if err := json.Unmarshal(t, &many); err != nil {
		return err
	}
	*s = many
	return nil
}
