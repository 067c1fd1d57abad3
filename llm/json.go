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
