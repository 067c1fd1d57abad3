package suite

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var updateYAML = flag.Bool("update-yaml", false, "rewrite testdata/yaml_cases.golden from this build")

// yamlCases exercise what a YAML library decides for a suite: scalar types (ids, params,
// booleans, timestamps, special floats), anchors and merge keys, block scalars, several
// documents, duplicate keys, non-string keys, a byte-order mark, CRLF, bad indentation
// and the errors' wording. Their results, recorded in testdata/yaml_cases.golden, must
// not change with the library underneath.
var yamlCases = []struct{ name, body string }{
	{"anchors.yaml", "defaults: &d {app: clock, package: com.clock}\ntasks:\n  - <<: *d\n    id: a\n    task: Open Clock\n  - {<<: *d, id: b, task: Set alarm, app: other}\n"},
	{"alias-list.yaml", "common: &c Open the app\ntasks:\n  - *c\n  - {id: x, task: *c}\n"},
	{"block.yaml", "- id: lit\n  task: |\n    Line one\n    Line two\n- id: fold\n  task: >-\n    Folded\n    text\n\n    kept\n"},
	{"ids.yaml", "- {id: 7, task: a}\n- {id: 010, task: b}\n- {id: 0x1F, task: c}\n- {id: 1e3, task: d}\n- {id: 7.50, task: e}\n- {id: 0o17, task: f}\n- {id: '008', task: g}\n- {id: 99999999999999999999, task: h}\n- {id: -3, task: i}\n"},
	{"dup-ids.yaml", "- {id: 7, task: a}\n- {id: 007, task: b}\n"},
	{"bools.yaml", "- {id: a, task: yes}\n- {id: b, task: on}\n- {id: c, task: 'no'}\n- {id: d, task: y}\n"},
	{"bool-task.yaml", "- {id: a, task: true}\n"},
	{"params.yaml", "- id: p\n  task: Go {n} times\n  params: {n: 3, f: 1.5, b: true, s: \"3\", t: 2024-01-02, ts: 2024-01-02T10:00:00Z, nul: ~, big: 12345678901234567890, list: [1, two], inf: .inf, nan: .nan, neg: -.inf, hex: 0xff, oct: 0o17, exp: 6.02e23, sci: 1E3, under: 1_000, nested: {k: [a, {b: c}]}}\n"},
	{"date-task.yaml", "- {id: a, task: 2024-01-02}\n"},
	{"dup.yaml", "- id: a\n  task: one\n  task: two\n"},
	{"dup-top.yaml", "tasks: [a]\ntasks: [b]\n"},
	{"intkey.yaml", "- {1: x}\n"},
	{"bom.yaml", "\ufeff- Open Clock\n"},
	{"crlf.yaml", "tasks:\r\n  - Open Clock\r\n  - id: b\r\n    task: |\r\n      two\r\n      lines\r\n"},
	{"unicode.yaml", "- \"Caf\\u00e9 \\t tab \\x41\"\n- 'it''s'\n- 日本語のタスク\n"},
	{"comments.yaml", "# a suite\ntasks: # the list\n  - Open Clock # first\n  - \"# not a comment\"\n"},
	{"tags.yaml", "- {id: a, task: t, tags: [easy, 3, true, null]}\n"},
	{"explicit-tags.yaml", "- {id: !!str 12, task: !!str 3.5}\n- {id: b, task: x, params: {v: !!float 3}}\n"},
	{"docs.yaml", "---\n- a\n...\n---\n"},
	{"two-docs.yaml", "- a\n---\n- b\n"},
	{"empty-doc.yaml", "---\n"},
	{"only-comment.yaml", "# nothing\n"},
	{"null-entry.yaml", "- null\n- a\n"},
	{"scalar.yaml", "just text\n"},
	{"badindent.yaml", "tasks:\n  - a\n - b\n"},
	{"tab.yaml", "tasks:\n\t- a\n"},
	{"unclosed.yaml", "- [a, b\n"},
	{"badalias.yaml", "- *nope\n"},
	{"json.yaml", "{\"tasks\": [{\"id\": 1, \"task\": \"x\", \"params\": {\"n\": 2.0}}]}\n"},
	{"plain.txt", "- from a file without a YAML extension\n"},
	{"androidlab.yml", "APP: Clock\npackage: com.android.deskclock\ntasks:\n  - task_id: clock_1\n    task: \"Set an alarm for 7:30\"\n    metric_type: operation\n    category: alarm\n    adb_query: \"dumpsys alarm\"\n"},
}

func TestYAMLSuitesDecodeAsRecorded(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for _, c := range yamlCases {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		tasks, err := Load(p)
		fmt.Fprintf(&b, "== %s\n", c.name)
		if err != nil {
			fmt.Fprintf(&b, "error: %s\n", strings.ReplaceAll(err.Error(), dir, "DIR"))
			continue
		}
		for _, task := range tasks {
			fmt.Fprintf(&b, "%q %q %q app=%q pkg=%q cat=%q metric=%q query=%q tags=%q\n",
				task.ID, task.Name, task.Text, task.App, task.Package, task.Category, task.MetricType, task.Query, task.Tags)
			keys := make([]string, 0, len(task.Params))
			for k := range task.Params {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				fmt.Fprintf(&b, "  %s = %T %#v\n", k, task.Params[k], task.Params[k])
			}
		}
	}
	golden := filepath.Join("testdata", "yaml_cases.golden")
	if *updateYAML {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("YAML suites decode differently from %s:\n%s", golden, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines that differ, with their numbers.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d\n  want %s\n  got  %s\n", i+1, wl, gl)
		}
	}
	return b.String()
}
