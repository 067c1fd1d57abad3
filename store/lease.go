package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// DefaultLeaseTTL is how long a claim lasts without renewal; Hold renews it three times
// within that, so a holder that stops renewing (killed, or its host gone) frees its work
// for others after at most this long. A holder that died on the same host frees it at once.
const DefaultLeaseTTL = 30 * time.Second

// ErrLeaseLost is the cause of a lease's context ending because another process took it
// over (it was not renewed in time).
var ErrLeaseLost = errors.New("lease lost: another process took the work over")

// HeldError says that a live process holds the work.
type HeldError struct {
	Key       string
	Host      string
	PID       int
	ExpiresAt time.Time
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("%s is being worked on by pid %d on %s (claim renewed until %s)", e.Key, e.PID, e.Host, e.ExpiresAt.Format(time.TimeOnly))
}

// Lease is one claim on one piece of work (a trace to judge, a task to run), kept in the
// database so that processes sharing it never do the same work at once. The holder renews
// it while working (Hold) and releases it when done. Another process takes it over when it
// has expired, or at once when its holder was a process on the same host that is gone.
type Lease struct {
	db     *DB
	Key    string
	holder string
	ttl    time.Duration

	mu      sync.Mutex
	stop    chan struct{}
	stopped chan struct{}
	lost    chan struct{}
}

// self identifies this process in the leases it takes.
var self = struct {
	host, pidns string
	pid         int
	mu          sync.Mutex
	holding     map[string]bool // holder tokens of this process's live claims
}{pid: os.Getpid(), holding: map[string]bool{}}

func init() {
	self.host, _ = os.Hostname()
	self.pidns = pidNamespace()
}

// Claim takes the work named key for this process, for ttl (DefaultLeaseTTL when 0). When a
// live holder has it, the error is a *HeldError.
func (s *DB) Claim(ctx context.Context, key string, ttl time.Duration) (*Lease, error) {
	if ttl <= 0 {
		ttl = DefaultLeaseTTL
	}
	token := newToken()
	// Known as this process's before it is in the table: a claim of this pid that is not in
	// the holding set counts as an earlier process's.
	self.mu.Lock()
	self.holding[token] = true
	self.mu.Unlock()
	l, err := s.claim(ctx, key, token, ttl)
	if err != nil {
		self.mu.Lock()
		delete(self.holding, token)
		self.mu.Unlock()
	}
	return l, err
}

func (s *DB) claim(ctx context.Context, key, token string, ttl time.Duration) (*Lease, error) {
	for attempt := 0; attempt < 10; attempt++ {
		now := time.Now()
		until := now.Add(ttl).UnixMilli()
		res, err := s.db.ExecContext(ctx, `INSERT INTO leases(key, holder, host, pidns, pid, expires_at, acquired_at) VALUES (?,?,?,?,?,?,?)
			ON CONFLICT(key) DO NOTHING`, key, token, self.host, self.pidns, self.pid, until, now.UTC().Format(time.RFC3339Nano))
		if err != nil {
			return nil, fmt.Errorf("claiming %s: %w", key, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return s.leased(key, token, ttl), nil
		}
		var cur struct {
			holder, host, pidns string
			pid                 int
			expires             int64
		}
		err = s.db.QueryRowContext(ctx, `SELECT holder, host, pidns, pid, expires_at FROM leases WHERE key=?`, key).
			Scan(&cur.holder, &cur.host, &cur.pidns, &cur.pid, &cur.expires)
		if errors.Is(err, sql.ErrNoRows) {
			continue // released meanwhile: try again
		}
		if err != nil {
			return nil, fmt.Errorf("claiming %s: %w", key, err)
		}
		gone := cur.expires < now.UnixMilli() ||
			cur.host == self.host && cur.pidns == self.pidns && !processAlive(cur.pid, cur.holder)
		if !gone {
			return nil, &HeldError{Key: key, Host: cur.host, PID: cur.pid, ExpiresAt: time.UnixMilli(cur.expires)}
		}
		// Take it over only from the holder just seen: of two processes racing for a dead
		// holder's work, one wins.
		res, err = s.db.ExecContext(ctx, `UPDATE leases SET holder=?, host=?, pidns=?, pid=?, expires_at=?, acquired_at=? WHERE key=? AND holder=?`,
			token, self.host, self.pidns, self.pid, until, now.UTC().Format(time.RFC3339Nano), key, cur.holder)
		if err != nil {
			return nil, fmt.Errorf("claiming %s: %w", key, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return s.leased(key, token, ttl), nil
		}
	}
	return nil, fmt.Errorf("claiming %s: the claim kept changing hands", key)
}

func (s *DB) leased(key, token string, ttl time.Duration) *Lease {
	return &Lease{db: s, Key: key, holder: token, ttl: ttl, lost: make(chan struct{})}
}

// processAlive says whether pid, on this host, may still be the holder. This process
// itself is alive, but a claim it does not hold was made by an earlier process with the
// same pid (a container restarted as pid 1).
func processAlive(pid int, holder string) bool {
	if pid == self.pid {
		self.mu.Lock()
		defer self.mu.Unlock()
		return self.holding[holder]
	}
	return pidAlive(pid)
}

func newToken() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Renew extends the claim by its TTL; ErrLeaseLost when another process has taken it.
func (l *Lease) Renew(ctx context.Context) error {
	res, err := l.db.db.ExecContext(ctx, `UPDATE leases SET expires_at=? WHERE key=? AND holder=?`,
		time.Now().Add(l.ttl).UnixMilli(), l.Key, l.holder)
	if err != nil {
		return fmt.Errorf("renewing the claim on %s: %w", l.Key, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		l.markLost()
		return ErrLeaseLost
	}
	return nil
}

func (l *Lease) markLost() {
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case <-l.lost:
	default:
		close(l.lost)
	}
}

// Hold renews the claim in the background until Release, and returns the context of the
// work: derived from ctx, it ends with cause ErrLeaseLost if the claim is lost, and in any
// case at Release, when the work is over.
func (l *Lease) Hold(ctx context.Context) context.Context {
	l.mu.Lock()
	if l.stop == nil {
		l.stop, l.stopped = make(chan struct{}), make(chan struct{})
		go l.renew()
	}
	released := l.stop
	l.mu.Unlock()
	wctx, cancel := context.WithCancelCause(ctx)
	go func() {
		select {
		case <-l.lost:
			cancel(ErrLeaseLost)
		case <-released:
			select {
			case <-l.lost: // lost before it was released: say so
				cancel(ErrLeaseLost)
			default:
				cancel(nil)
			}
		case <-wctx.Done():
		}
	}()
	return wctx
}

func (l *Lease) renew() {
	defer close(l.stopped)
	t := time.NewTicker(l.ttl / 3)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			// A failed renewal (a busy database) is tried again at the next tick; two in a row
			// still leave a third before the claim expires.
			if err := l.Renew(context.Background()); errors.Is(err, ErrLeaseLost) {
				return
			}
		}
	}
}

// Release stops renewing and gives the work up, so another process may claim it at once.
func (l *Lease) Release(ctx context.Context) error {
	l.mu.Lock()
	if l.stop != nil {
		select {
		case <-l.stop:
		default:
			close(l.stop)
		}
	}
	stopped := l.stopped
	l.mu.Unlock()
	if stopped != nil {
		<-stopped
	}
	self.mu.Lock()
	delete(self.holding, l.holder)
	self.mu.Unlock()
	if _, err := l.db.db.ExecContext(context.WithoutCancel(ctx), `DELETE FROM leases WHERE key=? AND holder=?`, l.Key, l.holder); err != nil {
		return fmt.Errorf("releasing the claim on %s: %w", l.Key, err)
	}
	return nil
}
