package substate

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseLines(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Node
	}{
		{
			name: "paper syntax",
			in: `0. PageNode(content="The Clock app is open", parent_id=None)
1. PageNode(content="The alarm list is visible", parent_id=0)
2. UnitNode(content="An alarm for 7:30 AM exists", parent_id=1)`,
			want: []Node{
				{ID: 0, Kind: Page, Content: "The Clock app is open"},
				{ID: 1, Kind: Page, Content: "The alarm list is visible", Parent: IntPtr(0)},
				{ID: 2, Kind: Unit, Content: "An alarm for 7:30 AM exists", Parent: IntPtr(1)},
			},
		},
		{
			name: "bullets, bold numbering, spacing, single quotes, prose around",
			in: "Here are the substates:\n\n" +
				"- **0.**  PageNode( content = 'Clock is open' , parent_id = None )\n" +
				"* 1) UnitNode(content='alarm on',parent_id=0)  # the switch\n" +
				"Hope this helps.",
			want: []Node{
				{ID: 0, Kind: Page, Content: "Clock is open"},
				{ID: 1, Kind: Unit, Content: "alarm on", Parent: IntPtr(0)},
			},
		},
		{
			name: "unescaped quotes inside content",
			in: `0. PageNode(content="Settings app is open", parent_id=None)
1. UnitNode(content="The "Wi-Fi" toggle is "off", as shown", parent_id=0)`,
			want: []Node{
				{ID: 0, Kind: Page, Content: "Settings app is open"},
				{ID: 1, Kind: Unit, Content: `The "Wi-Fi" toggle is "off", as shown`, Parent: IntPtr(0)},
			},
		},
		{
			name: "typographic quotes, as some models and word processors write them",
			in: `0. PageNode(content=“Clock is open”, parent_id=None)
1. UnitNode(content=‘The “7:30” alarm is on’, parent_id=0)`,
			want: []Node{
				{ID: 0, Kind: Page, Content: "Clock is open"},
				{ID: 1, Kind: Unit, Content: "The “7:30” alarm is on", Parent: IntPtr(0)},
			},
		},
		{
			name: "escaped quotes and optional flag",
			in: `0. PageNode(content="Files open", parent_id=None)
1. PageNode(content="The \"Search\" page is visible", parent_id=0, optional=True)`,
			want: []Node{
				{ID: 0, Kind: Page, Content: "Files open"},
				{ID: 1, Kind: Page, Content: `The "Search" page is visible`, Parent: IntPtr(0), Optional: true},
			},
		},
		{
			name: "no numbering, id kwarg, parent alias, lower-case names",
			in: `pagenode(id=3, content="A", parent=None)
unit_node(content="B", parent_id="3")
PageNode(content="C", parent_id=3)`,
			want: []Node{
				{ID: 3, Kind: Page, Content: "A"},
				{ID: 4, Kind: Unit, Content: "B", Parent: IntPtr(3)},
				{ID: 5, Kind: Page, Content: "C", Parent: IntPtr(3)},
			},
		},
		{
			name: "positional content and brackets numbering in a code fence",
			in:   "```\n[0] PageNode(\"Home\", parent_id=None)\n[1] UnitNode(\"icon shown\", parent_id=0)\n```",
			want: []Node{
				{ID: 0, Kind: Page, Content: "Home"},
				{ID: 1, Kind: Unit, Content: "icon shown", Parent: IntPtr(0)},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseLines(tc.in)
			if err != nil {
				t.Fatalf("ParseLines: %v", err)
			}
			assertNodes(t, s.Nodes, tc.want)
		})
	}
}

func assertNodes(t *testing.T, got, want []Node) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d nodes %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.ID != w.ID || g.Kind != w.Kind || g.Content != w.Content || g.ParentID() != w.ParentID() || g.Optional != w.Optional {
			t.Errorf("node %d = %s, want %s", i, g, w)
		}
	}
}

func TestParseLinesRoundTripsString(t *testing.T) {
	s := &List{Nodes: []Node{
		{ID: 0, Kind: Page, Content: `Clock "app" is open`},
		{ID: 2, Kind: Unit, Content: `alarm 7:30 AM, on`, Parent: IntPtr(0), Optional: true},
	}}
	var b strings.Builder
	for _, n := range s.Nodes {
		b.WriteString(n.String() + "\n")
	}
	got, err := ParseLines(b.String())
	if err != nil {
		t.Fatal(err)
	}
	assertNodes(t, got.Nodes, s.Nodes)
}

func TestParseLinesErrors(t *testing.T) {
	if _, err := ParseLines("nothing here\njust prose"); !errors.Is(err, ErrNoSubstates) {
		t.Errorf("prose: got %v, want ErrNoSubstates", err)
	}
	_, err := ParseLines(`0. PageNode(content="a", parent_id=zero)`)
	if err == nil || !strings.Contains(err.Error(), "line 1") || !strings.Contains(err.Error(), "zero") {
		t.Errorf("bad parent: got %v, want an error naming line 1 and the value", err)
	}
	s, err := ParseLines(`0. UnitNode(content="a", parent_id=None)`)
	var ve *ValidationError
	if !errors.As(err, &ve) || s == nil {
		t.Errorf("unit without parent: got %v, %v; want the parsed nodes and a ValidationError", s, err)
	}
	if _, err := ParseLines(`0. PageNode(parent_id=None)`); err == nil {
		t.Error("node without content: want an error")
	}
}

func TestParse(t *testing.T) {
	want := []Node{
		{ID: 0, Kind: Page, Content: "Clock open"},
		{ID: 1, Kind: Unit, Content: "alarm on", Parent: IntPtr(0), Optional: true},
	}
	inputs := map[string]string{
		"object":                  `{"substates":[{"id":0,"kind":"page","content":"Clock open","parent":null},{"id":1,"kind":"unit","content":"alarm on","parent":0,"optional":true}]}`,
		"array":                   `[{"id":0,"kind":"page","content":"Clock open","parent":null},{"id":1,"kind":"unit","content":"alarm on","parent":0,"optional":true}]`,
		"fenced":                  "Sure!\n```json\n{\"substates\":[{\"id\":0,\"kind\":\"PageNode\",\"content\":\"Clock open\",\"parent\":null},{\"id\":1,\"kind\":\"UnitNode\",\"content\":\"alarm on\",\"parent\":0,\"optional\":\"true\"}]}\n```\n",
		"prose+aliases":           `The answer is {"nodes":[{"type":"page","content":"Clock open","parent_id":"None"},{"type":"unit","content":"alarm on","parent_id":0,"optional":true}]} as requested.`,
		"string ids, description": `{"substates":[{"id":"0","type":"PageNode","description":"Clock open","parent_id":null},{"id":"1","type":"UnitNode","text":"alarm on","parent_id":"0","optional":"yes"}]}`,
		"lines":                   "0. PageNode(content=\"Clock open\", parent_id=None)\n1. UnitNode(content=\"alarm on\", parent_id=0, optional=True)",
		"bracketed lines":         "[\n0. PageNode(content=\"Clock open\", parent_id=None),\n1. UnitNode(content=\"alarm on\", parent_id=0, optional=True)\n]",
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			s, err := Parse([]byte(in))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			assertNodes(t, s.Nodes, want)
		})
	}
	if _, err := Parse([]byte(`{"substates":[{"id":1.5,"kind":"page","content":"A"}]}`)); err == nil || !strings.Contains(err.Error(), "id 1.5 is not a whole number") {
		t.Errorf("fractional id: got %v", err)
	}
	if _, err := Parse([]byte(`{"substates": 5}`)); err == nil || !strings.Contains(err.Error(), "substates JSON") {
		t.Errorf("wrong JSON shape: got %v", err)
	}
	if _, err := Parse([]byte("")); !errors.Is(err, ErrNoSubstates) {
		t.Errorf("empty: got %v", err)
	}
}

// TestValidateRules covers every structural rule, one violation per case.
func TestValidateRules(t *testing.T) {
	p := IntPtr
	page := func(id int, parent *int) Node { return Node{ID: id, Kind: Page, Content: "p", Parent: parent} }
	unit := func(id int, parent *int) Node { return Node{ID: id, Kind: Unit, Content: "u", Parent: parent} }
	tests := []struct {
		name  string
		nodes []Node
		want  string // substring of the error, "" for valid
	}{
		{"valid chain", []Node{page(0, nil), page(1, p(0)), unit(2, p(1)), unit(3, p(0))}, ""},
		{"valid gaps in ids", []Node{page(0, nil), unit(5, p(0)), page(9, p(0))}, ""},
		{"second root page allowed", []Node{page(0, nil), page(1, nil)}, ""},
		{"empty", nil, "no substates"},
		{"duplicate id", []Node{page(0, nil), page(0, p(0))}, "duplicate id"},
		{"decreasing id", []Node{page(1, nil), page(0, nil)}, "must be greater than the previous id 1"},
		{"empty content", []Node{{ID: 0, Kind: Page, Content: "  "}}, "empty content"},
		{"bad kind", []Node{{ID: 0, Kind: "screen", Content: "x"}}, `kind "screen"`},
		{"unit without parent", []Node{unit(0, nil)}, "needs a parent PageNode"},
		{"self parent", []Node{page(0, p(0))}, "is its own parent"},
		{"dangling parent", []Node{page(0, nil), unit(1, p(7))}, "parent 7 does not exist"},
		{"forward parent (cycle)", []Node{page(0, p(1)), page(1, p(0))}, "parent 1 must come before it"},
		{"unit parent of unit", []Node{page(0, nil), unit(1, p(0)), unit(2, p(1))}, "parent 1 is a UnitNode"},
		{"unit parent of page", []Node{page(0, nil), unit(1, p(0)), page(2, p(1))}, "parent 1 is a UnitNode"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := (&List{Nodes: tc.nodes}).Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want error containing %q", err, tc.want)
			}
		})
	}
	// All problems come back at once.
	err := (&List{Nodes: []Node{unit(0, nil), {ID: 0, Kind: "x", Content: ""}}}).Validate()
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) < 4 {
		t.Fatalf("want every problem listed, got %v", err)
	}
}

func TestSchema(t *testing.T) {
	var s map[string]any
	if err := json.Unmarshal(Schema(), &s); err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	if _, ok := s["$ref"]; ok {
		t.Error("schema must be inlined, found $ref")
	}
	items := s["properties"].(map[string]any)["substates"].(map[string]any)["items"].(map[string]any)
	props := items["properties"].(map[string]any)
	for _, k := range []string{"id", "kind", "content", "parent", "optional"} {
		if _, ok := props[k]; !ok {
			t.Errorf("schema lacks property %q", k)
		}
	}
	parent, _ := json.Marshal(props["parent"])
	if !strings.Contains(string(parent), `"null"`) {
		t.Errorf("parent must be nullable: %s", parent)
	}
	kind, _ := json.Marshal(props["kind"])
	if !strings.Contains(string(kind), `"page"`) || !strings.Contains(string(kind), `"unit"`) {
		t.Errorf("kind enum missing: %s", kind)
	}
	// A document that follows the schema parses.
	doc := `{"substates":[{"id":0,"kind":"page","content":"a","parent":null},{"id":1,"kind":"unit","content":"b","parent":0}]}`
	if _, err := Parse([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	// Callers may not corrupt the shared copy.
	b := Schema()
	b[0] = 'X'
	if Schema()[0] == 'X' {
		t.Error("Schema returns shared storage")
	}
}

func FuzzParseLines(f *testing.F) {
	for _, s := range []string{
		`0. PageNode(content="The Clock app is open", parent_id=None)`,
		"- 1) UnitNode(content='a \"b\" c', parent_id=0, optional=True)",
		`PageNode("x")`, `UnitNode(content=", parent_id=", parent=)`, "[3] pagenode(id=9, content=, parent_id=-1",
		"```json\n[{\"id\":0}]\n```", `{"substates":[{"kind":"unit","parent":"x"}]}`, "PageNode(content=\"\\\"", "unit_node(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseLines(in)
		if err == nil {
			if verr := s.Validate(); verr != nil {
				t.Fatalf("ParseLines returned no error but substates are invalid: %v", verr)
			}
		}
		_, _ = Parse([]byte(in))
	})
}

// A 10 MB substate and 50,000 substates were accepted and printed whole.
func TestLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"substates":[`)
	for i := 0; i < 50000; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":%d,"kind":"page","content":"page %d is visible"}`, i, i)
	}
	b.WriteString("]}")
	_, err := Parse([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "over the limit of 1 MiB") {
		t.Errorf("50,000 substates: %v", err)
	}
	var lines strings.Builder
	for i := 0; i <= MaxNodes; i++ {
		fmt.Fprintf(&lines, "%d. PageNode(content=\"page %d\", parent_id=None)\n", i, i)
	}
	_, err = Parse([]byte(lines.String()))
	if err == nil || err.Error() != "invalid substates: 201 substates, over the limit of 200" {
		t.Errorf("%d substates: %v", MaxNodes+1, err)
	}
	long := `[{"id":0,"kind":"page","content":"` + strings.Repeat("a", MaxContentBytes+1) + `"}]`
	_, err = Parse([]byte(long))
	if err == nil || !strings.Contains(err.Error(), "substate 0 (position 0): content of 2049 bytes, over the limit of 2048 bytes") {
		t.Errorf("a long substate: %v", err)
	}
	p := filepath.Join(t.TempDir(), "substates.json")
	os.WriteFile(p, []byte(strings.Repeat(" ", 10<<20)), 0o644)
	if _, err := ReadFile(p); err == nil || err.Error() != p+": the substates text is 10 MiB, over the limit of 1 MiB" {
		t.Errorf("a 10 MB file: %v", err)
	}
}

func TestKeysMatchExactly(t *testing.T) {
	_, err := Parse([]byte(`{"substates":[{"id":0,"kind":"page","content":"Clock is open","content":"anything"}]}`))
	if err == nil || !strings.Contains(err.Error(), `the key "content" appears twice`) {
		t.Errorf("duplicate key: %v", err)
	}
}

// A trace's substates.json may not be a link out of the trace (nor a named pipe).
func TestReadFileInStaysInside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "trace")
	os.Mkdir(dir, 0o755)
	os.WriteFile(filepath.Join(root, "mine.json"), []byte(`[{"id":0,"kind":"page","content":"the launcher is open"}]`), 0o644)
	p := filepath.Join(dir, "substates.json")
	os.Symlink(filepath.Join(root, "mine.json"), p)
	if _, err := ReadFileIn(dir, p); err == nil || !strings.Contains(err.Error(), "resolves outside the folder") {
		t.Errorf("a link out of the trace: %v", err)
	}
	if _, err := ReadFile(p); err != nil {
		t.Errorf("a file named by the user may be anywhere: %v", err)
	}
}
