package judge

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
)

// A frame whose answers were all rejected judged nothing, so the next frame showing the
// same screen must be asked, not passed over as "unchanged".
func TestSameScreenAfterRejectedFrameIsAsked(t *testing.T) {
	bothModels(t, func(t *testing.T, mk maker) {
		s := clockScreens()
		tr := writeTrace(t, clockSubs().Task, s[1], s[1])
		m := mk(func(n int, req llm.Request) (string, error) {
			if n <= defaultRetries {
				return "no JSON here", nil // every attempt on frame 1 is unreadable
			}
			return clockOracle(req), nil
		})
		j, err := Run(context.Background(), llmConfig(m), tr, clockSubs())
		if err != nil {
			t.Fatal(err)
		}
		if !j.Frames[0].Skipped {
			t.Fatalf("frame 1 %+v: want skipped", j.Frames[0])
		}
		if f := j.Frames[1]; f.SameAs != nil || f.Skipped {
			t.Fatalf("frame 2 %+v: the screen was never judged, it must be asked", f)
		}
		if got := satisfiedAt(j)[0]; got != 2 {
			t.Fatalf("substate 0 satisfied at %d, want 2", got)
		}
		if n := len(m.requests()); n != defaultRetries+2 {
			t.Fatalf("%d calls, want %d", n, defaultRetries+2)
		}
	})
}

// Answers rejected until the frame was skipped are dropped from the call cache, so judging
// again (--fresh, or a new job) asks the model anew instead of replaying the failure.
func TestRejectedAnswersAreNotReplayedFromCache(t *testing.T) {
	ctx := context.Background()
	tr := writeTrace(t, clockSubs().Task, clockScreens()[1])
	m := newHTTPModel(t, func(n int, req llm.Request) (string, error) {
		if n <= defaultRetries {
			return "no JSON here", nil
		}
		return clockOracle(req), nil
	}, false) // the cache is on
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cfg := llmConfig(m.Model) // the client itself, which keeps the cache and can forget
	cfg.Store = db
	j, err := Run(ctx, cfg, tr, clockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if !j.Frames[0].Skipped {
		t.Fatalf("first run: frame %+v, want skipped", j.Frames[0])
	}
	cfg.Fresh = true
	j, err = Run(ctx, cfg, tr, clockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.requests()); n != defaultRetries+2 {
		t.Fatalf("the provider saw %d requests, want %d: the rejected answers were replayed from the cache", n, defaultRetries+2)
	}
	if j.Frames[0].Skipped || satisfiedAt(j)[0] != 1 {
		t.Fatalf("fresh run: frame %+v satisfied %v", j.Frames[0], satisfiedAt(j))
	}
}
