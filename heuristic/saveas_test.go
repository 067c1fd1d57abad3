package heuristic

import (
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// A drawing app's "Save as" dialog names the file by the name typed and the file type
// picked, and saves it into the folder its path line shows: "sketch.png" in Pictures is the
// name "sketch" with PNG picked, OK tapped and the dialog gone with no error (E2, E3). The
// name typed with its extension beside another type picked is saved as "sketch.png.jpg";
// the path line shows where the file would go only once the dialog is committed (a path
// shown and then changed saves elsewhere); a dialog cancelled saves nothing. The task's
// first clause names nothing ("Create a new drawing") and its second names it: one result.
// App and names are this test's own.

const sketcher = "org.example.sketcher"

var drawTask = "Create a new drawing in the Sketcher app. Name it sketch_harbor.png. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area."

// canvasPage is the drawing app's canvas with its Save control.
func canvasPage() []trace.UIElement {
	return judgetest.Concat(judgetest.Page(sketcher, "Sketcher"), []trace.UIElement{
		judgetest.UI{Pkg: sketcher, Class: "android.widget.ImageButton", Desc: "Save", Y1: 140, Y2: 250, X1: 828, X2: 954}.Element(),
	})
}

// saveAs is the Save as dialog over the canvas: the folder's path, the name field and the
// file types, picked the one given.
func saveAs(folder, name, picked string) []trace.UIElement {
	els := judgetest.Concat(canvasPage(), []trace.UIElement{
		judgetest.UI{Pkg: sketcher, Text: "Save as", Y1: 700, Y2: 780, X1: 116, X2: 964}.Element(),
		judgetest.UI{Pkg: sketcher, Text: "/storage/emulated/0/" + folder, ID: "save_path", Y1: 890, Y2: 960, X1: 116, X2: 964}.Element(),
		judgetest.UI{Pkg: sketcher, Class: "android.widget.EditText", Text: name, Hint: "File name", ID: "save_filename", Editable: true, Y1: 1000, Y2: 1130, X1: 116, X2: 964}.Element(),
	})
	for i, t := range []string{"PNG", "SVG", "JPG"} {
		els = append(els, judgetest.UI{Pkg: sketcher, Class: "android.widget.RadioButton", Text: t, ID: "radio_" + strings.ToLower(t), Checkable: true, Checked: t == picked,
			Y1: 1170, Y2: 1270, X1: 116 + i*280, X2: 380 + i*280}.Element())
	}
	return append(els,
		judgetest.UI{Pkg: sketcher, Class: "android.widget.Button", Text: "Cancel", Y1: 1320, Y2: 1440, X1: 480, X2: 720}.Element(),
		judgetest.UI{Pkg: sketcher, Class: "android.widget.Button", Text: "OK", Y1: 1320, Y2: 1440, X1: 740, X2: 964}.Element())
}

var (
	tapSaveAs   = judgetest.TapOn(828, 140, 954, 250)
	tapOK       = judgetest.TapOn(740, 1320, 964, 1440)
	tapCancelAs = judgetest.TapOn(480, 1320, 720, 1440)
)

func saveAsCases() []ruleCase {
	saved := func(folder, name, picked string) []act {
		return []act{{canvasPage(), tapSaveAs}, {saveAs(folder, name, picked), tapOK}, {canvasPage(), nil}}
	}
	return []ruleCase{
		{rule: "E3", hold: true, name: "the name typed, PNG picked, OK in Pictures", task: drawTask,
			steps: saved("Pictures", "sketch_harbor", "PNG"), want: trace.RunSuccess},
		{rule: "E3", name: "the name typed with .png, JPG left picked: saved as sketch_harbor.png.jpg", task: drawTask,
			steps: saved("Pictures", "sketch_harbor.png", "JPG"), want: trace.RunFailure, cite: "F4"},
		{rule: "E3", name: "Pictures shown first, the folder changed to Download and saved there", task: drawTask,
			steps: []act{{canvasPage(), tapSaveAs}, {saveAs("Pictures", "", "PNG"), nil}, {saveAs("Download", "sketch_harbor", "PNG"), tapOK}, {canvasPage(), nil}},
			want:  trace.RunFailure, cite: "F4"},
		{rule: "E3", name: "the dialog filled and cancelled", task: drawTask,
			steps: []act{{canvasPage(), tapSaveAs}, {saveAs("Pictures", "sketch_harbor", "PNG"), tapCancelAs}, {canvasPage(), nil}}, want: trace.RunFailure, cite: "F2"},
	}
}

func TestSaveAsDialogNamesTheFileByNameAndType(t *testing.T) {
	runRuleCases(t, saveAsCases())
	subs := DeriveSubstates(drawTask, "")
	for _, n := range subs.Nodes {
		if sp := parseSpec(n.Content); n.Kind == "unit" && len(sp.Values) == 0 {
			t.Errorf("a substate naming nothing: %q", n.Content)
		}
		if strings.Contains(n.Content, "Pictures") {
			for _, v := range parseSpec(n.Content).Values {
				if strings.Contains(v.Text, "sdk_gphone") {
					t.Errorf("the storage area %q is required as a value of %q", v.Text, n.Content)
				}
			}
		}
	}
}

// On a screenshot a dialog's buttons side by side may be read as one line ("Cancel OK"):
// its question is still unanswered, and what it holds not committed.
func TestDialogButtonsReadAsOneLine(t *testing.T) {
	sc := &judge.Screen{OCR: true, Dialog: true, Elements: []judge.Element{
		{Text: "Save as"}, {Text: "dolor_sit"}, {Text: "PNG"}, {Text: "Cancel OK"},
	}}
	if msg := unanswered(sc); msg == "" {
		t.Error("a dialog whose buttons read as one line is taken for answered")
	}
}

// The system's save page ("Save to") titles the folder it saves into above the file's
// name: an export saved there is in that folder, and one saved where it opened (Music) is
// not in Downloads (E2). App and names are this test's own.
func TestSavePageTitlesItsFolder(t *testing.T) {
	const docs = "com.android.documentsui"
	task := `Create a playlist in the Sketcher app titled "Night Set", then export the playlist to the Downloads directory on the device.`
	savePage := func(folder string) []trace.UIElement {
		return judgetest.Concat(judgetest.Page(docs, folder, "Files in "+folder), []trace.UIElement{
			judgetest.UI{Pkg: docs, Class: "android.widget.EditText", Text: "Night Set.m3u", ID: "item_name", Editable: true, Y1: 2140, Y2: 2260, X1: 40, X2: 760}.Element(),
			judgetest.UI{Pkg: docs, Class: "android.widget.Button", Text: "SAVE", ID: "button1", Y1: 2140, Y2: 2260, X1: 800, X2: 1040}.Element(),
		})
	}
	playlist := judgetest.Page(sketcher, "Night Set", "2 Songs")
	tapSavePage := judgetest.TapOn(800, 2140, 1040, 2260)
	runRuleCases(t, []ruleCase{
		{rule: "E2", hold: true, name: "saved on the Downloads page", task: task,
			steps: []act{{playlist, nil}, {savePage("Music"), nil}, {savePage("Downloads"), tapSavePage}, {playlist, nil}}, want: trace.RunSuccess},
		{rule: "E2", name: "saved where the page opened, in Music", task: task,
			steps: []act{{playlist, nil}, {savePage("Music"), tapSavePage}, {playlist, nil}}, want: trace.RunFailure, cite: "F4"},
	})
}
