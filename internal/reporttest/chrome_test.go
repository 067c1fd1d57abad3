package reporttest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A page that logs each kind of error, then changes after a while: every error is seen,
// the late change is waited for, and a chromedp action runs in the tab.
func TestPageErrorsEvalAndWait(t *testing.T) {
	page := filepath.Join(t.TempDir(), "p.html")
	html := `<!doctype html><title>t</title><body>
<img src="missing.png">
<button id="b" onclick="document.body.dataset.clicked = 'yes'">b</button>
<script>
console.error("boom", 7);
console.assert(1 === 2, "asserted");
console.log("just a log");
setTimeout(() => { document.body.dataset.late = "here"; }, 300);
setTimeout(() => { throw new Error("thrown late"); }, 10);
</script>`
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	p := OpenPage(t, "file://"+page)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := p.WaitFor(ctx, `document.body.dataset.late === "here"`); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Title string `json:"title"`
		Late  string `json:"late"`
	}
	if err := p.Eval(ctx, `({title: document.title, late: document.body.dataset.late})`, &got); err != nil || got.Title != "t" || got.Late != "here" {
		t.Fatalf("eval: %+v, %v", got, err)
	}
	if err := p.Do(ctx, chromedp.Click(chromedp.CSS("#b"))); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(ctx, `document.body.dataset.clicked === "yes"`); err != nil {
		t.Fatal(err)
	}
	errs := strings.Join(p.ConsoleErrors(), "\n")
	for _, want := range []string{"console.error: boom 7", "console.assert: asserted", "exception: Uncaught Error: thrown late", "missing.png"} {
		if !strings.Contains(errs, want) {
			t.Errorf("errors lack %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, "just a log") || len(p.ConsoleErrors()) != 4 {
		t.Errorf("want exactly the 4 errors:\n%s", errs)
	}
}

// Waiting ends with the caller's context, and the tab stays usable.
func TestWaitForEndsWithTheContext(t *testing.T) {
	p := OpenPage(t, "about:blank")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := p.WaitFor(ctx, `false`); err == nil {
		t.Fatal("waiting for false returned without error")
	}
	var n int
	if err := p.Eval(context.Background(), `1 + 2`, &n); err != nil || n != 3 {
		t.Fatalf("after a cancelled wait: %d, %v", n, err)
	}
}
