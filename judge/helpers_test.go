package judge

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

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// screenXML renders a tiny uiautomator dump: a package and some text views, the last
// of which may be a switch.
func screenXML(pkg string, texts ...string) string {
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

// writeTrace writes a native-looking trace of XML frames into a temp dir.
func writeTrace(t testing.TB, task string, screens ...string) *trace.Trace {
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

// clockSubs is the example decomposition used throughout the tests.
func clockSubs() *substate.List {
	return &substate.List{Task: "Open the Clock app and set an alarm for 7:30 AM", Nodes: []substate.Node{
		{ID: 0, Kind: substate.Page, Content: "The Clock app is open"},
		{ID: 1, Kind: substate.Page, Content: "The alarm list is visible", Parent: substate.IntPtr(0)},
		{ID: 2, Kind: substate.Unit, Content: "An alarm for 7:30 AM is listed", Parent: substate.IntPtr(1)},
		{ID: 3, Kind: substate.Unit, Content: "The 7:30 AM alarm is switched on", Parent: substate.IntPtr(1)},
	}}
}

// clockScreens are four frames: launcher, clock (timer tab), alarm list with an
// alarm still off, and the alarm switched on.
func clockScreens() []string {
	const pkg = "com.google.android.deskclock"
	return []string{
		screenXML("com.google.android.apps.nexuslauncher", "Clock", "Phone", "Chrome"),
		screenXML(pkg, "Timer", "Start"),
		screenXML(pkg, "Alarm", "7:30 AM", "switch:Alarm 7:30=off"),
		screenXML(pkg, "Alarm", "7:30 AM", "switch:Alarm 7:30=on"),
	}
}

var askedRe = regexp.MustCompile(`(?m)^- id (\d+) \[`)

// askedIDs reads the ids the reasoner prompt asks verdicts for (the "Open substates" list).
func askedIDs(prompt string) []int {
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

// fenced returns the screen description between the prompt's fence markers.
func fenced(prompt string) string {
	i := strings.Index(prompt, "<<<SCREEN_DESCRIPTION")
	j := strings.Index(prompt, "SCREEN_DESCRIPTION_END>>>")
	if i < 0 || j < i {
		return ""
	}
	return prompt[i:j]
}

// answer builds a reasoner answer: ids in trueIDs are "true", the rest "uncertain".
func answer(ids []int, trueIDs map[int]bool, info string) string {
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

// clockOracle answers like a careful model would on the clock screens: it looks at the
// fenced description only.
func clockOracle(req llm.Request) string {
	d := fenced(req.Prompt)
	ids := askedIDs(req.Prompt)
	tr := map[int]bool{}
	clock := strings.Contains(d, "deskclock")
	alarm := clock && strings.Contains(d, `"Alarm"`)
	tr[0] = clock
	tr[1] = alarm
	tr[2] = alarm && strings.Contains(d, `"7:30 AM"`)
	tr[3] = alarm && strings.Contains(d, "checked/on")
	return answer(ids, tr, "")
}

// fakeModel is an in-process llm.Model with a scripted handler; it records every request.
type fakeModel struct {
	name    string
	handler func(n int, req llm.Request) (string, error)
	mu      sync.Mutex
	reqs    []llm.Request
}

func (f *fakeModel) Name() string {
	if f.name == "" {
		return "fake:scripted"
	}
	return f.name
}

func (f *fakeModel) Generate(ctx context.Context, req llm.Request) (*llm.Response, error) {
	f.mu.Lock()
	n := len(f.reqs)
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	text, err := f.handler(n, req)
	if err != nil {
		return nil, err
	}
	return &llm.Response{Text: text, InputTokens: 100, OutputTokens: 20, CostUSD: 0.001}, nil
}

func (f *fakeModel) requests() []llm.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]llm.Request{}, f.reqs...)
}

// satisfiedAt maps substate id to the frame it was satisfied at (-1 when never).
func satisfiedAt(j *trace.Judgment) map[int]int {
	m := map[int]int{}
	for _, s := range j.Substates {
		m[s.ID] = -1
		if s.Satisfied {
			m[s.ID] = *s.Frame
		}
	}
	return m
}

// scripted is a model whose answers come from a test script and whose requests are recorded.
type scripted interface {
	llm.Model
	requests() []llm.Request
}

// maker builds a scripted model from a handler.
type maker func(h func(n int, req llm.Request) (string, error)) scripted

// bothModels runs a test body against the in-process fake and against the real llm client
// talking to the fake OpenAI server over a socket (cache off: every answer is a real request).
func bothModels(t *testing.T, body func(t *testing.T, mk maker)) {
	t.Run("inproc", func(t *testing.T) {
		body(t, func(h func(int, llm.Request) (string, error)) scripted { return &fakeModel{handler: h} })
	})
	t.Run("openai-http", func(t *testing.T) {
		body(t, func(h func(int, llm.Request) (string, error)) scripted { return newHTTPModel(t, h, true) })
	})
}

// httpModel is llm.Open against an llmtest server; requests() reads what the server saw.
type httpModel struct {
	llm.Model
	srv *llmtest.Server
}

func newHTTPModel(t testing.TB, h func(int, llm.Request) (string, error), noCache bool) *httpModel {
	t.Helper()
	var mu sync.Mutex
	n := 0
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		mu.Lock()
		i := n
		n++
		mu.Unlock()
		text, err := h(i, fromWire(r))
		if err != nil {
			return llmtest.Status(500)
		}
		return llmtest.Reply(text)
	}))
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "llm.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:test-model", BaseURL: srv.URL, Cache: db, Ledger: db, NoCache: noCache, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return &httpModel{Model: m, srv: srv}
}

func fromWire(r llmtest.Request) llm.Request {
	req := llm.Request{System: r.System, Prompt: r.Text, Purpose: "reason"}
	for _, im := range r.Images {
		req.Images = append(req.Images, llm.Image{MIME: im.MIME, Data: im.Data})
		req.Purpose = "capture"
	}
	return req
}

func (m *httpModel) requests() []llm.Request {
	var out []llm.Request
	for _, r := range m.srv.Requests() {
		out = append(out, fromWire(r))
	}
	return out
}
