// Package reporttest drives a headless Chromium over the DevTools protocol so tests can load
// a report the way a person would and read the rendered DOM and the console. Test support
// only: no product code imports it.
package reporttest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
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

// Browser is a running headless Chromium with one DevTools connection.
type Browser struct {
	cmd    *exec.Cmd
	ws     *wsConn
	mu     sync.Mutex
	nextID int
	wait   map[int]chan message
	events []message
	notify chan struct{}
	done   chan struct{}
}

type message struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

var devtoolsRE = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// Start launches Chromium headless with the flags that keep it off the network and off
// the user's profile, and connects to its DevTools endpoint.
func Start(ctx context.Context, path, userDataDir string) (*Browser, error) {
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps",
		"--disable-extensions", "--mute-audio", "--remote-debugging-port=0", "--user-data-dir=" + userDataDir, "about:blank"}
	cmd := exec.Command(path, args...)
	// Its home is the profile folder too: Chromium keeps crash-report settings and dconf
	// files under $HOME whatever --user-data-dir says, and tests write only in temp dirs.
	cmd.Env = append(os.Environ(), "HOME="+userDataDir, "XDG_CONFIG_HOME="+userDataDir, "XDG_CACHE_HOME="+userDataDir)
	// Its own process group, so the renderer and helper processes it forks end with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	// The endpoint is announced on stderr; keep what came before it for the error message.
	type announce struct{ url, before string }
	found := make(chan announce, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		var before strings.Builder
		sent := false
		for sc.Scan() {
			line := sc.Text()
			if sent {
				continue // keep draining so the browser never blocks on a full pipe
			}
			if m := devtoolsRE.FindStringSubmatch(line); m != nil {
				found <- announce{url: m[1]}
				sent = true
			} else if before.Len() < 4000 {
				before.WriteString(line + "\n")
			}
		}
		if !sent {
			found <- announce{before: before.String()}
		}
	}()
	var wsURL string
	select {
	case a := <-found:
		if a.url == "" {
			b := &Browser{cmd: cmd}
			b.kill()
			return nil, fmt.Errorf("chromium exited before DevTools came up: %s", strings.TrimSpace(a.before))
		}
		wsURL = a.url
	case <-time.After(30 * time.Second):
		(&Browser{cmd: cmd}).kill()
		return nil, errors.New("chromium did not announce DevTools within 30s")
	case <-ctx.Done():
		(&Browser{cmd: cmd}).kill()
		return nil, ctx.Err()
	}
	ws, err := dialWS(wsURL, 10*time.Second)
	if err != nil {
		(&Browser{cmd: cmd}).kill()
		return nil, err
	}
	b := &Browser{cmd: cmd, ws: ws, wait: map[int]chan message{}, notify: make(chan struct{}, 1), done: make(chan struct{})}
	go b.readLoop()
	return b, nil
}

func (b *Browser) readLoop() {
	defer close(b.done)
	for {
		data, err := b.ws.ReadMessage()
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch := b.wait[m.ID]; ch != nil {
				ch <- m
				delete(b.wait, m.ID)
			}
		} else {
			b.events = append(b.events, m)
			select {
			case b.notify <- struct{}{}:
			default:
			}
		}
		b.mu.Unlock()
	}
}

// Call sends one DevTools command (in a target session when session is set) and decodes its result.
func (b *Browser) Call(ctx context.Context, session, method string, params, result any) error {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan message, 1)
	b.wait[id] = ch
	b.mu.Unlock()
	req := map[string]any{"id": id, "method": method}
	if params != nil {
		req["params"] = params
	}
	if session != "" {
		req["sessionId"] = session
	}
	data, _ := json.Marshal(req)
	if err := b.ws.WriteText(data); err != nil {
		return err
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: browser connection closed", method)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// waitEvent waits for an event of the session matching method, searching from index from.
func (b *Browser) waitEvent(ctx context.Context, session, method string, from int) (int, error) {
	for {
		b.mu.Lock()
		for i := from; i < len(b.events); i++ {
			if b.events[i].Method == method && b.events[i].SessionID == session {
				b.mu.Unlock()
				return i, nil
			}
		}
		b.mu.Unlock()
		select {
		case <-b.notify:
		case <-b.done:
			return 0, errors.New("browser connection closed")
		case <-ctx.Done():
			return 0, fmt.Errorf("waiting for %s: %w", method, ctx.Err())
		}
	}
}

// Page is a loaded page.
type Page struct {
	b       *Browser
	session string
}

// Open creates a tab, enables the console and log domains, navigates to url and waits for the load event.
func (b *Browser) Open(ctx context.Context, url string) (*Page, error) {
	var tgt struct {
		TargetID string `json:"targetId"`
	}
	if err := b.Call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &tgt); err != nil {
		return nil, err
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.Call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": tgt.TargetID, "flatten": true}, &att); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: att.SessionID}
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		if err := b.Call(ctx, p.session, m, nil, nil); err != nil {
			return nil, err
		}
	}
	b.mu.Lock()
	from := len(b.events)
	b.mu.Unlock()
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	if err := b.Call(ctx, p.session, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return nil, err
	}
	if nav.ErrorText != "" {
		return nil, fmt.Errorf("navigate %s: %s", url, nav.ErrorText)
	}
	if _, err := b.waitEvent(ctx, p.session, "Page.loadEventFired", from); err != nil {
		return nil, err
	}
	return p, nil
}

// Eval evaluates a JavaScript expression in the page and decodes its (JSON-able) value.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := p.b.Call(ctx, p.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("evaluate: %s", r.ExceptionDetails.Text)
	}
	return json.Unmarshal(r.Result.Value, out)
}

// ConsoleErrors lists every error the page reported: console.error calls, uncaught
// exceptions and browser log entries at error level (failed loads, CSP violations).
func (p *Page) ConsoleErrors() []string {
	p.b.mu.Lock()
	defer p.b.mu.Unlock()
	var out []string
	for _, e := range p.b.events {
		if e.SessionID != p.session {
			continue
		}
		switch e.Method {
		case "Runtime.consoleAPICalled":
			var v struct {
				Type string `json:"type"`
				Args []struct {
					Value any `json:"value"`
				} `json:"args"`
			}
			json.Unmarshal(e.Params, &v)
			if v.Type == "error" || v.Type == "assert" {
				out = append(out, fmt.Sprintf("console.%s: %v", v.Type, v.Args))
			}
		case "Runtime.exceptionThrown":
			out = append(out, "exception: "+string(e.Params))
		case "Log.entryAdded":
			var v struct {
				Entry struct {
					Level  string `json:"level"`
					Text   string `json:"text"`
					Source string `json:"source"`
					URL    string `json:"url"`
				} `json:"entry"`
			}
			json.Unmarshal(e.Params, &v)
			if v.Entry.Level == "error" {
				out = append(out, fmt.Sprintf("log (%s): %s %s", v.Entry.Source, v.Entry.Text, v.Entry.URL))
			}
		}
	}
	return out
}

// Close ends the browser and waits for it.
func (b *Browser) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	b.Call(ctx, "", "Browser.close", nil, nil)
	b.ws.Close()
	exited := make(chan struct{})
	go func() { b.cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
		<-exited
	}
}

// kill ends the browser's process group (only the processes this Browser started).
func (b *Browser) kill() {
	if b.cmd.Process != nil {
		syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
		b.cmd.Wait()
	}
}
