package heuristic

import (
	"reflect"
	"testing"
)

// How apps show a committed result the task's words do not spell: a message whose text the
// task names by where it is ("the content of the note"), a screen the task names by what
// it is ("the Call Screen") and shows by its controls, a clause's first word capitalised
// by its sentence. Each has the shown success and near misses that must stay failures.
// Apps and words are this test's own.

// A clause that borrows the verb of the clause before ("(create) Name it x.png") keeps its
// own first word as its sentence wrote it: capitalised by the sentence, not a name.
func TestBorrowedVerbLeavesTheFirstWordInitial(t *testing.T) {
	got := unitValues("Draw a sketch in the Sketcher app. Name it dolor_sit.png. Perform a paste in the note.")
	want := [][]string{{"dolor_sit.png"}, nil}
	if len(got) < 2 || !reflect.DeepEqual(got[len(got)-2:], want) {
		t.Fatalf("values %q, want the last two %q", got, want)
	}
}
