package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/report"
	"github.com/autoeval/autoeval/trace"
	"github.com/autoeval/autoeval/uixml"
)

// The JSON routes, so the viewer can be scripted:
//
//	GET /api/traces   every trace (or, with the list's parameters, the filtered ones; limit
//	                  and offset page them): a JSON array of Summary, the total in X-Total-Count
//	GET /api/trace    ?id=: one trace as the report's JSON shows it (substates, analyses, frames)
//	GET /api/frame    ?id=&i=: one frame: its action, activity and UI elements
//	GET /api/summary  eval's result over every trace (judge vs ground truth, agents, cost)
//	GET /api/progress the batches under way
//	GET /api/events   Server-Sent Events: change, progress

func writeJSON(w http.ResponseWriter, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}

func (s *Server) apiTraces(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query()
	q := ParseQuery(v)
	all := s.index.Traces()
	q.Page, q.Per = 1, len(all)+1
	res := q.Run(all)
	list := res.Page
	off, _ := strconv.Atoi(v.Get("offset"))
	off = min(max(off, 0), len(list))
	list = list[off:]
	if n, err := strconv.Atoi(v.Get("limit")); err == nil && n >= 0 && n < len(list) {
		list = list[:n]
	}
	w.Header().Set("X-Total-Count", strconv.Itoa(res.Total))
	writeJSON(w, list)
}

// lookup finds the trace a request names by its id parameter.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*Summary, bool) {
	id := r.URL.Query().Get("id")
	sum := s.index.snap.Load().byID[id]
	if sum == nil {
		notFound(w, fmt.Sprintf("trace %q", id))
		return nil, false
	}
	return sum, true
}

// traceView opens a trace and renders it as the report does, without thumbnails.
func (s *Server) traceView(sum *Summary) (*report.TraceView, *eval.Item, error) {
	it, err := s.cache.open(sum)
	if err != nil {
		return nil, nil, err
	}
	tv := report.TraceOf(it, report.Options{})
	return tv, it, nil
}

func (s *Server) apiTrace(w http.ResponseWriter, r *http.Request) {
	sum, ok := s.lookup(w, r)
	if !ok {
		return
	}
	tv, _, err := s.traceView(sum)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	writeJSON(w, tv)
}

// FrameView is one frame as GET /api/frame gives it.
type FrameView struct {
	Index    int           `json:"index"`
	Image    bool          `json:"image"`
	Action   *trace.Action `json:"action,omitempty"`
	Activity string        `json:"activity,omitempty"`
	// UI is the screen's UI tree (from its UI XML, else its elements), top to bottom.
	UI []UINode `json:"ui"`
	// Problem says why the UI could not be read.
	Problem string `json:"problem,omitempty"`
}

// UINode is one element of a screen.
type UINode struct {
	Depth    int      `json:"depth"`
	Class    string   `json:"class,omitempty"`
	ID       string   `json:"id,omitempty"`
	Text     string   `json:"text,omitempty"`
	Desc     string   `json:"desc,omitempty"`
	Hint     string   `json:"hint,omitempty"`
	Bounds   string   `json:"bounds,omitempty"`
	Flags    []string `json:"flags,omitempty"`
	Children int      `json:"-"`
}

// maxUINodes bounds the UI tree one frame answers with.
const maxUINodes = 5000

func (s *Server) apiFrame(w http.ResponseWriter, r *http.Request) {
	sum, ok := s.lookup(w, r)
	if !ok {
		return
	}
	t, f, ok := s.openFrame(w, r, sum)
	if !ok {
		return
	}
	fv := FrameView{Index: f.Index, Image: t.HasImage(f), Action: f.Action, Activity: f.Activity, UI: []UINode{}}
	switch {
	case t.HasXML(f):
		data, err := t.ReadXML(f)
		var h *uixml.Hierarchy
		if err == nil {
			h, err = uixml.Parse(data)
		}
		if err != nil {
			fv.Problem = err.Error()
			break
		}
		for _, n := range h.Nodes[:min(len(h.Nodes), maxUINodes)] {
			u := UINode{Depth: n.Depth, Class: shortClass(n.Class), ID: n.ResourceID, Text: n.Text, Desc: n.ContentDesc, Hint: n.Hint}
			if n.HasBounds {
				u.Bounds = n.Bounds.String()
			}
			for _, fl := range []struct {
				on   bool
				name string
			}{{n.Checked, "checked"}, {n.Selected, "selected"}, {n.Focused, "focused"}, {n.Clickable, "clickable"},
				{n.Scrollable, "scrollable"}, {n.Password, "password"}, {!n.Enabled, "disabled"}} {
				if fl.on {
					u.Flags = append(u.Flags, fl.name)
				}
			}
			fv.UI = append(fv.UI, u)
		}
	case t.HasElements(f):
		els, err := t.ReadElements(f)
		if err != nil {
			fv.Problem = err.Error()
			break
		}
		for _, e := range els[:min(len(els), maxUINodes)] {
			u := UINode{Class: shortClass(e.ClassName), ID: e.ResourceName, Text: e.Text, Desc: e.ContentDescription, Hint: e.HintText}
			if b := e.BBoxPixels; b != nil {
				u.Bounds = fmt.Sprintf("[%.0f,%.0f][%.0f,%.0f]", b.XMin, b.YMin, b.XMax, b.YMax)
			}
			for _, fl := range []struct {
				on   bool
				name string
			}{{e.IsChecked, "checked"}, {e.IsSelected, "selected"}, {e.IsFocused, "focused"}, {e.IsClickable, "clickable"},
				{e.IsEditable, "editable"}, {e.IsScrollable, "scrollable"}} {
				if fl.on {
					u.Flags = append(u.Flags, fl.name)
				}
			}
			fv.UI = append(fv.UI, u)
		}
	}
	writeJSON(w, fv)
}

func shortClass(c string) string {
	if i := strings.LastIndexByte(c, '.'); i >= 0 {
		return c[i+1:]
	}
	return c
}

// openFrame opens the trace sum names and finds the frame the request names by its index
// parameter i; when it cannot, it has answered the request.
func (s *Server) openFrame(w http.ResponseWriter, r *http.Request, sum *Summary) (*trace.Trace, *trace.Frame, bool) {
	it, err := s.cache.open(sum)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return nil, nil, false
	}
	f, err := findFrame(it.Trace, r)
	if err != nil {
		notFound(w, err.Error())
		return nil, nil, false
	}
	return it.Trace, f, true
}

// findFrame finds the frame a request names by its index parameter i.
func findFrame(t *trace.Trace, r *http.Request) (*trace.Frame, error) {
	i, err := strconv.Atoi(r.URL.Query().Get("i"))
	if err != nil {
		return nil, errors.New("frame: want ?i=INDEX")
	}
	for k := range t.Frames {
		if t.Frames[k].Index == i {
			return &t.Frames[k], nil
		}
	}
	return nil, frameErr(trace.Label(t), i)
}

// apiSummary answers what autoeval eval --format json writes; X-Computed says when it was
// computed and X-Updating that the traces changed since (a new one is on its way).
func (s *Server) apiSummary(w http.ResponseWriter, r *http.Request) {
	c := s.currentSummary()
	w.Header().Set("X-Computed", c.Computed.UTC().Format(time.RFC3339))
	w.Header().Set("X-Updating", strconv.FormatBool(c.Updating))
	writeJSON(w, c.Eval)
}
