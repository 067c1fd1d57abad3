package judge

import (
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// A page's title is the first text of the app's own in its top region: the app bar, or the
// header under an app bar of icons (a day view's date ~300 px down a 1080 px wide phone whose
// lowest element ends at 2295 px). Text half way down, a button's, a field's, the system's and
// digits alone are no title.

// titled is a calendar's page: an app bar of icons (up, search), the given element, the
// day's empty list and a floating button whose bottom is the lowest edge (2295 px).
func titled(extra ...trace.UIElement) []trace.UIElement {
	const pkg = "org.example.diary"
	box := func(x1, x2, y1, y2 int) *trace.BBox {
		return &trace.BBox{XMin: float64(x1), XMax: float64(x2), YMin: float64(y1), YMax: float64(y2)}
	}
	els := []trace.UIElement{
		{ClassName: "android.widget.ImageButton", ContentDescription: "Navigate up", PackageName: pkg, IsEnabled: true, IsClickable: true, BBoxPixels: box(0, 147, 138, 285)},
		{ClassName: "android.widget.TextView", ContentDescription: "Search", PackageName: pkg, IsEnabled: true, IsClickable: true, BBoxPixels: box(954, 1080, 148, 274)},
	}
	els = append(els, extra...)
	return append(els,
		trace.UIElement{ClassName: "android.widget.TextView", Text: "No events", PackageName: "org.example.diary", IsEnabled: true, BBoxPixels: box(147, 933, 1200, 1280)},
		trace.UIElement{ClassName: "android.widget.ImageButton", ContentDescription: "New event", PackageName: "org.example.diary", IsEnabled: true, BBoxPixels: box(900, 1040, 2148, 2295)})
}

func textAt(class, pkg, text string, y1 int) trace.UIElement {
	return trace.UIElement{ClassName: class, Text: text, PackageName: pkg, IsEnabled: true, IsEditable: class == "android.widget.EditText",
		BBoxPixels: &trace.BBox{XMin: 147, XMax: 933, YMin: float64(y1), YMax: float64(y1 + 100)}}
}

func TestPageTitleUnderAnIconAppBar(t *testing.T) {
	const pkg = "org.example.diary"
	for _, c := range []struct {
		name string
		el   trace.UIElement
		want string
	}{
		{"the header ~300 px down", textAt("android.widget.TextView", pkg, "Fri, October 27", 296), "Fri, October 27"},
		{"the header at the region's edge (three tenths of the width)", textAt("android.widget.TextView", pkg, "Fri, October 27", 320), "Fri, October 27"},
		{"text just below the region", textAt("android.widget.TextView", pkg, "Fri, October 27", 400), ""},
		{"text half way down", textAt("android.widget.TextView", pkg, "Fri, October 27", 1100), ""},
		{"a button's label", textAt("android.widget.Button", pkg, "Today", 296), ""},
		{"a field's text", textAt("android.widget.EditText", pkg, "Dentist", 296), ""},
		{"digits alone", textAt("android.widget.TextView", pkg, "27", 296), ""},
		{"another package's text", textAt("android.widget.TextView", "org.example.other", "Fri, October 27", 296), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := fromElements(titled(c.el)).Title; got != c.want {
				t.Errorf("title %q, want %q", got, c.want)
			}
		})
	}
}
