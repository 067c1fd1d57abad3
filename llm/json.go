package llm

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
)

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
	budget := max(extractWorkMin, extractWork*len(text))
	for _, c := range candidates {
		if v, ok := firstValue(c, &budget); ok {
			return v, nil
		}
	}
	if budget <= 0 {
		return nil, errors.New("no complete JSON object or array found within the work allowed for an answer of this size")
	}
	t := strings.TrimSpace(text)
	if t == "" {
		return nil, errors.New("the answer is empty")
	}
	return nil, errors.New("the answer contains no complete JSON object or array")
}

// extractWork bounds how much the search for a value may read, as a multiple of the
// answer's length (and at least a megabyte): every '{' or '[' is tried as a start, and each
// try can read to the end of the answer or to the decoder's depth limit, so a hostile
// answer (a megabyte of "[1,") was read hundreds of thousands of times over, for minutes,
// deaf to Ctrl-C.
const (
	extractWork    = 16
	extractWorkMin = 1 << 20
)

// firstValue tries every '{' or '[' in turn and returns the first that starts a valid
// value, while *budget (bytes the tries may read) lasts.
func firstValue(s string, budget *int) ([]byte, bool) {
	for i := 0; i < len(s) && *budget > 0; i++ {
		if s[i] != '{' && s[i] != '[' {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(s[i:]))
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == nil {
			return raw, true
		}
		// A syntax error says how far the try read; any other (the value ends early) read
		// to the end.
		read := len(s) - i
		var se *json.SyntaxError
		if errors.As(err, &se) {
			read = int(se.Offset)
		}
		*budget -= max(read, 1)
	}
	return nil, false
}
