// Command gen renders the bundled example trace examples/clock-alarm: a SYNTHETIC run of
// "Open the Clock app and set an alarm for 7:30 AM", drawn by this program (no device, no
// real app). Each frame is a simple phone-like PNG plus a uiautomator-style XML dump built
// from the same widget list, so the picture and the XML always agree.
//
//	go generate ./examples/...      (or: go run ./examples/gen -out examples/clock-alarm)
//
// The output is deterministic; TestGeneratedExampleIsCurrent fails when the committed files
// differ from what this program writes.
package main

//go:generate go run . -out ../clock-alarm

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/autoeval/autoeval/trace"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

const (
	width, height = 540, 1200
	clockPkg      = "com.google.android.deskclock"
	launcherPkg   = "com.google.android.apps.nexuslauncher"
	task          = "Open the Clock app and set an alarm for 7:30 AM"
)

// widget is one on-screen element: drawn into the PNG and written as an XML node.
type widget struct {
	kind      string // text, button, icon, switch, tab, fab, panel, dial
	text      string
	desc      string // content-desc
	id        string // resource-id suffix
	class     string
	pkg       string
	r         image.Rectangle
	scale     int // text scale (basicfont is 7x13 pixels)
	checkable bool
	checked   bool
	selected  bool
	clickable bool
	fg, bg    color.RGBA
}

type frame struct {
	activity string
	pkg      string
	widgets  []widget
	action   *trace.Action
}

var (
	white    = color.RGBA{255, 255, 255, 255}
	bgDark   = color.RGBA{32, 33, 36, 255}
	surface  = color.RGBA{48, 49, 54, 255}
	accent   = color.RGBA{138, 180, 248, 255}
	grey     = color.RGBA{154, 160, 166, 255}
	onAccent = color.RGBA{32, 33, 36, 255}
	wallpap  = color.RGBA{40, 70, 110, 255}
	banner   = color.RGBA{200, 40, 40, 255}
)

func main() {
	out := flag.String("out", "examples/clock-alarm", "directory to write the example trace into (replaced)")
	flag.Parse()
	if err := generate(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func f64(v float64) *float64 { return &v }

func frames() []frame {
	statusBar := func(pkg string) []widget {
		return []widget{{kind: "text", text: "7:02", class: "android.widget.TextView", pkg: "com.android.systemui", id: "com.android.systemui:id/clock",
			r: image.Rect(16, 8, 120, 40), scale: 2, fg: white}}
	}
	appIcon := func(name string, col, row int) widget {
		x, y := 30+col*125, 700+row*170
		return widget{kind: "icon", text: name, desc: name, class: "android.widget.TextView", pkg: launcherPkg, clickable: true,
			r: image.Rect(x, y, x+105, y+150), scale: 2, fg: white, bg: accent}
	}
	clockTabs := func() []widget {
		var ws []widget
		for i, name := range []string{"Alarm", "Clock", "Timer", "Stopwatch"} {
			x := i * (width / 4)
			ws = append(ws, widget{kind: "tab", text: name, desc: name, class: "android.widget.TextView", pkg: clockPkg,
				id: clockPkg + ":id/tab_" + strings.ToLower(name), clickable: true, selected: i == 0,
				r: image.Rect(x, 1080, x+width/4, 1160), scale: 2, fg: white, bg: surface})
		}
		return ws
	}
	alarmRow := func(y int, timeText, label string, on bool) []widget {
		state := "Off"
		if on {
			state = "On"
		}
		return []widget{
			{kind: "panel", class: "android.view.ViewGroup", pkg: clockPkg, id: clockPkg + ":id/alarm_item", clickable: true,
				r: image.Rect(16, y, width-16, y+150), bg: surface},
			{kind: "text", text: timeText, class: "android.widget.TextView", pkg: clockPkg, id: clockPkg + ":id/digital_clock",
				r: image.Rect(40, y+20, 330, y+90), scale: 4, fg: white},
			{kind: "text", text: label, class: "android.widget.TextView", pkg: clockPkg, id: clockPkg + ":id/days_of_week",
				r: image.Rect(40, y+100, 330, y+135), scale: 2, fg: grey},
			{kind: "switch", text: state, desc: timeText + " alarm", class: "android.widget.Switch", pkg: clockPkg, id: clockPkg + ":id/onoff",
				checkable: true, checked: on, clickable: true, r: image.Rect(width-130, y+45, width-40, y+95), scale: 2, fg: white},
		}
	}
	clockHeader := []widget{
		{kind: "text", text: "Alarm", class: "android.widget.TextView", pkg: clockPkg, id: clockPkg + ":id/action_bar_title",
			r: image.Rect(24, 60, 300, 120), scale: 4, fg: white},
	}
	fab := widget{kind: "fab", text: "+", desc: "Add alarm", class: "android.widget.ImageButton", pkg: clockPkg, id: clockPkg + ":id/fab",
		clickable: true, r: image.Rect(width/2-50, 950, width/2+50, 1050), scale: 5, fg: onAccent, bg: accent}
	picker := func(hour, minute string, minutesMode bool) []widget {
		ws := []widget{
			{kind: "panel", class: "android.widget.FrameLayout", pkg: clockPkg, id: clockPkg + ":id/time_picker_dialog",
				r: image.Rect(30, 180, width-30, 1000), bg: surface},
			{kind: "text", text: "Select time", class: "android.widget.TextView", pkg: clockPkg, id: clockPkg + ":id/header_title",
				r: image.Rect(60, 210, 400, 250), scale: 2, fg: grey},
			{kind: "button", text: hour, desc: hour + " hours", class: "android.widget.TextView", pkg: clockPkg, id: clockPkg + ":id/hours",
				clickable: true, selected: !minutesMode, r: image.Rect(70, 270, 190, 370), scale: 6, fg: white, bg: bgDark},
			{kind: "text", text: ":", class: "android.widget.TextView", pkg: clockPkg, r: image.Rect(195, 270, 225, 370), scale: 6, fg: white},
			{kind: "button", text: minute, desc: minute + " minutes", class: "android.widget.TextView", pkg: clockPkg, id: clockPkg + ":id/minutes",
				clickable: true, selected: minutesMode, r: image.Rect(230, 270, 350, 370), scale: 6, fg: white, bg: bgDark},
			{kind: "button", text: "AM", class: "android.widget.RadioButton", pkg: clockPkg, id: clockPkg + ":id/am_label",
				checkable: true, checked: true, clickable: true, r: image.Rect(380, 270, 480, 315), scale: 2, fg: onAccent, bg: accent},
			{kind: "button", text: "PM", class: "android.widget.RadioButton", pkg: clockPkg, id: clockPkg + ":id/pm_label",
				checkable: true, clickable: true, r: image.Rect(380, 325, 480, 370), scale: 2, fg: white, bg: bgDark},
		}
		// A clock dial drawn as a ring of numbers.
		labels := []string{"12", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}
		if minutesMode {
			labels = []string{"00", "05", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55"}
		}
		cx, cy, rad := width/2, 650, 200
		for i, l := range labels {
			x, y := dialPos(cx, cy, rad, i)
			sel := (!minutesMode && l == strings.TrimLeft(hour, "0")) || (minutesMode && l == minute)
			w := widget{kind: "dial", text: l, class: "android.widget.TextView", pkg: clockPkg, clickable: true, selected: sel,
				r: image.Rect(x-30, y-25, x+30, y+25), scale: 2, fg: white}
			if sel {
				w.bg, w.fg = accent, onAccent
			}
			ws = append(ws, w)
		}
		ws = append(ws,
			widget{kind: "button", text: "Cancel", class: "android.widget.Button", pkg: clockPkg, id: "android:id/button2",
				clickable: true, r: image.Rect(220, 910, 340, 970), scale: 2, fg: accent},
			widget{kind: "button", text: "OK", class: "android.widget.Button", pkg: clockPkg, id: "android:id/button1",
				clickable: true, r: image.Rect(380, 910, 480, 970), scale: 2, fg: accent},
		)
		return ws
	}
	var fs []frame
	// 1. Home screen.
	home := statusBar(launcherPkg)
	home = append(home, widget{kind: "text", text: "Sunday, November 22", class: "android.widget.TextView", pkg: launcherPkg,
		id: launcherPkg + ":id/date", r: image.Rect(30, 120, 500, 170), scale: 3, fg: white})
	for i, name := range []string{"Phone", "Messages", "Chrome", "Camera", "Clock", "Settings", "Photos", "Files"} {
		home = append(home, appIcon(name, i%4, i/4))
	}
	clockIcon := home[len(home)-4].r
	fs = append(fs, frame{activity: launcherPkg + "/.NexusLauncherActivity", pkg: launcherPkg, widgets: home,
		action: &trace.Action{Type: "tap", X: f64(float64(clockIcon.Min.X+clockIcon.Max.X) / 2), Y: f64(float64(clockIcon.Min.Y+clockIcon.Max.Y) / 2), Raw: "tap Clock"}})
	// 2. Clock app, alarm list with one existing alarm (off).
	list := append(append(append(statusBar(clockPkg), clockHeader...), alarmRow(160, "6:00 AM", "Mon, Tue, Wed, Thu, Fri", false)...), clockTabs()...)
	list = append(list, fab)
	fs = append(fs, frame{activity: clockPkg + "/com.android.deskclock.DeskClock", pkg: clockPkg, widgets: list,
		action: &trace.Action{Type: "tap", X: f64(width / 2), Y: f64(1000), Raw: "tap Add alarm"}})
	// 3. Time picker: hour 7 chosen, switching to minutes.
	h7x, h7y := dialPos(width/2, 650, 200, 7)
	fs = append(fs, frame{activity: clockPkg + "/com.android.deskclock.DeskClock", pkg: clockPkg,
		widgets: append(statusBar(clockPkg), picker("7", "00", false)...),
		action:  &trace.Action{Type: "tap", X: f64(float64(h7x)), Y: f64(float64(h7y)), Raw: "tap 7 on the hour dial"}})
	// 4. Time picker: 7:30 AM.
	m30x, m30y := dialPos(width/2, 650, 200, 6)
	fs = append(fs, frame{activity: clockPkg + "/com.android.deskclock.DeskClock", pkg: clockPkg,
		widgets: append(statusBar(clockPkg), picker("7", "30", true)...),
		action:  &trace.Action{Type: "tap", X: f64(430), Y: f64(940), Raw: fmt.Sprintf("tap 30 on the minute dial at (%d,%d), then OK", m30x, m30y)}})
	// 5. Alarm list: the new 7:30 AM alarm exists and is switched on.
	done := append(append(append(statusBar(clockPkg), clockHeader...), alarmRow(160, "6:00 AM", "Mon, Tue, Wed, Thu, Fri", false)...), alarmRow(330, "7:30 AM", "Today", true)...)
	done = append(done, clockTabs()...)
	done = append(done, fab, widget{kind: "panel", text: "Alarm set for 28 minutes from now", class: "android.widget.TextView",
		pkg: clockPkg, id: clockPkg + ":id/snackbar_text", r: image.Rect(16, 870, width-16, 930), scale: 2, fg: white, bg: color.RGBA{60, 64, 67, 255}})
	fs = append(fs, frame{activity: clockPkg + "/com.android.deskclock.DeskClock", pkg: clockPkg, widgets: done,
		action: &trace.Action{Type: "done", Raw: "agent reports the task complete"}})
	return fs
}

func dialPos(cx, cy, rad, i int) (int, int) {
	// Twelve positions clockwise from the top, in integer steps so output is stable.
	dx := []int{0, 100, 173, 200, 173, 100, 0, -100, -173, -200, -173, -100}
	dy := []int{-200, -173, -100, 0, 100, 173, 200, 173, 100, 0, -100, -173}
	return cx + dx[i]*rad/200, cy + dy[i]*rad/200
}

func generate(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	// Start from an empty manifest so WriteManifest rewrites it; frame files are overwritten.
	os.Remove(filepath.Join(out, trace.ManifestName))
	start := time.Date(2025, 11, 22, 7, 2, 0, 0, time.UTC)
	end := start.Add(24 * time.Second)
	t := &trace.Trace{
		Version: trace.FormatVersion,
		Task:    task,
		App:     "Clock",
		Agent:   "synthetic-example",
		Device:  trace.Device{Serial: "synthetic", Width: width, Height: height, Android: "14"},
		Started: &start,
		Ended:   &end,
		Status:  trace.StatusCompleted,
		Dir:     out,
		Metadata: map[string]any{
			"synthetic": true,
			"note":      "SYNTHETIC example rendered by examples/gen: not a recording of a real device or app",
		},
	}
	for i, fr := range frames() {
		idx := i + 1
		name := trace.FrameName(idx)
		tm := start.Add(time.Duration(i) * 6 * time.Second)
		pngData, err := render(fr)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name+".png"), pngData, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name+".xml"), dumpXML(fr), 0o644); err != nil {
			return err
		}
		t.Frames = append(t.Frames, trace.Frame{Index: idx, Time: &tm, Image: name + ".png", XML: name + ".xml",
			Activity: fr.activity, Action: fr.action})
	}
	return t.WriteManifest()
}

func render(fr frame) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	bg := bgDark
	if fr.pkg == launcherPkg {
		bg = wallpap
	}
	draw.Draw(img, img.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	for _, w := range fr.widgets {
		if w.bg.A != 0 {
			draw.Draw(img, w.r, &image.Uniform{w.bg}, image.Point{}, draw.Src)
		}
		switch w.kind {
		case "switch":
			track := grey
			if w.checked {
				track = accent
			}
			draw.Draw(img, w.r, &image.Uniform{track}, image.Point{}, draw.Src)
			knob := image.Rect(w.r.Min.X+4, w.r.Min.Y+4, w.r.Min.X+w.r.Dy()-4, w.r.Max.Y-4)
			if w.checked {
				knob = knob.Add(image.Pt(w.r.Dx()-w.r.Dy(), 0))
			}
			draw.Draw(img, knob, &image.Uniform{white}, image.Point{}, draw.Src)
			continue
		case "icon":
			// A round-ish tile above the label.
			tile := image.Rect(w.r.Min.X+17, w.r.Min.Y, w.r.Max.X-17, w.r.Min.Y+70)
			draw.Draw(img, w.r, &image.Uniform{wallpap}, image.Point{}, draw.Src)
			draw.Draw(img, tile, &image.Uniform{accent}, image.Point{}, draw.Src)
			drawText(img, w.text[:1], tile, 4, onAccent, true)
			drawText(img, w.text, image.Rect(w.r.Min.X, w.r.Min.Y+80, w.r.Max.X, w.r.Max.Y), 2, white, true)
			continue
		case "tab":
			if w.selected {
				draw.Draw(img, image.Rect(w.r.Min.X+10, w.r.Max.Y-6, w.r.Max.X-10, w.r.Max.Y), &image.Uniform{accent}, image.Point{}, draw.Src)
			}
		}
		if w.text != "" {
			centred := w.kind == "tab" || w.kind == "dial" || w.kind == "fab" || w.kind == "button"
			drawText(img, w.text, w.r, w.scale, w.fg, centred)
		}
	}
	// Every frame says plainly that it is synthetic.
	bar := image.Rect(0, height-36, width, height)
	draw.Draw(img, bar, &image.Uniform{banner}, image.Point{}, draw.Src)
	drawText(img, "SYNTHETIC EXAMPLE", bar, 2, white, true)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// drawText draws text centred vertically in r, left-aligned or centred, magnifying the
// 7x13 bitmap font by scale with nearest-neighbour pixels.
func drawText(dst *image.RGBA, text string, r image.Rectangle, scale int, c color.RGBA, centred bool) {
	if scale < 1 {
		scale = 1
	}
	face := basicfont.Face7x13
	tw := font.MeasureString(face, text).Ceil()
	small := image.NewAlpha(image.Rect(0, 0, tw, 13))
	d := font.Drawer{Dst: small, Src: image.Opaque, Face: face, Dot: fixed.P(0, 11)}
	d.DrawString(text)
	w, h := tw*scale, 13*scale
	x := r.Min.X + 8
	if centred {
		x = r.Min.X + (r.Dx()-w)/2
	}
	y := r.Min.Y + (r.Dy()-h)/2
	for sy := 0; sy < 13; sy++ {
		for sx := 0; sx < tw; sx++ {
			if small.AlphaAt(sx, sy).A < 128 {
				continue
			}
			for dy := 0; dy < scale; dy++ {
				for dx := 0; dx < scale; dx++ {
					px, py := x+sx*scale+dx, y+sy*scale+dy
					if image.Pt(px, py).In(dst.Bounds()) {
						dst.SetRGBA(px, py, c)
					}
				}
			}
		}
	}
}

// dumpXML writes the frame in uiautomator's dump format: a full-screen root holding one
// node per widget, with the attributes uiautomator always writes.
func dumpXML(fr frame) []byte {
	var b bytes.Buffer
	b.WriteString("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">")
	node := func(index int, w widget, selfClose bool) {
		fmt.Fprintf(&b, `<node index="%d" text="%s" resource-id="%s" class="%s" package="%s" content-desc="%s" checkable="%t" checked="%t" clickable="%t" enabled="true" focusable="%t" focused="false" scrollable="false" long-clickable="false" password="false" selected="%t" bounds="[%d,%d][%d,%d]"`,
			index, esc(w.text), esc(w.id), esc(w.class), esc(w.pkg), esc(w.desc), w.checkable, w.checked, w.clickable, w.clickable, w.selected,
			w.r.Min.X, w.r.Min.Y, w.r.Max.X, w.r.Max.Y)
		if selfClose {
			b.WriteString(" />")
		} else {
			b.WriteString(">")
		}
	}
	node(0, widget{class: "android.widget.FrameLayout", pkg: fr.pkg, r: image.Rect(0, 0, width, height)}, false)
	for i, w := range fr.widgets {
		node(i, w, true)
	}
	b.WriteString("</node></hierarchy>")
	return b.Bytes()
}

func esc(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return strings.ReplaceAll(b.String(), `"`, "&#34;")
}
