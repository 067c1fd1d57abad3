// Package reporttest drives a headless Chromium so tests can load a page the way a person
// would, read the rendered DOM back and see what the page logged. The DevTools protocol is
// chromedp's (over a pipe to the browser); this package adds the flags that keep the
// browser off the network and off the user's home, per-page error collection and the
// report's reader (LoadReport). Test support only: no product code imports it.
package reporttest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// FindChromium returns the path of a Chromium-family browser, or "".
func FindChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// RequireChromium returns the browser path; without one the test is skipped, except in CI
// (CI=true), where a missing browser is a failure: .ci/run installs it.
func RequireChromium(t testing.TB) string {
	t.Helper()
	p := FindChromium()
	if p == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium not found and CI=true: install it (apt-get install -y chromium)")
		}
		t.Skip("chromium not installed (apt-get install -y chromium); skipping the browser test")
	}
	return p
}

// Browser is a running headless Chromium.
type Browser struct {
	ctx         context.Context // chromedp's browser context
	cancel      context.CancelFunc
	cancelAlloc context.CancelFunc // waits for the browser and its helpers to be gone
}

// Start launches the Chromium at path headless, with the flags that keep it off the network,
// and with home as its $HOME: Chromium keeps crash-report settings and dconf files there
// whatever its profile says, and tests write only in temp dirs. The profile is a temp dir of
// chromedp's, removed with every process still using it when the browser closes. ctx bounds
// the start only.
func Start(ctx context.Context, path, home string) (*Browser, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true), chromedp.Flag("mute-audio", true),
		chromedp.Env("HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_CACHE_HOME="+home))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancel := chromedp.NewContext(actx)
	b := &Browser{ctx: bctx, cancel: cancel, cancelAlloc: cancelAlloc}
	// The first action starts the browser and ties its life to the context it runs on, so
	// it runs on the browser's own context; ctx only bounds the wait.
	if err := b.wait(ctx, func() error { return chromedp.Do(bctx) }); err != nil {
		b.Close()
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	return b, nil
}

// wait runs fn and returns its error, or ctx's error as soon as ctx ends first.
func (b *Browser) wait(ctx context.Context, fn func() error) error {
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// NewBrowser starts a browser for the test (skipping or failing as RequireChromium does when
// there is none) and closes it when the test ends.
func NewBrowser(t testing.TB) *Browser {
	t.Helper()
	path := RequireChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b, err := Start(ctx, path, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

// Close closes the browser and waits until its processes are gone.
func (b *Browser) Close() {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	_ = chromedp.Cancel(ctx) // graceful when it can be; the cancels below make sure
	cancel()
	b.cancel()
	b.cancelAlloc()
}

// Page is one tab. It records the errors the page reports from the moment it opens.
type Page struct {
	ctx    context.Context // chromedp's tab context
	cancel context.CancelFunc

	mu   sync.Mutex
	errs []string
}

// Open opens a tab, navigates it to url and waits for the load event.
func (b *Browser) Open(ctx context.Context, url string) (*Page, error) {
	tctx, cancel := chromedp.NewContext(b.ctx)
	p := &Page{ctx: tctx, cancel: cancel}
	// Attach the tab (tied to its own context, like the browser), then listen before
	// navigating, so nothing the page logs while it loads is missed.
	err := b.wait(ctx, func() error { return chromedp.Do(tctx) })
	if err == nil {
		err = chromedp.Listen(tctx, p.record)
	}
	if err == nil {
		err = p.Do(ctx, chromedp.Navigate(url))
	}
	if err != nil {
		cancel()
		return nil, fmt.Errorf("open %s: %w", url, err)
	}
	return p, nil
}

// OpenPage opens url in a browser of the test's own (see NewBrowser), failing the test when
// it does not load.
func OpenPage(t testing.TB, url string) *Page {
	t.Helper()
	b := NewBrowser(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := b.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Context is the tab's chromedp context, for chromedp actions this package does not wrap
// (clicks, keys, screenshots): chromedp.Do(p.Context(), chromedp.Click("#next")).
func (p *Page) Context() context.Context { return p.ctx }

// Do runs chromedp actions in the tab, ended early when ctx ends (the tab stays open).
func (p *Page) Do(ctx context.Context, actions ...chromedp.Action[chromedp.Void]) error {
	c, cancel := context.WithCancel(p.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	err := chromedp.Do(c, actions...)
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("%w (%v)", ctx.Err(), err)
	}
	return err
}

// Eval evaluates a JavaScript expression in the page and decodes its (JSON-able) value into
// out, as encoding/json does.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var raw []byte
	err := p.Do(ctx, func(c context.Context, t *chromedp.Target) (chromedp.Void, error) {
		var err error
		raw, err = chromedp.Evaluate[[]byte](expr)(c, t)
		return chromedp.Void{}, err
	})
	if err != nil {
		return fmt.Errorf("evaluate: %w", err)
	}
	return json.Unmarshal(raw, out)
}

// WaitFor waits until the JavaScript expression is truthy in the page (it is evaluated on
// every animation frame), or ctx ends.
func (p *Page) WaitFor(ctx context.Context, expr string) error {
	err := p.Do(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(0)))
	if err != nil {
		return fmt.Errorf("waiting for %s: %w", expr, err)
	}
	return nil
}

// ConsoleErrors lists every error the page reported: console.error and console.assert
// calls, uncaught exceptions and browser log entries at error level (failed loads, CSP
// violations). Events come in order with the replies, so errors logged before the last
// Eval or Do returned are all here.
func (p *Page) ConsoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errs...)
}

// record keeps the errors among the tab's events; chromedp calls it in order, from the loop
// that reads the tab's messages.
func (p *Page) record(ev any) {
	var msg string
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type != runtime.ConsoleAPICalledTypeError && ev.Type != runtime.ConsoleAPICalledTypeAssert {
			return
		}
		args := make([]string, len(ev.Args))
		for i, a := range ev.Args {
			args[i] = remoteText(a)
		}
		msg = fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " "))
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg = "exception: " + d.Text
		if d.Exception != nil {
			msg += " " + remoteText(d.Exception)
		}
		msg += fmt.Sprintf(" (%s:%d:%d)", d.URL, d.LineNumber+1, d.ColumnNumber+1)
	case *log.EventEntryAdded:
		if ev.Entry.Level != log.EntryLevelError {
			return
		}
		msg = fmt.Sprintf("log (%s): %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
	default:
		return
	}
	p.mu.Lock()
	p.errs = append(p.errs, msg)
	p.mu.Unlock()
}

// remoteText is a console argument as text: its value, else its description.
func remoteText(o *runtime.RemoteObject) string {
	var s string
	if len(o.Value) > 0 && json.Unmarshal([]byte(o.Value), &s) == nil {
		return s
	}
	if len(o.Value) > 0 {
		return string(o.Value)
	}
	if o.Description != "" {
		return o.Description
	}
	return string(o.Type)
}
