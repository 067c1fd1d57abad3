package judge

import (
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// Screens the describer read wrong: the title region (describe.go pageTitle) and a
// permission prompt by its words (ocrlayout.go permissionWords). Each test states the right
// reading; all three are fixed and run (fixedBug, each failed before).

// fixedBug marks a test of a bug fixed since: it runs, its text saying what was wrong.
func fixedBug(t *testing.T, what string) { t.Helper() }

func TestBugAListsFirstRowUnderAnIconAppBarIsNoTitle(t *testing.T) {
	fixedBug(t, `a notes list under an app bar of icons alone (its title element empty, 150-230 px) whose first row "Groceries" is at 300-420 px on a 1080x2400 screen: `+
		`pageTitle returns "Groceries", the first row, since the title region reaches three tenths of the width (324 px); deleting that row then changes the page's `+
		`title, and the heuristic judges "Delete the note Groceries in the Jotter app." a failure [F4] (heuristic TestBugDeletingTheFirstRowUnderAnIconAppBar)`)
	const pkg = "org.example.jotter"
	el := func(class, text, id string, y1, y2 int) trace.UIElement {
		return trace.UIElement{ClassName: class, Text: text, ResourceName: id, PackageName: pkg, IsEnabled: true,
			BBoxPixels: &trace.BBox{XMin: 40, XMax: 900, YMin: float64(y1), YMax: float64(y2)}}
	}
	page := []trace.UIElement{
		el("android.widget.TextView", "", "", 150, 230),
		el("android.widget.TextView", "Groceries", pkg+":id/row_name", 300, 420),
		el("android.widget.TextView", "Packing", pkg+":id/row_name", 450, 570),
		el("android.widget.TextView", "Ideas", pkg+":id/row_name", 600, 720),
		el("android.widget.FrameLayout", "", "", 120, 2400),
	}
	if got := fromElements(page).Title; got != "" {
		t.Errorf("title %q: a list's first row is no title", got)
	}
}

func TestBugTextHalfWayDownALandscapeScreenIsNoTitle(t *testing.T) {
	fixedBug(t, `a landscape screen 2400 px wide and 1080 px tall, an app bar of icons and a text at 540-620 px (half way down): pageTitle returns that text, `+
		`the region being three tenths of the width (720 px), two thirds of the height`)
	const pkg = "org.example.diary"
	box := func(x1, x2, y1, y2 int) *trace.BBox {
		return &trace.BBox{XMin: float64(x1), XMax: float64(x2), YMin: float64(y1), YMax: float64(y2)}
	}
	page := []trace.UIElement{
		{ClassName: "android.widget.ImageButton", ContentDescription: "Navigate up", PackageName: pkg, IsEnabled: true, IsClickable: true, BBoxPixels: box(0, 147, 20, 140)},
		{ClassName: "android.widget.TextView", Text: "No events", PackageName: pkg, IsEnabled: true, BBoxPixels: box(900, 1500, 540, 620)},
		{ClassName: "android.widget.ImageButton", ContentDescription: "New event", PackageName: pkg, IsEnabled: true, BBoxPixels: box(2200, 2400, 900, 1080)},
	}
	if got := fromElements(page).Title; got != "" {
		t.Errorf("title %q: text half way down is no title", got)
	}
}

func TestBugAnAppsAllowDialogIsNoPermissionPrompt(t *testing.T) {
	fixedBug(t, `a screenshot of an app's own dialog "Allow backups over mobile data?" with the buttons "Allow" and "Deny" (drawn as TestOCRPermissionPromptWordsAndNearMisses `+
		`draws) reads as the system's permission prompt in front: permissionWords takes any line starting "Allow " for the question, not "Allow <app> to ..."`)
	if drawnPrompt(t, []string{"Allow backups over mobile data?", "Allow", "Deny"}) {
		t.Error("an app's own dialog read as the system's permission prompt")
	}
}
