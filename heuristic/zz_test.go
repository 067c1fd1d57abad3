package heuristic

import (
	"fmt"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

func TestZZBig(t *testing.T) {
	for _, n := range []int{2000, 4000} {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = fmt.Sprintf("see you at eight %d 7:30", i)
		}
		els := judgetest.Page(chatter, "Mira", rows...)
		for i := 0; i < n; i++ {
			els = append(els, judgetest.UI{Pkg: chatter, Class: "android.widget.Switch", Checkable: true, Text: "", Y1: 300 + i*150, Y2: 400 + i*150, X1: 900, X2: 1000}.Element())
		}
		task := `Send the message "see you at eight" to Mira in the Chatter app at 7:30 AM. Add the following songs, in order, a, b, c to the queue. Tell me which incomplete tasks are listed.`
		tr := stepsTrace(t, task, act{els, nil})
		start := time.Now()
		j := heuristicRun(t, tr, nil)
		t.Logf("%d: %v %s", n, time.Since(start), j.RunVerdict().Verdict)
		_ = trace.RunSuccess
	}
}
