package decomposer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/suite"
)

// maxKnowledgeBytes bounds one knowledge file: it goes whole into the prompt of every task
// of its app, and a megabyte is already far past any model's context.
const maxKnowledgeBytes = 1 << 20

// LoadKnowledge reads app knowledge for the prompt: one file for every task, or a directory
// with one file per app (<app>.txt or <app>.md, matched case-insensitively on the task's app
// or package name). An empty path gives no knowledge.
func LoadKnowledge(path string) (func(suite.Task) string, error) {
	if path == "" {
		return func(suite.Task) string { return "" }, nil
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("--knowledge %s: %w", path, err)
	}
	if !st.IsDir() {
		// Regular files only: a named pipe would block the read forever.
		data, err := safefile.ReadFile(path, maxKnowledgeBytes)
		if err != nil {
			return nil, fmt.Errorf("--knowledge %s: %w", path, err)
		}
		text := strings.TrimSpace(string(data))
		return func(suite.Task) string { return text }, nil
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return nil, fmt.Errorf("--knowledge %s: %w", path, err)
	}
	byName := map[string]string{}
	for _, e := range ents {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if e.IsDir() || (ext != ".txt" && ext != ".md") {
			continue
		}
		data, err := safefile.ReadFile(filepath.Join(path, e.Name()), maxKnowledgeBytes)
		if err != nil {
			return nil, fmt.Errorf("--knowledge %s: %w", path, err)
		}
		byName[strings.ToLower(strings.TrimSuffix(e.Name(), filepath.Ext(e.Name())))] = strings.TrimSpace(string(data))
	}
	return func(t suite.Task) string {
		for _, k := range []string{t.App, t.Package} {
			if v, ok := byName[strings.ToLower(k)]; ok && k != "" {
				return v
			}
		}
		return ""
	}, nil
}
