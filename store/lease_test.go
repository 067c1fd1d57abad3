package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestLeaseClaimRenewRelease(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	a, b := openAt(t, path), openAt(t, path) // two connections, as two processes would have
	la, err := a.Claim(ctx, "judge x", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Claim(ctx, "judge x", time.Minute)
	var held *HeldError
	if !errors.As(err, &held) || held.PID != self.pid || held.Key != "judge x" {
		t.Fatalf("second claim: %v, want a HeldError naming this pid", err)
	}
	if _, err := b.Claim(ctx, "judge y", time.Minute); err != nil {
		t.Fatalf("another key is free: %v", err)
	}
	if err := la.Renew(ctx); err != nil {
		t.Fatal(err)
	}
	if err := la.Release(ctx); err != nil {
		t.Fatal(err)
	}
	lb, err := b.Claim(ctx, "judge x", time.Minute)
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	// The released lease cannot renew what is now b's.
	if err := la.Renew(ctx); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("renewing a released lease: %v, want ErrLeaseLost", err)
	}
	lb.Release(ctx)
}

func openAt(t *testing.T, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// A claim not renewed within its TTL is taken over, and its holder's context ends with
// ErrLeaseLost at its next renewal.
func TestLeaseExpiresAndHolderLearnsIt(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	a, b := openAt(t, path), openAt(t, path)
	la, err := a.Claim(ctx, "k", 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	// Simulate a holder that stopped renewing: push its expiry into the past.
	if _, err := a.db.Exec(`UPDATE leases SET expires_at=? WHERE key='k'`, time.Now().Add(-time.Second).UnixMilli()); err != nil {
		t.Fatal(err)
	}
	lb, err := b.Claim(ctx, "k", time.Minute)
	if err != nil {
		t.Fatalf("claim of an expired lease: %v", err)
	}
	wctx := la.Hold(ctx)
	select {
	case <-wctx.Done():
		if !errors.Is(context.Cause(wctx), ErrLeaseLost) {
			t.Fatalf("cause %v, want ErrLeaseLost", context.Cause(wctx))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the holder whose lease was taken over kept working")
	}
	la.Release(ctx) // must not delete b's claim
	if _, err := a.Claim(ctx, "k", time.Minute); err == nil {
		t.Fatal("releasing a lost lease freed the new holder's claim")
	}
	lb.Release(ctx)
}

// Holding renews: a claim held for several TTLs is never taken over.
func TestLeaseHoldRenews(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "l.db")
	a, b := openAt(t, path), openAt(t, path)
	la, err := a.Claim(ctx, "k", 150*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	wctx := la.Hold(ctx)
	deadline := time.Now().Add(600 * time.Millisecond)
	for time.Now().Before(deadline) {
		var held *HeldError
		if _, err := b.Claim(ctx, "k", time.Minute); !errors.As(err, &held) {
			t.Fatalf("a held claim was taken: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if wctx.Err() != nil {
		t.Fatal("the holder's context ended while it renewed")
	}
	la.Release(ctx)
	if _, err := b.Claim(ctx, "k", time.Minute); err != nil {
		t.Fatal(err)
	}
}

// A claim whose holder was a process on this host that is gone is taken over at once,
// without waiting for it to expire.
func TestLeaseOfDeadProcessTakenOver(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	pid := cmd.Process.Pid
	far := time.Now().Add(time.Hour).UnixMilli()
	if _, err := db.db.Exec(`INSERT INTO leases VALUES ('k', 'other', ?, ?, ?, ?, 'x')`, self.host, self.pidns, pid, far); err != nil {
		t.Fatal(err)
	}
	var held *HeldError
	if _, err := db.Claim(ctx, "k", time.Minute); !errors.As(err, &held) || held.PID != pid {
		t.Fatalf("claim held by a live process: %v", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	l, err := db.Claim(ctx, "k", time.Minute)
	if err != nil {
		t.Fatalf("claim held by a dead process: %v", err)
	}
	l.Release(ctx)

	// On another host (or in another PID namespace) the pid means nothing here: only expiry.
	if _, err := db.db.Exec(`INSERT INTO leases VALUES ('k2', 'other', 'elsewhere', ?, ?, ?, 'x')`, self.pidns, pid, far); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Claim(ctx, "k2", time.Minute); !errors.As(err, &held) {
		t.Fatalf("a claim from another host was taken before it expired: %v", err)
	}
	// This process's own pid on a claim it does not hold: an earlier process with the same
	// pid (a restarted container), gone.
	if _, err := db.db.Exec(`INSERT INTO leases VALUES ('k3', 'earlier', ?, ?, ?, ?, 'x')`, self.host, self.pidns, self.pid, far); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Claim(ctx, "k3", time.Minute); err != nil {
		t.Fatalf("claim of an earlier incarnation of this pid: %v", err)
	}
}

// Two processes (two connections here) working through the same items with queues: every
// item is worked on exactly once. As the judge does, a worker that gets an item another
// process finished finds it done and does nothing.
func TestQueuesShareTheWork(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "q.db")
	const items = 40
	keys := make([]string, items)
	for i := range keys {
		keys[i] = fmt.Sprintf("item %d", i)
	}
	var worked [items]atomic.Int32
	var mu sync.Mutex
	done := map[int]bool{}
	var wg sync.WaitGroup
	for p := 0; p < 2; p++ {
		db := openAt(t, path)
		q := NewQueue(db, keys)
		q.Poll = 10 * time.Millisecond
		for w := 0; w < 3; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i, l, err := q.Next(ctx)
					if errors.Is(err, io.EOF) {
						return
					}
					if err != nil {
						t.Error(err)
						return
					}
					wctx := l.Hold(ctx)
					mu.Lock()
					finished := done[i]
					mu.Unlock()
					if !finished {
						worked[i].Add(1)
						time.Sleep(5 * time.Millisecond)
						mu.Lock()
						done[i] = true
						mu.Unlock()
					}
					if wctx.Err() != nil {
						t.Error("lease lost")
					}
					q.Done(i, l)
				}
			}()
		}
	}
	wg.Wait()
	for i := range worked {
		if n := worked[i].Load(); n != 1 {
			t.Errorf("item %d worked on %d times", i, n)
		}
	}
	var left int
	if err := openAt(t, path).db.QueryRow(`SELECT COUNT(*) FROM leases`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d leases left after all work is done (%v)", left, err)
	}
}

// An item handed back with Retry is offered again, to a worker still waiting in Next.
func TestQueueRetry(t *testing.T) {
	ctx := context.Background()
	q := NewQueue(openTemp(t), []string{"a", "b"})
	i, l, err := q.Next(ctx)
	if err != nil || i != 0 {
		t.Fatalf("first: %d %v", i, err)
	}
	j, lj, err := q.Next(ctx)
	if err != nil || j != 1 {
		t.Fatalf("second: %d %v", j, err)
	}
	got := make(chan int)
	go func() {
		k, lk, err := q.Next(ctx) // waits: nothing free, two handed out
		if err != nil {
			t.Error(err)
		}
		q.Done(k, lk)
		got <- k
	}()
	time.Sleep(50 * time.Millisecond)
	q.Retry(i, l)
	if k := <-got; k != 0 {
		t.Fatalf("retried item %d, want 0", k)
	}
	q.Done(j, lj)
	if _, _, err := q.Next(ctx); !errors.Is(err, io.EOF) {
		t.Fatalf("after everything: %v, want EOF", err)
	}
}

// The work held under a lease ends with its release: what Hold started (the renewals and the
// watch for a lost claim) ends with it, so a long batch does not keep something per item
// it has finished until the batch ends.
func TestReleaseEndsWhatHoldStarted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background()) // a batch's context, alive throughout
	defer cancel()
	db := openTemp(t)
	before := runtime.NumGoroutine()
	const items = 100
	for i := range items {
		l, err := db.Claim(ctx, fmt.Sprint("item ", i), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		wctx := l.Hold(ctx)
		if err := l.Release(ctx); err != nil {
			t.Fatal(err)
		}
		select {
		case <-wctx.Done():
			if errors.Is(context.Cause(wctx), ErrLeaseLost) {
				t.Fatalf("a released lease reads as lost: %v", context.Cause(wctx))
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the work's context outlived its released lease")
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+items/10 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine() - before; n > items/10 {
		t.Fatalf("%d goroutines left after %d leases were held and released", n, items)
	}
}
