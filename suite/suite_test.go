package suite

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/testenv"
)

func TestAndroidWorldMetadata(t *testing.T) {
	tasks, err := Load(testenv.SharedData(t, "androidworld/task_metadata.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 116 {
		t.Fatalf("%d tasks, want 116", len(tasks))
	}
	var withName *Task
	for i := range tasks {
		if tasks[i].ID == "AudioRecorderRecordAudioWithFileName" {
			withName = &tasks[i]
		}
	}
	if withName == nil || withName.Difficulty != "easy" || len(withName.Tags) != 3 || withName.Slots()[0] != "file_name" {
		t.Fatalf("task %+v", withName)
	}
	withName.Params = map[string]any{"file_name": "memo"}
	if got := withName.Instruction(); !strings.Contains(got, `"memo"`) {
		t.Errorf("instruction %q", got)
	}
}

func TestAndroidLabConfigs(t *testing.T) {
	clock, err := Load(testenv.SharedData(t, "androidlab/config/clock.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(clock) != 27 || clock[0].ID != "clock_1" || clock[0].App != "clock" || clock[0].Package != "com.google.android.deskclock" || clock[0].Category != "Alarm set" {
		t.Fatalf("clock: %d tasks, first %+v", len(clock), clock[0])
	}
	all, err := Load(testenv.SharedData(t, "androidlab/config"))
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 138 {
		t.Errorf("%d tasks, want 138", len(all))
	}
	if ops := Operations(all); len(ops) != 93 {
		t.Errorf("%d operation tasks, want 93 (the paper's benchmark)", len(ops))
	}
	var q bool
	for _, x := range all {
		q = q || (x.ID == "setting_0" && strings.Contains(x.Query, "airplane_mode_on"))
	}
	if !q {
		t.Error("adb_query not read")
	}
}

func write(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlainLists(t *testing.T) {
	tasks, err := Load(write(t, "l.json", `["Open Clock", {"id":"x","task":"Set {t}","app":"clock","params":{"t":"7:30"}}]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 2 || tasks[0].ID != "task-001" || tasks[1].Instruction() != "Set 7:30" || tasks[1].App != "clock" {
		t.Fatalf("%+v", tasks)
	}
	tasks, err = Load(write(t, "l.yaml", "app: clock\ntasks:\n  - Open Clock\n  - {id: b, text: Set alarm}\n"))
	if err != nil || len(tasks) != 2 || tasks[1].ID != "b" || tasks[1].App != "clock" {
		t.Fatalf("%+v %v", tasks, err)
	}
	// Document markers around the one document are not a second document.
	tasks, err = Load(write(t, "m.yaml", "---\n- Open Clock\n- Set alarm\n---\n"))
	if err != nil || len(tasks) != 2 {
		t.Fatalf("%+v %v", tasks, err)
	}
}

func TestBadInput(t *testing.T) {
	for name, body := range map[string]string{
		"a.json":  `{"tasks": [`,
		"b.json":  `{"nothing": 1}`,
		"c.yaml":  "- {id: a}\n",
		"d.yaml":  "- 3\n",
		"e.json":  `["a", "b", {"id":"task-001","task":"dup"}]`,
		"f.yaml":  "",
		"g.json":  `[{"task":"x","params":[1]}]`,
		"h.yaml":  "tasks: 5\n",
		"i.json":  `42`,
		"j.yml":   "tasks:\n  - task_id: a\n    task: \"\"\n",
		"k.yaml":  "\t- bad indentation: [\n",
		"l.json":  `[{"id":"a","task":"x"},{"id":"a","task":"y"}]`,
		"m.json":  `[]`,
		"n.json":  `[null]`,
		"o.json":  `{"tasks": {"a": 1}}`,
		"p.json":  `[{"id": 5, "text": "x"}, {"id": 5, "text": "y"}]`,
		"q.yaml":  "APP: x\ntasks: []\n",
		"r.json":  `[{}]`,
		"s.json":  `"just a string"`,
		"t.json":  `[[1]]`,
		"u.json":  `[{"task": 1}]`,
		"v.json":  "\xff\xfe",
		"w.yaml":  "tasks:\n  - null\n",
		"x.json":  `[{"id":"a","goal":"  "}]`,
		"y.yaml":  "---\n- a\n---\n- b\n",
		"z.json":  `[{"id":"a","task":"t"}] trailing`,
		"aa.json": `{"tasks": null}`,
	} {
		p := write(t, name, body)
		// y and z: a second YAML document, or text after the JSON, would be tasks
		// dropped without a word, so they are errors too.
		tasks, err := Load(p)
		if err == nil {
			t.Errorf("%s loaded: %+v", name, tasks)
			continue
		}
		if !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error must be one line naming the file: %v", name, err)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.yaml")); err == nil {
		t.Error("missing file loaded")
	}
	if _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no .yaml") {
		t.Errorf("empty dir: %v", err)
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte(`["a", {"id":"b","task":"c","params":{"x":1}}]`), true)
	f.Add([]byte("APP: clock\npackage: p\ntasks:\n  - task_id: a\n    task: t\n"), false)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, isJSON bool) {
		name := "s.yaml"
		if isJSON {
			name = "s.json"
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Skip()
		}
		tasks, err := Load(p)
		if err == nil {
			for _, x := range tasks {
				if x.ID == "" || strings.TrimSpace(x.Text) == "" {
					t.Fatalf("task without id or text: %+v", x)
				}
			}
		}
	})
}

// A key given twice in a task would keep one of its values without a word (the JSON
// reader kept the last): both formats refuse it, naming the file.
func TestDuplicateKeys(t *testing.T) {
	for name, body := range map[string]string{
		"dup.json": `[{"id":"a","task":"Open the Clock app","task":"Delete every contact"}]`,
		"dup.yaml": "- id: a\n  task: Open the Clock app\n  task: Delete every contact\n",
	} {
		p := write(t, name, body)
		_, err := Load(p)
		if err == nil || !strings.Contains(err.Error(), p) || !(strings.Contains(err.Error(), `the key "task" appears twice`) || strings.Contains(err.Error(), `"task" already defined`)) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestSuiteIsARegularFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "suite.json")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Load(p); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "suite "+p+": not a regular file (a named pipe)") {
			t.Errorf("got %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Load blocked on a named pipe")
	}
}
