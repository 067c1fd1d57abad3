package judge

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/trace"
)

func TestDescribeXML(t *testing.T) {
	x := `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
<node text="" resource-id="" class="android.widget.FrameLayout" package="com.google.android.deskclock" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focused="false" password="false" selected="false" bounds="[0,0][1080,1920]">
 <node text="" resource-id="" class="android.widget.LinearLayout" package="com.google.android.deskclock" content-desc="" bounds="[0,0][1080,1920]">
  <node text="7:30 AM" resource-id="com.google.android.deskclock:id/digital_clock" class="android.widget.TextView" package="com.google.android.deskclock" content-desc="" bounds="[40,400][600,500]"/>
  <node text="" resource-id="com.google.android.deskclock:id/onoff" class="android.widget.Switch" package="com.google.android.deskclock" content-desc="Alarm 7:30" checkable="true" checked="true" clickable="true" enabled="true" bounds="[800,400][1000,500]"/>
  <node text="Alarm" resource-id="" class="android.widget.TextView" package="com.google.android.deskclock" content-desc="" selected="true" bounds="[0,100][270,200]"/>
  <node text="wake up" resource-id="com.google.android.deskclock:id/label" class="android.widget.EditText" package="com.google.android.deskclock" content-desc="" focused="true" bounds="[40,600][1000,700]"/>
  <node text="Delete" resource-id="" class="android.widget.Button" package="com.google.android.deskclock" content-desc="" enabled="false" bounds="[40,800][300,900]"/>
 </node>
 <node text="" resource-id="" class="android.widget.FrameLayout" package="com.android.systemui" bounds="[0,0][1080,60]"/>
 <node text="12:00" resource-id="com.android.systemui:id/clock" class="android.widget.TextView" package="com.android.systemui" bounds="[0,0][100,60]"/>
</node></hierarchy>`
	sc, err := parseUIXML([]byte(x))
	if err != nil {
		t.Fatal(err)
	}
	sc.setActivity("com.google.android.deskclock/.DeskClock")
	got := sc.render()
	want := `App package: com.google.android.deskclock
Activity: com.google.android.deskclock/.DeskClock
Page title: "Alarm"
Screen elements, top to bottom (5):
- TextView "Alarm" [selected] at (0,100)-(270,200)
- TextView "7:30 AM" id digital_clock at (40,400)-(600,500)
- Switch desc "Alarm 7:30" id onoff [checked/on] at (800,400)-(1000,500)
- EditText typed: "wake up" id label [focused] at (40,600)-(1000,700)
- Button "Delete" [disabled] at (40,800)-(300,900)
System UI (status bar, notifications; not part of the app) (1):
- TextView "12:00" id clock at (0,0)-(100,60)
`
	if got != want {
		t.Fatalf("description:\n%s\nwant:\n%s", got, want)
	}
}

func TestDescribeElements(t *testing.T) {
	els := []trace.UIElement{
		{ClassName: "android.widget.EditText", IsEditable: true, HintText: "Phone", IsEnabled: true, IsClickable: true, PackageName: "com.google.android.contacts",
			BBoxPixels: &trace.BBox{XMin: 0, XMax: 1080, YMin: 900, YMax: 1000}},
		{ClassName: "android.widget.EditText", IsEditable: true, Text: "Amir", HintText: "First name", IsEnabled: true, PackageName: "com.google.android.contacts",
			BBoxPixels: &trace.BBox{XMin: 0, XMax: 1080, YMin: 500, YMax: 600}},
		{ClassName: "android.widget.FrameLayout", PackageName: "com.google.android.contacts"},
		{ClassName: "android.widget.TextView", Text: "Create contact", PackageName: "com.google.android.contacts",
			BBoxPixels: &trace.BBox{XMin: 0, XMax: 600, YMin: 100, YMax: 200}},
	}
	got := fromElements(els).render()
	want := `App package: com.google.android.contacts (from the largest window)
Page title: "Create contact"
Screen elements, top to bottom (3):
- TextView "Create contact" at (0,100)-(600,200)
- EditText typed: "Amir" hint "First name" at (0,500)-(1080,600)
- EditText field empty hint "Phone" at (0,900)-(1080,1000)
`
	if got != want {
		t.Fatalf("description:\n%s\nwant:\n%s", got, want)
	}
}

// TestDescribeXMLHint: a dump that writes hints (newer uiautomator) shows them, and an
// empty field whose text is its hint reads as empty, as with AndroidWorld elements.
func TestDescribeXMLHint(t *testing.T) {
	x := `<hierarchy rotation="0"><node class="android.widget.EditText" package="com.x" text="Search" hint="Search" bounds="[0,0][100,50]"/>` +
		`<node class="android.widget.EditText" package="com.x" text="milk" hint="Item" bounds="[0,60][100,110]"/></hierarchy>`
	sc, err := parseUIXML([]byte(x))
	if err != nil {
		t.Fatal(err)
	}
	want := `App package: com.x (from the largest window)
Screen elements, top to bottom (2):
- EditText field empty hint "Search" at (0,0)-(100,50)
- EditText typed: "milk" hint "Item" at (0,60)-(100,110)
`
	if got := sc.render(); got != want {
		t.Fatalf("description:\n%s\nwant:\n%s", got, want)
	}
}

func TestDescribeBadXML(t *testing.T) {
	for _, x := range []string{"", "<hierarchy>", "<hierarchy></hierarchy>", "<hierarchy><node text='a'", "not xml at all <<<"} {
		if _, err := parseUIXML([]byte(x)); err == nil {
			t.Errorf("%q accepted", x)
		}
	}
}

// TestDescribeBrokenTree: a dump whose end tags do not match its start tags was once
// read leniently; the shared parser rejects it, since its tree cannot be trusted.
func TestDescribeBrokenTree(t *testing.T) {
	_, err := parseUIXML([]byte(`<hierarchy><node text="a"></hierarchy>`))
	if err == nil || !strings.Contains(err.Error(), "<node> closed by </hierarchy>") {
		t.Fatalf("got %v", err)
	}
}

func FuzzParseUIXML(f *testing.F) {
	f.Add([]byte(judgetest.ScreenXML("com.x", "a", "switch:b=on")))
	f.Add([]byte(`<hierarchy><node bounds="[1,2][3"/></hierarchy>`))
	f.Add([]byte(`<hierarchy><node text="&#0;" bounds="[-1,-2][x,y]"/></hierarchy>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := parseUIXML(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		a, b := sc.render(), sc.render()
		if a != b {
			t.Fatal("render is not deterministic")
		}
	})
}

// TestDescribeLlamaTouch describes every real uiautomator dump: each parses, names the
// foreground package and lists elements; no description carries empty layout containers.
func TestDescribeLlamaTouch(t *testing.T) {
	root := testenv.SharedData(t, "traces/llamatouch")
	files, _ := filepath.Glob(filepath.Join(root, "*", "*.xml"))
	if len(files) == 0 {
		t.Fatalf("no UI dumps in %s", root)
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := parseUIXML(data)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		d := sc.render()
		if sc.Package == "" || len(sc.Elements) == 0 {
			t.Fatalf("%s: no package or no elements:\n%s", p, d)
		}
		if strings.Contains(d, "- FrameLayout at") || strings.Contains(d, "- LinearLayout at") {
			t.Fatalf("%s: empty layout container kept:\n%s", p, d)
		}
		if len(d) > len(data) {
			t.Fatalf("%s: description (%d bytes) longer than the XML (%d)", p, len(d), len(data))
		}
	}
}

func TestCaptureBothAndMissingSources(t *testing.T) {
	tr := judgetest.WriteTrace(t, "Open the Clock app", judgetest.ClockScreens()[1])
	tr.Frames[0].ImageData = tinyPNG(t, 7)
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) { return "A clock with a Timer tab.", nil }}
	c := &capturer{mode: CaptureBoth, model: m}
	got, err := c.capture(context.Background(), tr, &tr.Frames[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got.Desc, "From the UI hierarchy:\nApp package: com.google.android.deskclock") ||
		!strings.Contains(got.Desc, "From the screenshot:\nA clock with a Timer tab.") || got.Usage.Calls != 1 {
		t.Fatalf("both: %q usage %+v", got.Desc, got.Usage)
	}
	// xml mode on a frame without a hierarchy: skipped with a reason, not a failure.
	bare := &trace.Trace{Dir: t.TempDir(), Frames: []trace.Frame{{Index: 4, ImageData: tinyPNG(t, 1)}}}
	got, err = (&capturer{mode: CaptureXML}).capture(context.Background(), bare, &bare.Frames[0])
	if err != nil || !strings.Contains(got.Skip, "frame 4 has no UI XML") {
		t.Fatalf("xml without hierarchy: %+v %v", got, err)
	}
	// vision without a model is a configuration error.
	if _, err := (&capturer{mode: CaptureVision}).capture(context.Background(), bare, &bare.Frames[0]); err == nil {
		t.Fatal("vision without a model accepted")
	}
}

// Item 1, other sources: the activity names the app outright; without one, the largest
// window that is neither the keyboard nor the system UI is the app.
func TestForegroundFromActivityAndLargestWindow(t *testing.T) {
	const a, b = "org.example.atlas", "org.example.banner"
	els := judgetest.Concat(judgetest.StatusBar(),
		[]trace.UIElement{
			judgetest.UI{Pkg: a, Class: "android.widget.FrameLayout", Y1: 120, Y2: 2300}.Element(),
			judgetest.UI{Pkg: a, Text: "Atlas", Y1: 150, Y2: 230}.Element(),
			judgetest.UI{Pkg: b, Text: "Banner one", Y1: 2300, Y2: 2400, X2: 300}.Element(),
			judgetest.UI{Pkg: b, Text: "Banner two", Y1: 2300, Y2: 2400, X1: 300, X2: 600}.Element(),
			judgetest.UI{Pkg: b, Text: "Banner three", Y1: 2300, Y2: 2400, X1: 600, X2: 900}.Element(),
		})
	sc := fromElements(els)
	if sc.Package != a || sc.PackageFrom != "largest window" {
		t.Fatalf("largest window: %s (%s)", sc.Package, sc.PackageFrom)
	}
	sc.setActivity(b + "/.Main")
	if sc.Package != b || sc.PackageFrom != "activity" {
		t.Fatalf("activity: %s (%s)", sc.Package, sc.PackageFrom)
	}
	// The notification shade alone on screen: the system UI is what is in front.
	shade := fromElements(judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: "com.android.systemui", Class: "android.widget.Switch", Text: "On", Desc: "Flashlight", Checkable: true, Checked: true, Y1: 130, Y2: 280}.Element()}))
	if shade.Package != "com.android.systemui" {
		t.Fatalf("shade: %s", shade.Package)
	}
}

// Item 2: a search query the agent typed is marked, and so is a search box's content.
func TestSearchQueryMarked(t *testing.T) {
	sc := fromElements([]trace.UIElement{
		judgetest.UI{Pkg: "org.example.atlas", Class: "android.widget.EditText", Text: "harbour", Hint: "Search places", Editable: true, Y1: 150, Y2: 260}.Element(),
	})
	if sc.Elements[0].Mark != MarkSearch || sc.IsContent(sc.Elements[0]) {
		t.Fatalf("search query not marked: %+v", sc.Elements[0])
	}
}

// The page's title is the first plain text of the app bar or the header under it: a day
// view's date ("Fri, October 27", under an app bar of icons only) starts some 300 px down on
// a 1080 px wide phone. A dump without the navigation bar ends well above the screen's
// bottom (here at 2295 px), and an eighth of that cut the header off: the page had no title,
// every page of the app read as one, and "delete all the events on October 27" never saw its
// day's page emptied. A text half way down the screen is still no title.
func TestTitleIsTheHeaderUnderAnIconAppBar(t *testing.T) {
	pkg := "com.simplemobiletools.calendar.pro"
	el := func(class, text, desc string, y1, y2 int) trace.UIElement {
		return trace.UIElement{ClassName: class, Text: text, ContentDescription: desc, PackageName: pkg, IsEnabled: true,
			BBoxPixels: &trace.BBox{XMin: 147, XMax: 933, YMin: float64(y1), YMax: float64(y2)}}
	}
	page := func(header int) []trace.UIElement {
		return []trace.UIElement{
			el("android.widget.ImageButton", "", "Navigate up", 138, 285),
			{ClassName: "android.widget.TextView", ContentDescription: "Search", PackageName: pkg, IsEnabled: true, IsClickable: true,
				BBoxPixels: &trace.BBox{XMin: 954, XMax: 1080, YMin: 148, YMax: 274}},
			el("android.widget.TextView", "Fri, October 27", "", header, header+142),
			el("android.widget.TextView", "No events", "", 700, 780),
			el("android.widget.ImageButton", "", "New event", 2148, 2295),
		}
	}
	if got := fromElements(page(296)).Title; got != "Fri, October 27" {
		t.Errorf("title %q, want the day's header", got)
	}
	if got := fromElements(page(1100)).Title; got != "" {
		t.Errorf("title %q: a text half way down is no title", got)
	}
}
