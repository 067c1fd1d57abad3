package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/autoeval/autoeval/internal/termtext"
)

// A driver speaks one provider's API, in the manner of database/sql: each provider is one
// file (openai.go, anthropic.go, ollama.go) whose init registers its driver, and nothing
// else in llm names a provider. Each driver writes the provider's published request format
// itself, so what goes on the wire is decided here and checked by tests against the
// providers' documentation. Retries, the cache, the concurrency limit and accounting are
// the client's, the same for every driver.
type driver interface {
	// keyEnv names the environment variable that holds the API key, "" when the provider
	// takes none.
	keyEnv() string
	// keyOptional reports whether the provider can be used without a key at baseURL ("" is
	// the provider's default endpoint).
	keyOptional(baseURL string) bool
	// defaultURL is the endpoint used when no base URL is given.
	defaultURL() string
	// open prepares calls to one model at one endpoint.
	open(ep endpoint) (conn, error)
	// defaultLimits are the requests and tokens per minute baseURL is held to unless
	// configured (0: none).
	defaultLimits(baseURL string) (rpm, tpm int)
	// imageLimits are what baseURL accepts of an image.
	imageLimits(baseURL string) imageLimits
}

// endpoint is what a driver needs to open a model.
type endpoint struct {
	model   string
	baseURL string // never empty: the given base URL or the driver's default
	key     string // "" when none is set
	http    *http.Client
	// reasoningEffort and reasoningBudget: see Config.
	reasoningEffort string
	reasoningBudget int
}

// conn makes calls to one model. generate is one attempt: no retry, cache or booking.
// Its errors are a *statusError (the provider answered with an error status), a
// *reachError (no HTTP answer), a *bodyError (an answer that could not be read), a
// *tooLargeError, a *refusalError, or another error that retrying cannot mend.
type conn interface {
	generate(ctx context.Context, req Request) (reply, error)
}

// shaper is a conn whose requests carry settings of the endpoint beyond the Request (a
// reasoning model's effort and budget): shape names them, "" when none apply, so the call
// cache keeps answers made with other settings apart.
type shaper interface {
	shape() string
}

// reply is a provider's answer with the tokens it reported.
type reply struct {
	text                      string
	inputTokens, outputTokens int
	// reasoningTokens is the part of outputTokens spent on reasoning, when reported.
	reasoningTokens int
	// cutOff names why the answer is incomplete (e.g. `finish_reason "length"`), "" for
	// a complete answer.
	cutOff string
}

var drivers = map[string]driver{}

// register makes a driver available under a provider name; called from the driver's init.
func register(name string, d driver) {
	if _, dup := drivers[name]; dup {
		panic("llm: driver registered twice: " + name)
	}
	drivers[name] = d
}

// providerNames lists the registered providers, sorted, for messages.
func providerNames() []string {
	names := make([]string, 0, len(drivers))
	for n := range drivers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// keyEnvOr names the provider's key variable, or both when the provider has none of its
// own (a proxy in front of Ollama can still refuse a request).
func keyEnvOr(provider string) string {
	if d, ok := drivers[provider]; ok && d.keyEnv() != "" {
		return d.keyEnv()
	}
	return "OPENAI_API_KEY or ANTHROPIC_API_KEY"
}

// unknownProvider is ParseSpec's message for a provider no driver registered.
func unknownProvider(spec, p string) error {
	return fmt.Errorf("model %q: unknown provider %q (known: %s)", spec, p, strings.Join(providerNames(), ", "))
}

// errRedirect refuses a redirect to another host: the API key belongs to the endpoint it
// was configured for and is never sent anywhere else.
var errRedirect = errors.New("refusing to follow a redirect to another host: the API key is only sent to the endpoint it belongs to")

// sameHostRedirects is the http.Client CheckRedirect of every model client.
func sameHostRedirects(req *http.Request, via []*http.Request) error {
	if len(via) >= 5 {
		return errors.New("stopped after 5 redirects")
	}
	if req.URL.Scheme != via[0].URL.Scheme || req.URL.Host != via[0].URL.Host {
		return fmt.Errorf("%w (%s to %s)", errRedirect, via[0].URL.Host, req.URL.Host)
	}
	return nil
}

// MaxAnswerBytes bounds the text of one answer, and maxBodyBytes the body that carries it:
// the reasoner and the decomposer answer in a few kilobytes, so a larger answer is a broken
// or hostile server, refused before it is cached or billed as millions of tokens.
const (
	MaxAnswerBytes = 1 << 20
	maxBodyBytes   = 8 << 20
)

// errorInfo extracts the provider's message and error code from an error body.
type errorInfo func(body []byte) (msg, code string)

// post sends body as JSON to the endpoint's base URL + path and decodes a 2xx answer into
// out. Provider answers are decoded as their formats define them: member names matched
// exactly and a name given twice refused (encoding/json would match "Choices" to choices
// and keep the last of two), so an answer is read one way only.
func (ep endpoint) post(ctx context.Context, path string, header http.Header, body, out any, info errorInfo) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, joinURL(ep.baseURL, path), bytes.NewReader(data))
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := ep.http.Do(req)
	if err != nil {
		if errors.Is(err, errRedirect) || ctx.Err() != nil {
			return err
		}
		return &reachError{hostport: hostPort(req.URL), err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyBytes+1))
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// The status came but the body broke off: the connection was dropped.
		return &reachError{hostport: hostPort(req.URL), err: err}
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		se := &statusError{status: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After")}
		if info != nil {
			se.msg, se.code = info(raw)
		}
		// Redact before cutting: a cut through the key would leave its start unmatched.
		se.msg = snippet(ep.redact(se.msg), 500)
		if se.msg == "" {
			se.msg = snippet(ep.redact(string(raw)), 200)
		}
		if se.msg == "" {
			se.msg = http.StatusText(resp.StatusCode)
		}
		se.code = snippet(ep.redact(se.code), 100)
		return se
	}
	if len(raw) > maxBodyBytes {
		return &tooLargeError{limit: maxBodyBytes}
	}
	if err := jsonv2.Unmarshal(raw, out); err != nil {
		why := err.Error()
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			why = "the JSON ends early"
		}
		return &bodyError{status: resp.StatusCode, why: ep.redact(why), start: snippet(ep.redact(string(raw)), 200)}
	}
	return nil
}

// redact removes the endpoint's API key from text that may reach logs, errors or the store.
func (ep endpoint) redact(s string) string {
	if len(ep.key) >= 4 {
		s = strings.ReplaceAll(s, ep.key, "[redacted]")
	}
	return s
}

// decodeExact reads provider JSON (an error body) with the same exact rules as answers.
func decodeExact(b []byte, out any) error { return jsonv2.Unmarshal(b, out) }

// hostPort names an endpoint as host:port, with the scheme's default port made explicit.
func hostPort(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	port := "80"
	if u.Scheme == "https" {
		port = "443"
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// cause is the innermost useful text of a network error: "connection refused" rather than
// Go's "Post \"http://...\": dial tcp 127.0.0.1:1: connect: connection refused".
func cause(err error) string {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		s := op.Err.Error()
		if i := strings.LastIndex(s, ": "); i >= 0 && op.Op == "dial" {
			s = s[i+2:]
		}
		return s
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return "no such host (" + dns.Err + ")"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// snippet is s on one line, at most n runes of it and the cut mark, for messages. Redact
// before: a cut could leave part of a key that the redaction would no longer recognise.
func snippet(s string, n int) string { return termtext.ClipLine(s, n+1) }

// imageMIME gives an image its MIME type, sniffed when the caller gave none.
func imageMIME(im Image) string {
	if im.MIME != "" {
		return im.MIME
	}
	return http.DetectContentType(im.Data)
}

// maxTokens is the answer budget of req.
func maxTokens(req Request) int {
	if req.MaxTokens > 0 {
		return req.MaxTokens
	}
	return defaultMaxTokens
}

// joinURL appends path to a base URL, with one slash between them.
func joinURL(base, path string) string {
	return strings.TrimRight(base, "/") + path
}
