package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/trace"
)

// The per-frame details say what each frame was described from, and a substate that was
// never reached shows why not.
func TestFrameSourceAndWhyNot(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	jp := trace.JudgmentPath(filepath.Join(root, "t2")) // substates 2 and 3 not reached
	j, err := trace.ReadJudgment(jp)
	if err != nil {
		t.Fatal(err)
	}
	j.Frames[0].Source = "xml"
	j.Frames[1].Source = "vision"
	j.Substates[2].Analysis = "last seen at frame 3: the contact list shows no Jane"
	if err := trace.WriteJudgment(jp, j); err != nil {
		t.Fatal(err)
	}
	d, err := eval.LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	r := build(t, d)
	var html bytes.Buffer
	if err := r.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	sec := section(t, html.String(), "t2")
	for _, want := range []string{
		`<div class="note" data-frame="1"><strong>frame 1</strong> <span class="muted">described from xml</span>`,
		`<div class="note" data-frame="2"><strong>frame 2</strong> <span class="muted">described from vision</span>`,
		`<span class="muted">why not:</span> last seen at frame 3: the contact list shows no Jane</div>`,
	} {
		if !strings.Contains(sec, want) {
			t.Errorf("t2's section lacks %q", want)
		}
	}
	// A reached substate's analysis is shown plainly.
	if strings.Contains(sec, `why not:</span> analysis of substate A`) || !strings.Contains(sec, `analysis of substate A`) {
		t.Error("the satisfied substate's analysis is missing or marked as a failure")
	}
	// The disagreement table (t4: a false negative) says why its substate was not reached.
	summary := html.String()[:strings.Index(html.String(), `data-trace="t1"`)]
	if !strings.Contains(summary, `✗ 3. state C &lt;i&gt;of&lt;/i&gt; t4<div class="analysis">analysis of substate C</div>`) {
		t.Error("the disagreement of t4 does not say why substate 3 was not reached")
	}
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"source": "vision"`) {
		t.Error(`JSON report lacks the frame's "source"`)
	}
}

// section cuts the HTML of one trace, from its heading to the next trace's.
func section(t *testing.T, html, name string) string {
	t.Helper()
	i := strings.Index(html, `data-trace="`+name+`"`)
	if i < 0 {
		t.Fatalf("no section for %s", name)
	}
	rest := html[i:]
	if k := strings.Index(rest[1:], "<section"); k >= 0 {
		rest = rest[:k+1]
	}
	return rest
}
