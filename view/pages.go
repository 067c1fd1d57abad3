package view

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/report"
	"github.com/autoeval/autoeval/trace"
	"github.com/autoeval/autoeval/uixml"
)

var pages = template.Must(template.New("pages").Funcs(pageFuncs()).ParseFS(assets, "assets/pages.html.tmpl"))

func pageFuncs() template.FuncMap {
	f := report.TemplateFuncs()
	f["pctf"] = func(v float64) string { return eval.FormatPct(v) + "%" }
	f["ago"] = func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.Local().Format("2006-01-02 15:04:05")
	}
	f["costp"] = func(p *float64) string {
		if p == nil {
			return "unknown"
		}
		return fmt.Sprintf("$%.4f", *p)
	}
	f["disagrees"] = eval.Disagrees
	f["list3"] = func() []string { return []string{"success", "failure", "unknown"} }
	f["add"] = func(a, b int) int { return a + b }
	f["pctint"] = func(done, total int) int {
		if total <= 0 {
			return 0
		}
		return min(100, done*100/total)
	}
	return f
}

// page is what every page template gets.
type page struct {
	Title    string
	Kind     string // list | trace | summary
	Version  uint64
	Roots    []string
	Traces   int
	Problems []string
	Progress []BatchView
	Remote   bool // served beyond loopback

	List    *listPage
	Trace   *tracePage
	Summary *summaryPage
}

func (s *Server) newPage(kind, title string) *page {
	sn := s.index.snap.Load()
	return &page{Title: title, Kind: kind, Version: sn.version, Roots: s.index.Roots(), Traces: len(sn.traces),
		Problems: sn.problems, Progress: s.progress.current()}
}

func (s *Server) render(w http.ResponseWriter, p *page) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, "page", p); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}

// listPage is the trace list.
type listPage struct {
	Result
	Query   Query
	Judges  []string // the verdict columns
	Rows    []listRow
	Apps    []facet
	Agents  []facet
	Status  []facet
	AllJ    []string // every judge, for the filter
	Verdict []string
	First   int
	Last    int
	Prev    string
	Next    string
	Heads   []listHead
	Report  string // link to a report of this list
}

type listHead struct {
	Label, Title, Href string
	Sorted             string // "", "asc", "desc"
}

type listRow struct {
	*Summary
	Href     string
	TaskText string
	Cells    []*Verdict
	Cost     *float64
}

func (s *Server) listPage(w http.ResponseWriter, r *http.Request) {
	q := ParseQuery(r.URL.Query())
	sn := s.index.snap.Load()
	res := q.Run(sn.traces)
	lp := &listPage{Result: res, Query: res.Query, AllJ: sn.judges,
		Apps:   facets(sn.traces, func(s *Summary) string { return s.App }),
		Agents: facets(sn.traces, func(s *Summary) string { return s.Agent }),
		Status: facets(sn.traces, func(s *Summary) string { return s.Status })}
	lp.Verdict = []string{eval.VerdictSuccess, eval.VerdictFailure, eval.VerdictCannotTell}
	seen := map[string]bool{}
	for _, v := range lp.Verdict {
		seen[v] = true
	}
	for _, t := range sn.traces { // verdicts a newer judge gives ("cannot tell") show up by themselves
		for _, v := range t.Judgments {
			if !seen[v.Verdict] {
				seen[v.Verdict] = true
				lp.Verdict = append(lp.Verdict, v.Verdict)
			}
		}
	}
	lp.Judges = sn.judges
	if q.Judge != "" {
		lp.Judges = []string{q.Judge}
	}
	listQ := res.Query.Encode()
	for _, t := range res.Page {
		row := listRow{Summary: t, Href: traceHref(t.ID, listQ), TaskText: taskLabel(t), Cost: t.cost()}
		for _, j := range lp.Judges {
			row.Cells = append(row.Cells, t.judgment(j))
		}
		lp.Rows = append(lp.Rows, row)
	}
	if res.Total > 0 {
		lp.First = (res.Query.Page-1)*q.Per + 1
		lp.Last = lp.First + len(res.Page) - 1
	}
	if res.Query.Page > 1 {
		pq := res.Query
		pq.Page--
		lp.Prev = "/?" + pq.Encode()
	}
	if res.Query.Page < res.Pages {
		nq := res.Query
		nq.Page++
		lp.Next = "/?" + nq.Encode()
	}
	head := func(label, key, title string) {
		hq := res.Query
		hq.Page = 1
		h := listHead{Label: label, Title: title}
		if hq.Sort == key {
			h.Sorted = "asc"
			if hq.Desc {
				h.Sorted = "desc"
			}
			hq.Desc = !hq.Desc
		} else {
			hq.Sort, hq.Desc = key, key == "updated" || key == "cost" || key == "frames"
		}
		h.Href = "/?" + hq.Encode()
		lp.Heads = append(lp.Heads, h)
	}
	head("trace", "id", "the trace's path below its root")
	head("task", "task", "the task's catalogue name, else its text")
	head("app", "app", "")
	head("agent", "agent", "")
	head("frames", "frames", "")
	head("ground truth", "truth", "the reward from the device's state; success at 1")
	head("claim", "claim", "the agent's own claim of success")
	for _, j := range lp.Judges {
		head(j, "judge:"+j, "this judge's verdict, and its agreement with ground truth")
	}
	head("cost", "cost", "what judging cost, without the call cache")
	head("updated", "updated", "last change to the trace or its judgments")
	rq := res.Query
	rq.Page, rq.Per, rq.Sort, rq.Desc = 1, defaultPer, "id", false
	lp.Report = "/report?" + rq.Encode()
	p := s.newPage("list", "autoeval: traces")
	p.List = lp
	s.render(w, p)
}

func traceHref(id, listQuery string) string {
	v := url.Values{"id": {id}}
	if listQuery != "" {
		v.Set("list", listQuery)
	}
	return "/trace?" + v.Encode()
}

// tracePage is one trace.
type tracePage struct {
	View      *report.TraceView
	ID        string
	Answer    string
	Details   string
	Back      string
	Prev      string
	Next      string
	Frames    []frameCard
	Notes     []frameNotes
	Cost      string
	Problem   string
	Source    string
	Judgments []report.JudgmentView
}

type frameCard struct {
	report.FrameView
	Thumb    string
	Full     string
	HasImage bool
	Activity string
	UI       []string // texts of the UI when there is no screenshot
}

type frameNotes struct {
	Index int
	Notes []judgeNote
}

type judgeNote struct {
	Judge string
	report.FrameNoteView
}

// uiTextFrames bounds the frames whose UI dump is read to stand in for a missing
// screenshot in the filmstrip; past it, the frame panel reads the dump when asked.
const uiTextFrames = 300

func (s *Server) tracePage(w http.ResponseWriter, r *http.Request) {
	sum, ok := s.lookup(w, r)
	if !ok {
		return
	}
	listQ := r.URL.Query().Get("list")
	lv, _ := url.ParseQuery(listQ)
	q := ParseQuery(lv)
	tp := &tracePage{ID: sum.ID, Back: "/?" + listQ}
	prev, next := q.neighbours(s.index.Traces(), sum.ID)
	if prev != "" {
		tp.Prev = traceHref(prev, listQ)
	}
	if next != "" {
		tp.Next = traceHref(next, listQ)
	}
	p := s.newPage("trace", "autoeval: "+sum.ID)
	p.Trace = tp
	tv, it, err := s.traceView(sum)
	if err != nil {
		tp.Problem = err.Error()
		s.render(w, p)
		return
	}
	tp.View = tv
	t := it.Trace
	tp.Answer, _ = t.AgentAnswer()
	if t.GroundTruth != nil {
		tp.Details = t.GroundTruth.Details
	}
	if t.Source != nil {
		tp.Source = t.Source.Format
	}
	base := url.Values{"id": {sum.ID}}
	for k, fv := range tv.Frames {
		f := &t.Frames[k]
		c := frameCard{FrameView: fv, HasImage: t.HasImage(f), Activity: f.Activity, UI: fv.Texts}
		v := url.Values{"id": base["id"], "i": {fmt.Sprint(f.Index)}}
		c.Full = "/frame?" + v.Encode()
		v.Set("w", "270")
		c.Thumb = "/frame?" + v.Encode()
		if !c.HasImage && len(c.UI) == 0 && t.HasXML(f) && k < uiTextFrames {
			c.UI = xmlTexts(t, f, 14)
		}
		tp.Frames = append(tp.Frames, c)
	}
	notes := map[int][]judgeNote{}
	var total trace.Usage
	for _, j := range tv.Judgments {
		tp.Judgments = append(tp.Judgments, j)
		for _, n := range j.Notes {
			notes[n.Index] = append(notes[n.Index], judgeNote{Judge: j.Judge, FrameNoteView: n})
		}
		total.Add(j.Usage)
	}
	for idx, n := range notes {
		tp.Notes = append(tp.Notes, frameNotes{Index: idx, Notes: n})
	}
	sort.Slice(tp.Notes, func(a, b int) bool { return tp.Notes[a].Index < tp.Notes[b].Index })
	if len(tv.Judgments) > 0 {
		tp.Cost = total.CostText()
	}
	s.render(w, p)
}

// xmlTexts lists up to n visible texts of a frame's UI dump, top to bottom.
func xmlTexts(t *trace.Trace, f *trace.Frame, n int) []string {
	data, err := t.ReadXML(f)
	if err != nil {
		return nil
	}
	h, err := uixml.Parse(data)
	if err != nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, nd := range h.Nodes {
		s := nd.Text
		if s == "" {
			s = nd.ContentDesc
		}
		s = termtext.ClipLine(s, 40)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		if out = append(out, s); len(out) == n {
			break
		}
	}
	return out
}

// summaryPage is eval's summary of every trace.
type summaryPage struct {
	*summaryCache
	Judgments int
	Judges    []string
	WithTruth int
	Cost      string
	Commands  []string
}

// summaryCache is eval's result for one version of the index.
type summaryCache struct {
	version  uint64
	Eval     *eval.Result
	AppChart template.HTML
	Computed time.Time
	// Updating: the traces changed since, and a new summary is being computed.
	Updating bool
}

// currentSummary returns eval's summary over every trace. The bootstrap takes seconds over
// tens of thousands of traces, so after the first one a page gets the last summary at once
// (marked Updating when the traces changed since) while a new one is computed in the
// background; a "summary" event tells the pages when it is ready.
func (s *Server) currentSummary() *summaryCache {
	s.summaryMu.Lock()
	c, busy := s.summary, s.summaryBusy
	version := s.index.Version()
	if c != nil && c.version != version && !busy {
		s.summaryBusy = true
		go func() {
			nc := s.computeSummary()
			s.summaryMu.Lock()
			s.summary, s.summaryBusy = nc, false
			s.summaryMu.Unlock()
			s.events.publish("summary", map[string]uint64{"version": nc.version})
		}()
	}
	s.summaryMu.Unlock()
	if c == nil {
		s.summaryFirst.Do(func() {
			nc := s.computeSummary()
			s.summaryMu.Lock()
			if s.summary == nil {
				s.summary = nc
			}
			s.summaryMu.Unlock()
		})
		s.summaryMu.Lock()
		c = s.summary
		s.summaryMu.Unlock()
	}
	if c.version != version {
		stale := *c
		stale.Updating = true
		return &stale
	}
	return c
}

func (s *Server) computeSummary() *summaryCache {
	sn := s.index.snap.Load()
	d := &eval.Dataset{Root: strings.Join(s.index.Roots(), ", "), Roots: s.index.Roots(), Warnings: sn.problems}
	for _, t := range sn.traces {
		d.Items = append(d.Items, t.evalItem())
	}
	res := eval.Evaluate(d, eval.Inputs{}, eval.Options{Seed: 1})
	return &summaryCache{version: sn.version, Eval: res, AppChart: report.AppChart(res.Judges.ByApp), Computed: time.Now()}
}

func (s *Server) summaryPage(w http.ResponseWriter, r *http.Request) {
	sc := s.currentSummary()
	sp := &summaryPage{summaryCache: sc}
	sn := s.index.snap.Load()
	var total trace.Usage
	for _, t := range sn.traces {
		if t.GroundTruth != nil {
			sp.WithTruth++
		}
		for _, j := range t.evalJudgments {
			sp.Judgments++
			total.Add(j.Usage)
		}
	}
	sp.Judges = sn.judges
	sp.Cost = total.CostText()
	args := ""
	for _, r := range s.index.Roots() {
		args += " --traces " + shellQuote(r)
	}
	sp.Commands = []string{"autoeval eval" + args, "autoeval report" + args + " --out report.html"}
	p := s.newPage("summary", "autoeval: summary")
	p.Summary = sp
	s.render(w, p)
}

// shellQuote quotes a path for a command shown to copy.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
