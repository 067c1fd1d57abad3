package termtext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestLineAndText(t *testing.T) {
	in := "Set alarm\x1b]0;pwned\x07\r\x00 ok\n\tnext \u009b31m \u202eevil é"
	if got, want := Line(in), `Set alarm\u001b]0;pwned\u0007\r\u0000 ok\n\tnext \u009b31m \u202eevil é`; got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
	if got, want := Text(in), "Set alarm\\u001b]0;pwned\\u0007\\r\\u0000 ok\n\tnext \\u009b31m \\u202eevil é"; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
	if got := Line("plain text, ünïcode ✓"); got != "plain text, ünïcode ✓" {
		t.Errorf("clean text changed: %q", got)
	}
	if got := Line("a\xffb"); got != "a\uFFFDb" {
		t.Errorf("invalid byte: %q", got)
	}
}

// A C1 control split across two writes is still caught, and JSON stays valid and equal.
func TestWriterSplitAndJSON(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	c1 := []byte("x\u009by")
	w.Write(c1[:2]) // "x" and the first byte of U+009B
	w.Write(c1[2:])
	if got := buf.String(); got != `x\u009by` {
		t.Errorf("split write = %q", got)
	}
	buf.Reset()
	v := map[string]string{"task": "a\x1b[2Jb\u009b\u007f\u202e"}
	json.NewEncoder(w).Encode(v)
	if strings.ContainsAny(buf.String(), "\x1b\u009b\u007f\u202e") {
		t.Fatalf("raw control in %q", buf.String())
	}
	var back map[string]string
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back["task"] != v["task"] {
		t.Errorf("JSON through the writer: %v, %q", err, back["task"])
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 traces"}, {1, "1 trace"}, {2, "2 traces"}} {
		if got := Count(c.n, "trace"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if got := Count(3, "entry", "entries"); got != "3 entries" {
		t.Errorf("irregular plural: %q", got)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 5, "short"},  // fits exactly: whole
		{"longer", 5, "long…"}, // cut: n runes in all, the mark included
		{"ééééééé", 4, "ééé…"}, // runes, not bytes: no character split
		{"日本語のテキスト", 3, "日本…"},
		{"", 3, ""},
		{"abc", 0, ""}, // nothing fits
		{"abc", 1, "…"},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
	if got, want := ClipLine("  a\n\tb   c  ", 10), "a b c"; got != want {
		t.Errorf("ClipLine folds: %q, want %q", got, want)
	}
	if got, want := ClipLine("one\ntwo three", 8), "one two…"; got != want {
		t.Errorf("ClipLine folds, then clips: %q, want %q", got, want)
	}
}
