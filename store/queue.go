package store

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"
)

// Queue hands pieces of work to a pool of workers, each piece under a lease, so that
// processes sharing the database share the work: a piece another live process holds is set
// aside and offered again, after the free ones, until its holder finishes (this process then
// gets it back finished, e.g. judging it again resumes with no new calls) or dies (this
// process takes it over). Items are offered in the order given.
type Queue struct {
	claims Claimer // nil: no leases, every item is free
	keys   []string
	// TTL is each lease's time to live (DefaultLeaseTTL when 0).
	TTL time.Duration
	// Poll is how often items held elsewhere are tried again (default 2s).
	Poll time.Duration
	// OnWait, when set, hears once per item that another process holds it.
	OnWait func(i int, held *HeldError)

	mu      sync.Mutex
	pending []int
	waiting []int
	told    map[int]bool
	out     int
	changed chan struct{}
}

// Claimer takes leases on work (*DB is one).
type Claimer interface {
	Claim(ctx context.Context, key string, ttl time.Duration) (*Lease, error)
}

// NewQueue is a queue of the items named by keys (one lease key each), claimed through
// claims; nil means no leases.
func NewQueue(claims Claimer, keys []string) *Queue {
	q := &Queue{claims: claims, keys: keys, told: map[int]bool{}, changed: make(chan struct{})}
	for i := range keys {
		q.pending = append(q.pending, i)
	}
	return q
}

// Next claims the next item and returns its index and lease (nil without a database); the
// caller works under lease.Hold(ctx) and ends with Done or Retry. Next waits while the only
// items left are held elsewhere or handed out (one may come back through Retry); io.EOF
// means everything is done.
func (q *Queue) Next(ctx context.Context) (int, *Lease, error) {
	poll := q.Poll
	if poll <= 0 {
		poll = 2 * time.Second
	}
	for {
		q.mu.Lock()
		i, l, err := q.claimLocked(ctx)
		if err != nil || l != nil || i >= 0 {
			q.mu.Unlock()
			return i, l, err
		}
		if len(q.pending) == 0 && len(q.waiting) == 0 && q.out == 0 {
			q.mu.Unlock()
			return -1, nil, io.EOF
		}
		changed := q.changed
		q.mu.Unlock()
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return -1, nil, ctx.Err()
		case <-changed:
		case <-t.C:
		}
		t.Stop()
		q.mu.Lock()
		// Held items are tried again: each wait ends with one round over them.
		q.pending = append(q.pending, q.waiting...)
		q.waiting = nil
		q.mu.Unlock()
	}
}

// claimLocked tries the pending items in order; held ones move to waiting.
func (q *Queue) claimLocked(ctx context.Context) (int, *Lease, error) {
	for len(q.pending) > 0 {
		i := q.pending[0]
		q.pending = q.pending[1:]
		if q.claims == nil {
			q.out++
			return i, nil, nil
		}
		l, err := q.claims.Claim(ctx, q.keys[i], q.TTL)
		var held *HeldError
		if errors.As(err, &held) {
			q.waiting = append(q.waiting, i)
			if q.OnWait != nil && !q.told[i] {
				q.told[i] = true
				q.OnWait(i, held)
			}
			continue
		}
		if err != nil {
			q.pending = append([]int{i}, q.pending...)
			return -1, nil, err
		}
		q.out++
		return i, l, nil
	}
	return -1, nil, nil
}

// Done releases the item's lease: its work is finished (or failed for good).
func (q *Queue) Done(i int, l *Lease) { q.finish(i, l, false) }

// Retry releases the item's lease and offers it again (e.g. its device was lost).
func (q *Queue) Retry(i int, l *Lease) { q.finish(i, l, true) }

func (q *Queue) finish(i int, l *Lease, again bool) {
	if l != nil {
		_ = l.Release(context.Background())
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.out--
	if again {
		q.pending = append(q.pending, i)
	}
	close(q.changed)
	q.changed = make(chan struct{})
}
