package runner_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/autoeval/autoeval/runner"
)

// A long task id is cut by characters, not bytes: the table stays valid UTF-8 and its
// columns line up.
func TestSummaryClipsNonASCIITaskIDs(t *testing.T) {
	results := []runner.TaskResult{
		{ID: strings.Repeat("é", 40), Status: "completed", Frames: 3},
		{ID: "plain", Status: "completed", Frames: 3},
	}
	var sb strings.Builder
	runner.WriteSummary(&sb, &runner.Summary{}, results)
	lines := strings.Split(sb.String(), "\n")
	if !utf8.ValidString(sb.String()) {
		t.Fatalf("summary is not valid UTF-8:\n%q", lines[:3])
	}
	col := func(l string) int { return utf8.RuneCountInString(l[:strings.Index(l, "completed")]) }
	if !strings.HasPrefix(lines[1], strings.Repeat("é", 27)+"… ") || col(lines[1]) != col(lines[2]) {
		t.Fatalf("task column:\n%s\n%s", lines[1], lines[2])
	}
}
