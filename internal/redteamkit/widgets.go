package redteamkit

import (
	"image/color"
	"strings"
)

// The parts Android screens are made of, drawn on a canvas.

const (
	StatusH = 128
	BarTop  = StatusH
	BarH    = 147
	KbTop   = 1517
)

// StatusBar draws the clock, notification icons, signal and battery.
func (c *Canvas) StatusBar(bg color.RGBA, fg color.RGBA) {
	c.Rect(0, 0, ScreenW, StatusH, bg)
	c.Text(50, 40, "15:34", Medium, 40, fg, 0)
	c.Round(170, 52, 200, 82, 4, fg) // a notification icon
	// wifi, signal and battery
	for i := 0; i < 4; i++ {
		c.Rect(860+i*14, 84-i*10, 870+i*14, 86, fg)
	}
	c.Round(930, 46, 950, 86, 3, fg)
	c.Round(966, 44, 990, 88, 4, fg)
}

// NavPill draws the gesture navigation handle.
func (c *Canvas) NavPill(fg color.RGBA) {
	c.Round(430, 2362, 650, 2374, 6, fg)
}

// AppBar draws a toolbar: an up arrow (or a menu), a title and action icons from the right.
func (c *Canvas) AppBar(bg color.RGBA, title string, nav string, actions ...string) {
	c.Rect(0, BarTop, ScreenW, BarTop+BarH, bg)
	x := 63
	switch nav {
	case "back":
		c.IconBack(40, BarTop+42, Ink)
		x = 189
	case "menu":
		c.IconMenu(40, BarTop+42, Ink)
		x = 189
	case "close":
		c.IconClose(40, BarTop+42, Ink)
		x = 189
	}
	c.Text(x, BarTop+42, title, Regular, 56, Ink, 560)
	ax := 960
	for _, a := range actions {
		switch a {
		case "more":
			c.IconMore(ax, BarTop+40, Ink)
		case "search":
			c.IconSearch(ax, BarTop+40, Ink)
		case "check":
			c.IconCheck(ax, BarTop+40, Ink)
		case "star":
			c.IconStar(ax, BarTop+40, 60, Ink)
		default: // a text action
			w := c.TextWidth(a, Medium, 44)
			ax -= w - 60
			c.Text(ax, BarTop+50, a, Medium, 44, Primary, 0)
		}
		ax -= 110
	}
}

// ListRow draws a row with an optional leading circle (its letter in it), a title and a
// summary, and returns the y under it.
func (c *Canvas) ListRow(y int, lead string, leadCol color.RGBA, title, summary string) int {
	x := 63
	if lead != "" {
		c.Circle(120, y+80, 56, leadCol)
		c.Centered(120, y+52, lead, Medium, 50, White)
		x = 220
	}
	if summary == "" {
		c.Text(x, y+54, title, Regular, 46, Ink, 1000-x)
		return y + 170
	}
	c.Text(x, y+36, title, Regular, 46, Ink, 1000-x)
	c.Text(x, y+100, summary, Regular, 38, Grey, 1010-x)
	return y + 190
}

// Field draws an outlined text field: the label sits in the border once there is a value.
func (c *Canvas) Field(x0, y0, x1 int, label, value string, focused bool) {
	border := Grey
	if focused {
		border = Primary
	}
	w := 3
	if focused {
		w = 5
	}
	c.Outline(x0, y0, x1, y0+150, 12, w, border, White)
	if value == "" && !focused {
		c.Text(x0+40, y0+50, label, Regular, 44, Grey, 0)
		return
	}
	lw := c.TextWidth(label, Regular, 34)
	c.Rect(x0+30, y0-4, x0+50+lw, y0+8, White)
	c.Text(x0+40, y0-20, label, Regular, 34, border, 0)
	c.Text(x0+40, y0+50, value, Regular, 46, Ink, x1-x0-80)
	if focused {
		cx := x0 + 42 + c.TextWidth(value, Regular, 46)
		c.Rect(cx, y0+44, cx+4, y0+108, Primary)
	}
}

// Button draws a filled (or text) button.
func (c *Canvas) Button(x0, y0, x1, y1 int, label string, filled bool) {
	if filled {
		c.Round(x0, y0, x1, y1, (y1-y0)/2, Primary)
		c.Centered((x0+x1)/2, y0+(y1-y0)/2-22, label, Medium, 44, White)
		return
	}
	c.Centered((x0+x1)/2, y0+(y1-y0)/2-22, label, Medium, 44, Primary)
}

// Fab draws a floating action button with a plus.
func (c *Canvas) Fab(x, y int) {
	c.Round(x, y, x+168, y+168, 44, color.RGBA{234, 221, 255, 255})
	c.IconPlus(x+34, y+34, 100, Ink)
}

// SwitchAt draws a Material switch, on or off.
func (c *Canvas) SwitchAt(x, y int, on bool) {
	if on {
		c.Round(x, y, x+150, y+84, 42, Primary)
		c.Circle(x+108, y+42, 30, White)
		return
	}
	c.Outline(x, y, x+150, y+84, 42, 5, Grey, color.RGBA{230, 224, 233, 255})
	c.Circle(x+42, y+42, 20, Grey)
}

// Keyboard draws Gboard over the bottom of the screen with its suggestion strip.
func (c *Canvas) Keyboard(action string, suggestions ...string) {
	c.Rect(0, KbTop, ScreenW, ScreenH, KbBack)
	for i, s := range suggestions {
		x := 134 + i*300
		c.Centered(x+130, KbTop+34, s, Regular, 42, Ink)
		if i > 0 {
			c.Rect(x-20, KbTop+30, x-17, KbTop+90, LightGrey)
		}
	}
	rows := []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	for r, keys := range rows {
		y := 1654 + r*155
		x0 := 8 + r*53
		if r == 2 {
			x0 = 168
			c.Round(8, y+12, 155, y+142, 18, color.RGBA{200, 204, 210, 255})
			c.Line(60, y+90, 82, y+60, 5, Ink)
			c.Line(82, y+60, 104, y+90, 5, Ink)
			c.Round(917, y+12, 1072, y+142, 18, color.RGBA{200, 204, 210, 255})
			c.IconClose(962, y+45, Ink)
		}
		for i, k := range keys {
			x := x0 + i*107
			c.Round(x, y+12, x+99, y+142, 18, White)
			c.Centered(x+50, y+46, string(k), Regular, 56, Ink)
		}
	}
	y := 2118
	c.Round(8, y+12, 155, y+142, 18, color.RGBA{200, 204, 210, 255})
	c.Centered(82, y+52, "?123", Medium, 38, Ink)
	c.Round(168, y+12, 262, y+142, 18, color.RGBA{200, 204, 210, 255})
	c.Centered(215, y+42, ",", Regular, 56, Ink)
	c.Round(275, y+12, 800, y+142, 18, White)
	c.Round(813, y+12, 907, y+142, 18, color.RGBA{200, 204, 210, 255})
	c.Centered(860, y+42, ".", Regular, 56, Ink)
	c.Round(920, y+12, 1072, y+142, 40, color.RGBA{194, 231, 255, 255})
	switch action {
	case "search":
		c.IconSearch(965, y+45, Ink)
	case "send":
		c.IconSend(965, y+45, Ink)
	default:
		c.IconCheck(965, y+45, Ink)
	}
	c.NavPill(Ink)
}

// Dialog darkens the screen and draws an alert: title, message, and buttons from the right.
func (c *Canvas) Dialog(title, msg string, buttons ...string) {
	c.Scrim()
	top := 880
	c.Round(84, top, 996, top+560, 56, Surface)
	y := top + 70
	if title != "" {
		y = c.Wrapped(140, y, title, Regular, 54, Ink, 800) + 20
	}
	if msg != "" {
		c.Wrapped(140, y, msg, Regular, 42, Grey, 800)
	}
	x := 940
	for _, b := range buttons {
		w := c.TextWidth(b, Medium, 44)
		c.Text(x-w, top+450, b, Medium, 44, Primary, 0)
		x -= w + 90
	}
}

// LauncherIcon draws an app icon (a coloured disc with its initial) and its label.
func (c *Canvas) LauncherIcon(cx, y int, label string, col color.RGBA, labelCol color.RGBA) {
	c.Circle(cx, y+75, 75, col)
	c.Centered(cx, y+40, label[:1], Bold, 64, White)
	if c.TextWidth(label, Regular, 38) > 225 { // the launcher cuts a long label to its cell
		for c.TextWidth(label+"…", Regular, 38) > 225 {
			label = label[:len(label)-1]
		}
		label = strings.TrimRight(label, " ") + "…"
	}
	c.Centered(cx, y+172, label, Regular, 38, labelCol)
}

var appColours = map[string]color.RGBA{
	"Phone": {26, 115, 232, 255}, "Messages": {26, 115, 232, 255}, "Chrome": {52, 168, 83, 255}, "Settings": {95, 99, 104, 255},
	"Gmail": {234, 67, 53, 255}, "Photos": {251, 188, 4, 255}, "YouTube": {234, 67, 53, 255}, "Clock": {66, 133, 244, 255},
	"Contacts": {26, 115, 232, 255}, "Camera": {95, 99, 104, 255}, "Files": {26, 115, 232, 255}, "Markor": {0, 150, 136, 255},
	"Calendar": {66, 133, 244, 255}, "Audio Recorder": {233, 30, 99, 255}, "Broccoli": {76, 175, 80, 255}, "Joplin": {21, 101, 192, 255},
	"OpenTracks": {255, 152, 0, 255}, "OsmAnd": {255, 136, 0, 255}, "Pro Expense": {0, 121, 107, 255}, "Retro Music": {156, 39, 176, 255},
	"Tasks": {33, 150, 243, 255}, "VLC": {255, 136, 0, 255}, "Gallery": {255, 87, 34, 255}, "Drive": {15, 157, 88, 255},
}

func AppColour(name string) color.RGBA {
	if c, ok := appColours[name]; ok {
		return c
	}
	return color.RGBA{120, 144, 156, 255}
}

// HomeScreenShot draws the Pixel launcher's home screen over a wallpaper.
func (c *Canvas) HomeScreenShot() {
	for y := 0; y < ScreenH; y++ {
		t := float64(y) / ScreenH
		c.Rect(0, y, ScreenW, y+1, color.RGBA{uint8(40 + 30*t), uint8(70 + 40*t), uint8(110 + 50*t), 255})
	}
	c.StatusBar(color.RGBA{40, 70, 110, 255}, White)
	c.Text(99, 292, "Sun, Oct 15", Regular, 52, White, 0)
	for i, a := range []string{"Gmail", "Photos", "YouTube"} {
		c.LauncherIcon(414+i*252, 1480, a, AppColour(a), White)
	}
	for i, a := range []string{"Phone", "Messages", "Chrome", "Clock"} {
		c.LauncherIcon(162+i*252, 1880, a, AppColour(a), White)
	}
	c.Round(75, 2125, 1004, 2290, 82, White)
	c.Text(200, 2180, "Search", Regular, 46, Grey, 0)
	c.IconMic(760, 2175, Grey)
	c.NavPill(White)
}

// AppDrawerShot draws the launcher's list of all apps, four a row.
func (c *Canvas) AppDrawerShot(apps []string) {
	c.Rect(0, 0, ScreenW, ScreenH, color.RGBA{241, 243, 244, 255})
	c.StatusBar(color.RGBA{241, 243, 244, 255}, Ink)
	c.Round(57, 156, 1023, 301, 72, White)
	c.IconSearch(100, 196, Grey)
	c.Text(214, 200, "Search apps", Regular, 46, Grey, 0)
	for i, a := range apps {
		r, col := i/4, i%4
		y := 400 + r*315
		if y > 2150 {
			break
		}
		c.LauncherIcon(178+col*241, y, a, AppColour(a), Ink)
	}
	c.NavPill(Ink)
}

// ChromeBar draws Chrome's toolbar: the address (or what is being typed) and its buttons.
func (c *Canvas) ChromeBar(text string, editing bool) {
	c.Rect(0, BarTop, ScreenW, BarTop+BarH, White)
	if editing {
		c.IconBack(30, BarTop+42, Ink)
		c.Round(126, BarTop+18, 1050, BarTop+128, 55, color.RGBA{233, 238, 246, 255})
		c.Text(160, BarTop+45, text, Regular, 44, Ink, 760)
		cx := 162 + c.TextWidth(text, Regular, 44)
		c.Rect(cx, BarTop+40, cx+4, BarTop+100, Blue)
		c.IconClose(940, BarTop+40, Grey)
		return
	}
	c.Round(40, BarTop+18, 800, BarTop+128, 55, color.RGBA{241, 243, 244, 255})
	c.Round(70, BarTop+56, 100, BarTop+90, 6, Grey) // the padlock
	c.Text(130, BarTop+45, text, Regular, 44, Ink, 640)
	c.Outline(836, BarTop+44, 896, BarTop+104, 10, 5, Ink, White)
	c.Centered(866, BarTop+52, "1", Medium, 34, Ink)
	c.IconMore(950, BarTop+40, Ink)
}

// InCallShot draws the Phone app's in-call screen: the number, the call's timer, the call's
// buttons (Hold among them) and the red end-call button.
func (c *Canvas) InCallShot(number, timer string) {
	bg := color.RGBA{32, 33, 36, 255}
	c.Rect(0, 0, ScreenW, ScreenH, bg)
	c.StatusBar(bg, White)
	c.Centered(540, 420, number, Regular, 80, White)
	c.Centered(540, 540, timer, Regular, 46, LightGrey)
	for i, l := range []string{"Mute", "Keypad", "Speaker", "Add call", "Hold"} {
		x, y := 240+(i%3)*300, 1400+(i/3)*300
		c.Circle(x, y, 80, color.RGBA{60, 64, 67, 255})
		c.Centered(x, y+100, l, Regular, 38, White)
	}
	c.Circle(540, 2080, 90, ErrRed)
	c.NavPill(White)
}
