// Package uixml parses Android uiautomator dumps (`uiautomator dump`:
// <hierarchy rotation="0"><node index="0" text="..." bounds="[0,0][1080,1920]">...).
//
// It is the one parser every reader of a dump shares (the judge's screen
// description, the ground-truth UI checks, trace validation), so all of them agree
// on what a dump holds. It sits below everything else: it imports nothing from
// this module.
//
// Parsing is tolerant of what real dumps contain: non-strict XML (unknown entities
// are kept as written, unquoted attributes are accepted), raw control characters
// and invalid UTF-8 (replaced, as uiautomator itself does for unprintable text),
// and text after the hierarchy (`uiautomator dump /dev/tty` appends a status
// line). A truncated document, a mismatched end tag
// (the tree would be wrong) or an otherwise unreadable one is an error.
package uixml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Rect is a node's bounds on the screen in pixels: "[Left,Top][Right,Bottom]".
type Rect struct {
	Left, Top, Right, Bottom int
}

// Height of the rectangle (zero or negative for a degenerate one).
func (r Rect) Height() int { return r.Bottom - r.Top }

func (r Rect) String() string {
	return fmt.Sprintf("[%d,%d][%d,%d]", r.Left, r.Top, r.Right, r.Bottom)
}

// Node is one <node> of a dump. Boolean flags are false when their attribute is
// absent, except Enabled, which is true: uiautomator always writes it, and a dump
// that leaves it out (hand-written, trimmed) means an ordinary, usable element.
type Node struct {
	Index       int // the "index" attribute: position among its siblings (-1 when absent or unreadable)
	Text        string
	ResourceID  string
	Class       string
	Package     string
	ContentDesc string
	// Hint is the hint text newer uiautomator versions write (attribute "hint").
	Hint string

	Checkable, Checked, Clickable, Enabled, Focusable, Focused bool
	Scrollable, LongClickable, Password, Selected              bool
	// NAF ("not accessibility friendly") marks a clickable view uiautomator found
	// without text or description; older dumps write NAF="true".
	NAF bool

	// Bounds is valid only when HasBounds: a missing or unreadable "bounds" attribute
	// leaves it zero rather than failing the whole dump.
	Bounds    Rect
	HasBounds bool

	// Depth is 0 for a top-level node (a window root), 1 for its children, and so on.
	Depth int
	// Parent is the position of the enclosing node in Hierarchy.Nodes, -1 at the top.
	Parent int

	// Extra holds attributes this package does not name (e.g. "drawing-order"),
	// nil when there are none.
	Extra map[string]string
}

// Hierarchy is a parsed dump: its nodes in document order (a parent before its
// children), so Nodes[i].Parent < i.
type Hierarchy struct {
	// Rotation is the <hierarchy rotation="..."> attribute (0 when absent).
	Rotation int
	Nodes    []Node
}

// Limits on one dump, so a hostile one costs an error, not the machine. Real dumps are a
// few hundred KB at most, a few thousand nodes, a few dozen levels deep.
const (
	// MaxBytes bounds a dump's size.
	MaxBytes = 16 << 20
	// MaxDepth bounds how deeply elements nest.
	MaxDepth = 256
	// MaxNodes bounds the number of <node> elements.
	MaxNodes = 100_000
)

// LimitError is a dump beyond one of the limits above.
type LimitError struct{ Msg string }

func (e *LimitError) Error() string { return e.Msg }

// Parse reads a uiautomator dump. A document with a <hierarchy> and no nodes is
// valid (an empty screen) and yields no nodes; a document with neither a
// <hierarchy> nor a <node> is not a dump and is an error. Errors are one line.
func Parse(data []byte) (*Hierarchy, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("UI XML is empty")
	}
	if len(data) > MaxBytes {
		return nil, &LimitError{fmt.Sprintf("the UI dump is %d bytes, over the limit of %d MiB", len(data), MaxBytes>>20)}
	}
	dec := xml.NewDecoder(bytes.NewReader(sanitize(data)))
	dec.Strict = false
	h := &Hierarchy{}
	seenHierarchy := false
	// RawToken, not Token: non-strict Token silently pairs a mismatched end tag with
	// whatever is open, which would hide a broken tree behind wrong depths. The
	// structure is checked here instead; entities and attributes stay lenient.
	type open struct {
		name   xml.Name
		isNode bool
	}
	var elems []open
	var nodes []int // positions in h.Nodes of the open <node>s
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			if len(elems) > 0 {
				line, _ := dec.InputPos()
				return nil, fmt.Errorf("malformed XML on line %d: unexpected EOF, <%s> is not closed", line, tagName(elems[len(elems)-1].name))
			}
			break
		}
		if err != nil {
			return nil, syntaxError(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			isNode := t.Name.Local == "node"
			if len(elems) >= MaxDepth {
				line, _ := dec.InputPos()
				return nil, &LimitError{fmt.Sprintf("the UI dump nests more than %d elements deep (line %d)", MaxDepth, line)}
			}
			if isNode && len(h.Nodes) >= MaxNodes {
				line, _ := dec.InputPos()
				return nil, &LimitError{fmt.Sprintf("the UI dump holds more than %d nodes (line %d)", MaxNodes, line)}
			}
			elems = append(elems, open{t.Name, isNode})
			switch {
			case t.Name.Local == "hierarchy":
				seenHierarchy = true
				for _, a := range t.Attr {
					if a.Name.Local == "rotation" {
						h.Rotation, _ = strconv.Atoi(strings.TrimSpace(a.Value))
					}
				}
			case isNode:
				n := newNode(t.Attr)
				n.Depth = len(nodes)
				n.Parent = -1
				if len(nodes) > 0 {
					n.Parent = nodes[len(nodes)-1]
				}
				nodes = append(nodes, len(h.Nodes))
				h.Nodes = append(h.Nodes, n)
			}
		case xml.EndElement:
			line, _ := dec.InputPos()
			if len(elems) == 0 {
				return nil, fmt.Errorf("malformed XML on line %d: unexpected </%s>", line, tagName(t.Name))
			}
			top := elems[len(elems)-1]
			if top.name != t.Name {
				return nil, fmt.Errorf("malformed XML on line %d: <%s> closed by </%s>", line, tagName(top.name), tagName(t.Name))
			}
			elems = elems[:len(elems)-1]
			if top.isNode {
				nodes = nodes[:len(nodes)-1]
			}
		}
	}
	if !seenHierarchy && len(h.Nodes) == 0 {
		return nil, errors.New("UI XML has no <hierarchy> or <node> element: not a uiautomator dump")
	}
	return h, nil
}

// syntaxError turns a decoder error into one line naming the line of the dump.
func syntaxError(err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("malformed XML on line %d: %s", se.Line, oneLine(se.Msg))
	}
	return fmt.Errorf("malformed XML: %s", oneLine(err.Error()))
}

// tagName spells a raw element name as written (RawToken keeps the prefix apart).
func tagName(n xml.Name) string {
	if n.Space != "" {
		return oneLine(n.Space + ":" + n.Local)
	}
	return oneLine(n.Local)
}

func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

func newNode(attrs []xml.Attr) Node {
	n := Node{Index: -1, Enabled: true}
	for _, a := range attrs {
		v := a.Value
		switch a.Name.Local {
		case "index":
			if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				n.Index = i
			}
		case "text":
			n.Text = v
		case "resource-id":
			n.ResourceID = v
		case "class":
			n.Class = v
		case "package":
			n.Package = v
		case "content-desc":
			n.ContentDesc = v
		case "hint":
			n.Hint = v
		case "checkable":
			n.Checkable = v == "true"
		case "checked":
			n.Checked = v == "true"
		case "clickable":
			n.Clickable = v == "true"
		case "enabled":
			n.Enabled = v != "false"
		case "focusable":
			n.Focusable = v == "true"
		case "focused":
			n.Focused = v == "true"
		case "scrollable":
			n.Scrollable = v == "true"
		case "long-clickable":
			n.LongClickable = v == "true"
		case "password":
			n.Password = v == "true"
		case "selected":
			n.Selected = v == "true"
		case "NAF":
			n.NAF = v == "true"
		case "bounds":
			n.Bounds, n.HasBounds = ParseBounds(v)
		default:
			if n.Extra == nil {
				n.Extra = map[string]string{}
			}
			n.Extra[a.Name.Local] = v
		}
	}
	return n
}

// ParseBounds reads "[x1,y1][x2,y2]" (spaces around numbers allowed); ok is false
// for anything else.
func ParseBounds(s string) (r Rect, ok bool) {
	var v [4]int
	rest := strings.TrimSpace(s)
	for i := 0; i < 2; i++ {
		if !strings.HasPrefix(rest, "[") {
			return Rect{}, false
		}
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return Rect{}, false
		}
		x, y, found := strings.Cut(rest[1:end], ",")
		if !found {
			return Rect{}, false
		}
		var err1, err2 error
		v[2*i], err1 = strconv.Atoi(strings.TrimSpace(x))
		v[2*i+1], err2 = strconv.Atoi(strings.TrimSpace(y))
		if err1 != nil || err2 != nil {
			return Rect{}, false
		}
		rest = rest[end+1:]
	}
	if strings.TrimSpace(rest) != "" {
		return Rect{}, false
	}
	return Rect{v[0], v[1], v[2], v[3]}, true
}

// sanitize replaces what the XML decoder rejects outright but a dump may carry in
// an app's text: control characters (uiautomator itself writes '?' for unprintable
// characters; older versions did not) and invalid UTF-8. Clean input, the usual
// case, is returned as is without copying.
func sanitize(data []byte) []byte {
	i := 0
	for i < len(data) {
		if c := data[i]; c >= 0x20 && c < utf8.RuneSelf {
			i++ // printable ASCII, nearly all of a dump: no call
			continue
		}
		size, ok := xmlChar(data, i)
		if !ok {
			break
		}
		i += size
	}
	if i == len(data) {
		return data
	}
	out := append(make([]byte, 0, len(data)), data[:i]...)
	for i < len(data) {
		size, ok := xmlChar(data, i)
		switch {
		case ok:
			out = append(out, data[i:i+size]...)
		case data[i] < utf8.RuneSelf:
			out = append(out, '?')
		default:
			out = utf8.AppendRune(out, utf8.RuneError)
		}
		i += size
	}
	return out
}

// xmlChar reports the size of the character at data[i] and whether the decoder
// accepts it (the one rule both of sanitize's passes apply).
func xmlChar(data []byte, i int) (size int, ok bool) {
	if c := data[i]; c < utf8.RuneSelf {
		return 1, c >= 0x20 || c == '\t' || c == '\n' || c == '\r'
	}
	r, size := utf8.DecodeRune(data[i:])
	return size, !(r == utf8.RuneError && size == 1) && inXMLRange(r)
}

// inXMLRange mirrors the decoder's check for non-ASCII runes (XML 1.0 Char).
func inXMLRange(r rune) bool {
	return (r >= 0x80 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
}
