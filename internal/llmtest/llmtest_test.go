package llmtest

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func post(t *testing.T, url string, headers map[string]string, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestOpenAIRejectsWhatTheAPIRejects(t *testing.T) {
	srv := NewOpenAI(t, Key("k"), Handler(func(Request) Answer { return Reply("ok") }))
	auth := map[string]string{"Authorization": "Bearer k"}
	for name, c := range map[string]struct {
		headers map[string]string
		body    string
		want    string
	}{
		"no key":       {nil, `{"model":"m","messages":[{"role":"user","content":"hi"}]}`, "bearer"},
		"wrong key":    {map[string]string{"Authorization": "Bearer other"}, `{"model":"m","messages":[{"role":"user","content":"hi"}]}`, "incorrect API key"},
		"no model":     {auth, `{"messages":[{"role":"user","content":"hi"}]}`, "model"},
		"binary part":  {auth, `{"model":"m","messages":[{"role":"user","content":[{"type":"binary","binary":{}}]}]}`, `Invalid value: \"binary\"`},
		"bad data url": {auth, `{"model":"m","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:text/plain;base64,aGk="}}]}]}`, "invalid image URL"},
		"json no word": {auth, `{"model":"m","response_format":{"type":"json_object"},"messages":[{"role":"user","content":"hi"}]}`, "must contain the word 'json'"},
		"bad role":     {auth, `{"model":"m","messages":[{"role":"robot","content":"hi"}]}`, "role"},
	} {
		code, body := post(t, srv.URL+"/chat/completions", c.headers, c.body)
		if code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s", name, code, body)
		}
	}
	code, body := post(t, srv.URL+"/chat/completions", auth, `{"model":"m","messages":[{"role":"user","content":[{"type":"text","text":"hi"},{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"}}]}]}`)
	if code != 200 || !strings.Contains(body, `"content":"ok"`) {
		t.Fatalf("valid request: %d %s", code, body)
	}
	if srv.Count() != 8 || len(srv.Requests()[7].Images) != 1 || srv.Requests()[7].Text != "hi" {
		t.Fatalf("recorded %+v", srv.Requests())
	}
}

func TestAnthropicRejectsWhatTheAPIRejects(t *testing.T) {
	srv := NewAnthropic(t, Handler(func(Request) Answer { return Reply("ok") }))
	h := map[string]string{"X-Api-Key": "k", "Anthropic-Version": "2023-06-01"}
	for name, c := range map[string]struct {
		headers map[string]string
		body    string
		want    string
	}{
		"no key":         {map[string]string{"Anthropic-Version": "2023-06-01"}, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}`, "x-api-key"},
		"no version":     {map[string]string{"X-Api-Key": "k"}, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}`, "anthropic-version"},
		"no max_tokens":  {h, `{"model":"m","messages":[{"role":"user","content":"hi"}]}`, "max_tokens"},
		"starts with ai": {h, `{"model":"m","max_tokens":5,"messages":[{"role":"assistant","content":"hi"}]}`, "alternate"},
		"image_url part": {h, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"x"}}]}]}`, "does not match"},
		"bad media type": {h, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"image","source":{"type":"base64","media_type":"image/bmp","data":"aGk="}}]}]}`, "media_type"},
		// iVBORw0KGgo= is a PNG signature, declared as a JPEG.
		"mislabelled image": {h, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"image","source":{"type":"base64","media_type":"image/jpeg","data":"iVBORw0KGgo="}}]}]}`, "appears to be a image/png image"},
		"unknown version":   {map[string]string{"X-Api-Key": "k", "Anthropic-Version": "2024-01-01"}, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}]}`, "anthropic-version"},
		"system message":    {h, `{"model":"m","max_tokens":5,"messages":[{"role":"system","content":"s"},{"role":"user","content":"hi"}]}`, "alternate"},
		"extra field":       {h, `{"model":"m","max_tokens":5,"response_format":{"type":"json_object"},"messages":[{"role":"user","content":"hi"}]}`, "response_format: Extra inputs are not permitted"},
		"extra block field": {h, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"text","text":"hi","image_url":"x"}]}]}`, "messages.0.content.0.image_url: Extra inputs are not permitted"},
		"empty text block":  {h, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"text","text":""}]}]}`, "text content blocks must be non-empty"},
		"blank text block":  {h, `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"text","text":" \n"}]}]}`, "non-whitespace text"},
		"temperature 1.5":   {h, `{"model":"m","max_tokens":5,"temperature":1.5,"messages":[{"role":"user","content":"hi"}]}`, "temperature"},
	} {
		code, body := post(t, srv.URL+"/messages", c.headers, c.body)
		if code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s", name, code, body)
		}
	}
	ok := `{"model":"m","max_tokens":5,"system":"s","temperature":0,"messages":[{"role":"user","content":[` +
		`{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"}},{"type":"text","text":"hi"}]}]}`
	if code, body := post(t, srv.URL+"/messages", h, ok); code != 200 {
		t.Errorf("valid request refused: %d %s", code, body)
	}
}

func TestScriptThenStatus(t *testing.T) {
	srv := NewOpenAI(t, Status(429, "Retry-After: 3"), Raw(200, `{"choices": [`))
	auth := map[string]string{"Authorization": "Bearer k"}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/chat/completions", strings.NewReader(`{"model":"m","messages":[{"role":"user","content":"hi"}]}`))
	for k, v := range auth {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "3" {
		t.Fatalf("%d %v", resp.StatusCode, resp.Header)
	}
	if code, body := post(t, srv.URL+"/chat/completions", auth, `{"model":"m","messages":[{"role":"user","content":"hi"}]}`); code != 200 || body != `{"choices": [` {
		t.Fatalf("%d %q", code, body)
	}
}

// A client cancelled while sending its request (the headers out, the body cut off) never
// made a request the provider could read: it is neither recorded nor counted, while the
// requests that did arrive are. A cancelled batch showed such a request as one "without a
// task" (TestBatchResumesAfterInterruption).
func TestCutOffRequestIsNotRecorded(t *testing.T) {
	srv := NewOpenAI(t, Handler(func(Request) Answer { return Reply("ok") }))
	host := strings.TrimPrefix(strings.TrimSuffix(srv.URL, "/v1"), "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	body := `{"model":"m","messages":[{"role":"user","content":"hi"}]}`
	fmt.Fprintf(conn, "POST /v1/chat/completions HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer k\r\n"+
		"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", host, len(body), body[:20])
	// Half closed, as a cancelled client's connection is to the server reading it; the
	// server closes its side once it has handled what arrived.
	conn.(*net.TCPConn).CloseWrite()
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	io.Copy(io.Discard, conn)
	conn.Close()
	if code, _ := post(t, srv.URL+"/chat/completions", map[string]string{"Authorization": "Bearer k"}, body); code != 200 {
		t.Fatalf("whole request: %d", code)
	}
	srv.Close() // the cut-off request has been handled too
	if srv.Count() != 1 || srv.Requests()[0].Text != "hi" {
		t.Fatalf("recorded %+v, want only the whole request", srv.Requests())
	}
}

// What the OpenAPI description and OpenAI's documented model rules reject, the stand-in
// rejects: these were checked from outside against the real schema.
func TestOpenAIRejectsWhatTheSpecAndDocsReject(t *testing.T) {
	if sch, path := ChatCompletionSchema(t); sch == nil {
		t.Skipf("%s is absent", path)
	}
	srv := NewOpenAI(t, Handler(func(Request) Answer { return Reply("ok") }))
	auth := map[string]string{"Authorization": "Bearer k"}
	for name, c := range map[string]struct{ body, want string }{
		"string temperature":       {`{"model":"gpt-4o-mini","temperature":"0","messages":[{"role":"user","content":"hi"}]}`, "CreateChatCompletionRequest"},
		"text part without text":   {`{"model":"gpt-4o-mini","messages":[{"role":"user","content":[{"type":"text"}]}]}`, "text must be a string"},
		"unknown top-level type":   {`{"model":"gpt-4o-mini","n":"two","messages":[{"role":"user","content":"hi"}]}`, "CreateChatCompletionRequest"},
		"negative max tokens type": {`{"model":"gpt-4o-mini","max_completion_tokens":"many","messages":[{"role":"user","content":"hi"}]}`, "CreateChatCompletionRequest"},
		"o4-mini temperature 0":    {`{"model":"o4-mini","temperature":0,"messages":[{"role":"user","content":"hi"}]}`, "'temperature' does not support 0"},
		"gpt-5 temperature":        {`{"model":"gpt-5-mini","temperature":0.2,"messages":[{"role":"user","content":"hi"}]}`, "'temperature' does not support 0.2"},
		"o1 max_tokens":            {`{"model":"o1","max_tokens":10,"messages":[{"role":"user","content":"hi"}]}`, "Use 'max_completion_tokens'"},
		"unknown argument":         {`{"model":"gpt-4o-mini","max_output_tokens":10,"messages":[{"role":"user","content":"hi"}]}`, "Unrecognized request argument supplied: max_output_tokens"},
		"strict, not required": {`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"r","strict":true,
			"schema":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"],"additionalProperties":false}}}}`, "Missing 'b'"},
		"strict, open object": {`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"r","strict":true,
			"schema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}}}`, "'additionalProperties' is required"},
		"strict, string with additionalProperties": {`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"r","strict":true,
			"schema":{"type":"object","properties":{"a":{"type":"string","additionalProperties":false}},"required":["a"],"additionalProperties":false}}}}`, "not permitted"},
	} {
		code, body := post(t, srv.URL+"/chat/completions", auth, c.body)
		if code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s", name, code, body)
		}
	}
	for _, ok := range []string{
		`{"model":"o4-mini","max_completion_tokens":100,"messages":[{"role":"system","content":"s"},{"role":"user","content":"hi"}]}`,
		`{"model":"gpt-4o-mini","temperature":0,"max_completion_tokens":100,"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"}},{"type":"text","text":"json"}]}],"response_format":{"type":"json_object"}}`,
	} {
		if code, body := post(t, srv.URL+"/chat/completions", auth, ok); code != 200 {
			t.Errorf("valid request refused: %d %s\n%s", code, body, ok)
		}
	}
}

// Ollama answers "stream": false with one object, and streams NDJSON chunks otherwise.
func TestOllamaStreamsUnlessToldNot(t *testing.T) {
	srv := NewOllama(t, Handler(func(Request) Answer { return Reply("hello world") }))
	code, body := post(t, srv.URL+"/api/chat", nil, `{"model":"m","stream":false,"messages":[{"role":"user","content":"hi"}]}`)
	if code != 200 || strings.Count(strings.TrimSpace(body), "\n") != 0 || !strings.Contains(body, `"content":"hello world"`) || !strings.Contains(body, `"done":true`) {
		t.Errorf("stream false: %d %q", code, body)
	}
	code, body = post(t, srv.URL+"/api/chat", nil, `{"model":"m","messages":[{"role":"user","content":"hi"}]}`)
	if code != 200 || strings.Count(strings.TrimSpace(body), "\n") != 1 || !strings.Contains(body, `"done":false`) {
		t.Errorf("default (streaming): %d %q", code, body)
	}
}

// Tools and tool_choice as Anthropic documents them: a forced tool must be one of the
// tools, a tool's input_schema an object schema; Ollama's format is "json" or a schema.
func TestToolsAndFormatsAsDocumented(t *testing.T) {
	srv := NewAnthropic(t, Handler(func(r Request) Answer { return Reply(`{"ok":true}`) }))
	h := map[string]string{"X-Api-Key": "k", "Anthropic-Version": "2023-06-01"}
	msg := `"messages":[{"role":"user","content":"hi"}]`
	tool := `{"name":"answer","input_schema":{"type":"object","properties":{"ok":{"type":"boolean"}}}}`
	for name, c := range map[string]struct{ body, want string }{
		"choice without tools":  {`{"model":"m","max_tokens":5,` + msg + `,"tool_choice":{"type":"tool","name":"answer"}}`, "only be specified while providing tools"},
		"unknown forced tool":   {`{"model":"m","max_tokens":5,` + msg + `,"tools":[` + tool + `],"tool_choice":{"type":"tool","name":"other"}}`, "not found"},
		"forced tool, no name":  {`{"model":"m","max_tokens":5,` + msg + `,"tools":[` + tool + `],"tool_choice":{"type":"tool"}}`, "tool_choice.tool.name: Field required"},
		"bad choice type":       {`{"model":"m","max_tokens":5,` + msg + `,"tools":[` + tool + `],"tool_choice":{"type":"required"}}`, "does not match any of the expected tags"},
		"schema not an object":  {`{"model":"m","max_tokens":5,` + msg + `,"tools":[{"name":"answer","input_schema":{"type":"array"}}]}`, "input_schema.type: Input should be 'object'"},
		"no input_schema":       {`{"model":"m","max_tokens":5,` + msg + `,"tools":[{"name":"answer"}]}`, "input_schema: Field required"},
		"bad tool name":         {`{"model":"m","max_tokens":5,` + msg + `,"tools":[{"name":"an answer","input_schema":{"type":"object"}}]}`, "String should match pattern"},
		"OpenAI-style tool":     {`{"model":"m","max_tokens":5,` + msg + `,"tools":[{"type":"function","function":{"name":"a"}}]}`, "Extra inputs are not permitted"},
		"choice with extra key": {`{"model":"m","max_tokens":5,` + msg + `,"tools":[` + tool + `],"tool_choice":{"type":"tool","name":"answer","strict":true}}`, "Extra inputs are not permitted"},
	} {
		code, body := post(t, srv.URL+"/messages", h, c.body)
		if code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s", name, code, body)
		}
	}
	code, body := post(t, srv.URL+"/messages", h, `{"model":"m","max_tokens":5,`+msg+`,"tools":[`+tool+`],"tool_choice":{"type":"tool","name":"answer"}}`)
	if code != 200 || !strings.Contains(body, `"type":"tool_use"`) || !strings.Contains(body, `"input":{"ok":true}`) || !strings.Contains(body, `"stop_reason":"tool_use"`) {
		t.Errorf("forced tool: %d %s", code, body)
	}

	ol := NewOllama(t, Handler(func(Request) Answer { return Reply("{}") }))
	for _, f := range []string{`"yaml"`, `5`, `["json"]`} {
		if code, body := post(t, ol.URL+"/api/chat", nil, `{"model":"m","stream":false,"format":`+f+`,"messages":[{"role":"user","content":"hi"}]}`); code != 400 || !strings.Contains(body, "invalid format") {
			t.Errorf("format %s: %d %s", f, code, body)
		}
	}
	for _, f := range []string{`"json"`, `{"type":"object"}`} {
		if code, body := post(t, ol.URL+"/api/chat", nil, `{"model":"m","stream":false,"format":`+f+`,"messages":[{"role":"user","content":"hi"}]}`); code != 200 {
			t.Errorf("format %s refused: %d %s", f, code, body)
		}
	}
}

// Strict mode takes OpenAI's documented subset only: type lists and anyOf branches are in
// it, minLength and a root anyOf are not.
func TestStrictSubset(t *testing.T) {
	for schema, want := range map[string]string{
		`{"type":"object","properties":{"a":{"type":["integer","null"]}},"required":["a"],"additionalProperties":false}`:                    "",
		`{"type":"object","properties":{"a":{"anyOf":[{"type":"integer"},{"type":"null"}]}},"required":["a"],"additionalProperties":false}`: "",
		`{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],"additionalProperties":false}`:                "'minLength' is not permitted",
		`{"type":"object","properties":{"a":{"type":"string","default":"x"}},"required":["a"],"additionalProperties":false}`:                "'default' is not permitted",
		`{"type":"object","anyOf":[{"type":"object"}]}`: "root schema must not be 'anyOf'",
		`{"type":"object","properties":{"a":{"anyOf":[{"type":"object","properties":{"b":{"type":"string"}}}]}},"required":["a"],"additionalProperties":false}`: "'additionalProperties' is required",
		`{"type":"object","properties":{"a":{"type":["integer","date"]}},"required":["a"],"additionalProperties":false}`:                                        "not a valid type",
	} {
		if got := StrictSchemaProblem([]byte(schema)); want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", schema, got, want)
		}
	}
}
