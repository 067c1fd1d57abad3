package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// A file list that titles every folder with the app's name (Markor's) shows which folder it
// is by the path line under its app bar: a move is shown by the note gone from the source
// folder's list and the destination folder shown, and never by another folder, titled the
// same, listing other files (E5, E6). App, folders and notes are this test's own.

const filesPkg = "org.example.mdfiles"

var folderMoveTask = "In the Mdfiles app, move the note plan_b.md from Work to Books."

// mdFolder is a folder's list: the app's name as its title, the path line, the files.
func mdFolder(name string, rows ...string) []trace.UIElement {
	path := judgetest.UI{Pkg: filesPkg, Text: "/storage/emulated/0/Documents/Mdfiles/" + name, Y1: 240, Y2: 290, X1: 40, X2: 1000}.Element()
	return append(judgetest.Page(filesPkg, "Mdfiles", rows...), path)
}

// moveTo is the folder picker over the list: its path line names the folder picked.
func moveTo(under []trace.UIElement, folder string) []trace.UIElement {
	return append(append([]trace.UIElement(nil), under...),
		judgetest.UI{Pkg: filesPkg, Text: "Move", Y1: 560, Y2: 640, X1: 116, X2: 964}.Element(),
		judgetest.UI{Pkg: filesPkg, Text: "/storage/emulated/0/Documents/Mdfiles/" + folder, Y1: 650, Y2: 710, X1: 116, X2: 964}.Element(),
		judgetest.UI{Pkg: filesPkg, Class: "android.widget.Button", Text: "Select", ID: "button1", Y1: 1800, Y2: 1920, X1: 700, X2: 964}.Element())
}

var tapSelect = judgetest.TapOn(700, 1800, 964, 1920)

func folderCases() []ruleCase {
	work := mdFolder("Work", "notes.md", "plan_b.md", "todo.md")
	return []ruleCase{
		{rule: "E5", hold: true, name: "moved through the picker: Work lists the next file in its place", task: folderMoveTask,
			steps: []act{{work, nil}, {moveTo(work, "Books"), tapSelect}, {mdFolder("Work", "notes.md", "todo.md"), nil}}, want: trace.RunSuccess},
		{rule: "E5", name: "copied: Work still lists it", task: folderMoveTask,
			steps: []act{{work, nil}, {moveTo(work, "Books"), tapSelect}, {work, nil}}, want: trace.RunFailure, cite: "F3"},
		{rule: "E5", name: "only the Books folder opened, listing its own files", task: folderMoveTask,
			steps: []act{{work, pressBack}, {mdFolder("Books", "reading.md", "quotes.md"), nil}}, want: trace.RunFailure, cite: "F4"},
	}
}

func TestMoveInFoldersTitledAlike(t *testing.T) {
	runRuleCases(t, folderCases())
}

// "At 14h" in a deletion says when the item is, not where: the item gone from its day's
// page is the deletion shown (E5), the hour being no page it must leave.
func TestDeletionAtAnHourIsReadOnItsDayPage(t *testing.T) {
	const planner = "org.example.planner"
	task := "In the Planner app, delete the calendar event on 2023-10-24 at 14h with the title 'Review session'"
	day := func(events ...string) []trace.UIElement {
		return judgetest.Page(planner, "Tue, October 24", events...)
	}
	runRuleCases(t, []ruleCase{
		{rule: "E5", hold: true, name: "the event gone from its day's page", task: task,
			steps: []act{{day("Meeting with Alice", "Review session"), nil}, {day("Meeting with Alice"), nil}}, want: trace.RunSuccess},
		{rule: "E5", name: "the event still listed", task: task,
			steps: []act{{day("Meeting with Alice", "Review session"), nil}, {day("Meeting with Alice", "Review session"), nil}}, want: trace.RunFailure, cite: "F3"},
	})
}
