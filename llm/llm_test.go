package llm_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/storetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
)

const secret = "sk-test-SECRET-0123456789abcdef"

// pngBytes and jpegBytes are real images: every image is decoded before it is sent.
var pngBytes, jpegBytes = testImages()

func testImages() (pngData, jpegData []byte) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var p, j bytes.Buffer
	if err := png.Encode(&p, img); err != nil {
		panic(err)
	}
	if err := jpeg.Encode(&j, img, nil); err != nil {
		panic(err)
	}
	return p.Bytes(), j.Bytes()
}

func openDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func open(t *testing.T, spec, url string, db *store.DB, mod ...func(*llm.Config)) llm.Model {
	t.Helper()
	cfg := llm.Config{Spec: spec, BaseURL: url, BaseDelay: 5 * time.Millisecond, MaxDelay: 2 * time.Second, Timeout: 2 * time.Second,
		MaxRetries: llm.DefaultRetries} // as the CLI's default
	if db != nil {
		cfg.Cache, cfg.Ledger = db, db
	}
	for _, f := range mod {
		f(&cfg)
	}
	m, err := llm.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestOpenAIHappyPathWithImage(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Key(secret), llmtest.ReplyUsage("a clock app", 1000, 20))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil)
	resp, err := m.Generate(context.Background(), llm.Request{System: "describe", Prompt: "what is shown?", Images: []llm.Image{{MIME: "image/png", Data: pngBytes}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "a clock app" || resp.InputTokens != 1000 || resp.OutputTokens != 20 {
		t.Fatalf("response %+v", resp)
	}
	if want := (1000*0.15 + 20*0.60) / 1e6; resp.CostUSD < want*0.999 || resp.CostUSD > want*1.001 {
		t.Errorf("cost %v, want %v", resp.CostUSD, want)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 || reqs[0].Rejected != "" {
		t.Fatalf("requests %+v", reqs)
	}
	r := reqs[0]
	if len(r.Images) != 1 || r.Images[0].MIME != "image/png" || !bytes.Equal(r.Images[0].Data, pngBytes) {
		t.Errorf("image not sent as an image_url data URL: %s", r.Body)
	}
	if !strings.Contains(string(r.Body), `"type":"image_url"`) || strings.Contains(string(r.Body), `"binary"`) {
		t.Errorf("body: %s", r.Body)
	}
	if r.System != "describe" || r.Text != "what is shown?" || r.Model != "gpt-4o-mini" {
		t.Errorf("request %+v", r)
	}
}

func TestAnthropicHappyPathWithImage(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", secret)
	srv := llmtest.NewAnthropic(t, llmtest.Key(secret), llmtest.ReplyUsage("settings page", 500, 7))
	m := open(t, "anthropic:claude-3-5-haiku-latest", srv.URL, nil)
	resp, err := m.Generate(context.Background(), llm.Request{System: "sys", Prompt: "look", Images: []llm.Image{{MIME: "image/png", Data: pngBytes}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "settings page" || resp.InputTokens != 500 || resp.OutputTokens != 7 || resp.CostUSD <= 0 {
		t.Fatalf("response %+v", resp)
	}
	r := srv.Requests()[0]
	if r.Rejected != "" || len(r.Images) != 1 || !bytes.Equal(r.Images[0].Data, pngBytes) || r.System != "sys" || r.Text != "look" {
		t.Fatalf("request %+v body %s", r, r.Body)
	}
	if !strings.Contains(string(r.Body), `"source":{"type":"base64","media_type":"image/png"`) {
		t.Errorf("image block not in Anthropic's base64 form: %s", r.Body)
	}
}

func TestRetryAfter429(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Status(429, "Retry-After: 1"), llmtest.Reply("ok"))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db, func(c *llm.Config) { c.BaseDelay = time.Millisecond })
	start := time.Now()
	resp, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	if err != nil || resp.Text != "ok" {
		t.Fatal(resp, err)
	}
	if d := time.Since(start); d < 900*time.Millisecond {
		t.Errorf("Retry-After: 1 not honoured, retried after %s", d)
	}
	if srv.Count() != 2 {
		t.Errorf("requests %d, want 2", srv.Count())
	}
	var failed int
	storetest.SQL(t, db.Path).QueryRow(`SELECT COUNT(*) FROM llm_calls WHERE error != ''`).Scan(&failed)
	if failed != 1 {
		t.Errorf("failed attempts booked %d, want 1", failed)
	}
}

func TestServerErrorsRetriedThenGiveUp(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Status(500), llmtest.Status(503), llmtest.Reply("fine"))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil)
	if resp, err := m.Generate(context.Background(), llm.Request{Prompt: "p"}); err != nil || resp.Text != "fine" {
		t.Fatal(resp, err)
	}
	if srv.Count() != 3 {
		t.Errorf("requests %d, want 3", srv.Count())
	}

	srv2 := llmtest.NewOpenAI(t, llmtest.Status(500), llmtest.Status(500), llmtest.Status(500))
	m2 := open(t, "openai:gpt-4o-mini", srv2.URL, nil, func(c *llm.Config) { c.MaxRetries = 2 })
	_, err := m2.Generate(context.Background(), llm.Request{Prompt: "p"})
	if err == nil || !strings.Contains(err.Error(), "giving up after 3 attempts") {
		t.Fatalf("err %v", err)
	}
	if srv2.Count() != 3 {
		t.Errorf("requests %d, want 3", srv2.Count())
	}
}

func TestClientErrorNotRetried(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Status(401))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil)
	if _, err := m.Generate(context.Background(), llm.Request{Prompt: "p"}); err == nil {
		t.Fatal("401 accepted")
	}
	if srv.Count() != 1 {
		t.Errorf("requests %d, want 1", srv.Count())
	}
}

// An exhausted quota is a 429 that no wait cures: one request, a clear error.
func TestQuota429NotRetried(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Raw(429, `{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil)
	_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	if err == nil || !strings.Contains(err.Error(), "quota") || srv.Count() != 1 {
		t.Fatalf("err %v, %d requests (want 1)", err, srv.Count())
	}
}

func TestHangingRequestTimesOutAndRetries(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", secret)
	srv := llmtest.NewAnthropic(t, llmtest.Hang(), llmtest.Reply("late but fine"))
	m := open(t, "anthropic:claude-3-5-haiku-latest", srv.URL, nil, func(c *llm.Config) { c.Timeout = 200 * time.Millisecond })
	start := time.Now()
	resp, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	if err != nil || resp.Text != "late but fine" {
		t.Fatal(resp, err)
	}
	if srv.Count() != 2 {
		t.Errorf("requests %d, want 2", srv.Count())
	}
	if d := time.Since(start); d < 200*time.Millisecond || d > 3*time.Second {
		t.Errorf("took %s", d)
	}
}

func TestCacheAndSingleflight(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Delayed(200*time.Millisecond, llmtest.Reply("once")))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db, func(c *llm.Config) { c.RunID = "r1" })
	req := llm.Request{Prompt: "same", Scope: "task-a", Purpose: "decompose", Images: []llm.Image{{MIME: "image/png", Data: pngBytes}}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	hits := 0
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := m.Generate(context.Background(), req)
			if err != nil || r.Text != "once" {
				t.Error(r, err)
				return
			}
			if r.CacheHit {
				mu.Lock()
				hits++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if srv.Count() != 1 || hits != 4 {
		t.Fatalf("requests %d hits %d, want 1 and 4", srv.Count(), hits)
	}
	// A fresh model on the same store: zero provider calls.
	m2 := open(t, "openai:gpt-4o-mini", srv.URL, db)
	if r, err := m2.Generate(context.Background(), req); err != nil || !r.CacheHit || r.CostUSD != 0 {
		t.Fatal(r, err)
	}
	if srv.Count() != 1 {
		t.Fatalf("rerun made %d requests", srv.Count()-1)
	}
	// A different image is a different call.
	srv.Push(llmtest.Reply("other"))
	req2 := req
	req2.Images = []llm.Image{{MIME: "image/png", Data: append([]byte{}, append(pngBytes, 'x')...)}}
	if r, _ := m2.Generate(context.Background(), req2); r == nil || r.Text != "other" {
		t.Fatal("image bytes not in the cache key")
	}
	// --no-cache bypasses.
	srv.Push(llmtest.Reply("fresh"))
	m3 := open(t, "openai:gpt-4o-mini", srv.URL, db, func(c *llm.Config) { c.NoCache = true })
	if r, _ := m3.Generate(context.Background(), req); r == nil || r.Text != "fresh" || r.CacheHit {
		t.Fatal("no-cache served from cache")
	}
	u, err := db.SumCalls(context.Background(), llm.Filter{RunID: "r1"})
	if err != nil {
		t.Fatal(err)
	}
	if u.Calls != 5 || u.CacheHits != 4 || u.InputTokens == 0 || u.CostUSD <= 0 {
		t.Errorf("run summary %+v", u)
	}
	all, _ := db.SumCalls(context.Background(), llm.Filter{Scope: "task-a"})
	if all.Calls != 8 || all.CacheHits != 5 {
		t.Errorf("scope summary %+v", all)
	}
}

// An answer the caller found unusable is forgotten: asking again goes to the provider
// rather than replaying it from the cache; other answers stay cached.
func TestForgetAsksAgain(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Reply("nope"), llmtest.Reply("other"), llmtest.Reply(`{"verdict": "true"}`))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db)
	bad, other := llm.Request{Prompt: "judge"}, llm.Request{Prompt: "something else"}
	for _, req := range []llm.Request{bad, other} {
		if _, err := m.Generate(context.Background(), req); err != nil {
			t.Fatal(err)
		}
	}
	llm.Forget(context.Background(), m, bad)
	if r, err := m.Generate(context.Background(), bad); err != nil || r.CacheHit || r.Text != `{"verdict": "true"}` {
		t.Fatalf("after Forget: %+v %v, want a new answer from the provider", r, err)
	}
	for _, req := range []llm.Request{bad, other} {
		if r, err := m.Generate(context.Background(), req); err != nil || !r.CacheHit {
			t.Fatalf("%q: %+v %v, want a cache hit", req.Prompt, r, err)
		}
	}
	if srv.Count() != 3 {
		t.Fatalf("%d requests, want 3", srv.Count())
	}
}

func TestExtractJSON(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:                             `{"a":1}`,
		"text before {\"a\":[1,2]} after":     `{"a":[1,2]}`,
		"```json\n[1,2]\n```":                 `[1,2]`,
		"<think>{not json}</think> {\"b\":2}": `{"b":2}`,
		"a {broken then {\"c\":3}":            `{"c":3}`,
	} {
		got, err := llm.ExtractJSON(in)
		if err != nil || string(got) != want {
			t.Errorf("%q: got %q %v, want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "no json here", "{\"a\":"} {
		if _, err := llm.ExtractJSON(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func FuzzExtractJSON(f *testing.F) {
	f.Add("```json\n{\"a\":1}\n```")
	f.Add("x {\"a\": [1, {\"b\": null}]} y")
	f.Add("<think>{</think>[")
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := llm.ExtractJSON(s); err == nil && len(v) == 0 {
			t.Fatal("empty value without error")
		}
	})
}

func TestConfiguredAndSpecs(t *testing.T) {
	// Open checks the spec and the key before anything touches the network.
	configured := func(spec, baseURL string) bool {
		_, err := llm.Open(context.Background(), llm.Config{Spec: spec, BaseURL: baseURL})
		return err == nil
	}
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("ANTHROPIC_API_KEY", "")
	t.Setenv(llm.EnvModel, "")
	if configured("", "") {
		t.Error("nothing configured but Configured")
	}
	if configured("openai:gpt-4o-mini", "") {
		t.Error("openai without key configured")
	}
	if !configured("openai:qwen", "http://localhost:8000/v1") || !configured("ollama:qwen2.5", "") {
		t.Error("local servers need no key")
	}
	t.Setenv(llm.EnvModel, "anthropic:claude-3-5-haiku-latest")
	t.Setenv("ANTHROPIC_API_KEY", secret)
	if !configured("", "") {
		t.Error("$AUTOEVAL_MODEL ignored")
	}
	_, err := llm.Open(context.Background(), llm.Config{Spec: "googleai:gemini"})
	if err == nil || !strings.Contains(err.Error(), "unknown provider") {
		t.Error(err)
	}
	t.Setenv(llm.EnvModel, "")
	_, err = llm.Open(context.Background(), llm.Config{})
	if !errors.Is(err, llm.ErrNotConfigured) || !strings.Contains(err.Error(), "--model") || !strings.Contains(err.Error(), "OPENAI_API_KEY") {
		t.Errorf("unclear error: %v", err)
	}
}

func TestPrices(t *testing.T) {
	p, _ := llm.LoadPrices("")
	if v, ok := p.Lookup("anthropic", "claude-3-5-haiku-20241022"); !ok || v.Input != 0.80 {
		t.Errorf("snapshot lookup: %v %v", v, ok)
	}
	if v, ok := p.Lookup("ollama", "qwen2.5"); !ok || v != (llm.Price{}) {
		t.Error("a local Ollama model is not free")
	}
	f := filepath.Join(t.TempDir(), "p.json")
	os.WriteFile(f, []byte(`{"ollama:qwen2.5":{"input":1,"output":2},"gpt-4o-mini":{"input":9,"output":9}}`), 0o644)
	p, err := llm.LoadPrices(f)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := p.Cost("ollama", "qwen2.5", 1e6, 1e6); c != 3 {
		t.Errorf("cost %v", c)
	}
	if v, _ := p.Lookup("openai", "gpt-4o-mini"); v.Input != 9 {
		t.Error("override ignored")
	}
	os.WriteFile(f, []byte(`{"x": 3}`), 0o644)
	if _, err := llm.LoadPrices(f); err == nil || !strings.Contains(err.Error(), f) {
		t.Errorf("bad price file: %v", err)
	}
}

// The key goes to the server and nowhere else: not the store, not errors.
func TestKeyNeverStored(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		if strings.Contains(r.Text, "fail") {
			return llmtest.Raw(401, `{"error":{"message":"Incorrect API key provided: `+secret+`"}}`)
		}
		return llmtest.Reply("fine")
	}))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db)
	if _, err := m.Generate(context.Background(), llm.Request{Prompt: "ok"}); err != nil {
		t.Fatal(err)
	}
	_, err := m.Generate(context.Background(), llm.Request{Prompt: "fail"})
	if err == nil || strings.Contains(err.Error(), secret) {
		t.Fatalf("error leaks the key or is nil: %v", err)
	}
	if got := srv.Requests()[0].Header.Get("Authorization"); got != "Bearer "+secret {
		t.Fatalf("key not sent: %q", got)
	}
	db.Close()
	for _, p := range []string{db.Path, db.Path + "-wal"} {
		data, _ := os.ReadFile(p)
		if bytes.Contains(data, []byte(secret)) {
			t.Errorf("%s contains the API key", p)
		}
	}
}

// However a provider echoes the key in an error (at the start of a message, or far into a
// long one where the one-line error is cut short, on a retryable 500), neither the returned
// error nor the ledger holds any of it, for every provider that takes a key.
func TestKeyNeverInErrors(t *testing.T) {
	for _, tc := range []struct {
		provider, env string
		start         func(testing.TB, ...llmtest.Option) *llmtest.Server
		prefix        int // length of the error text before the server's message
	}{
		{llm.OpenAI, "OPENAI_API_KEY", llmtest.NewOpenAI, len("some-model: HTTP 401: ")},
		{llm.Anthropic, "ANTHROPIC_API_KEY", llmtest.NewAnthropic, len("some-model: HTTP 401: api_error: ")},
	} {
		// The long message puts the key across the 500-character cut of a one-line error.
		pad := strings.Repeat("x", 490-tc.prefix)
		for _, msg := range []string{"key " + secret + " rejected", pad + secret + " rejected"} {
			t.Run(tc.provider+"/"+strconv.Itoa(len(msg)), func(t *testing.T) {
				t.Setenv(tc.env, secret)
				body := `{"type":"error","error":{"type":"api_error","message":"` + msg + `"}}`
				srv := tc.start(t, llmtest.Raw(401, body), llmtest.Raw(500, body), llmtest.Raw(500, body))
				db := openDB(t)
				m := open(t, tc.provider+":some-model", srv.URL, db, func(c *llm.Config) { c.MaxRetries = 1 })
				for i := 0; i < 2; i++ {
					_, err := m.Generate(context.Background(), llm.Request{Prompt: "p" + strconv.Itoa(i)})
					if err == nil || strings.Contains(err.Error(), secret[:8]) {
						t.Fatalf("error leaks the key or is nil: %v", err)
					}
				}
				if srv.Count() != 3 {
					t.Errorf("%d requests, want 1 + 2", srv.Count())
				}
				var n int
				var errs string
				storetest.SQL(t, db.Path).QueryRow(`SELECT COUNT(*), group_concat(error, '|') FROM llm_calls`).Scan(&n, &errs)
				if n != 3 || strings.Contains(errs, secret[:8]) || !strings.Contains(errs, "[redacted]") && len(msg) < 100 {
					t.Errorf("ledger: %d rows, errors %q", n, errs)
				}
				db.Close()
				for _, p := range []string{db.Path, db.Path + "-wal"} {
					data, _ := os.ReadFile(p)
					if bytes.Contains(data, []byte(secret[:8])) {
						t.Errorf("%s contains the API key", p)
					}
				}
			})
		}
	}
}

// A schema the restricted type cannot carry (the substate schema's nullable parent uses anyOf) goes as
// JSON mode rather than a mangled json_schema.
func TestSchemaFallsBackToJSONMode(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Reply("{}"))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil)
	schema := `{"type":"object","properties":{"parent":{"anyOf":[{"type":"integer"},{"type":"null"}]}}}`
	if _, err := m.Generate(context.Background(), llm.Request{Prompt: "answer in JSON", Schema: []byte(schema)}); err != nil {
		t.Fatal(err)
	}
	if body := string(srv.Requests()[0].Body); !strings.Contains(body, `"response_format":{"type":"json_object"}`) {
		t.Errorf("body %s", body)
	}
}

func TestOllamaHappyPathWithImage(t *testing.T) {
	srv := llmtest.NewOllama(t, llmtest.ReplyUsage(`{"ok": true}`, 40, 5))
	m := open(t, "ollama:qwen2.5vl", srv.URL, nil)
	resp, err := m.Generate(context.Background(), llm.Request{System: "s", Prompt: "answer in json", Schema: []byte(`{"type":"object"}`),
		Images: []llm.Image{{MIME: "image/png", Data: pngBytes}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != `{"ok": true}` || resp.InputTokens != 40 || resp.OutputTokens != 5 || resp.CostUSD != 0 {
		t.Fatalf("response %+v", resp)
	}
	r := srv.Requests()[0]
	if r.Rejected != "" || len(r.Images) != 1 || !bytes.Equal(r.Images[0].Data, pngBytes) || r.System != "s" ||
		!strings.Contains(string(r.Body), `"format":{"type":"object"}`) || !strings.Contains(string(r.Body), `"stream":false`) {
		t.Fatalf("request %+v body %s", r, r.Body)
	}
}

func TestTruncatedBodyRetried(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Raw(200, `{"choices": [`), llmtest.Reply("ok"))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil)
	if r, err := m.Generate(context.Background(), llm.Request{Prompt: "p"}); err != nil || r.Text != "ok" || srv.Count() != 2 {
		t.Fatal(r, err, srv.Count())
	}
}

func TestConcurrencyLimitPerProvider(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	var mu sync.Mutex
	inflight, peak := 0, 0
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		mu.Lock()
		inflight++
		peak = max(peak, inflight)
		mu.Unlock()
		time.Sleep(40 * time.Millisecond)
		mu.Lock()
		inflight--
		mu.Unlock()
		return llmtest.Reply("ok")
	}))
	// A model opened earlier on the endpoint with another limit (here the default, 16) does
	// not lend the later ones its limit: a test server's port reused by a later test did.
	open(t, "openai:gpt-4o-mini", srv.URL, nil)
	lim := func(c *llm.Config) { c.Concurrency = 2 }
	// Two models on one endpoint share the limit.
	a := open(t, "openai:gpt-4o-mini", srv.URL, nil, lim)
	b := open(t, "openai:gpt-4o", srv.URL, nil, lim)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := a
			if i%2 == 1 {
				m = b
			}
			if _, err := m.Generate(context.Background(), llm.Request{Prompt: fmt.Sprint("p", i)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if srv.Count() != 8 || peak != 2 {
		t.Fatalf("requests %d, peak in flight %d, want 8 and 2", srv.Count(), peak)
	}
}

func TestCancelDuringBackoff(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Status(429, "Retry-After: 120"), llmtest.Reply("never"))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.MaxDelay = time.Minute })
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := m.Generate(ctx, llm.Request{Prompt: "p"})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 30*time.Second || srv.Count() != 1 { // the backoff alone would be 120s
		t.Fatalf("err %v after %s, %d requests", err, time.Since(start), srv.Count())
	}
}

// store.DB is the cache and the ledger the CLI hands to Open.
var (
	_ llm.Cache  = (*store.DB)(nil)
	_ llm.Ledger = (*store.DB)(nil)
)

// An answer built to make the search for its JSON value read it again from every bracket
// (a megabyte of "[1,", each start read down to the decoder's depth limit) ends in a
// bounded time; it took minutes. The limit below is a hang guard, not a speed claim.
func TestExtractJSONHostileAnswerBounded(t *testing.T) {
	for _, s := range []string{strings.Repeat("[1,", 1<<20/3), `["` + strings.Repeat("[", 1<<20)} {
		done := make(chan error, 1)
		go func() {
			_, err := llm.ExtractJSON(s)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("%.20q...: accepted", s)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%.20q...: no result after 30 s", s)
		}
	}
	// A value after the brackets of ordinary prose is still found.
	prose := strings.Repeat("see [frame 3] and {the list} ", 2000) + `{"ok":true}`
	if v, err := llm.ExtractJSON(prose); err != nil || string(v) != `{"ok":true}` {
		t.Errorf("after %d bytes of prose: %q %v", len(prose), v, err)
	}
}
