package view

import (
	"container/list"
	"fmt"
	"sync"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/trace"
)

// lru keeps values up to a total size, dropping the least recently used.
type lru[V any] struct {
	mu    sync.Mutex
	limit int
	size  int
	order *list.List // of *lruEntry[V], most recent first
	byKey map[string]*list.Element
}

type lruEntry[V any] struct {
	key  string
	val  V
	size int
}

func newLRU[V any](limit int) *lru[V] {
	return &lru[V]{limit: limit, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[V]).val, true
	}
	var zero V
	return zero, false
}

// put stores a value of the given size; one bigger than the whole cache is not kept.
func (c *lru[V]) put(key string, val V, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if size > c.limit {
		return
	}
	if e, ok := c.byKey[key]; ok {
		c.size -= e.Value.(*lruEntry[V]).size
		c.order.Remove(e)
	}
	c.byKey[key] = c.order.PushFront(&lruEntry[V]{key, val, size})
	c.size += size
	for c.size > c.limit {
		e := c.order.Back()
		le := e.Value.(*lruEntry[V])
		c.order.Remove(e)
		delete(c.byKey, le.key)
		c.size -= le.size
	}
}

// traceCache keeps the last few traces opened for their pages and frames (a checkpoint
// of many episodes is decoded once, not once per thumbnail), by count: a trace's size
// is not known before it is read.
type traceCache struct {
	c  *lru[*eval.Item]
	mu sync.Mutex // one opening at a time: a page's thumbnails all ask for the same trace
}

func newTraceCache(n int) *traceCache { return &traceCache{c: newLRU[*eval.Item](n)} }

// open returns the trace s summarises with every judgment, read again when it changed.
func (tc *traceCache) open(s *Summary) (*eval.Item, error) {
	key := fmt.Sprintf("%s\x00%d\x00%s", s.Path, s.entry, s.state)
	if it, ok := tc.c.get(key); ok {
		return it, nil
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if it, ok := tc.c.get(key); ok {
		return it, nil
	}
	ts, err := importer.OpenAll(s.Path)
	if err != nil {
		return nil, err
	}
	if s.entry >= len(ts) {
		return nil, fmt.Errorf("%s: the trace is no longer there", s.Path)
	}
	it := &eval.Item{Name: s.ID, Trace: ts[s.entry]}
	for _, f := range s.readFiles {
		if err := insideIfPresent(s.Path, f); err != nil {
			continue
		}
		if j, err := trace.ReadJudgment(f); err == nil {
			it.Attach(f, j)
		}
	}
	it.CheckProvenance() // the page shows a stale judgment as stale, as the report does
	tc.c.put(key, it, 1)
	return it, nil
}
