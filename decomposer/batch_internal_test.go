package decomposer

import (
	"reflect"
	"testing"

	"github.com/autoeval/autoeval/suite"
)

// Output names stay inside the directory, visible, distinct, and clear of summary.json and
// the shards' summaries.
func TestFileNames(t *testing.T) {
	var tasks []suite.Task
	for _, id := range []string{"../../etc/evil", "summary", "a/b", "...", "clock_1", "clock_1", "summary.shard-0-of-2"} {
		tasks = append(tasks, suite.Task{ID: id})
	}
	want := []string{"etc_evil.json", "summary-2.json", "a_b.json", "task.json", "clock_1.json", "clock_1-2.json", "task-summary.shard-0-of-2.json"}
	if got := fileNames(tasks); !reflect.DeepEqual(got, want) {
		t.Errorf("fileNames = %q, want %q", got, want)
	}
}
