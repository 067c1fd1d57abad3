package llm

import (
	"errors"
	"fmt"
	"time"
)

// ErrorKind says what went wrong in a model call.
type ErrorKind string

// The kinds of *Error.
const (
	// KindStatus: the provider answered with an error status (Status, Code, RetryAfter).
	KindStatus ErrorKind = "status"
	// KindUnreachable: no HTTP answer; the endpoint refused the connection, could not be
	// resolved, or dropped it.
	KindUnreachable ErrorKind = "unreachable"
	// KindTimeout: no answer within the attempt's time limit (Config.Timeout).
	KindTimeout ErrorKind = "timeout"
	// KindBadAnswer: a success status whose body is not the provider's answer format.
	KindBadAnswer ErrorKind = "bad_answer"
	// KindCutOff: the answer stopped at its token budget or at a content filter
	// (OpenAI's finish_reason "length" or "content_filter", Anthropic's stop_reason
	// "max_tokens", Ollama's done_reason "length"): incomplete, paid, never cached.
	KindCutOff ErrorKind = "cut_off"
	// KindTooLarge: the answer is over MaxAnswerBytes.
	KindTooLarge ErrorKind = "too_large"
	// KindRefused: the model declined to answer (OpenAI's refusal, Anthropic's
	// stop_reason "refusal").
	KindRefused ErrorKind = "refused"
	// KindImage: an image of the request does not decode, or cannot be brought within
	// what the provider accepts; the request was not sent. errors.Is(err, ErrBadImage).
	KindImage ErrorKind = "image"
	// KindRequest: the request could not be made at all (a refused redirect, a schema
	// that is not JSON, ...).
	KindRequest ErrorKind = "request"
)

// ErrBadImage matches (errors.Is) a call refused because one of its images does not decode
// or cannot be made acceptable to the provider: the caller's input is at fault, for that
// request only.
var ErrBadImage = errors.New("the image cannot be sent")

// Error is a failed model call as the caller sees it, whatever the provider: what went
// wrong, the HTTP status and the provider's own error code when there was an answer, its
// retry hint, and where the call went. Its text is redacted (no API key) and on one line.
// Every error of Generate that is not the caller's own cancellation holds one (errors.As).
type Error struct {
	Kind ErrorKind
	// Model is "provider:model".
	Model string
	// Endpoint is the host:port the call went to.
	Endpoint string
	// Status is the HTTP status of an error answer, 0 when there was none.
	Status int
	// Code is the provider's error code or type when it gave one ("rate_limit_exceeded",
	// "insufficient_quota", "overloaded_error", ...).
	Code string
	// RetryAfter is the wait the provider asked for (Retry-After), 0 when none.
	RetryAfter time.Duration
	// Attempts is how many requests were made for the call.
	Attempts int
	// Retryable says the kind of failure is one retrying can mend; Attempts then shows
	// the retry budget was spent.
	Retryable bool
	// Message is the redacted description: the provider's message or the network's.
	Message string
}

func (e *Error) Error() string {
	if e.Retryable && e.Attempts > 0 {
		return fmt.Sprintf("%s: giving up after %d attempts: %s", e.Model, e.Attempts, e.Message)
	}
	return e.Model + ": " + e.Message
}

// Is makes errors.Is(err, ErrBadImage) hold for an image that could not be sent.
func (e *Error) Is(target error) bool { return target == ErrBadImage && e.Kind == KindImage }

// The errors below are a driver's, for one attempt; the client classifies them into an
// *Error.

// statusError is a provider's answer with an error status.
type statusError struct {
	status     int
	retryAfter string // the Retry-After header, "" when none
	code       string // the provider's error code or type, "" when none
	msg        string // the provider's own message, or the start of the body (redacted)
}

func (e *statusError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.status, e.msg) }

// reachError is a request that got no HTTP answer: the endpoint refused the connection,
// could not be resolved, or dropped it.
type reachError struct {
	hostport string
	err      error
}

func (e *reachError) Error() string {
	return fmt.Sprintf("cannot reach %s: %s", e.hostport, cause(e.err))
}

func (e *reachError) Unwrap() error { return e.err }

// bodyError is a success status whose body is not the provider's answer format.
type bodyError struct {
	status int
	why    string
	start  string // the start of the body, for the message (redacted)
}

func (e *bodyError) Error() string {
	if e.start == "" {
		return fmt.Sprintf("the provider's answer (HTTP %d) could not be read: %s (empty body)", e.status, e.why)
	}
	return fmt.Sprintf("the provider's answer (HTTP %d) could not be read: %s; it starts %q", e.status, e.why, e.start)
}

// tooLargeError is an answer over the size cap.
type tooLargeError struct{ limit int }

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("the answer is larger than %d bytes: refused (a model answer is never that long)", e.limit)
}

// refusalError is a model declining to answer.
type refusalError struct{ msg string }

func (e *refusalError) Error() string { return "the model refused: " + e.msg }
