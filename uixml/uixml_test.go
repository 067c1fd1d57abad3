package uixml

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
)

const sample = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="1">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.google.android.deskclock" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="true" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,1920]">
 <node index="0" text="Tom &amp; Jerry &lt;3&#10;ok" resource-id="com.x:id/title" class="android.widget.TextView" package="com.x" content-desc="a &quot;b&quot;" checkable="true" checked="true" clickable="true" enabled="false" focusable="true" focused="true" scrollable="false" long-clickable="true" password="true" selected="true" bounds="[40,400][600,500]" drawing-order="3" hint="Name"/>
 <node index="1" class="android.widget.LinearLayout" bounds="[0,500][1080,900]"><node index="0" text="deep" NAF="true" bounds="[ 1 , 2 ][ 3 , 4 ]"/></node>
</node>
<node index="1" text="second window" bounds="bad"/>
</hierarchy>`

func TestParseAttributesAndTree(t *testing.T) {
	h, err := Parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if h.Rotation != 1 || len(h.Nodes) != 5 {
		t.Fatalf("rotation %d, %d nodes", h.Rotation, len(h.Nodes))
	}
	root := h.Nodes[0]
	if root.Class != "android.widget.FrameLayout" || !root.Scrollable || root.Clickable || !root.Enabled ||
		root.Depth != 0 || root.Parent != -1 || root.Bounds != (Rect{0, 0, 1080, 1920}) || !root.HasBounds || root.Extra != nil {
		t.Fatalf("root: %+v", root)
	}
	want := Node{Index: 0, Text: "Tom & Jerry <3\nok", ResourceID: "com.x:id/title", Class: "android.widget.TextView",
		Package: "com.x", ContentDesc: `a "b"`, Hint: "Name",
		Checkable: true, Checked: true, Clickable: true, Enabled: false, Focusable: true, Focused: true,
		LongClickable: true, Password: true, Selected: true,
		Bounds: Rect{40, 400, 600, 500}, HasBounds: true, Depth: 1, Parent: 0,
		Extra: map[string]string{"drawing-order": "3"}}
	if !reflect.DeepEqual(h.Nodes[1], want) {
		t.Fatalf("node 1:\n got %+v\nwant %+v", h.Nodes[1], want)
	}
	// A node with few attributes: absent flags false, absent enabled true.
	if n := h.Nodes[2]; n.Text != "" || n.Checkable || !n.Enabled || n.Depth != 1 || n.Parent != 0 || n.Index != 1 {
		t.Fatalf("node 2: %+v", n)
	}
	if n := h.Nodes[3]; n.Text != "deep" || !n.NAF || n.Extra != nil || n.Depth != 2 || n.Parent != 2 || n.Bounds != (Rect{1, 2, 3, 4}) {
		t.Fatalf("node 3: %+v", n)
	}
	// After closing the first window, the next top-level node is back at depth 0.
	if n := h.Nodes[4]; n.Depth != 0 || n.Parent != -1 || n.HasBounds || n.Bounds != (Rect{}) {
		t.Fatalf("node 4: %+v", n)
	}
	if got := children(h, -1); !reflect.DeepEqual(got, []int{0, 4}) {
		t.Fatalf("top-level nodes %v", got)
	}
	if got := children(h, 0); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Fatalf("children of 0: %v", got)
	}
}

func TestParseBounds(t *testing.T) {
	for s, want := range map[string]Rect{
		"[0,0][1080,1920]":    {0, 0, 1080, 1920},
		" [-5,10][20,-3] ":    {-5, 10, 20, -3},
		"[ 1 , 2 ][ 3 , 4 ]":  {1, 2, 3, 4},
		"[100,200][100,200]":  {100, 200, 100, 200},
		"[0,1794][1080,1920]": {0, 1794, 1080, 1920},
	} {
		if got, ok := ParseBounds(s); !ok || got != want {
			t.Errorf("%q: %v %v, want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "bad", "[1,2][3", "[1,2][3,4]x", "[1,2,3,4]", "[1,2]", "[a,b][c,d]", "1,2,3,4", "[1;2][3;4]"} {
		if r, ok := ParseBounds(s); ok {
			t.Errorf("%q accepted as %v", s, r)
		}
	}
	r := Rect{10, 20, 110, 70}
	if r.Height() != 50 || r.String() != "[10,20][110,70]" {
		t.Fatalf("rect helpers wrong for %v", r)
	}
}

// TestParseTolerant: what real dumps and hand-made ones carry parses, with the
// text as a reader would expect.
func TestParseTolerant(t *testing.T) {
	for _, c := range []struct{ name, doc, text string }{
		{"unknown entity kept", `<hierarchy><node text="a&nbsp;b"/></hierarchy>`, "a&nbsp;b"},
		{"numeric entity", `<hierarchy><node text="&#x263A;&#65;"/></hierarchy>`, "☺A"},
		{"control character", "<hierarchy><node text=\"a\x01b\x00\"/></hierarchy>", "a?b?"},
		{"invalid UTF-8", "<hierarchy><node text=\"a\xffb\"/></hierarchy>", "a\uFFFDb"},
		{"unquoted attribute", `<hierarchy><node text=hello /></hierarchy>`, "hello"},
		{"single quotes", `<hierarchy><node text='x "y"'/></hierarchy>`, `x "y"`},
		{"trailing status line", "<hierarchy><node text=\"t\"/></hierarchy>UI hierchary dumped to: /dev/tty\n", "t"},
		{"no declaration, bare node", `<node text="only"/>`, "only"},
		{"emoji and CJK", `<hierarchy><node text="😀 日本"/></hierarchy>`, "😀 日本"},
		{"BOM", "\uFEFF<hierarchy><node text=\"b\"/></hierarchy>", "b"},
	} {
		h, err := Parse([]byte(c.doc))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(h.Nodes) != 1 || h.Nodes[0].Text != c.text {
			t.Errorf("%s: nodes %+v, want text %q", c.name, h.Nodes, c.text)
		}
	}
	// An empty screen is a dump, just one without nodes.
	for _, doc := range []string{`<hierarchy rotation="0"/>`, `<?xml version="1.0"?><hierarchy rotation="3"></hierarchy>`} {
		h, err := Parse([]byte(doc))
		if err != nil || len(h.Nodes) != 0 {
			t.Errorf("%q: %v, %v", doc, h, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for doc, want := range map[string]string{
		"":                              "UI XML is empty",
		"  \n\t ":                       "UI XML is empty",
		"<hierarchy>":                   "malformed XML on line 1: unexpected EOF",
		"<a:node></b:node>":             "malformed XML on line 1: <a:node> closed by </b:node>",
		"<hierarchy>\n<node text='a'":   "malformed XML on line 2: unexpected EOF",
		"<hierarchy><node></hierarchy":  "malformed XML on line 1",
		"not xml at all <<<":            "malformed XML on line 1",
		"<hierarchy><node text=\"a\nb":  "malformed XML on line 2",
		"<root><item/></root>":          "not a uiautomator dump",
		"<hierarchy><node></hierarchy>": "malformed XML on line 1: <node> closed by </hierarchy>",
		"<hierarchy>\n<node/>\n</node></hierarchy>": "malformed XML on line 3: <hierarchy> closed by </node>",
		"<hierarchy/></hierarchy>":                  "malformed XML on line 1: unexpected </hierarchy>",
		"<hierarchy><node/>":                        "malformed XML on line 1: unexpected EOF, <hierarchy> is not closed",
		"just some text":                            "not a uiautomator dump",
	} {
		h, err := Parse([]byte(doc))
		if err == nil {
			t.Errorf("%q accepted: %+v", doc, h)
			continue
		}
		if h != nil || !strings.Contains(err.Error(), want) || strings.ContainsAny(err.Error(), "\r\n") {
			t.Errorf("%q: error %q, want one line containing %q", doc, err, want)
		}
	}
}

// realDumps lists the real LlamaTouch dumps (skipping when ../shared/data is absent)
// plus the bundled example's, largest first.
func realDumps(t testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join(testenv.RepoRoot(t), "examples", "clock-alarm", "*.xml"))
	shared := testenv.SharedData(t, "traces/llamatouch")
	real, _ := filepath.Glob(filepath.Join(shared, "*", "*.xml"))
	if len(real) == 0 {
		t.Fatalf("no uiautomator dumps in %s", shared)
	}
	files = append(files, real...)
	size := func(p string) int64 {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	sort.SliceStable(files, func(i, j int) bool { return size(files[i]) > size(files[j]) })
	return files
}

// TestParseRealDumps: every real dump parses; its nodes form a tree whose depth and
// parent agree, every node carries bounds and the attributes uiautomator writes, and
// the node count matches the <node occurrences in the file.
func TestParseRealDumps(t *testing.T) {
	for _, p := range realDumps(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		h, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if want := strings.Count(string(data), "<node "); len(h.Nodes) != want || want == 0 {
			t.Fatalf("%s: %d nodes, the file has %d", p, len(h.Nodes), want)
		}
		packages, clickable := map[string]bool{}, 0
		for i, n := range h.Nodes {
			if n.Parent >= i || (n.Parent < 0) != (n.Depth == 0) || (n.Parent >= 0 && h.Nodes[n.Parent].Depth != n.Depth-1) {
				t.Fatalf("%s node %d: parent %d depth %d inconsistent", p, i, n.Parent, n.Depth)
			}
			if !n.HasBounds || n.Class == "" || n.Package == "" || n.Index < 0 {
				t.Fatalf("%s node %d lacks bounds/class/package/index: %+v", p, i, n)
			}
			if n.Extra != nil {
				t.Fatalf("%s node %d: unexpected attributes %v", p, i, n.Extra)
			}
			packages[n.Package] = true
			if n.Clickable {
				clickable++
			}
		}
		if clickable == 0 || len(packages) == 0 {
			t.Fatalf("%s: no clickable node", p)
		}
	}
}

// TestParseHugeAndDeep: a dump far larger and deeper than real screens (a long
// RecyclerView, nested layouts) parses up to the limits, every node kept.
func TestParseHugeAndDeep(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<hierarchy rotation="0">`)
	const deep, wide = MaxDepth - 2, 20000 // <hierarchy> and the rows are two levels
	for i := 0; i < deep; i++ {
		b.WriteString(`<node index="0" class="android.widget.FrameLayout" bounds="[0,0][1080,1920]">`)
	}
	for i := 0; i < wide; i++ {
		fmt.Fprintf(&b, `<node index="%d" text="row %d" class="android.widget.TextView" bounds="[0,%d][1080,%d]"/>`, i, i, i, i+1)
	}
	b.WriteString(strings.Repeat("</node>", deep) + "</hierarchy>")
	h, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Nodes) != deep+wide {
		t.Fatalf("%d nodes", len(h.Nodes))
	}
	last := h.Nodes[len(h.Nodes)-1]
	if last.Depth != deep || last.Parent != deep-1 || last.Index != wide-1 || last.Text != fmt.Sprintf("row %d", wide-1) {
		t.Fatalf("last node %+v", last)
	}
	if got := len(children(h, deep-1)); got != wide {
		t.Fatalf("%d children of the innermost layout", got)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte(`<hierarchy><node bounds="[1,2][3"/></hierarchy>`))
	f.Add([]byte(`<hierarchy><node text="&#0;" bounds="[-1,-2][x,y]"/></hierarchy>`))
	f.Add([]byte("<hierarchy><node text=\"\x00\xff\"><node></node></hierarchy>"))
	f.Add([]byte(`<node><node><node/></node>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Parse(data)
		if err != nil {
			if h != nil {
				t.Fatal("a hierarchy with an error")
			}
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		for i, n := range h.Nodes {
			if n.Parent >= i || n.Parent < -1 || (n.Parent == -1) != (n.Depth == 0) {
				t.Fatalf("node %d: parent %d depth %d", i, n.Parent, n.Depth)
			}
			if n.Parent >= 0 && h.Nodes[n.Parent].Depth != n.Depth-1 {
				t.Fatalf("node %d: depth %d under a node of depth %d", i, n.Depth, h.Nodes[n.Parent].Depth)
			}
			if !n.HasBounds && n.Bounds != (Rect{}) {
				t.Fatalf("node %d: bounds without HasBounds", i)
			}
		}
	})
}

// BenchmarkParseRealDump parses the largest real dump (LlamaTouch, 77 KB).
func BenchmarkParseRealDump(b *testing.B) {
	p := realDumps(b)[0]
	data, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

func TestLimits(t *testing.T) {
	deep := "<hierarchy>" + strings.Repeat("<node>", MaxDepth) + strings.Repeat("</node>", MaxDepth) + "</hierarchy>"
	_, err := Parse([]byte(deep))
	var le *LimitError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "more than 256 elements deep") {
		t.Errorf("%d levels: %v", MaxDepth+1, err)
	}
	if _, err := Parse([]byte("<hierarchy>" + strings.Repeat("<node>", MaxDepth-1) + strings.Repeat("</node>", MaxDepth-1) + "</hierarchy>")); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
	many := "<hierarchy>" + strings.Repeat("<node/>", MaxNodes+1) + "</hierarchy>"
	if _, err := Parse([]byte(many)); !errors.As(err, &le) || !strings.Contains(err.Error(), "more than 100000 nodes") {
		t.Errorf("%d nodes: %v", MaxNodes+1, err)
	}
	big := make([]byte, MaxBytes+1)
	for i := range big {
		big[i] = ' '
	}
	copy(big, "<hierarchy/>")
	if _, err := Parse(big); !errors.As(err, &le) {
		t.Errorf("%d bytes: %v", len(big), err)
	}
}

// children returns the positions in h.Nodes of the direct children of node i (i = -1: the
// top-level nodes), to check the parent links the parser sets.
func children(h *Hierarchy, i int) []int {
	var out []int
	for j := range h.Nodes {
		if h.Nodes[j].Parent == i {
			out = append(out, j)
		}
	}
	return out
}
