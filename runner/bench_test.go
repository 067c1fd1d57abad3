package runner_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/autoeval/autoeval/runner"
	"github.com/autoeval/autoeval/trace"
)

// BenchmarkPoolWallTime runs one suite of nine tasks on one device and on a pool of
// three (device stand-ins behind the real adb server; each task a setup hook through the
// adb client, an agent acting for a second, screenshots every 100 ms, a judge taking
// 50 ms) and reports both wall times and their ratio:
//
//	go test ./runner/ -run '^$' -bench PoolWallTime -benchtime 1x
func BenchmarkPoolWallTime(b *testing.B) {
	_, _, pool := devicePool(b, 3)
	judge := func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
		time.Sleep(50 * time.Millisecond)
		return &trace.Judgment{Substates: make([]trace.SubstateResult, 1), SCR: 1, Complete: true}, nil
	}
	suiteOnce := func(devices []runner.SuiteDevice) time.Duration {
		opts := poolOptions(b, plainTasks(numbered(9)...), filepath.Join(b.TempDir(), "calls"), "sleep 1")
		opts.Judge, opts.Store, opts.Logf = judge, openStore(b), nil
		start := time.Now()
		sum, _, err := runner.RunSuite(context.Background(), devices, opts)
		if err != nil || sum.Done != 9 {
			b.Fatalf("%+v %v", sum, err)
		}
		return time.Since(start)
	}
	var one, three time.Duration
	b.ResetTimer()
	for range b.N {
		one += suiteOnce(pool[:1])
		three += suiteOnce(pool)
	}
	b.ReportMetric(one.Seconds()/float64(b.N), "s/suite-1-device")
	b.ReportMetric(three.Seconds()/float64(b.N), "s/suite-3-devices")
	b.ReportMetric(three.Seconds()/one.Seconds(), "ratio")
}
