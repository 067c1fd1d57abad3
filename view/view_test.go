package view

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image/color"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// serve starts the real server on a free loopback port over the six standard traces
// (copied into a temp dir) and returns its base URL and the root.
func serve(t testing.TB, o Options) (string, *Server) {
	t.Helper()
	if len(o.Roots) == 0 {
		o.Roots = []string{evaltest.Write(t, t.TempDir(), evaltest.Cases, true)}
	}
	if o.Poll == 0 {
		o.Poll = 50 * time.Millisecond
	}
	srv, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String(), srv
}

func get(t testing.TB, u string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

type apiTrace struct {
	ID        string `json:"id"`
	Truth     string `json:"truth"`
	Judgments []struct {
		Judge     string `json:"judge"`
		Complete  bool   `json:"complete"`
		Verdict   string `json:"verdict"`
		Agreement string `json:"agreement"`
	} `json:"judgments"`
}

func apiTraces(t testing.TB, base, query string) []apiTrace {
	t.Helper()
	resp, body := get(t, base+"/api/traces"+query)
	if resp.StatusCode != 200 {
		t.Fatalf("GET /api/traces%s: %s %s", query, resp.Status, body)
	}
	var out []apiTrace
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("GET /api/traces%s: %v in %s", query, err, body)
	}
	return out
}

func ids(ts []apiTrace) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func TestAPITracesListsEveryTraceWithItsJudgments(t *testing.T) {
	base, _ := serve(t, Options{})
	all := apiTraces(t, base, "")
	if got := ids(all); !slices.Equal(got, []string{"t1", "t2", "t3", "t4", "t5", "t6"}) {
		t.Fatalf("ids %v", got)
	}
	// Verdicts and agreements as eval's worked example has them (evaltest.Cases).
	want := map[string][2]string{"t1": {"success", "agrees"}, "t2": {"failure", "agrees"}, "t3": {"success", "false positive"},
		"t4": {"failure", "false negative"}, "t5": {"failure", "agrees"}, "t6": {"failure", "false negative"}}
	for _, tr := range all {
		if len(tr.Judgments) != 1 || tr.Judgments[0].Judge != "heuristic (baseline)" {
			t.Fatalf("%s: judgments %+v", tr.ID, tr.Judgments)
		}
		j := tr.Judgments[0]
		if w := want[tr.ID]; j.Verdict != w[0] || j.Agreement != w[1] || j.Complete != (w[0] == "success") {
			t.Errorf("%s: %+v, want %v", tr.ID, j, w)
		}
	}
	if got := ids(apiTraces(t, base, "?disagree=1")); !slices.Equal(got, []string{"t3", "t4", "t6"}) {
		t.Errorf("disagreements %v, want t3 t4 t6", got)
	}
	if got := ids(apiTraces(t, base, "?agent=agentB&truth=success")); !slices.Equal(got, []string{"t4", "t6"}) {
		t.Errorf("agentB with ground truth success: %v", got)
	}
	if got := ids(apiTraces(t, base, "?q=markormove")); !slices.Equal(got, []string{"t3", "t4"}) {
		t.Errorf("search markormove: %v", got)
	}
	resp, _ := get(t, base+"/api/traces?sort=truth&order=desc&limit=2&offset=1")
	if n := resp.Header.Get("X-Total-Count"); n != "6" {
		t.Errorf("X-Total-Count %q", n)
	}
	if got := ids(apiTraces(t, base, "?sort=truth&order=desc&limit=2&offset=1")); !slices.Equal(got, []string{"t4", "t6"}) {
		t.Errorf("by reward, descending, second and third: %v", got)
	}
}

func TestPagesRenderAndEscapeTraceText(t *testing.T) {
	base, _ := serve(t, Options{})
	for _, p := range []string{"/", "/?disagree=1&sort=judge:heuristic+(baseline)", "/trace?id=t1", "/summary", "/api/trace?id=t3",
		"/api/frame?id=t1&i=2", "/api/summary", "/api/progress", "/static/app.js", "/static/app.css"} {
		resp, body := get(t, base+p)
		if resp.StatusCode != 200 {
			t.Errorf("GET %s: %s: %.300s", p, resp.Status, body)
			continue
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("GET %s: CSP %q", p, csp)
		}
		if strings.Contains(body, "<b>do it</b>") || strings.Contains(body, "<i>of</i>") {
			t.Errorf("GET %s: markup from a trace reached the page unescaped", p)
		}
	}
	_, body := get(t, base+"/trace?id=t1")
	if !strings.Contains(body, "Task of t1: &lt;b&gt;do it&lt;/b&gt;") {
		t.Errorf("trace page does not show the task as text")
	}
	if strings.Contains(body, "<script>") || strings.Contains(body, " style=") || strings.Contains(body, " on") && strings.Contains(body, "onclick") {
		t.Errorf("trace page holds an inline script or style, which its CSP forbids")
	}
}

func TestFramesAreServedFromTheTraceOnly(t *testing.T) {
	base, _ := serve(t, Options{})
	resp, body := get(t, base+"/frame?id=t1&i=2")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(body, "\x89PNG") {
		t.Fatalf("frame: %s %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	resp, body = get(t, base+"/frame?id=t1&i=2&w=135")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/jpeg" || !strings.HasPrefix(body, "\xff\xd8") {
		t.Fatalf("thumbnail: %s %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	for _, p := range []string{"/frame?id=t1&i=9", "/frame?id=../../etc/passwd&i=1", "/frame?id=t1&i=1&w=4000", "/static/../view.go", "/api/trace?id=/etc/passwd"} {
		if resp, _ := get(t, base+p); resp.StatusCode == 200 {
			t.Errorf("GET %s: 200", p)
		}
	}
}

func TestOnlyReadsAndOnlyLoopbackNames(t *testing.T) {
	base, _ := serve(t, Options{})
	resp, err := http.Post(base+"/api/traces", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %s", resp.Status)
	}
	// A page elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) is refused.
	req, _ := http.NewRequest("GET", base+"/api/traces", nil)
	req.Host = "attacker.example:80"
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("request for host attacker.example: %s", resp.Status)
	}
	u, _ := url.Parse(base)
	req, _ = http.NewRequest("GET", base+"/api/traces", nil)
	req.Host = "localhost:" + u.Port()
	if resp, err = http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 {
		t.Errorf("request for localhost: %v %v", resp.Status, err)
	}
	resp.Body.Close()
	for addr, want := range map[string]bool{"127.0.0.1:7575": true, "localhost:1": true, "[::1]:80": true, "0.0.0.0:7575": false, "192.168.1.2:80": false, ":7575": false} {
		if IsLoopback(addr) != want {
			t.Errorf("IsLoopback(%s) = %v", addr, !want)
		}
	}
}

// TestSymlinksOutOfTheRootsAreNotRead: a trace folder, an episode file or a judgment that
// is a link to somewhere outside the roots is listed as a problem and never read.
func TestSymlinksOutOfTheRootsAreNotRead(t *testing.T) {
	outside := evaltest.Write(t, t.TempDir(), evaltest.Cases[:2], false)
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases[2:3], false)
	secret := filepath.Join(outside, "t1", "trace.json")
	mustLink := func(target, link string) {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	episode := filepath.Join(outside, "episode.json")
	if err := os.WriteFile(episode, []byte(`{"goal": "read a secret", "task_name": "SecretTask", "step_records": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	mustLink(episode, filepath.Join(root, "linked-episode.json"))
	mustLink(filepath.Join(outside, "t2", "judgment.json"), filepath.Join(root, "t3", "judgment.other.json"))
	os.MkdirAll(filepath.Join(root, "t7"), 0o755)
	mustLink(secret, filepath.Join(root, "t7", "trace.json"))
	base, srv := serve(t, Options{Roots: []string{root}})
	got := apiTraces(t, base, "")
	if !slices.Equal(ids(got), []string{"t3"}) || len(got[0].Judgments) != 1 {
		t.Errorf("traces %+v, want t3 alone with its own judgment", got)
	}
	problems := strings.Join(srv.index.snap.Load().problems, "\n")
	for _, p := range []string{"linked-episode.json", "judgment.other.json", filepath.Join("t7", "trace.json")} {
		if !strings.Contains(problems, p) {
			t.Errorf("problems do not name %s: %s", p, problems)
		}
	}
}

// TestChangesAppearLive: a judgment, a ground truth and a new trace written by another
// process reach the index and the event stream without a restart.
func TestChangesAppearLive(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, true)
	base, _ := serve(t, Options{Roots: []string{root}})
	resp, err := http.Get(base + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- d
			}
		}
		close(events)
	}()
	waitEvent := func(what string, ok func(Change) bool) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case d, open := <-events:
				if !open {
					t.Fatalf("event stream ended waiting for %s", what)
				}
				var c Change
				if json.Unmarshal([]byte(d), &c) == nil && c.Version > 0 && ok(c) {
					return
				}
			case <-deadline:
				t.Fatalf("no event for %s within 10s", what)
			}
		}
	}
	waitEvent("the first version", func(c Change) bool { return c.Traces == 6 })

	// A second judge's verdict on t2.
	j, err := trace.ReadJudgment(filepath.Join(root, "t2", "judgment.json"))
	if err != nil {
		t.Fatal(err)
	}
	j.Judge = trace.JudgeInfo{Kind: trace.JudgeLLM, Model: "gpt-4o"}
	j.Complete = true
	if err := trace.WriteJudgment(filepath.Join(root, "t2", "judgment.openai_gpt-4o.json"), j); err != nil {
		t.Fatal(err)
	}
	waitEvent("the new judgment", func(c Change) bool { return slices.Contains(c.Changed, "t2") })
	if got := apiTraces(t, base, "?judge=gpt-4o"); len(got) != 1 || got[0].ID != "t2" || got[0].Judgments[0].Judge != "gpt-4o" || got[0].Judgments[0].Agreement != "false positive" {
		t.Errorf("judged by gpt-4o: %+v", got)
	}
	// Ground truth set on t5 (rewritten in place, not renamed).
	tr, err := trace.Read(filepath.Join(root, "t5"))
	if err != nil {
		t.Fatal(err)
	}
	tr.GroundTruth.Reward = 1
	data, _ := json.MarshalIndent(tr, "", " ")
	if err := os.WriteFile(filepath.Join(root, "t5", "trace.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	waitEvent("the new ground truth", func(c Change) bool { return slices.Contains(c.Changed, "t5") })
	if got := apiTraces(t, base, "?q=t5"); got[0].Truth != "success" {
		t.Errorf("t5 truth %q after its reward became 1", got[0].Truth)
	}
	// A new trace in a new folder.
	evaltest.Write(t, filepath.Join(root, "later"), evaltest.Cases[:1], false)
	waitEvent("the new trace", func(c Change) bool { return slices.Contains(c.Changed, "later/t1") })
	// And one removed.
	os.RemoveAll(filepath.Join(root, "t6"))
	waitEvent("the removed trace", func(c Change) bool { return slices.Contains(c.Removed, "t6") })
	if n := len(apiTraces(t, base, "")); n != 6 {
		t.Errorf("%d traces, want 6", n)
	}
}

func TestBatchProgressIsShown(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	base, _ := serve(t, Options{Roots: []string{root}})
	b := &trace.Batch{Kind: "judge", Judge: "heuristic (baseline)", Host: "h", PID: 42, Started: time.Now(), Updated: time.Now(),
		Total: 6, Done: 2, Current: []trace.BatchItem{{Trace: "t3", Frames: 3, FramesDone: 1}}}
	if err := trace.WriteBatch(root, b); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, body := get(t, base+"/api/progress")
		var got []BatchView
		json.Unmarshal([]byte(body), &got)
		if len(got) == 1 && got[0].Done == 2 && got[0].Current[0].Trace == "t3" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("progress %s", body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, body := get(t, base+"/"); !strings.Contains(body, "2 of 6 traces") || !strings.Contains(body, "judging") {
		t.Errorf("the list page does not show the batch")
	}
	if got := apiTraces(t, base, ""); len(got) != 6 {
		t.Errorf("the status folder was taken for traces: %d", len(got))
	}
}

// The summary shows the judges as eval and the report do since verdicts are three-valued:
// "cannot tell" counted apart with the coverage, and the count of disagreements it links to
// is that of the list the link opens (the list's disagree filter reads the verdict, not the
// strict variant).
func TestSummaryCountsTheVerdictsItLinksTo(t *testing.T) {
	cases := append([]evaltest.Case{}, evaltest.Cases...)
	// t4 (reward 1) was a strict false negative: the judge now cannot tell.
	cases[3].Verdict, cases[3].Reason = trace.RunCannotTell, "the result was never shown"
	base, _ := serve(t, Options{Roots: []string{evaltest.Write(t, t.TempDir(), cases, true)}})
	resp, body := get(t, base+"/summary")
	if resp.StatusCode != 200 {
		t.Fatalf("GET /summary: %s", resp.Status)
	}
	m := regexp.MustCompile(`<a href="([^"]*disagree=1[^"]*)">(\d+) traces</a>`).FindAllStringSubmatch(body, -1)
	if len(m) != 1 {
		t.Fatalf("want one link to the disagreements, got %v in\n%s", m, body)
	}
	link := html.UnescapeString(m[0][1])
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	listed := apiTraces(t, base, "?"+u.RawQuery)
	if n, _ := strconv.Atoi(m[0][2]); n != len(listed) {
		t.Errorf("the summary says %s traces disagree, the list it links to (%s) holds %d: %v", m[0][2], link, len(listed), ids(listed))
	}
	row := regexp.MustCompile(`(?s)<tr data-judge="heuristic \(baseline\)" data-variant="verdict">.*?</tr>`).FindString(body)
	// Coverage 5 of 6 runs; one run it cannot tell.
	if want := `<td class="num">83.3%</td><td class="num">1</td>`; !strings.Contains(row, want) {
		t.Errorf("the verdict row does not show %q: %s", want, row)
	}
	if !strings.Contains(body, "cannot tell") || !strings.Contains(body, "as-androidworld") {
		t.Errorf("the summary does not explain the verdict variants:\n%s", body)
	}
}

// seal records in the judgment of the trace folder dir what it was computed from, as judge
// does: the trace as it is now.
func seal(t *testing.T, dir string) {
	t.Helper()
	tr, err := trace.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := trace.JudgmentPath(dir)
	j, err := trace.ReadJudgment(p)
	if err != nil {
		t.Fatal(err)
	}
	nodes := make([]substate.Node, len(j.Substates))
	for i, s := range j.Substates {
		nodes[i] = s.Node
	}
	pv := &trace.Provenance{Scheme: trace.ProvenanceScheme, TraceFrames: len(tr.Frames), Task: trace.Sum([]byte(tr.Task)),
		Answer: trace.Sum([]byte(tr.FinalAnswer())), Substates: trace.SubstatesSum(nodes)}
	for i := range tr.Frames {
		pv.Frames = append(pv.Frames, tr.ReadSums(&tr.Frames[i], trace.PartAll))
	}
	j.Provenance = pv
	if err := trace.WriteJudgment(p, j); err != nil {
		t.Fatal(err)
	}
}

// A frame rewritten in place keeps the times of the other files (copied back with its old
// time, as rsync -t or cp -p do): the list marks the judgment stale, and so must the trace's
// page and its frames, which were cached by the time of the trace's newest file.
func TestPageSeesAFrameRewrittenWithAnOlderTime(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, true)
	dir := filepath.Join(root, "t1")
	seal(t, dir)
	base, _ := serve(t, Options{Roots: []string{root}})
	if _, body := get(t, base+"/trace?id=t1"); strings.Contains(body, "stale, not counted") {
		t.Fatal("a sealed judgment shown as stale")
	}
	_, before := get(t, base+"/frame?id=t1&i=2")
	resp, thumbBefore := get(t, base+"/frame?id=t1&i=2&w=135")
	etag := resp.Header.Get("ETag")
	frame := filepath.Join(dir, trace.FrameName(2)+".png")
	st, err := os.Stat(frame)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(frame, evaltest.PNG(t, 108, 240, color.Black), 0o644); err != nil {
		t.Fatal(err)
	}
	old := st.ModTime().Add(-time.Hour)
	if err := os.Chtimes(frame, old, old); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		tr := apiTraces(t, base, "?q=t1")
		if len(tr) == 1 && len(tr[0].Judgments) == 1 && tr[0].Judgments[0].Verdict == VerdictStale {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the list never marked the judgment stale: %+v", tr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, body := get(t, base+"/trace?id=t1"); !strings.Contains(body, "stale, not counted") {
		t.Error("the list shows the judgment as stale, its trace's page does not")
	}
	if _, after := get(t, base+"/frame?id=t1&i=2"); after == before {
		t.Error("the frame served is the one before it was rewritten")
	}
	if _, after := get(t, base+"/frame?id=t1&i=2&w=135"); after == thumbBefore {
		t.Error("the thumbnail served is the one before the frame was rewritten")
	}
	req, _ := http.NewRequest("GET", base+"/frame?id=t1&i=2&w=135", nil)
	req.Header.Set("If-None-Match", etag)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotModified {
		t.Error("the browser is told its copy of the rewritten frame's thumbnail is current")
	}
}

// GET /api/summary answers what eval --format json writes: with the judgments counted
// although their provenance is unknown (the six standard judgments record none), and the
// stale ones listed apart.
func TestAPISummaryCountsProvenance(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, true)
	seal(t, filepath.Join(root, "t1"))
	seal(t, filepath.Join(root, "t3"))
	tr, err := trace.Read(filepath.Join(root, "t3"))
	if err != nil {
		t.Fatal(err)
	}
	tr.Task += " (edited)"
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	base, _ := serve(t, Options{Roots: []string{root}})
	_, body := get(t, base+"/api/summary")
	var res struct {
		Provenance struct {
			Stale   []struct{ Trace string } `json:"stale"`
			Unknown int                      `json:"unknown"`
		} `json:"provenance"`
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil {
		t.Fatal(err)
	}
	if p := res.Provenance; p.Unknown != 4 || len(p.Stale) != 1 || p.Stale[0].Trace != "t3" {
		t.Errorf("provenance %+v, want 4 of unknown provenance (t2, t4, t5, t6) and t3 stale", p)
	}
}

// sealedTraces writes n judged traces of frames frames each below root, their judgments
// recording their provenance (as judge writes them now).
func sealedTraces(t *testing.T, root string, n, frames int) {
	t.Helper()
	one := evaltest.Write(t, t.TempDir(), evaltest.Cases[:1], true)
	for i := 0; i < n; i++ {
		dir := filepath.Join(root, fmt.Sprintf("r%04d", i))
		if err := os.CopyFS(dir, os.DirFS(filepath.Join(one, "t1"))); err != nil {
			t.Fatal(err)
		}
		tr, err := trace.Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		for len(tr.Frames) < frames {
			f := tr.Frames[len(tr.Frames)%3]
			f.Index = len(tr.Frames) + 1
			tr.Frames = append(tr.Frames, f)
		}
		if err := tr.WriteManifest(); err != nil {
			t.Fatal(err)
		}
		seal(t, dir)
	}
}

// heapPerTrace is the heap the index of root holds per trace.
func heapPerTrace(t *testing.T, root string, n int) float64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ix, err := NewIndex([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	for _, s := range ix.Traces() {
		if len(s.Judgments) != 1 || s.Judgments[0].Stale != nil {
			t.Fatalf("%s: %+v, want one judgment, not stale", s.ID, s.Judgments)
		}
	}
	runtime.KeepAlive(ix)
	return (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / float64(n)
}

// The index holds a summary per trace whatever its length: a judgment's provenance (the
// digests of every frame judged) was kept for eval's summary, so memory grew with the
// frames judged (a 3,000-frame trace held a third of a megabyte).
func TestIndexMemoryDoesNotGrowWithFrames(t *testing.T) {
	const n = 40
	short, long := t.TempDir(), t.TempDir()
	sealedTraces(t, short, n, 10)
	sealedTraces(t, long, n, 400)
	s, l := heapPerTrace(t, short, n), heapPerTrace(t, long, n)
	if l-s > 20<<10 {
		t.Errorf("the index holds %.0f bytes per trace of 10 frames, %.0f per trace of 400", s, l)
	}
}
