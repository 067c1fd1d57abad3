// Package judgetest builds what tests of the judges judge: traces of UI XML, of
// AndroidWorld-style elements or of rendered screenshots, the clock example's screens and
// substates, and a scripted model with helpers to read the reasoner prompts it is sent.
// Shared by package judge's tests and package heuristic's; it imports neither.
package judgetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// ScreenXML renders a tiny uiautomator dump: a package and some text views, the last
// of which may be a switch.
func ScreenXML(pkg string, texts ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">`)
	fmt.Fprintf(&b, `<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="%s" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,1920]">`, pkg)
	for i, t := range texts {
		class, checkable, checked := "android.widget.TextView", "false", "false"
		if strings.HasPrefix(t, "switch:") {
			class, checkable = "android.widget.Switch", "true"
			t = strings.TrimPrefix(t, "switch:")
			if strings.HasSuffix(t, "=on") {
				checked = "true"
			}
			t = strings.TrimSuffix(strings.TrimSuffix(t, "=on"), "=off")
		}
		y := 100 + i*120
		fmt.Fprintf(&b, `<node index="%d" text="%s" resource-id="%s:id/v%d" class="%s" package="%s" content-desc="" checkable="%s" checked="%s" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,%d][1080,%d]" />`,
			i, t, pkg, i, class, pkg, checkable, checked, y, y+100)
	}
	b.WriteString(`</node></hierarchy>`)
	return b.String()
}

// WriteTrace writes a native-looking trace of XML frames into a temp dir.
func WriteTrace(t testing.TB, task string, screens ...string) *trace.Trace {
	t.Helper()
	dir := t.TempDir()
	tr := &trace.Trace{Version: 1, Task: task, Dir: dir, Status: trace.StatusCompleted}
	for i, s := range screens {
		name := trace.FrameName(i+1) + ".xml"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		tr.Frames = append(tr.Frames, trace.Frame{Index: i + 1, XML: name})
	}
	return tr
}

// ClockSubs is the example decomposition used throughout the tests.
func ClockSubs() *substate.List {
	return &substate.List{Task: "Open the Clock app and set an alarm for 7:30 AM", Nodes: []substate.Node{
		{ID: 0, Kind: substate.Page, Content: "The Clock app is open"},
		{ID: 1, Kind: substate.Page, Content: "The alarm list is visible", Parent: substate.IntPtr(0)},
		{ID: 2, Kind: substate.Unit, Content: "An alarm for 7:30 AM is listed", Parent: substate.IntPtr(1)},
		{ID: 3, Kind: substate.Unit, Content: "The 7:30 AM alarm is switched on", Parent: substate.IntPtr(1)},
	}}
}

// ClockScreens are four frames: launcher, clock (timer tab), alarm list with an
// alarm still off, and the alarm switched on.
func ClockScreens() []string {
	const pkg = "com.google.android.deskclock"
	return []string{
		ScreenXML("com.google.android.apps.nexuslauncher", "Clock", "Phone", "Chrome"),
		ScreenXML(pkg, "Timer", "Start"),
		ScreenXML(pkg, "Alarm", "7:30 AM", "switch:Alarm 7:30=off"),
		ScreenXML(pkg, "Alarm", "7:30 AM", "switch:Alarm 7:30=on"),
	}
}

var askedRe = regexp.MustCompile(`(?m)^- id (\d+) \[`)

// AskedIDs reads the ids the reasoner prompt asks verdicts for (the "Open substates" list).
func AskedIDs(prompt string) []int {
	i := strings.Index(prompt, "Open substates")
	if i < 0 {
		return nil
	}
	sec := prompt[i:]
	if j := strings.Index(sec, "\n\n"); j >= 0 {
		sec = sec[:j]
	}
	var ids []int
	for _, m := range askedRe.FindAllStringSubmatch(sec, -1) {
		id, _ := strconv.Atoi(m[1])
		ids = append(ids, id)
	}
	return ids
}

// Fenced returns the screen description between the prompt's fence markers.
func Fenced(prompt string) string {
	i := strings.Index(prompt, "<<<SCREEN_DESCRIPTION")
	j := strings.Index(prompt, "SCREEN_DESCRIPTION_END>>>")
	if i < 0 || j < i {
		return ""
	}
	return prompt[i:j]
}

// Answer builds a reasoner answer: ids in trueIDs are "true", the rest "uncertain".
func Answer(ids []int, trueIDs map[int]bool, info string) string {
	type v struct {
		ID       int    `json:"id"`
		Analysis string `json:"analysis"`
		Verdict  string `json:"verdict"`
	}
	out := struct {
		Thought      string   `json:"thought"`
		Substates    []v      `json:"substates"`
		CriticalInfo []string `json:"critical_info"`
	}{Thought: "scripted", CriticalInfo: []string{}}
	if info != "" {
		out.CriticalInfo = []string{info}
	}
	for _, id := range ids {
		verdict := "uncertain"
		if trueIDs[id] {
			verdict = "true"
		}
		out.Substates = append(out.Substates, v{ID: id, Analysis: "scripted analysis", Verdict: verdict})
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// Model is an in-process llm.Model answering through a scripted Handler (n counts the
// requests before this one); it records every request. ModelName is its Name, a default
// when empty.
type Model struct {
	ModelName string
	Handler   func(n int, req llm.Request) (string, error)
	mu        sync.Mutex
	reqs      []llm.Request
}

func (f *Model) Name() string {
	if f.ModelName == "" {
		return "fake:scripted"
	}
	return f.ModelName
}

func (f *Model) Generate(ctx context.Context, req llm.Request) (*llm.Response, error) {
	f.mu.Lock()
	n := len(f.reqs)
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	text, err := f.Handler(n, req)
	if err != nil {
		return nil, err
	}
	return &llm.Response{Text: text, InputTokens: 100, OutputTokens: 20, CostUSD: 0.001}, nil
}

func (f *Model) Requests() []llm.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]llm.Request{}, f.reqs...)
}

// SatisfiedAt maps substate id to the frame it was satisfied at (-1 when never).
func SatisfiedAt(j *trace.Judgment) map[int]int {
	m := map[int]int{}
	for _, s := range j.Substates {
		m[s.ID] = -1
		if s.Satisfied {
			m[s.ID] = *s.Frame
		}
	}
	return m
}

// IsReview reports whether a request is the model judge's last look (the review call)
// rather than a reasoner or capture call, by its system prompt.
func IsReview(system string) bool {
	return strings.HasPrefix(strings.TrimSpace(system), "You take the last look")
}

// ReviewAnswer builds a review answer: the verdict, its reason, the rules cited and the
// deciding frame (0 for none).
func ReviewAnswer(verdict, reason string, rules []string, frame int) string {
	if rules == nil {
		rules = []string{}
	}
	b, _ := json.Marshal(struct {
		Verdict string   `json:"verdict"`
		Reason  string   `json:"reason"`
		Rules   []string `json:"rules"`
		Frame   int      `json:"frame"`
	}{verdict, reason, rules, frame})
	return string(b)
}

// ReviewSuccess is a review answer that finds nothing wrong at the run's end.
func ReviewSuccess() string {
	return ReviewAnswer("success", "[L1][L2][L3] nothing undone, discarded or in error after the result", []string{"L1", "L2", "L3"}, 0)
}
