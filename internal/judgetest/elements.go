package judgetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// ScreenW and ScreenH are the synthetic screen's size.
const ScreenW, ScreenH = 1080, 2400

// UI is a compact element for tests.
type UI struct {
	Pkg, Class, Text, Desc, ID, Hint string
	Y1, Y2, X1, X2                   int
	Editable, Checkable, Checked     bool
	Focused                          bool
}

// Element is the element u describes: a TextView unless told, clickable and enabled,
// spanning to the screen's right edge unless X2 is given, its id under its package.
func (u UI) Element() trace.UIElement {
	class := u.Class
	if class == "" {
		class = "android.widget.TextView"
	}
	x2 := u.X2
	if x2 == 0 {
		x2 = ScreenW
	}
	id := u.ID
	if id != "" && !strings.Contains(id, ":id/") {
		id = u.Pkg + ":id/" + id
	}
	return trace.UIElement{Text: u.Text, ContentDescription: u.Desc, ClassName: class, ResourceName: id, HintText: u.Hint,
		PackageName: u.Pkg, IsEditable: u.Editable, IsCheckable: u.Checkable, IsChecked: u.Checked, IsFocused: u.Focused,
		IsEnabled: true, IsClickable: true,
		BBoxPixels: &trace.BBox{XMin: float64(u.X1), XMax: float64(x2), YMin: float64(u.Y1), YMax: float64(u.Y2)}}
}

// StatusBar is the system UI's status bar, with a notification icon.
func StatusBar() []trace.UIElement {
	return []trace.UIElement{
		UI{Pkg: "com.android.systemui", Text: "9:41", ID: "clock", Y1: 0, Y2: 120, X2: 150}.Element(),
		UI{Pkg: "com.android.systemui", Class: "android.widget.ImageView", Desc: "Reminders notification: water the plants", Y1: 0, Y2: 120, X1: 160, X2: 220}.Element(),
		UI{Pkg: "com.android.systemui", Class: "android.widget.LinearLayout", Desc: "Battery 80 percent.", ID: "battery", Y1: 0, Y2: 120, X1: 980}.Element(),
	}
}

// Page is an app page: the status bar, a title in the app bar and rows of a list sharing
// one resource id, as list items do.
func Page(pkg, title string, rows ...string) []trace.UIElement {
	els := StatusBar()
	els = append(els, UI{Pkg: pkg, Class: "android.widget.FrameLayout", Y1: 120, Y2: ScreenH}.Element())
	els = append(els, UI{Pkg: pkg, Text: title, Y1: 150, Y2: 230, X1: 40, X2: 700}.Element())
	for i, r := range rows {
		y := 300 + i*150
		els = append(els, UI{Pkg: pkg, Text: r, ID: "row_name", Y1: y, Y2: y + 120, X1: 40, X2: 900}.Element())
	}
	return els
}

// Keyboard is an input method over the bottom half: many keys (more elements than most
// app pages) and any extra suggestion chips.
func Keyboard(chips ...UI) []trace.UIElement {
	const ime = "org.example.inputmethod.keys"
	var els []trace.UIElement
	for i, k := range "qwertyuiopasdfghjklzxcvbnm" {
		y := 1700 + (i/10)*150
		x := (i % 10) * 108
		els = append(els, UI{Pkg: ime, Class: "android.widget.FrameLayout", Desc: string(k), ID: fmt.Sprintf("key_pos_%d", i), Y1: y, Y2: y + 140, X1: x, X2: x + 100}.Element())
	}
	els = append(els, UI{Pkg: ime, Class: "android.widget.FrameLayout", Desc: "Space", ID: "key_pos_space", Y1: 2150, Y2: 2290, X1: 300, X2: 800}.Element())
	for _, c := range chips {
		c.Pkg = ime
		els = append(els, c.Element())
	}
	return els
}

// ElementsTrace is a trace of element frames; the last frame's action may be an answer.
func ElementsTrace(t testing.TB, task string, frames ...[]trace.UIElement) *trace.Trace {
	t.Helper()
	tr := &trace.Trace{Version: 1, Task: task, Dir: t.TempDir(), Status: trace.StatusCompleted}
	for i, f := range frames {
		tr.Frames = append(tr.Frames, trace.Frame{Index: i + 1, ElementsData: f})
	}
	return tr
}

// Concat joins element lists into one frame.
func Concat(parts ...[]trace.UIElement) []trace.UIElement {
	var out []trace.UIElement
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// TapOn is a tap at the centre of a box, as importers record taps on an element.
func TapOn(x1, y1, x2, y2 int) *trace.Action {
	x, y := float64(x1+x2)/2, float64(y1+y2)/2
	return &trace.Action{Type: "tap", X: &x, Y: &y}
}
