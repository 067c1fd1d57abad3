package view

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Pages hear of changes through Server-Sent Events (GET /api/events): "change" with the
// index's new version and the ids that changed, "progress" with the batches under way.
// A page compares the version with the one it was rendered at and fetches itself again
// when it is behind, so an event lost while reconnecting costs nothing: the first event
// of every stream is the current version.

const (
	maxStreams = 64 // pages listening at once; more are refused (503) rather than queued
	keepAlive  = 15 * time.Second
)

type event struct {
	name string
	data []byte
}

type broker struct {
	mu      sync.Mutex
	streams map[chan event]bool
	closed  bool
	done    chan struct{}
}

func newBroker() *broker { return &broker{streams: map[chan event]bool{}, done: make(chan struct{})} }

// publish sends an event to every stream; a stream too slow to take it misses it (and
// catches up from the version of the next one).
func (b *broker) publish(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.streams {
		select {
		case ch <- event{name, data}:
		default:
		}
	}
}

func (b *broker) subscribe() (chan event, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed || len(b.streams) >= maxStreams {
		return nil, false
	}
	ch := make(chan event, 16)
	b.streams[ch] = true
	return ch, true
}

func (b *broker) unsubscribe(ch chan event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.streams, ch)
}

// close ends every stream (the server is stopping).
func (b *broker) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.closed = true
		close(b.done)
	}
}

func (s *Server) apiEvents(w http.ResponseWriter, r *http.Request) {
	ch, ok := s.events.subscribe()
	if !ok {
		http.Error(w, "too many pages are listening for changes", http.StatusServiceUnavailable)
		return
	}
	defer s.events.unsubscribe(ch)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	send := func(e event) bool {
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, e.data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	hello, _ := json.Marshal(Change{Version: s.index.Version(), Traces: len(s.index.Traces()), Changed: []string{}, Removed: []string{}})
	if !send(event{"change", hello}) {
		return
	}
	if p, _ := json.Marshal(s.progress.current()); !send(event{"progress", p}) {
		return
	}
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case e := <-ch:
			if !send(e) {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.events.done:
			return
		}
	}
}
