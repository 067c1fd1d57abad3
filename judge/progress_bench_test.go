package judge

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/storetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// BenchmarkProgress judges traces of 10 to 3,000 frames with saved progress and an
// in-process stand-in model that answers at once, every substate "uncertain" so every frame
// is reasoned over and saved. What it measures is the judge's own cost per frame (description,
// prompt, checker, saving progress) and what judging adds to the database per frame (the
// empty schema subtracted); both must stay flat as traces grow (a 10-minute observation at 2 fps is 1,200 frames).
func BenchmarkProgress(b *testing.B) {
	for _, frames := range []int{10, 100, 1000, 3000} {
		b.Run(fmt.Sprintf("frames=%d", frames), func(b *testing.B) {
			tr := manyScreensTrace(b, frames)
			m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
				return judgetest.Answer(judgetest.AskedIDs(req.Prompt), nil, ""), nil
			}}
			var judging time.Duration
			var dbBytes int64
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "p.db"))
				if err != nil {
					b.Fatal(err)
				}
				empty := databaseBytes(b, db)
				m = &judgetest.Model{Handler: m.Handler} // a fresh record of requests per run
				cfg := llmConfig(m)
				cfg.Store = db
				b.StartTimer()
				start := time.Now()
				j, err := Run(context.Background(), cfg, tr, judgetest.ClockSubs())
				judging += time.Since(start)
				b.StopTimer()
				if err != nil {
					b.Fatal(err)
				}
				if len(j.Frames) != frames || j.Usage.Calls != frames {
					b.Fatalf("%d frames judged with %d calls, want %d each", len(j.Frames), j.Usage.Calls, frames)
				}
				dbBytes = databaseBytes(b, db) - empty
				db.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(judging.Microseconds())/float64(b.N*frames), "us/frame")
			b.ReportMetric(float64(dbBytes)/float64(frames), "dbB/frame")
		})
	}
}

// manyScreensTrace is a trace of distinct clock-app screens, so no frame is passed over as
// unchanged.
func manyScreensTrace(b *testing.B, frames int) *trace.Trace {
	screens := make([]string, frames)
	for i := range screens {
		screens[i] = judgetest.ScreenXML("com.google.android.deskclock", "Alarm", fmt.Sprintf("Alarm %d", i), "switch:Alarm 7:30=off")
	}
	return judgetest.WriteTrace(b, judgetest.ClockSubs().Task, screens...)
}

// databaseBytes is the size of the database with its write-ahead log folded in.
func databaseBytes(b *testing.B, s *store.DB) int64 {
	db := storetest.SQL(b, s.Path)
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		b.Fatal(err)
	}
	var pages, size int64
	if err := db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		b.Fatal(err)
	}
	if err := db.QueryRow(`PRAGMA page_size`).Scan(&size); err != nil {
		b.Fatal(err)
	}
	return pages * size
}
