package judge

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// What a tap on a form's control does, by what the control says it is.
func TestFormControls(t *testing.T) {
	const app = "org.example.forms"
	cases := []struct {
		control judgetest.UI
		dialog  bool
		want    string
	}{
		{judgetest.UI{Class: "android.widget.Button", Text: "Save"}, false, actSubmit},
		{judgetest.UI{Class: "android.widget.Button", Text: "Save and close"}, false, actSubmit},
		{judgetest.UI{Class: "android.widget.Button", Text: "Create event"}, false, actSubmit},
		{judgetest.UI{Class: "android.widget.Button", Text: "OK"}, false, actSubmit},
		{judgetest.UI{Class: "android.widget.Button", Text: "Add"}, false, actSubmit},
		{judgetest.UI{Class: "android.widget.ImageButton", Desc: "Done"}, false, actSubmit},
		{judgetest.UI{Class: "android.widget.ImageButton", ID: "fab_confirm"}, false, actSubmit},
		{judgetest.UI{Class: "android.widget.Button", Text: "Add photo"}, false, actLeave},
		{judgetest.UI{Class: "android.widget.Button", Text: "Don't save"}, false, actLeave},
		{judgetest.UI{Class: "android.widget.Button", Text: "OK, discard"}, false, actLeave},
		{judgetest.UI{Class: "android.widget.ImageButton", Desc: "Navigate up"}, false, actLeave},
		{judgetest.UI{Class: "android.widget.ImageButton", ID: "btn_cancel"}, false, actLeave},
		{judgetest.UI{Class: "android.widget.TextView", Text: "Reminders"}, false, actLeave},
		{judgetest.UI{Class: "android.widget.EditText", Text: "Save the date", Hint: "Title", Editable: true}, false, actLeave},
		{judgetest.UI{Class: "android.widget.Button", Text: "Save"}, true, actSubmit},
		{judgetest.UI{Class: "android.widget.Button", Text: "OK"}, true, actLeave},
		{judgetest.UI{Class: "android.widget.Button", Text: "Discard"}, true, actLeave},
	}
	for _, c := range cases {
		c.control.Pkg, c.control.Y1, c.control.Y2, c.control.X1, c.control.X2 = app, 1000, 1150, 300, 700
		sc := fromElements([]trace.UIElement{
			judgetest.UI{Pkg: app, Class: "android.widget.FrameLayout", Y1: 0, Y2: judgetest.ScreenH}.Element(),
			c.control.Element()})
		got := classifyAct(judgetest.TapOn(300, 1000, 700, 1150), sc, c.dialog)
		if got.Kind != c.want {
			t.Errorf("%+v (dialog %v): %s (%s), want %s", c.control, c.dialog, got.Kind, got.What, c.want)
		}
	}
	// A tap where no control names itself says nothing either way.
	sc := fromElements([]trace.UIElement{judgetest.UI{Pkg: app, Text: "Title", Y1: 100, Y2: 200}.Element()})
	if got := classifyAct(judgetest.TapOn(0, 1000, 100, 1100), sc, false); got.Kind != actUnknown {
		t.Errorf("a tap on nothing: %+v", got)
	}
}
