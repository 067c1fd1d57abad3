package llm_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/substate"
)

// OpenAI's reasoning models answer 400 to any temperature but the default (OpenAI's
// reasoning guide; the stand-in applies that rule): none is sent to them, and the other
// models keep theirs.
func TestReasoningModelsGetNoTemperature(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	for _, tc := range []struct {
		model       string
		temperature bool
	}{
		{"o1", false}, {"o1-mini", false}, {"o1-2024-12-17", false}, {"o3", false}, {"o3-mini", false},
		{"o4-mini", false}, {"o4-mini-2025-04-16", false}, {"gpt-5", false}, {"gpt-5-mini", false},
		{"gpt-5-nano", false}, {"gpt-5.1", false}, {"gpt-5-2025-08-07", false},
		{"gpt-4o-mini", true}, {"gpt-4.1", true}, {"qwen2.5-vl-7b", true}, {"omni-model", true},
	} {
		t.Run(tc.model, func(t *testing.T) {
			srv := llmtest.NewOpenAI(t, llmtest.Reply("ok"))
			m := open(t, "openai:"+tc.model, srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
			if _, err := m.Generate(context.Background(), llm.Request{Prompt: "p", Temperature: 0}); err != nil {
				t.Fatal(err)
			}
			var body map[string]any
			json.Unmarshal(srv.Requests()[0].Body, &body)
			if _, has := body["temperature"]; has != tc.temperature {
				t.Errorf("temperature sent: %v, want %v: %s", has, tc.temperature, srv.Requests()[0].Body)
			}
		})
	}
}

// freePort returns an address where nothing listens.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// A refused connection is a transient fault on every provider: retried, and once the server
// is up the call succeeds; when it never comes up the error names the endpoint and the cause.
func TestRefusedConnectionRetriedAndNamed(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	t.Setenv("ANTHROPIC_API_KEY", secret)
	for _, tc := range []struct {
		provider string
		start    func(testing.TB, ...llmtest.Option) *llmtest.Server
	}{{llm.OpenAI, llmtest.NewOpenAI}, {llm.Anthropic, llmtest.NewAnthropic}, {llm.Ollama, llmtest.NewOllama}} {
		t.Run(tc.provider+"/never up", func(t *testing.T) {
			addr := freePort(t)
			base := "http://" + addr
			if tc.provider != llm.Ollama {
				base += "/v1"
			}
			var retries atomic.Int32
			m := open(t, tc.provider+":m", base, nil, func(c *llm.Config) {
				c.MaxRetries = 2
				c.OnRetry = func(string, int, time.Duration, error) { retries.Add(1) }
			})
			_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
			if err == nil || !strings.Contains(err.Error(), addr) || !strings.Contains(err.Error(), "connection refused") ||
				!strings.Contains(err.Error(), "giving up after 3 attempts") {
				t.Fatalf("error %v: want the endpoint %s, the cause and the attempts", err, addr)
			}
			if retries.Load() != 2 {
				t.Errorf("%d retries, want 2", retries.Load())
			}
		})
		t.Run(tc.provider+"/comes up", func(t *testing.T) {
			srv := tc.start(t, llmtest.Reply("up now"))
			// A proxy port that refuses until the first retry is announced, then forwards.
			addr := freePort(t)
			var ln net.Listener
			defer func() {
				if ln != nil {
					ln.Close()
				}
			}()
			target := strings.TrimPrefix(strings.TrimSuffix(srv.URL, "/v1"), "http://")
			base := strings.Replace(srv.URL, target, addr, 1)
			m := open(t, tc.provider+":m", base, nil, func(c *llm.Config) {
				c.MaxRetries = 3
				c.OnRetry = func(string, int, time.Duration, error) {
					if ln != nil {
						return
					}
					var err error
					if ln, err = net.Listen("tcp", addr); err != nil {
						t.Error(err)
						return
					}
					go forward(ln, target)
				}
			})
			resp, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
			if err != nil || resp.Text != "up now" {
				t.Fatal(resp, err)
			}
		})
	}
}

// forward relays each connection accepted on ln to target.
func forward(ln net.Listener, target string) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			d, err := net.Dial("tcp", target)
			if err != nil {
				return
			}
			defer d.Close()
			go func() { buf := make([]byte, 32<<10); copyConn(d, c, buf) }()
			copyConn(c, d, make([]byte, 32<<10))
		}()
	}
}

func copyConn(dst, src net.Conn, buf []byte) {
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// A key goes only to the endpoint it belongs to: a redirect to another host is refused, so
// the other host never sees the key (Go itself drops Authorization across hosts, but not
// Anthropic's x-api-key).
func TestRedirectToAnotherHostRefused(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	t.Setenv("ANTHROPIC_API_KEY", secret)
	var leaked atomic.Int32
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("X-Api-Key")+r.Header.Get("Authorization"), secret) {
			leaked.Add(1)
		}
		w.WriteHeader(http.StatusTeapot)
	}))
	defer elsewhere.Close()
	// "localhost" is another host name than the stand-ins' 127.0.0.1.
	other := strings.Replace(elsewhere.URL, "127.0.0.1", "localhost", 1)
	for _, tc := range []struct {
		provider string
		start    func(testing.TB, ...llmtest.Option) *llmtest.Server
		path     string
	}{{llm.OpenAI, llmtest.NewOpenAI, "/v1/chat/completions"}, {llm.Anthropic, llmtest.NewAnthropic, "/v1/messages"}} {
		srv := tc.start(t, llmtest.Redirect(http.StatusTemporaryRedirect, other+tc.path))
		m := open(t, tc.provider+":m", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
		_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
		if err == nil || !strings.Contains(err.Error(), "redirect") {
			t.Errorf("%s: error %v, want a refused redirect", tc.provider, err)
		}
	}
	if leaked.Load() != 0 {
		t.Fatalf("the key reached another host %d times", leaked.Load())
	}
}

// The same model name on two endpoints is two models: the cache never answers one with
// the other's answer.
func TestCacheKeyedOnEndpoint(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	a := llmtest.NewOpenAI(t, llmtest.Reply("weights A"))
	b := llmtest.NewOpenAI(t, llmtest.Reply("weights B"))
	db := openDB(t)
	req := llm.Request{Prompt: "which weights?"}
	ra, err := open(t, "openai:served-model", a.URL, db).Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := open(t, "openai:served-model", b.URL, db).Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if ra.Text != "weights A" || rb.Text != "weights B" || rb.CacheHit || b.Count() != 1 {
		t.Fatalf("A %q, B %q (cache hit %v, %d requests to B)", ra.Text, rb.Text, rb.CacheHit, b.Count())
	}
	again, err := open(t, "openai:served-model", a.URL+"/", db).Generate(context.Background(), req)
	if err != nil || !again.CacheHit || again.Text != "weights A" {
		t.Fatalf("the same endpoint (with a trailing slash) missed the cache: %+v %v", again, err)
	}
}

// The reasoner's schema meets structured outputs' strict rules and goes strict; the stand-in
// applies those rules (and the OpenAPI schema) to the request.
func TestReasonerSchemaSentStrict(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Reply(`{"thought":"","substates":[],"critical_info":""}`))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
	if _, err := m.Generate(context.Background(), llm.Request{Purpose: "reason", Prompt: "judge", Schema: prompts.ReasonerSchema()}); err != nil {
		t.Fatal(err)
	}
	var body struct {
		ResponseFormat struct {
			Type       string
			JSONSchema struct {
				Name   string
				Strict bool
				Schema map[string]any
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	json.Unmarshal(srv.Requests()[0].Body, &body)
	rf := body.ResponseFormat
	if rf.Type != "json_schema" || !rf.JSONSchema.Strict || rf.JSONSchema.Name != "reason" {
		t.Fatalf("response_format %+v", rf)
	}
	if req, _ := rf.JSONSchema.Schema["required"].([]any); len(req) != 3 {
		t.Errorf("required %v, want thought, substates and critical_info", req)
	}
}

// A 200 whose body is not an answer says so, naming what was wrong, not "unexpected EOF".
func TestMalformedAnswerSaysSo(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	t.Setenv("ANTHROPIC_API_KEY", secret)
	for _, tc := range []struct {
		provider string
		start    func(testing.TB, ...llmtest.Option) *llmtest.Server
	}{{llm.OpenAI, llmtest.NewOpenAI}, {llm.Anthropic, llmtest.NewAnthropic}, {llm.Ollama, llmtest.NewOllama}} {
		srv := tc.start(t, llmtest.Raw(200, `{"choices": [`))
		m := open(t, tc.provider+":m", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
		_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
		if err == nil || !strings.Contains(err.Error(), "answer (HTTP 200) could not be read") || !strings.Contains(err.Error(), "ends early") ||
			strings.Contains(err.Error(), "unexpected EOF") {
			t.Errorf("%s: %v", tc.provider, err)
		}
	}
}

// Every chat-completions request llm can send (plain, images, each kind of schema; each
// model family) satisfies OpenAI's CreateChatCompletionRequest schema and documented rules.
func TestEveryChatRequestMatchesOpenAPI(t *testing.T) {
	if sch, path := llmtest.ChatCompletionSchema(t); sch == nil {
		t.Skipf("%s is absent", path)
	}
	t.Setenv("OPENAI_API_KEY", secret)
	schemas := map[string][]byte{
		"none":      nil,
		"reasoner":  prompts.ReasonerSchema(),
		"plain":     []byte(`{"type":"object","properties":{"ok":{"type":"boolean"}}}`),
		"anyOf":     []byte(`{"type":"object","properties":{"parent":{"anyOf":[{"type":"integer"},{"type":"null"}]}}}`),
		"substates": substate.Schema(),
	}
	n := 0
	for _, model := range []string{"gpt-4o-mini", "gpt-4.1", "o1", "o3-mini", "o4-mini", "gpt-5", "gpt-5-nano"} {
		for name, schema := range schemas {
			for _, images := range [][]llm.Image{nil, {{MIME: "image/png", Data: pngBytes}, {Data: jpegBytes}}} {
				srv := llmtest.NewOpenAI(t, llmtest.Reply(`{}`))
				m := open(t, "openai:"+model, srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
				req := llm.Request{Purpose: "capture/" + name, System: "system text", Prompt: "answer in JSON", Schema: schema, Images: images, MaxTokens: 1500}
				if _, err := m.Generate(context.Background(), req); err != nil {
					t.Errorf("%s, schema %s, %d images: %v", model, name, len(images), err)
				}
				n++
			}
		}
	}
	t.Logf("%d requests validated", n)
}

func TestTimeoutNamesEndpoint(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", secret)
	srv := llmtest.NewAnthropic(t, llmtest.Hang())
	m := open(t, "anthropic:claude-haiku-4-5", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1; c.Timeout = 100 * time.Millisecond })
	_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	port := srv.URL[strings.LastIndex(srv.URL, ":")+1 : strings.LastIndex(srv.URL, "/")]
	if err == nil || !strings.Contains(err.Error(), "127.0.0.1:"+port) || !strings.Contains(err.Error(), "within") {
		t.Fatalf("timeout error %v does not name 127.0.0.1:%s", err, port)
	}
}

// Without --base-url, Ollama's endpoint is $OLLAMA_HOST read as the ollama command reads
// it: a host given without a port (OLLAMA_HOST=0.0.0.0 is how servers are often started)
// is on Ollama's port 11434, not on HTTP's 80.
func TestOllamaHostAsOllamaReadsIt(t *testing.T) {
	for host, want := range map[string]string{
		"127.0.0.2":        "127.0.0.2:11434",
		`"127.0.0.2"`:      "127.0.0.2:11434",
		"127.0.0.2:1":      "127.0.0.2:1",
		"http://127.0.0.2": "127.0.0.2:80",
		"::2":              "[::2]:11434",
		"http://[::2]:7/":  "[::2]:7",
		"127.0.0.2:11434/": "127.0.0.2:11434",
	} {
		t.Setenv("OLLAMA_HOST", host)
		m := open(t, "ollama:m", "", nil, func(c *llm.Config) { c.MaxRetries = -1; c.Timeout = 300 * time.Millisecond })
		_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
		// "cannot reach HOST:PORT: cause", or "no answer from HOST:PORT within"
		if err == nil || !strings.Contains(err.Error(), " "+want+":") && !strings.Contains(err.Error(), " "+want+" ") {
			t.Errorf("OLLAMA_HOST=%s: %v, want an attempt at %s", host, err, want)
		}
	}
}
