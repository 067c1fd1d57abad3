package substate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/internal/strictjson"
)

// ErrNoSubstates is returned when the input holds neither JSON substates nor any
// PageNode/UnitNode line.
var ErrNoSubstates = errors.New("no substates found (expected JSON or lines like `0. PageNode(content=\"...\", parent_id=None)`)")

// Parse reads substates from whatever a model or a person wrote: a JSON object
// ({"substates":[...]}), a bare JSON array, either wrapped in a Markdown code fence or
// surrounded by prose, or the paper's line syntax. The result is validated; on a
// validation error the parsed substates are returned along with the error so callers
// can show or repair them.
func Parse(data []byte) (*List, error) {
	if len(data) > MaxInputBytes {
		return nil, inputTooLarge(len(data))
	}
	text := string(data)
	if js, ok := findJSON(text); ok {
		s, err := parseLenientJSON([]byte(js))
		if err == nil || errors.As(err, new(*ValidationError)) {
			return s, err
		}
		// JSON-looking text that is not substates JSON may still carry node lines
		// (e.g. `PageNode(...)` lines in a list with brackets); fall through.
		if s2, err2 := ParseLines(text); !errors.Is(err2, ErrNoSubstates) {
			return s2, err2
		}
		return nil, err
	}
	return ParseLines(text)
}

// findJSON returns the JSON part of text: the body of the first code fence when there is
// one, else the span from the first '{' or '[' to the last matching closer.
func findJSON(text string) (string, bool) {
	body := text
	if i := strings.Index(text, "```"); i >= 0 {
		rest := text[i+3:]
		// Skip the info string (```json).
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
			rest = rest[nl+1:]
		}
		if j := strings.Index(rest, "```"); j >= 0 {
			rest = rest[:j]
		}
		body = rest
	}
	t := strings.TrimSpace(body)
	if t == "" {
		return "", false
	}
	if t[0] == '{' || t[0] == '[' {
		// A line-syntax list written as `[0. PageNode(...)]` is not JSON; let the caller try.
		if json.Valid([]byte(t)) {
			return t, true
		}
	}
	// JSON embedded in prose: take the widest {...} or [...] span that is valid.
	for _, pair := range [][2]byte{{'{', '}'}, {'[', ']'}} {
		i := strings.IndexByte(t, pair[0])
		j := strings.LastIndexByte(t, pair[1])
		if i >= 0 && j > i && json.Valid([]byte(t[i:j+1])) {
			return t[i : j+1], true
		}
	}
	return "", false
}

// rawNode accepts the field spellings models commonly use besides ours.
type rawNode struct {
	ID          json.RawMessage `json:"id"` // 3 or "3"
	Kind        string          `json:"kind"`
	Type        string          `json:"type"`
	Content     string          `json:"content"`
	Description string          `json:"description"`
	Text        string          `json:"text"`
	Parent      json.RawMessage `json:"parent"`
	ParentID    json.RawMessage `json:"parent_id"`
	Optional    json.RawMessage `json:"optional"`
}

type rawSubstates struct {
	Task      string    `json:"task"`
	Substates []rawNode `json:"substates"`
	Nodes     []rawNode `json:"nodes"`
}

// parseLenientJSON decodes substates JSON, accepting "PageNode"/"UnitNode" kinds,
// "type" for "kind", "parent_id" for "parent", "description" or "text" for "content",
// ids written as strings, and string or boolean optional flags.
func parseLenientJSON(data []byte) (*List, error) {
	var raw rawSubstates
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		if err := strictjson.Unmarshal(trimmed, &raw.Substates); err != nil {
			return nil, fmt.Errorf("substates JSON: %w", err)
		}
	} else if err := strictjson.Unmarshal(trimmed, &raw); err != nil {
		return nil, fmt.Errorf("substates JSON: %w", err)
	}
	nodes := raw.Substates
	if len(nodes) == 0 {
		nodes = raw.Nodes
	}
	s := &List{Task: raw.Task}
	for i, rn := range nodes {
		content := rn.Content
		for _, alt := range []string{rn.Description, rn.Text} {
			if strings.TrimSpace(content) == "" {
				content = alt
			}
		}
		n := Node{Content: strings.TrimSpace(content), ID: i}
		if id := strings.Trim(string(rn.ID), `"' `); id != "" && id != "null" {
			v, err := strconv.Atoi(id)
			if err != nil {
				return nil, fmt.Errorf("substates JSON: node at position %d: id %s is not a whole number", i, rn.ID)
			}
			n.ID = v
		}
		kind := rn.Kind
		if kind == "" {
			kind = rn.Type
		}
		k, ok := normKind(kind)
		if !ok {
			k = Kind(strings.ToLower(kind)) // left for Validate to report
		}
		n.Kind = k
		par := rn.Parent
		if len(par) == 0 {
			par = rn.ParentID
		}
		p, err := parseParent(strings.Trim(string(par), `"' `))
		if err != nil {
			return nil, fmt.Errorf("substates JSON: node %d: %w", n.ID, err)
		}
		n.Parent = p
		n.Optional = parseBool(strings.Trim(string(rn.Optional), `"' `))
		s.Nodes = append(s.Nodes, n)
	}
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

func normKind(k string) (Kind, bool) {
	switch strings.ToLower(strings.TrimSpace(k)) {
	case "page", "pagenode", "page_node":
		return Page, true
	case "unit", "unitnode", "unit_node":
		return Unit, true
	}
	return "", false
}

// parseParent reads a parent reference; None/null/-1/empty mean no parent.
func parseParent(v string) (*int, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "none", "null", "nil", "-1":
		return nil, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return nil, fmt.Errorf("parent %q is not a number or None", v)
	}
	return &n, nil
}

func parseBool(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "yes", "1":
		return true
	}
	return false
}

var (
	// nodeCall finds the node constructor on a line.
	nodeCall = regexp.MustCompile(`(?i)\b(page|unit)_?node\s*\(`)
	// leadingID reads the numbering before the constructor: "0.", "1)", "[2]", "#3:", "Node 4 -".
	leadingID = regexp.MustCompile(`(?i)^[\s\-*•·>|]*(?:\*\*)?(?:node|substate|step|id)?\s*[#\[(]?\s*(\d+)\s*[\].):,\-=]*\s*(?:\*\*)?\s*[\-:=]?\s*$`)
	// kwarg finds a keyword argument start other than content.
	kwarg = regexp.MustCompile(`(?i)(^|,)\s*(content|parent_id|parent|optional|id|kind)\s*[=:]\s*`)
)

// ParseLines parses the line syntax language models produce, one node per line:
//
//  0. PageNode(content="Clock app is open", parent_id=None)
//  1. UnitNode(content="the alarm "7:30 AM" is on", parent_id=0, optional=True)
//
// Bullets, numbering styles, spacing, single or double quotes and unescaped quotes inside
// the content are tolerated; lines without a node are ignored. An id comes from the
// line's numbering, else an id= argument, else the previous id plus one. The result is
// validated like Parse's JSON.
func ParseLines(text string) (*List, error) {
	// Invalid UTF-8 (a model's byte soup) would turn into U+FFFD only when the substates
	// are saved as JSON, so a cached decomposition would differ from the parsed one.
	text = strings.ToValidUTF8(text, "\uFFFD")
	s := &List{}
	next := 0
	for lineNo, line := range strings.Split(text, "\n") {
		loc := nodeCall.FindStringSubmatchIndex(line)
		if loc == nil {
			continue
		}
		n, explicitID, err := parseNodeLine(line, loc)
		if err != nil {
			return nil, fmt.Errorf("substates line %d: %w", lineNo+1, err)
		}
		if !explicitID {
			n.ID = next
		}
		next = n.ID + 1
		s.Nodes = append(s.Nodes, n)
	}
	if len(s.Nodes) == 0 {
		return nil, ErrNoSubstates
	}
	if err := s.Validate(); err != nil {
		return s, err
	}
	return s, nil
}

func parseNodeLine(line string, loc []int) (Node, bool, error) {
	var n Node
	if strings.EqualFold(line[loc[2]:loc[3]], "unit") {
		n.Kind = Unit
	} else {
		n.Kind = Page
	}
	explicit := false
	if m := leadingID.FindStringSubmatch(line[:loc[0]]); m != nil {
		if id, err := strconv.Atoi(m[1]); err == nil {
			n.ID, explicit = id, true
		}
	}
	args := line[loc[1]:]
	// The argument list ends at the last ')' on the line; anything after is commentary.
	if j := strings.LastIndexByte(args, ')'); j >= 0 {
		args = args[:j]
	}
	content, rest, err := splitContent(args)
	if err != nil {
		return n, false, err
	}
	n.Content = content
	for _, kv := range splitKwargs(rest) {
		switch kv[0] {
		case "parent_id", "parent":
			p, err := parseParent(strings.Trim(kv[1], `"' `))
			if err != nil {
				return n, false, err
			}
			n.Parent = p
		case "optional":
			n.Optional = parseBool(strings.Trim(kv[1], `"' `))
		case "id":
			if !explicit {
				id, err := strconv.Atoi(strings.Trim(kv[1], `"' `))
				if err != nil {
					return n, false, fmt.Errorf("id %q is not a number", kv[1])
				}
				n.ID, explicit = id, true
			}
		}
	}
	return n, explicit, nil
}

// splitContent extracts the content value and returns the argument text without it.
// A quoted content ends at the last matching quote that is followed by another keyword
// argument or the end of the list, so quotes inside the content survive.
func splitContent(args string) (content, rest string, err error) {
	locs := kwarg.FindAllStringSubmatchIndex(args, -1)
	ci := -1
	for i, l := range locs {
		if strings.EqualFold(args[l[4]:l[5]], "content") {
			ci = i
			break
		}
	}
	if ci < 0 {
		// Positional content: PageNode("text", parent_id=None).
		first := len(args)
		if len(locs) > 0 {
			first = locs[0][0]
		}
		v := strings.TrimSpace(args[:first])
		if v == "" {
			return "", "", errors.New("node has no content")
		}
		return unquote(v), args[first:], nil
	}
	start := locs[ci][1]
	val := args[start:]
	end := len(args)
	q := byte(0)
	if len(val) > 0 && (val[0] == '"' || val[0] == '\'') {
		q = val[0]
	}
	// Candidate ends: each later keyword argument; pick the first one preceded by the
	// closing quote (or any, for unquoted content).
	for _, l := range locs[ci+1:] {
		before := strings.TrimRight(args[start:l[0]], " \t")
		if q == 0 || (len(before) >= 2 && before[len(before)-1] == q) {
			end = l[0]
			break
		}
	}
	v := strings.TrimSpace(args[start:end])
	return unquote(v), args[:locs[ci][0]] + args[end:], nil
}

// unquote strips one pair of matching quotes and undoes backslash escapes when the
// value is a valid Go/Python-style literal; otherwise the inner text is kept as written.
func unquote(v string) string {
	v = strings.TrimSpace(v)
	for _, q := range [][2]string{{"“", "”"}, {"‘", "’"}} {
		if len(v) >= len(q[0])+len(q[1]) && strings.HasPrefix(v, q[0]) && strings.HasSuffix(v, q[1]) {
			return strings.TrimSpace(v[len(q[0]) : len(v)-len(q[1])])
		}
	}
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		if v[0] == '"' {
			if u, err := strconv.Unquote(v); err == nil {
				return strings.TrimSpace(u)
			}
		}
		inner := v[1 : len(v)-1]
		inner = strings.ReplaceAll(inner, `\`+string(v[0]), string(v[0]))
		return strings.TrimSpace(inner)
	}
	return v
}

// splitKwargs splits "a=1, b=None" into pairs, lower-casing keys.
func splitKwargs(s string) [][2]string {
	var out [][2]string
	locs := kwarg.FindAllStringSubmatchIndex(s, -1)
	for i, l := range locs {
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out = append(out, [2]string{strings.ToLower(s[l[4]:l[5]]), strings.TrimSpace(s[l[1]:end])})
	}
	return out
}
