// Package view is autoeval's live viewer: a local web server over the traces below one or
// more roots, with their judgments, ground truth and eval's summary, updated while other
// processes judge, run or import (see Index for how changes are noticed, events.go for
// how pages hear of them). It reads traces through importer and trace, never a path from
// a request, and serves pages under a strict Content-Security-Policy: scripts and styles
// only from its own embedded files, every text from a trace escaped by html/template.
package view

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

//go:embed assets
var assets embed.FS

// Options configure a Server.
type Options struct {
	// Roots are the --traces folders (or single traces).
	Roots []string
	// Poll is the time between two looks for changes; 0 adapts it to the time a look
	// takes (at least a second, at most a tenth of the time spent looking).
	Poll time.Duration
	// ReportLimit bounds the traces a report built from the viewer may hold (the whole
	// report is built in memory); 0 means 500.
	ReportLimit int
	// Logf, when set, hears about failed passes.
	Logf func(format string, args ...any)
}

// Server serves the viewer.
type Server struct {
	opts   Options
	index  *Index
	events *broker
	cache  *traceCache
	thumbs *lru[[]byte]

	summaryMu    sync.Mutex
	summary      *summaryCache
	summaryBusy  bool
	summaryFirst sync.Once

	progress *progressWatch
}

// New reads every trace below the roots (a root that does not exist is an error).
func New(o Options) (*Server, error) {
	ix, err := NewIndex(o.Roots)
	if err != nil {
		return nil, err
	}
	if o.ReportLimit <= 0 {
		o.ReportLimit = 500
	}
	s := &Server{opts: o, index: ix, events: newBroker(), cache: newTraceCache(8),
		thumbs: newLRU[[]byte](32 << 20)}
	s.progress = newProgressWatch(ix.roots)
	s.progress.poll()
	return s, nil
}

// Index is the server's index of traces.
func (s *Server) Index() *Index { return s.index }

// Serve answers on ln until ctx ends, looking for changes in the background.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.watch(ctx)
	srv := &http.Server{Handler: s.Handler(ln.Addr()), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.events.close() // event streams end, so Shutdown need not wait for them
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	srv.Shutdown(sctx)
	return nil
}

// watch polls the roots and tells the pages what changed.
func (s *Server) watch(ctx context.Context) {
	wait := s.opts.Poll
	for {
		if wait <= 0 {
			wait = time.Second
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		start := time.Now()
		ch, err := s.index.Poll()
		took := time.Since(start)
		if err != nil && s.opts.Logf != nil {
			s.opts.Logf("looking for changes: %v", err)
		}
		if err == nil && (len(ch.Changed) > 0 || len(ch.Removed) > 0) {
			s.events.publish("change", ch)
		}
		if p, changed := s.progress.poll(); changed {
			s.events.publish("progress", p)
		}
		if s.opts.Poll <= 0 {
			wait = max(time.Second, 10*took)
		}
	}
}

// Handler serves the pages and the JSON routes. addr is where it listens: on a loopback
// address, requests naming another host are refused, so a web page elsewhere cannot reach
// the viewer by pointing a name of its own at 127.0.0.1 (DNS rebinding).
func (s *Server) Handler(addr net.Addr) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.listPage)
	mux.HandleFunc("GET /trace", s.tracePage)
	mux.HandleFunc("GET /summary", s.summaryPage)
	mux.HandleFunc("GET /frame", s.frameImage)
	mux.HandleFunc("GET /report", s.reportFile)
	mux.HandleFunc("GET /api/traces", s.apiTraces)
	mux.HandleFunc("GET /api/trace", s.apiTrace)
	mux.HandleFunc("GET /api/frame", s.apiFrame)
	mux.HandleFunc("GET /api/summary", s.apiSummary)
	mux.HandleFunc("GET /api/progress", s.apiProgress)
	mux.HandleFunc("GET /api/events", s.apiEvents)
	static, _ := fs.Sub(assets, "assets/static")
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	loopback := isLoopback(addr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "+
			"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if loopback && !loopbackHost(r.Host) {
			http.Error(w, "this viewer answers only requests to a loopback name (localhost, 127.0.0.1, [::1])", http.StatusMisdirectedRequest)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "the viewer only reads", http.StatusMethodNotAllowed)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// IsLoopback reports whether a listening address only takes connections from this machine.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func isLoopback(a net.Addr) bool {
	if a == nil {
		return true
	}
	return IsLoopback(a.String())
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if strings.EqualFold(h, "localhost") || strings.HasSuffix(strings.ToLower(h), ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// notFound answers a request for a trace or frame the index does not hold.
func notFound(w http.ResponseWriter, what string) {
	http.Error(w, what+" not found (it may have been removed since the page was loaded)", http.StatusNotFound)
}

var errNoFrame = errors.New("no such frame")

func frameErr(id string, i int) error { return fmt.Errorf("trace %s: frame %d: %w", id, i, errNoFrame) }
