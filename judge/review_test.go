package judge

import (
	"context"
	"github.com/autoeval/autoeval/llm"
	"testing"
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
