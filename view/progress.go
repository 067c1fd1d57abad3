package view

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/autoeval/autoeval/trace"
)

// staleAfter: a batch whose status was not rewritten for this long has most likely died
// (a running batch rewrites it every few seconds); it is shown as such, then dropped.
const (
	staleAfter = 30 * time.Second
	dropAfter  = 10 * time.Minute
)

// BatchView is a batch under way as the pages show it.
type BatchView struct {
	trace.Batch
	Root  string `json:"root"`
	Stale bool   `json:"stale"` // no news for staleAfter: the process may have died
}

// progressWatch reads the batches' status files in the roots.
type progressWatch struct {
	roots []root
	mu    sync.Mutex
	last  []BatchView
	raw   []byte
}

func newProgressWatch(roots []root) *progressWatch {
	return &progressWatch{roots: roots, last: []BatchView{}}
}

// poll reads the status files again and says whether anything changed.
func (p *progressWatch) poll() ([]BatchView, bool) {
	now := time.Now()
	out := []BatchView{}
	for _, r := range p.roots {
		for _, b := range trace.ReadBatches(r.given) {
			age := now.Sub(b.Updated)
			if age > dropAfter {
				continue
			}
			out = append(out, BatchView{Batch: b, Root: r.given, Stale: age > staleAfter})
		}
	}
	raw, _ := json.Marshal(out)
	p.mu.Lock()
	defer p.mu.Unlock()
	if bytes.Equal(raw, p.raw) {
		return p.last, false
	}
	p.last, p.raw = out, raw
	return out, true
}

func (p *progressWatch) current() []BatchView {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}

func (s *Server) apiProgress(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, s.progress.current())
}
