// Package llmtest provides local stand-ins for model providers in tests: httptest servers
// that speak the OpenAI chat-completions, the Anthropic messages and the Ollama /api/chat
// APIs, answer from a script (or a handler), record every request, and reject what the
// real APIs reject (unknown content part types, bad image blocks, missing keys or
// max_tokens). Every chat-completions request is validated against OpenAI's own OpenAPI
// description (../shared/data/specs/openai/openapi.json, when present), and against the
// rules its documentation gives that the schema cannot express: reasoning models take no
// temperature and no max_tokens, and a strict json_schema must meet structured outputs'
// rules.
//
//	srv := llmtest.NewOpenAI(t, llmtest.Status(429, "Retry-After: 1"), llmtest.Reply(`{"ok":true}`))
//	m, _ := llm.Open(ctx, llm.Config{Spec: "openai:gpt-4o-mini", BaseURL: srv.URL})
//	... srv.Count() == 2, srv.Requests()[1].Text ...
//
// Test code only: nothing in the product imports it.
package llmtest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // the providers read GIF, JPEG, PNG and WebP
	_ "image/jpeg"
	_ "image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	_ "golang.org/x/image/webp"
)

// Answer is one scripted response. Build it with Reply, Status, Raw or Hang.
type Answer struct {
	Text         string
	InputTokens  int // 0: estimated from the request size
	OutputTokens int // 0: estimated from the text
	// ReasoningTokens, reported by the OpenAI stand-in as completion_tokens_details.
	ReasoningTokens int
	// cutOff: the answer stopped at its budget (or, with filtered, at a content filter),
	// told as the provider tells it.
	cutOff, filtered bool
	status           int
	headers          []string
	body             string
	hang             bool
	delay            time.Duration
	redirect         string
}

// Reply answers with text as the assistant's message.
func Reply(text string) Answer { return Answer{Text: text} }

// ReplyUsage answers with text and explicit token counts.
func ReplyUsage(text string, in, out int) Answer {
	return Answer{Text: text, InputTokens: in, OutputTokens: out}
}

// CutOff answers with text cut off at the token budget, as each provider says it:
// OpenAI's finish_reason "length", Anthropic's stop_reason "max_tokens", Ollama's
// done_reason "length".
func CutOff(text string, in, out int) Answer {
	return Answer{Text: text, InputTokens: in, OutputTokens: out, cutOff: true}
}

// Filtered answers as OpenAI does when a content filter omitted content (finish_reason
// "content_filter").
func Filtered(text string, in, out int) Answer {
	return Answer{Text: text, InputTokens: in, OutputTokens: out, cutOff: true, filtered: true}
}

// Reasoning answers text after reasoning: out output tokens, reasoning of them spent on
// reasoning (OpenAI's usage.completion_tokens_details.reasoning_tokens).
func Reasoning(text string, in, out, reasoning int) Answer {
	return Answer{Text: text, InputTokens: in, OutputTokens: out, ReasoningTokens: reasoning}
}

// Status answers with an HTTP error status in the provider's error format; headers are
// "Name: value" strings, e.g. Status(429, "Retry-After: 1").
func Status(code int, headers ...string) Answer { return Answer{status: code, headers: headers} }

// Raw answers with a literal body and status (e.g. a truncated JSON body).
func Raw(code int, body string) Answer { return Answer{status: code, body: body} }

// Header adds response headers ("Name: value") to an answer, e.g.
// Raw(429, body).Header("Retry-After: 1").
func (a Answer) Header(headers ...string) Answer {
	a.headers = append(append([]string(nil), a.headers...), headers...)
	return a
}

// Redirect answers with a redirect status (307 or 308 keep the method and body) to url.
func Redirect(code int, url string) Answer { return Answer{status: code, redirect: url} }

// Hang never answers: the request blocks until the client gives up or the test ends.
func Hang() Answer { return Answer{hang: true} }

// Delayed answers a after d.
func Delayed(d time.Duration, a Answer) Answer { a.delay = d; return a }

// Request is what the fake server received.
type Request struct {
	Path   string
	Header http.Header
	Body   []byte
	Model  string
	// System and Text are the concatenated system and user/assistant text parts.
	System string
	Text   string
	Images []Image
	// Rejected is the 400 message when the request was invalid, else "".
	Rejected string
	// stream is the Ollama request's stream field (true when absent, as in Ollama).
	stream bool
	// Tool is the tool an Anthropic request forces (tool_choice "tool"), "" for none.
	Tool string
}

// Image is an image part found in a request, decoded.
type Image struct {
	MIME string
	Data []byte
}

// HandlerFunc computes an answer from the request; used once the script is exhausted.
type HandlerFunc func(r Request) Answer

// Option configures a server: an Answer (appended to the script), a Handler, or a Key.
type Option interface{ apply(*Server) }

func (a Answer) apply(s *Server) { s.script = append(s.script, a) }

type optionFunc func(*Server)

func (f optionFunc) apply(s *Server) { f(s) }

// Handler answers every request after the script runs out.
func Handler(fn HandlerFunc) Option { return optionFunc(func(s *Server) { s.handler = fn }) }

// Key makes the server require exactly this API key.
func Key(k string) Option { return optionFunc(func(s *Server) { s.key = k }) }

// Server is a running fake provider.
type Server struct {
	// URL is the base URL to configure: for OpenAI it ends in /v1, for Anthropic too
	// (the drivers append /chat/completions and /messages).
	URL  string
	t    testing.TB
	kind string
	key  string

	mu       sync.Mutex
	script   []Answer
	handler  HandlerFunc
	requests []Request
	done     chan struct{}
	closer   sync.Once
	hs       *httptest.Server
}

// NewOpenAI starts a fake OpenAI-compatible chat-completions server.
func NewOpenAI(t testing.TB, opts ...Option) *Server { return start(t, "openai", opts) }

// NewAnthropic starts a fake Anthropic messages server.
func NewAnthropic(t testing.TB, opts ...Option) *Server { return start(t, "anthropic", opts) }

// NewOllama starts a fake Ollama /api/chat server; its URL is the server root. As Ollama
// does, it answers "stream": false with one JSON object and otherwise (the default)
// streams NDJSON chunks.
func NewOllama(t testing.TB, opts ...Option) *Server { return start(t, "ollama", opts) }

func start(t testing.TB, kind string, opts []Option) *Server {
	t.Helper()
	s := &Server{t: t, kind: kind, done: make(chan struct{})}
	for _, o := range opts {
		o.apply(s)
	}
	if kind == "openai" {
		// Compile OpenAI's schema now, not on the first request: that takes a few hundred
		// milliseconds (more under -race), which would count against the test's own
		// request timeout and fail it on a loaded machine.
		ChatCompletionSchema(t)
	}
	hs := httptest.NewServer(http.HandlerFunc(s.serve))
	s.hs = hs
	t.Cleanup(s.Close)
	s.URL = hs.URL + "/v1"
	if kind == "ollama" {
		s.URL = hs.URL
	}
	return s
}

// Close releases hanging and delayed handlers, then stops the server, waiting for every
// request already on its way in: after Close, Count and Requests are final. A test that
// compares what the provider saw with what the client booked calls it before counting,
// because a request the client cancelled may still be arriving.
func (s *Server) Close() {
	s.closer.Do(func() {
		close(s.done)
		s.hs.Close()
	})
}

// Requests returns copies of all requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Count is the number of requests received so far (whole: one cut off while it was sent
// never reached the provider).
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// Push appends answers to the script while the server runs.
func (s *Server) Push(a ...Answer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script = append(s.script, a...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		// The body was cut off (a client cancelled while sending it): no request reached
		// the provider, so none is recorded, scripted or answered.
		return
	}
	req := Request{Path: r.URL.Path, Header: r.Header.Clone(), Body: body}
	var rejected string
	switch s.kind {
	case "openai":
		rejected = s.checkOpenAI(r, &req)
	case "ollama":
		rejected = s.checkOllama(r, &req)
	default:
		rejected = s.checkAnthropic(r, &req)
	}
	req.Rejected = rejected
	s.mu.Lock()
	s.requests = append(s.requests, req)
	var a Answer
	var have bool
	if rejected == "" {
		if len(s.script) > 0 {
			a, s.script = s.script[0], s.script[1:]
			have = true
		} else if s.handler != nil {
			h := s.handler
			s.mu.Unlock()
			a, have = h(req), true
			s.mu.Lock()
		}
	}
	s.mu.Unlock()
	switch {
	case rejected != "":
		s.writeError(w, http.StatusBadRequest, rejected)
		return
	case !have:
		s.t.Errorf("llmtest: unexpected request %d to %s: the script is exhausted and no Handler is set", len(s.Requests()), r.URL.Path)
		s.writeError(w, http.StatusInternalServerError, "llmtest: script exhausted")
		return
	}
	if a.delay > 0 {
		select {
		case <-time.After(a.delay):
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
	}
	if a.hang {
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
		return
	}
	for _, h := range a.headers {
		k, v, _ := strings.Cut(h, ":")
		w.Header().Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	if a.redirect != "" {
		http.Redirect(w, r, a.redirect, a.status)
		return
	}
	if a.body != "" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.status)
		io.WriteString(w, a.body)
		return
	}
	if a.status != 0 && a.status != http.StatusOK {
		s.writeError(w, a.status, fmt.Sprintf("scripted status %d", a.status))
		return
	}
	in := a.InputTokens
	if in == 0 {
		in = len(body)/4 + 1
	}
	out := a.OutputTokens
	if out == 0 {
		out = len(a.Text)/4 + 1
	}
	w.Header().Set("Content-Type", "application/json")
	if s.kind == "openai" {
		finish := "stop"
		switch {
		case a.filtered:
			finish = "content_filter"
		case a.cutOff:
			finish = "length"
		}
		usage := map[string]any{"prompt_tokens": in, "completion_tokens": out, "total_tokens": in + out}
		if a.ReasoningTokens > 0 {
			usage["completion_tokens_details"] = map[string]any{"reasoning_tokens": a.ReasoningTokens}
		}
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-fake", "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": finish,
				"message": map[string]any{"role": "assistant", "content": a.Text}}},
			"usage": usage,
		})
		return
	}
	if s.kind == "ollama" {
		now := time.Now().UTC().Format(time.RFC3339Nano)
		done := "stop"
		if a.cutOff {
			done = "length"
		}
		if !req.stream {
			json.NewEncoder(w).Encode(map[string]any{"model": req.Model, "created_at": now, "done": true, "done_reason": done,
				"message": map[string]any{"role": "assistant", "content": a.Text}, "prompt_eval_count": in, "eval_count": out})
			return
		}
		// Streaming: a partial message, then the rest with done and the counts.
		w.Header().Set("Content-Type", "application/x-ndjson")
		half := len(a.Text) / 2
		enc := json.NewEncoder(w)
		enc.Encode(map[string]any{"model": req.Model, "created_at": now, "done": false,
			"message": map[string]any{"role": "assistant", "content": a.Text[:half]}})
		enc.Encode(map[string]any{"model": req.Model, "created_at": now, "done": true, "done_reason": done,
			"message": map[string]any{"role": "assistant", "content": a.Text[half:]}, "prompt_eval_count": in, "eval_count": out})
		return
	}
	content := []any{map[string]any{"type": "text", "text": a.Text}}
	stop := "end_turn"
	if req.Tool != "" {
		// A forced tool: the answer is the tool's input object (the script's text parsed),
		// and no text comes before it.
		var input map[string]any
		if err := json.Unmarshal([]byte(a.Text), &input); err != nil && !a.cutOff {
			s.t.Errorf("llmtest: the request forces the tool %s, whose input must be a JSON object, but the scripted answer is %q", req.Tool, a.Text)
		}
		content = []any{map[string]any{"type": "tool_use", "id": "toolu_fake", "name": req.Tool, "input": input}}
		stop = "tool_use"
	}
	if a.cutOff {
		stop = "max_tokens"
	}
	json.NewEncoder(w).Encode(map[string]any{
		"id": "msg_fake", "type": "message", "role": "assistant", "model": req.Model,
		"content": content, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": in, "output_tokens": out},
	})
}

func (s *Server) writeError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	typ := "invalid_request_error"
	switch {
	case code == http.StatusTooManyRequests:
		typ = "rate_limit_error"
	case code == http.StatusUnauthorized:
		typ = "authentication_error"
	case code >= 500:
		typ = "api_error"
	}
	switch s.kind {
	case "openai":
		json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": nil}})
		return
	case "ollama":
		json.NewEncoder(w).Encode(map[string]any{"error": msg})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}})
}

var imageMIMEs = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// checkOpenAI validates a chat-completions request the way the real endpoint does, as far
// as the fields we use go, and fills req. It returns the rejection message or "".
func (s *Server) checkOpenAI(r *http.Request, req *Request) string {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		return fmt.Sprintf("unknown endpoint %s %s", r.Method, r.URL.Path)
	}
	auth := r.Header.Get("Authorization")
	if !strings.HasPrefix(auth, "Bearer ") || strings.TrimPrefix(auth, "Bearer ") == "" {
		return "missing bearer API key"
	}
	if s.key != "" && auth != "Bearer "+s.key {
		return "incorrect API key"
	}
	var b struct {
		Model          string            `json:"model"`
		Messages       []json.RawMessage `json:"messages"`
		ResponseFormat *struct {
			Type       string `json:"type"`
			JSONSchema *struct {
				Name   string          `json:"name"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(req.Body, &b); err != nil {
		return "request body is not valid JSON: " + err.Error()
	}
	req.Model = b.Model
	if b.Model == "" {
		return "you must provide a model parameter"
	}
	if len(b.Messages) == 0 {
		return "'messages' must contain at least one message"
	}
	if rf := b.ResponseFormat; rf != nil {
		switch rf.Type {
		case "text", "json_object":
		case "json_schema":
			if rf.JSONSchema == nil || rf.JSONSchema.Name == "" || len(rf.JSONSchema.Schema) == 0 {
				return "response_format json_schema needs json_schema.name and json_schema.schema"
			}
		default:
			return fmt.Sprintf("Invalid value for 'response_format.type': %q", rf.Type)
		}
	}
	for i, raw := range b.Messages {
		var m struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			return fmt.Sprintf("messages[%d]: %v", i, err)
		}
		switch m.Role {
		case "system", "developer", "user", "assistant", "tool":
		default:
			return fmt.Sprintf("Invalid value for 'messages[%d].role': %q", i, m.Role)
		}
		var text string
		if err := json.Unmarshal(m.Content, &text); err == nil {
			s.addText(req, m.Role, text)
			continue
		}
		var parts []map[string]json.RawMessage
		if err := json.Unmarshal(m.Content, &parts); err != nil {
			return fmt.Sprintf("messages[%d].content must be a string or an array of parts", i)
		}
		for j, p := range parts {
			var typ string
			json.Unmarshal(p["type"], &typ)
			where := fmt.Sprintf("messages[%d].content[%d]", i, j)
			switch typ {
			case "text":
				var t string
				if err := json.Unmarshal(p["text"], &t); err != nil {
					return where + ".text must be a string"
				}
				s.addText(req, m.Role, t)
			case "image_url":
				var iu struct {
					URL string `json:"url"`
				}
				if err := json.Unmarshal(p["image_url"], &iu); err != nil || iu.URL == "" {
					return where + ".image_url.url is required"
				}
				if strings.HasPrefix(iu.URL, "http://") || strings.HasPrefix(iu.URL, "https://") {
					continue
				}
				head, data, ok := strings.Cut(strings.TrimPrefix(iu.URL, "data:"), ";base64,")
				if !strings.HasPrefix(iu.URL, "data:") || !ok || !imageMIMEs[head] {
					return where + ": invalid image URL; expected a URL or a data:image/{png,jpeg,gif,webp};base64, URL"
				}
				dec, err := base64.StdEncoding.DecodeString(data)
				if err != nil {
					return where + ": invalid base64 image data"
				}
				// OpenAI takes images up to 20 MB that it can read
				// (https://platform.openai.com/docs/guides/images-vision).
				if len(dec) > 20<<20 {
					return where + ": image too large: the limit is 20 MB per image"
				}
				if msg := decodeImage(dec, 0); msg != "" {
					return where + ": You uploaded an unsupported image. Please make sure your image is valid. (" + msg + ")"
				}
				req.Images = append(req.Images, Image{MIME: head, Data: dec})
			default:
				return fmt.Sprintf("Invalid value: %q. Supported values are: 'text', 'image_url', 'input_audio', 'refusal', 'audio', and 'file'. (param %s.type)", typ, where)
			}
		}
	}
	if rf := b.ResponseFormat; rf != nil && rf.Type == "json_object" && !strings.Contains(strings.ToLower(req.System+req.Text), "json") {
		return "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'."
	}
	if msg := validateOpenAPI(s.t, req.Body); msg != "" {
		return msg
	}
	return checkOpenAIRules(req.Body)
}

// checkAnthropic validates a messages request like the real endpoint and fills req.
func (s *Server) checkAnthropic(r *http.Request, req *Request) string {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/messages") {
		return fmt.Sprintf("unknown endpoint %s %s", r.Method, r.URL.Path)
	}
	key := r.Header.Get("X-Api-Key")
	if key == "" {
		return "x-api-key header is required"
	}
	if s.key != "" && key != s.key {
		return "invalid x-api-key"
	}
	switch v := r.Header.Get("Anthropic-Version"); {
	case v == "":
		return "anthropic-version header is required"
	case !anthropicVersions[v]:
		return fmt.Sprintf("anthropic-version: %q is not a valid version", v)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(req.Body, &top); err != nil {
		return "request body is not valid JSON: " + err.Error()
	}
	if msg := extraInputs("", top, anthropicParams); msg != "" {
		return msg
	}
	var b struct {
		Model       string          `json:"model"`
		MaxTokens   int             `json:"max_tokens"`
		System      json.RawMessage `json:"system"`
		Temperature *float64        `json:"temperature"`
		Messages    []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Tools      []map[string]json.RawMessage `json:"tools"`
		ToolChoice map[string]json.RawMessage   `json:"tool_choice"`
	}
	if err := json.Unmarshal(req.Body, &b); err != nil {
		return "request body is not valid JSON: " + err.Error()
	}
	if msg := checkAnthropicTools(b.Tools, b.ToolChoice, req); msg != "" {
		return msg
	}
	req.Model = b.Model
	if b.Model == "" {
		return "model: field required"
	}
	if b.MaxTokens <= 0 {
		return "max_tokens: field required"
	}
	if t := b.Temperature; t != nil && (*t < 0 || *t > 1) {
		return "temperature: Input should be between 0 and 1"
	}
	if len(b.System) > 0 && string(b.System) != "null" {
		var sys string
		if err := json.Unmarshal(b.System, &sys); err == nil {
			req.System = sys
		} else {
			var blocks []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			}
			if err := json.Unmarshal(b.System, &blocks); err != nil {
				return "system: must be a string or a list of text blocks"
			}
			for _, bl := range blocks {
				if bl.Type != "text" {
					return "system: only text blocks are allowed"
				}
				req.System += bl.Text
			}
		}
	}
	if len(b.Messages) == 0 {
		return "messages: at least one message is required"
	}
	for i, m := range b.Messages {
		want := "user"
		if i%2 == 1 {
			want = "assistant"
		}
		if m.Role != want {
			return fmt.Sprintf("messages.%d.role: roles must alternate between \"user\" and \"assistant\", starting with \"user\"", i)
		}
		var text string
		if err := json.Unmarshal(m.Content, &text); err == nil {
			if msg := nonEmptyText(text); msg != "" {
				return msg
			}
			req.Text += text
			continue
		}
		var blocks []map[string]json.RawMessage
		if err := json.Unmarshal(m.Content, &blocks); err != nil {
			return fmt.Sprintf("messages.%d.content: must be a string or a list of content blocks", i)
		}
		for j, bl := range blocks {
			var typ string
			json.Unmarshal(bl["type"], &typ)
			where := fmt.Sprintf("messages.%d.content.%d", i, j)
			if fields, ok := anthropicBlockFields[typ]; ok {
				if msg := extraInputs(where+".", bl, fields); msg != "" {
					return msg
				}
			}
			switch typ {
			case "text":
				var t string
				if err := json.Unmarshal(bl["text"], &t); err != nil {
					return where + ".text: field required"
				}
				if msg := nonEmptyText(t); msg != "" {
					return msg
				}
				req.Text += t
			case "image":
				var src struct {
					Type      string `json:"type"`
					MediaType string `json:"media_type"`
					Data      string `json:"data"`
					URL       string `json:"url"`
				}
				if err := json.Unmarshal(bl["source"], &src); err != nil {
					return where + ".source: field required"
				}
				switch src.Type {
				case "url":
					if src.URL == "" {
						return where + ".source.url: field required"
					}
				case "base64":
					if !imageMIMEs[src.MediaType] {
						return fmt.Sprintf("%s.source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'", where)
					}
					dec, err := base64.StdEncoding.DecodeString(src.Data)
					if err != nil || len(dec) == 0 {
						return where + ".source.data: invalid base64 data"
					}
					// Anthropic's vision limits (https://docs.anthropic.com/en/docs/build-with-claude/vision):
					// 5 MB per image (its message counts the base64 data), 8000 x 8000 pixels.
					if len(src.Data) > 5<<20 {
						return fmt.Sprintf("%s.image.source.base64: image exceeds 5 MB maximum: %d bytes > %d bytes", where, len(src.Data), 5<<20)
					}

					// The API reads the image: one whose bytes are another image type than
					// declared is refused.
					if got := http.DetectContentType(dec); imageMIMEs[got] && got != src.MediaType {
						return fmt.Sprintf("%s.image.source.base64: The image was specified using the %s media type, but the image appears to be a %s image", where, src.MediaType, got)
					}
					if msg := decodeImage(dec, 8000); msg != "" {
						return where + ".image.source.base64: " + msg
					}
					req.Images = append(req.Images, Image{MIME: src.MediaType, Data: dec})
				default:
					return where + ".source.type: Input tag '" + src.Type + "' does not match 'base64' or 'url'"
				}
			default:
				return fmt.Sprintf("%s.type: Input tag %q found using 'type' does not match any of the expected tags", where, typ)
			}
		}
	}
	return ""
}

// checkAnthropicTools applies the Messages API's rules for client tools and tool_choice, as
// Anthropic publishes them (https://docs.anthropic.com/en/api/messages, "tools" and
// "tool_choice"; https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use,
// "Forcing tool use"; the types generated from Anthropic's OpenAPI description in
// anthropic-sdk-python, src/anthropic/types/tool_param.py and tool_choice_*_param.py): a
// tool has a name (^[a-zA-Z0-9_-]{1,64}$) and an input_schema whose type is "object", and
// may have a description, a cache_control and type "custom", nothing else; tool_choice is
// {"type": "auto" | "any" | "none"} or {"type": "tool", "name": N} with N one of the tools,
// with an optional disable_parallel_tool_use, and needs tools. It fills req.Tool with a
// forced tool.
func checkAnthropicTools(tools []map[string]json.RawMessage, choice map[string]json.RawMessage, req *Request) string {
	names := map[string]bool{}
	for i, t := range tools {
		where := fmt.Sprintf("tools.%d", i)
		if msg := extraInputs(where+".custom.", t, fieldSet("name", "description", "input_schema", "cache_control", "type")); msg != "" {
			return msg
		}
		var name, typ string
		if err := json.Unmarshal(t["name"], &name); err != nil {
			return where + ".custom.name: Field required"
		}
		if raw, ok := t["type"]; ok && (json.Unmarshal(raw, &typ) != nil || typ != "custom") {
			return where + ".type: Input tag does not match the expected tags"
		}
		if !toolNameRe.MatchString(name) {
			return fmt.Sprintf("%s.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'", where)
		}
		if raw, ok := t["description"]; ok {
			var d string
			if json.Unmarshal(raw, &d) != nil {
				return where + ".custom.description: Input should be a valid string"
			}
		}
		var schema map[string]json.RawMessage
		if err := json.Unmarshal(t["input_schema"], &schema); err != nil || schema == nil {
			return where + ".custom.input_schema: Field required"
		}
		var st string
		if json.Unmarshal(schema["type"], &st); st != "object" {
			return where + ".custom.input_schema.type: Input should be 'object'"
		}
		if names[name] {
			return "tools: Tool names must be unique."
		}
		names[name] = true
	}
	if choice == nil {
		return ""
	}
	var typ, name string
	json.Unmarshal(choice["type"], &typ)
	switch typ {
	case "auto", "any", "none":
		if msg := extraInputs("tool_choice."+typ+".", choice, fieldSet("type", "disable_parallel_tool_use")); msg != "" {
			return msg
		}
	case "tool":
		if msg := extraInputs("tool_choice.tool.", choice, fieldSet("type", "name", "disable_parallel_tool_use")); msg != "" {
			return msg
		}
		if err := json.Unmarshal(choice["name"], &name); err != nil || name == "" {
			return "tool_choice.tool.name: Field required"
		}
	default:
		return fmt.Sprintf("tool_choice: Input tag %q found using 'type' does not match any of the expected tags: 'auto', 'any', 'tool', 'none'", typ)
	}
	if len(tools) == 0 {
		return "tool_choice may only be specified while providing tools."
	}
	if typ == "tool" {
		if !names[name] {
			return fmt.Sprintf("tool_choice.name: Tool '%s' not found in provided tools", name)
		}
		req.Tool = name
	}
	return ""
}

var toolNameRe = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// anthropicVersions are the values of the anthropic-version header the API knows
// (https://docs.anthropic.com/en/api/versioning).
var anthropicVersions = map[string]bool{"2023-06-01": true, "2023-01-01": true}

// anthropicParams are the top-level fields of a Messages request
// (https://docs.anthropic.com/en/api/messages) outside beta headers; the API refuses any other
// with "NAME: Extra inputs are not permitted".
var anthropicParams = fieldSet("model", "messages", "max_tokens", "system", "temperature", "top_p", "top_k",
	"stop_sequences", "stream", "metadata", "tools", "tool_choice", "thinking", "service_tier")

// anthropicBlockFields are the fields of the content blocks the stand-in reads.
var anthropicBlockFields = map[string]map[string]bool{
	"text":  fieldSet("type", "text", "cache_control", "citations"),
	"image": fieldSet("type", "source", "cache_control"),
}

func fieldSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// extraInputs is Anthropic's refusal of a field it does not know, "" when there is none.
func extraInputs(prefix string, obj map[string]json.RawMessage, known map[string]bool) string {
	names := make([]string, 0, len(obj))
	for k := range obj {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !known[k] {
			return prefix + k + ": Extra inputs are not permitted"
		}
	}
	return ""
}

// nonEmptyText is Anthropic's refusal of an empty or blank text block, "" for one it takes.
func nonEmptyText(t string) string {
	switch {
	case t == "":
		return "messages: text content blocks must be non-empty"
	case strings.TrimSpace(t) == "":
		return "messages: text content blocks must contain non-whitespace text"
	}
	return ""
}

// decodeImage is why a provider could not read an image ("" when it can): it must decode
// whole, and no side may be over maxSide pixels (0: no limit).
func decodeImage(data []byte, maxSide int) string {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return "Could not process image: " + err.Error()
	}
	if maxSide > 0 && (cfg.Width > maxSide || cfg.Height > maxSide) {
		return fmt.Sprintf("image dimensions exceed max allowed size: %d pixels", maxSide)
	}
	if cfg.Width*cfg.Height > 100<<20 {
		return "Could not process image: too many pixels"
	}
	if _, _, err := image.Decode(bytes.NewReader(data)); err != nil {
		return "Could not process image: " + err.Error()
	}
	return ""
}

func (s *Server) addText(req *Request, role, text string) {
	if role == "system" || role == "developer" {
		req.System += text
		return
	}
	req.Text += text
}

// checkOllama validates an /api/chat request like Ollama and fills req.
func (s *Server) checkOllama(r *http.Request, req *Request) string {
	if r.Method != http.MethodPost || r.URL.Path != "/api/chat" {
		return fmt.Sprintf("unknown endpoint %s %s", r.Method, r.URL.Path)
	}
	var b struct {
		Model    string          `json:"model"`
		Format   json.RawMessage `json:"format"`
		Stream   *bool           `json:"stream"`
		Messages []struct {
			Role    string   `json:"role"`
			Content string   `json:"content"`
			Images  []string `json:"images"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(req.Body, &b); err != nil {
		return "invalid request body: " + err.Error()
	}
	req.Model = b.Model
	req.stream = b.Stream == nil || *b.Stream
	if b.Model == "" {
		return "model is required"
	}
	// format is "json" or a JSON Schema object (https://github.com/ollama/ollama/blob/main/docs/api.md,
	// "format"; https://docs.ollama.com/capabilities/structured-outputs); Ollama refuses any
	// other value before generating.
	if f := strings.TrimSpace(string(b.Format)); f != "" && f != `""` && f != `"json"` && f != "null" && !strings.HasPrefix(f, "{") {
		return "invalid format: " + f + `; expected "json" or a valid JSON Schema object`
	}
	for i, m := range b.Messages {
		switch m.Role {
		case "system", "user", "assistant", "tool":
		default:
			return fmt.Sprintf("messages[%d]: invalid role %q", i, m.Role)
		}
		s.addText(req, m.Role, m.Content)
		for _, im := range m.Images {
			dec, err := base64.StdEncoding.DecodeString(im)
			if err != nil || len(dec) == 0 {
				return fmt.Sprintf("messages[%d]: illegal base64 image data", i)
			}
			if msg := decodeImage(dec, 0); msg != "" {
				return fmt.Sprintf("failed to process inputs: messages[%d]: %s", i, msg)
			}
			req.Images = append(req.Images, Image{MIME: http.DetectContentType(dec), Data: dec})
		}
	}
	return ""
}
