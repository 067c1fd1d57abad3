package groundtruth

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/internal/strictjson"
)

// Params are a task instance's parameters, as AndroidWorld names them in its goal
// templates (number, message, file_name, event_title, ...).
type Params map[string]any

// LoadParams reads a JSON object of parameters from a file.
func LoadParams(path string) (Params, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	// As AndroidWorld's own tools read it: keys exact, a key given twice an error
	// (encoding/json kept the last one silently).
	var p Params
	if err := strictjson.UnmarshalPython(data, &p); err != nil {
		return nil, fmt.Errorf("%s: not a JSON object of task parameters: %v", path, err)
	}
	if p == nil {
		return nil, fmt.Errorf("%s: expected a JSON object of task parameters, got null", path)
	}
	return p, nil
}

// ErrMissingParam is wrapped by every error about a parameter the check needs but was
// not given, so callers can say where parameters come from.
var ErrMissingParam = errors.New("missing parameter")

func (p Params) has(key string) bool {
	v, ok := p[key]
	return ok && v != nil
}

// String returns a text parameter; numbers are rendered as text. An empty text is an
// error like a missing one: a check given nothing to look for would pass vacuously.
func (p Params) String(key string) (string, error) {
	v, ok := p[key]
	if !ok || v == nil {
		return "", fmt.Errorf("%w %q", ErrMissingParam, key)
	}
	switch x := v.(type) {
	case string:
		if strings.TrimSpace(x) == "" {
			return "", fmt.Errorf("%w %q (it is empty)", ErrMissingParam, key)
		}
		return x, nil
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), nil
	case json.Number:
		return x.String(), nil
	case int:
		return strconv.Itoa(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case bool:
		return strconv.FormatBool(x), nil
	}
	return "", fmt.Errorf("parameter %q: want text, got %T", key, v)
}

// StringOr returns a text parameter (which may be empty) or def when absent.
func (p Params) StringOr(key, def string) string {
	if !p.has(key) {
		return def
	}
	if s, isText := p[key].(string); isText {
		return s
	}
	s, err := p.String(key)
	if err != nil {
		return def
	}
	return s
}

// first returns the first of keys the parameters hold, so a parameter may be named
// as in the goal template or as AndroidWorld's task names it (file_name for
// original_name, row_objects for expenses); the first key names it in errors.
func (p Params) first(keys ...string) string {
	for _, k := range keys {
		if p.has(k) {
			return k
		}
	}
	return keys[0]
}

// Int returns an integer parameter; text holding an integer counts.
func (p Params) Int(key string) (int64, error) {
	v, ok := p[key]
	if !ok || v == nil {
		return 0, fmt.Errorf("%w %q", ErrMissingParam, key)
	}
	switch x := v.(type) {
	case float64:
		if x != float64(int64(x)) {
			return 0, fmt.Errorf("parameter %q: want an integer, got %v", key, x)
		}
		return int64(x), nil
	case int:
		return int64(x), nil
	case int64:
		return x, nil
	case json.Number:
		return x.Int64()
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("parameter %q: want an integer, got %q", key, x)
		}
		return n, nil
	}
	return 0, fmt.Errorf("parameter %q: want an integer, got %T", key, v)
}

// IntOr returns an integer parameter or def when absent.
func (p Params) IntOr(key string, def int64) (int64, error) {
	if !p.has(key) {
		return def, nil
	}
	return p.Int(key)
}

// Strings returns a list parameter. A single text value is split on commas, since
// goal templates render lists that way ("{titles}" = "a, b, c").
func (p Params) Strings(key string) ([]string, error) {
	v, ok := p[key]
	if !ok || v == nil {
		return nil, fmt.Errorf("%w %q", ErrMissingParam, key)
	}
	var out []string
	switch x := v.(type) {
	case string:
		out = splitList(x)
	case []string:
		out = x
	case []any:
		for i, e := range x {
			s, err := Params{"e": e}.String("e")
			if err != nil {
				return nil, fmt.Errorf("parameter %q item %d: want non-empty text, got %v", key, i, e)
			}
			out = append(out, s)
		}
	default:
		return nil, fmt.Errorf("parameter %q: want a list of text, got %T", key, v)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w %q (the list is empty)", ErrMissingParam, key)
	}
	return out, nil
}

// Objects returns a list of JSON objects (rows to add, e.g. expenses or recipes).
func (p Params) Objects(key string) ([]Params, error) {
	v, ok := p[key]
	if !ok || v == nil {
		return nil, fmt.Errorf("%w %q", ErrMissingParam, key)
	}
	list, ok := v.([]any)
	if !ok {
		if m, isMap := v.(map[string]any); isMap {
			list = []any{m}
		} else {
			return nil, fmt.Errorf("parameter %q: want a list of objects, got %T", key, v)
		}
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%w %q (the list is empty)", ErrMissingParam, key)
	}
	out := make([]Params, 0, len(list))
	for i, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("parameter %q item %d: want an object, got %T", key, i, e)
		}
		out = append(out, Params(m))
	}
	return out, nil
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if t := strings.TrimSpace(part); t != "" {
			out = append(out, t)
		}
	}
	return out
}
