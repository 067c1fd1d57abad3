package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/invopop/jsonschema"
)

// SchemaFor reflects the JSON Schema of v's type (inline, no $refs, which some servers reject).
func SchemaFor(v any) []byte {
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
	b, err := json.Marshal(r.Reflect(v))
	if err != nil {
		return nil
	}
	return b
}

var (
	thinkRe = regexp.MustCompile(`(?s)<think>.*?</think>`)
	fenceRe = regexp.MustCompile("(?s)```[a-zA-Z]*\\s*\n?(.*?)```")
)

// ExtractJSON finds the JSON value in a model's answer: it drops <think> blocks, prefers a
// fenced code block, and otherwise takes the first complete object or array in the prose.
func ExtractJSON(text string) ([]byte, error) {
	text = thinkRe.ReplaceAllString(text, "")
	var candidates []string
	for _, m := range fenceRe.FindAllStringSubmatch(text, -1) {
		candidates = append(candidates, m[1])
	}
	candidates = append(candidates, text)
	for _, c := range candidates {
		if v, ok := firstValue(c); ok {
			return v, nil
		}
	}
	t := strings.TrimSpace(text)
	if t == "" {
		return nil, errors.New("the answer is empty")
	}
	return nil, errors.New("the answer contains no complete JSON object or array")
}

// firstValue tries every '{' or '[' in turn and returns the first that starts a valid value.
func firstValue(s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != '{' && s[i] != '[' {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(s[i:]))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == nil {
			return raw, true
		}
	}
	return nil, false
}

// JSONError is GenerateJSON's final failure: the last answer and why it was unusable.
type JSONError struct {
	Model    string
	Attempts int
	Last     string
	Err      error
}

func (e *JSONError) Error() string {
	return fmt.Sprintf("%s gave no usable answer after %d attempts: %v", e.Model, e.Attempts, e.Err)
}

func (e *JSONError) Unwrap() error { return e.Err }

// GenerateJSON asks m for JSON, decodes it into out (a pointer), and checks it with validate
// (nil for none). A parse or validation failure is sent back to the model with the problem
// for up to repairs more rounds; then a *JSONError. When req.Schema is empty, the schema is
// reflected from out. The returned Response carries the tokens and cost of all rounds.
func GenerateJSON(ctx context.Context, m Model, req Request, out any, validate func(any) error, repairs int) (*Response, error) {
	if len(req.Schema) == 0 {
		req.Schema = SchemaFor(out)
	}
	base := req.Prompt
	total := &Response{CacheHit: true}
	var lastErr error
	var last string
	var asked []Request
	for round := 0; round <= repairs; round++ {
		asked = append(asked, req)
		resp, err := m.Generate(ctx, req)
		if err != nil {
			// Transport failures were already retried inside the model; the rounds
			// answered before still cost what they cost.
			if round > 0 {
				paid := total.Usage()
				paid.Calls = round
				err = spent(err, paid)
			}
			return nil, err
		}
		total.InputTokens += resp.InputTokens
		total.OutputTokens += resp.OutputTokens
		total.CostUSD += resp.CostUSD
		total.UncachedCostUSD += resp.UncachedCostUSD
		total.UnknownCalls += resp.UnknownCalls
		total.PriceUnknown = total.PriceUnknown || resp.PriceUnknown
		total.CacheHit = total.CacheHit && resp.CacheHit
		total.Text = resp.Text
		last = resp.Text
		lastErr = decodeInto(resp.Text, out, validate)
		if lastErr == nil {
			return total, nil
		}
		req.Prompt = base + "\n\n" + repairNote(resp.Text, lastErr)
	}
	// Every round failed: a rerun should ask again, not replay these answers from the cache.
	// (The answers of a chain that ended well stay cached, so its rerun costs nothing.)
	Forget(ctx, m, asked...)
	return total, &JSONError{Model: m.Name(), Attempts: repairs + 1, Last: last, Err: lastErr}
}

func decodeInto(text string, out any, validate func(any) error) error {
	raw, err := ExtractJSON(text)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(out); err != nil {
		return fmt.Errorf("the JSON does not have the expected shape: %v", err)
	}
	if validate != nil {
		if err := validate(out); err != nil {
			return err
		}
	}
	return nil
}

// repairNote tells the model what went wrong, quoting (a bounded part of) its answer.
func repairNote(answer string, err error) string {
	if len(answer) > 4000 {
		answer = answer[:4000] + "…"
	}
	return "Your previous answer was:\n" + answer + "\n\nIt could not be used: " + err.Error() +
		"\nAnswer again with the complete corrected JSON only."
}
