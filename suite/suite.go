// Package suite reads task lists: AndroidWorld's task_metadata.json, AndroidLab's config
// YAMLs (one file or a directory of them), or a plain JSON/YAML list of tasks.
package suite

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
)

// Task is one task of a suite.
type Task struct {
	// ID is unique within the suite and stable: AndroidWorld task_name, AndroidLab task_id,
	// or the list entry's id (task-NNN when it has none).
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Text is the instruction; AndroidWorld templates keep their {param} slots unless
	// Params fills them (see Instruction).
	Text    string         `json:"task"`
	App     string         `json:"app,omitempty"`
	Package string         `json:"package,omitempty"`
	Params  map[string]any `json:"params,omitempty"`
	// Source names the file the task came from.
	Source string `json:"source"`
	// Category, MetricType (AndroidLab), Difficulty and Tags (AndroidWorld) let callers filter.
	Category   string   `json:"category,omitempty"`
	MetricType string   `json:"metric_type,omitempty"`
	Difficulty string   `json:"difficulty,omitempty"`
	Tags       []string `json:"tags,omitempty"`
	// Query is AndroidLab's adb_query for the task's end state, when given.
	Query string `json:"adb_query,omitempty"`
}

var slotRe = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// Instruction is Text with {param} slots filled from Params; unknown slots stay as written.
func (t Task) Instruction() string {
	return slotRe.ReplaceAllStringFunc(t.Text, func(m string) string {
		if v, ok := t.Params[m[1:len(m)-1]]; ok {
			return fmt.Sprint(v)
		}
		return m
	})
}

// Slots lists the {param} names in Text.
func (t Task) Slots() []string {
	var out []string
	for _, m := range slotRe.FindAllStringSubmatch(t.Text, -1) {
		out = append(out, m[1])
	}
	return out
}

// IsOperation reports whether an AndroidLab task is an operation task (the AutoEval paper's
// benchmark); AndroidLab spells it "operation" once "operations".
func (t Task) IsOperation() bool {
	return strings.HasPrefix(strings.ToLower(t.MetricType), "operation")
}

// Operations keeps the operation tasks (see IsOperation).
func Operations(tasks []Task) []Task {
	var out []Task
	for _, t := range tasks {
		if t.IsOperation() {
			out = append(out, t)
		}
	}
	return out
}

// Load reads the suite at path: a file, or a directory whose *.yaml, *.yml and *.json
// files are read in name order and concatenated.
func Load(path string) ([]Task, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("suite %s: %w", path, err)
	}
	var files []string
	if st.IsDir() {
		ents, err := os.ReadDir(path)
		if err != nil {
			return nil, fmt.Errorf("suite %s: %w", path, err)
		}
		for _, e := range ents {
			ext := strings.ToLower(filepath.Ext(e.Name()))
			if !e.IsDir() && (ext == ".yaml" || ext == ".yml" || ext == ".json") {
				files = append(files, filepath.Join(path, e.Name()))
			}
		}
		sort.Strings(files)
		if len(files) == 0 {
			return nil, fmt.Errorf("suite %s: no .yaml, .yml or .json files in the directory", path)
		}
	} else {
		files = []string{path}
	}
	var all []Task
	seen := map[string]string{}
	for _, f := range files {
		tasks, err := loadFile(f)
		if err != nil {
			return nil, err
		}
		for _, t := range tasks {
			if prev, dup := seen[t.ID]; dup {
				return nil, fmt.Errorf("suite %s: task id %q appears twice (also in %s)", f, t.ID, prev)
			}
			seen[t.ID] = f
			all = append(all, t)
		}
	}
	return all, nil
}

// MaxFileBytes bounds a suite file: AndroidWorld's task_metadata.json, the largest real
// one, is under 200 KB.
const MaxFileBytes = 16 << 20

func loadFile(path string) ([]Task, error) {
	data, err := safefile.ReadFile(path, MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("suite %s: %w", path, unwrapPathErr(err))
	}
	var doc any
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".json" {
		// A key given twice would drop one of its values without a word (YAML refuses
		// that itself); map keys are exact, as Python's json reads them.
		if err := strictjson.Check(data); err != nil {
			return nil, fmt.Errorf("suite %s: not valid json: %v", path, err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		err = dec.Decode(&doc)
		// Anything after the first value would be silently dropped tasks (two lists
		// pasted together) or a damaged file.
		if _, terr := dec.Token(); err == nil && !errors.Is(terr, io.EOF) {
			err = errors.New("text after the first JSON value")
		}
	} else {
		// YAML is a superset of JSON, so unknown extensions go this way too.
		dec := yaml.NewDecoder(bytes.NewReader(data))
		if err = dec.Decode(&doc); errors.Is(err, io.EOF) {
			err = nil // an empty file: reported below as holding no tasks
		} else if err == nil {
			err = onlyEmptyDocs(dec)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("suite %s: not valid %s: %v", path, strings.TrimPrefix(ext, "."), oneLine(err.Error()))
	}
	tasks, err := fromDoc(doc, path)
	if err != nil {
		return nil, fmt.Errorf("suite %s: %v", path, err)
	}
	if len(tasks) == 0 {
		return nil, fmt.Errorf("suite %s: no tasks", path)
	}
	for i := range tasks {
		tasks[i].Source = path
		if strings.TrimSpace(tasks[i].Text) == "" {
			return nil, fmt.Errorf("suite %s: task %q has no text", path, tasks[i].ID)
		}
		if tasks[i].Name == "" {
			tasks[i].Name = tasks[i].ID
		}
	}
	return tasks, nil
}

// onlyEmptyDocs fails when a YAML stream has a further non-empty document: its tasks
// would otherwise be dropped without a word. A stray trailing "---" is harmless.
func onlyEmptyDocs(dec *yaml.Decoder) error {
	for {
		var more any
		err := dec.Decode(&more)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		case more != nil:
			return errors.New("several YAML documents (---); put every task in one")
		}
	}
}

func fromDoc(doc any, path string) ([]Task, error) {
	switch d := doc.(type) {
	case map[string]any:
		// AndroidLab: {APP, package, tasks: [{task_id, category, task, metric_type, ...}]};
		// a plain list may also be wrapped as {tasks: [...]}, with optional app/package.
		raw, ok := d["tasks"]
		if !ok {
			return nil, fmt.Errorf("an object needs a \"tasks\" list (AndroidLab config or {tasks: [...]})")
		}
		list, ok := raw.([]any)
		if !ok {
			return nil, fmt.Errorf("\"tasks\" is not a list")
		}
		app := firstString(d, "APP", "app")
		pkg := firstString(d, "package")
		tasks, err := fromList(list)
		if err != nil {
			return nil, err
		}
		for i := range tasks {
			if tasks[i].App == "" {
				tasks[i].App = app
			}
			if tasks[i].Package == "" {
				tasks[i].Package = pkg
			}
		}
		return tasks, nil
	case []any:
		return fromList(d)
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("want a list of tasks or an object with a tasks list, got %T", doc)
}

func fromList(list []any) ([]Task, error) {
	var tasks []Task
	for i, item := range list {
		switch v := item.(type) {
		case string:
			tasks = append(tasks, Task{ID: fmt.Sprintf("task-%03d", i+1), Text: v})
		case map[string]any:
			t, err := fromMap(v, i)
			if err != nil {
				return nil, err
			}
			tasks = append(tasks, t)
		default:
			return nil, fmt.Errorf("entry %d: want a string or an object, got %T", i+1, item)
		}
	}
	return tasks, nil
}

func fromMap(m map[string]any, i int) (Task, error) {
	t := Task{
		ID:         idString(m, "id", "task_id", "task_name"),
		Name:       firstString(m, "name", "task_name"),
		Text:       firstString(m, "task", "text", "goal", "instruction", "task_template"),
		App:        firstString(m, "app", "APP"),
		Package:    firstString(m, "package"),
		Category:   firstString(m, "category"),
		MetricType: firstString(m, "metric_type"),
		Difficulty: firstString(m, "difficulty"),
		Query:      firstString(m, "adb_query"),
	}
	if t.ID == "" {
		t.ID = fmt.Sprintf("task-%03d", i+1)
	}
	if tags, ok := m["tags"].([]any); ok {
		for _, x := range tags {
			t.Tags = append(t.Tags, fmt.Sprint(x))
		}
	}
	if p, ok := m["params"]; ok && p != nil {
		pm, ok := p.(map[string]any)
		if !ok {
			return t, fmt.Errorf("entry %d (%s): params must be an object", i+1, t.ID)
		}
		t.Params = pm
	}
	if t.Text == "" {
		return t, fmt.Errorf("entry %d (%s): no task text (want one of task, text, goal, instruction, task_template)", i+1, t.ID)
	}
	return t, nil
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		switch v := m[k].(type) {
		case string:
			if s := strings.TrimSpace(v); s != "" {
				return s
			}
		}
	}
	return ""
}

// idString is firstString that also accepts numeric ids (YAML "id: 7").
func idString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		switch v := m[k].(type) {
		case json.Number, int, float64:
			return fmt.Sprint(v)
		}
	}
	return firstString(m, keys...)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// unwrapPathErr drops the path from *fs.PathError so messages name the path once.
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
