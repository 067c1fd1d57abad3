package redteam2

import (
	"image/color"
	"strings"
)

// The parts Android screens are made of, drawn on a canvas.

const (
	statusH = 128
	barTop  = statusH
	barH    = 147
	kbTop   = 1517
)

// statusBar draws the clock, notification icons, signal and battery.
func (c *canvas) statusBar(bg color.RGBA, fg color.RGBA) {
	c.rect(0, 0, screenW, statusH, bg)
	c.text(50, 40, "15:34", medium, 40, fg, 0)
	c.round(170, 52, 200, 82, 4, fg) // a notification icon
	// wifi, signal and battery
	for i := 0; i < 4; i++ {
		c.rect(860+i*14, 84-i*10, 870+i*14, 86, fg)
	}
	c.round(930, 46, 950, 86, 3, fg)
	c.round(966, 44, 990, 88, 4, fg)
}

// navPill draws the gesture navigation handle.
func (c *canvas) navPill(fg color.RGBA) {
	c.round(430, 2362, 650, 2374, 6, fg)
}

// appBar draws a toolbar: an up arrow (or a menu), a title and action icons from the right.
func (c *canvas) appBar(bg color.RGBA, title string, nav string, actions ...string) {
	c.rect(0, barTop, screenW, barTop+barH, bg)
	x := 63
	switch nav {
	case "back":
		c.iconBack(40, barTop+42, ink)
		x = 189
	case "menu":
		c.iconMenu(40, barTop+42, ink)
		x = 189
	case "close":
		c.iconClose(40, barTop+42, ink)
		x = 189
	}
	c.text(x, barTop+42, title, regular, 56, ink, 560)
	ax := 960
	for _, a := range actions {
		switch a {
		case "more":
			c.iconMore(ax, barTop+40, ink)
		case "search":
			c.iconSearch(ax, barTop+40, ink)
		case "check":
			c.iconCheck(ax, barTop+40, ink)
		case "star":
			c.iconStar(ax, barTop+40, 60, ink)
		default: // a text action
			w := c.textWidth(a, medium, 44)
			ax -= w - 60
			c.text(ax, barTop+50, a, medium, 44, primary, 0)
		}
		ax -= 110
	}
}

// listRow draws a row with an optional leading circle (its letter in it), a title and a
// summary, and returns the y under it.
func (c *canvas) listRow(y int, lead string, leadCol color.RGBA, title, summary string) int {
	x := 63
	if lead != "" {
		c.circle(120, y+80, 56, leadCol)
		c.centered(120, y+52, lead, medium, 50, white)
		x = 220
	}
	if summary == "" {
		c.text(x, y+54, title, regular, 46, ink, 1000-x)
		return y + 170
	}
	c.text(x, y+36, title, regular, 46, ink, 1000-x)
	c.text(x, y+100, summary, regular, 38, grey, 1010-x)
	return y + 190
}

// field draws an outlined text field: the label sits in the border once there is a value.
func (c *canvas) field(x0, y0, x1 int, label, value string, focused bool) {
	border := grey
	if focused {
		border = primary
	}
	w := 3
	if focused {
		w = 5
	}
	c.outline(x0, y0, x1, y0+150, 12, w, border, white)
	if value == "" && !focused {
		c.text(x0+40, y0+50, label, regular, 44, grey, 0)
		return
	}
	lw := c.textWidth(label, regular, 34)
	c.rect(x0+30, y0-4, x0+50+lw, y0+8, white)
	c.text(x0+40, y0-20, label, regular, 34, border, 0)
	c.text(x0+40, y0+50, value, regular, 46, ink, x1-x0-80)
	if focused {
		cx := x0 + 42 + c.textWidth(value, regular, 46)
		c.rect(cx, y0+44, cx+4, y0+108, primary)
	}
}

// button draws a filled (or text) button.
func (c *canvas) button(x0, y0, x1, y1 int, label string, filled bool) {
	if filled {
		c.round(x0, y0, x1, y1, (y1-y0)/2, primary)
		c.centered((x0+x1)/2, y0+(y1-y0)/2-22, label, medium, 44, white)
		return
	}
	c.centered((x0+x1)/2, y0+(y1-y0)/2-22, label, medium, 44, primary)
}

// fab draws a floating action button with a plus.
func (c *canvas) fab(x, y int) {
	c.round(x, y, x+168, y+168, 44, color.RGBA{234, 221, 255, 255})
	c.iconPlus(x+34, y+34, 100, ink)
}

// switchAt draws a Material switch, on or off.
func (c *canvas) switchAt(x, y int, on bool) {
	if on {
		c.round(x, y, x+150, y+84, 42, primary)
		c.circle(x+108, y+42, 30, white)
		return
	}
	c.outline(x, y, x+150, y+84, 42, 5, grey, color.RGBA{230, 224, 233, 255})
	c.circle(x+42, y+42, 20, grey)
}

// keyboard draws Gboard over the bottom of the screen with its suggestion strip.
func (c *canvas) keyboard(action string, suggestions ...string) {
	c.rect(0, kbTop, screenW, screenH, kbBack)
	for i, s := range suggestions {
		x := 134 + i*300
		c.centered(x+130, kbTop+34, s, regular, 42, ink)
		if i > 0 {
			c.rect(x-20, kbTop+30, x-17, kbTop+90, lightGrey)
		}
	}
	rows := []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	for r, keys := range rows {
		y := 1654 + r*155
		x0 := 8 + r*53
		if r == 2 {
			x0 = 168
			c.round(8, y+12, 155, y+142, 18, color.RGBA{200, 204, 210, 255})
			c.line(60, y+90, 82, y+60, 5, ink)
			c.line(82, y+60, 104, y+90, 5, ink)
			c.round(917, y+12, 1072, y+142, 18, color.RGBA{200, 204, 210, 255})
			c.iconClose(962, y+45, ink)
		}
		for i, k := range keys {
			x := x0 + i*107
			c.round(x, y+12, x+99, y+142, 18, white)
			c.centered(x+50, y+46, string(k), regular, 56, ink)
		}
	}
	y := 2118
	c.round(8, y+12, 155, y+142, 18, color.RGBA{200, 204, 210, 255})
	c.centered(82, y+52, "?123", medium, 38, ink)
	c.round(168, y+12, 262, y+142, 18, color.RGBA{200, 204, 210, 255})
	c.centered(215, y+42, ",", regular, 56, ink)
	c.round(275, y+12, 800, y+142, 18, white)
	c.round(813, y+12, 907, y+142, 18, color.RGBA{200, 204, 210, 255})
	c.centered(860, y+42, ".", regular, 56, ink)
	c.round(920, y+12, 1072, y+142, 40, color.RGBA{194, 231, 255, 255})
	switch action {
	case "search":
		c.iconSearch(965, y+45, ink)
	case "send":
		c.iconSend(965, y+45, ink)
	default:
		c.iconCheck(965, y+45, ink)
	}
	c.navPill(ink)
}

// dialog darkens the screen and draws an alert: title, message, and buttons from the right.
func (c *canvas) dialog(title, msg string, buttons ...string) {
	c.scrim()
	top := 880
	c.round(84, top, 996, top+560, 56, surface)
	y := top + 70
	if title != "" {
		y = c.wrapped(140, y, title, regular, 54, ink, 800) + 20
	}
	if msg != "" {
		c.wrapped(140, y, msg, regular, 42, grey, 800)
	}
	x := 940
	for _, b := range buttons {
		w := c.textWidth(b, medium, 44)
		c.text(x-w, top+450, b, medium, 44, primary, 0)
		x -= w + 90
	}
}

// launcherIcon draws an app icon (a coloured disc with its initial) and its label.
func (c *canvas) launcherIcon(cx, y int, label string, col color.RGBA, labelCol color.RGBA) {
	c.circle(cx, y+75, 75, col)
	c.centered(cx, y+40, label[:1], bold, 64, white)
	if c.textWidth(label, regular, 38) > 225 { // the launcher cuts a long label to its cell
		for c.textWidth(label+"…", regular, 38) > 225 {
			label = label[:len(label)-1]
		}
		label = strings.TrimRight(label, " ") + "…"
	}
	c.centered(cx, y+172, label, regular, 38, labelCol)
}

var appColours = map[string]color.RGBA{
	"Phone": {26, 115, 232, 255}, "Messages": {26, 115, 232, 255}, "Chrome": {52, 168, 83, 255}, "Settings": {95, 99, 104, 255},
	"Gmail": {234, 67, 53, 255}, "Photos": {251, 188, 4, 255}, "YouTube": {234, 67, 53, 255}, "Clock": {66, 133, 244, 255},
	"Contacts": {26, 115, 232, 255}, "Camera": {95, 99, 104, 255}, "Files": {26, 115, 232, 255}, "Markor": {0, 150, 136, 255},
	"Calendar": {66, 133, 244, 255}, "Audio Recorder": {233, 30, 99, 255}, "Broccoli": {76, 175, 80, 255}, "Joplin": {21, 101, 192, 255},
	"OpenTracks": {255, 152, 0, 255}, "OsmAnd": {255, 136, 0, 255}, "Pro Expense": {0, 121, 107, 255}, "Retro Music": {156, 39, 176, 255},
	"Tasks": {33, 150, 243, 255}, "VLC": {255, 136, 0, 255}, "Gallery": {255, 87, 34, 255}, "Drive": {15, 157, 88, 255},
}

func appColour(name string) color.RGBA {
	if c, ok := appColours[name]; ok {
		return c
	}
	return color.RGBA{120, 144, 156, 255}
}

// homeScreenShot draws the Pixel launcher's home screen over a wallpaper.
func (c *canvas) homeScreenShot() {
	for y := 0; y < screenH; y++ {
		t := float64(y) / screenH
		c.rect(0, y, screenW, y+1, color.RGBA{uint8(40 + 30*t), uint8(70 + 40*t), uint8(110 + 50*t), 255})
	}
	c.statusBar(color.RGBA{40, 70, 110, 255}, white)
	c.text(99, 292, "Sun, Oct 15", regular, 52, white, 0)
	for i, a := range []string{"Gmail", "Photos", "YouTube"} {
		c.launcherIcon(414+i*252, 1480, a, appColour(a), white)
	}
	for i, a := range []string{"Phone", "Messages", "Chrome", "Clock"} {
		c.launcherIcon(162+i*252, 1880, a, appColour(a), white)
	}
	c.round(75, 2125, 1004, 2290, 82, white)
	c.text(200, 2180, "Search", regular, 46, grey, 0)
	c.iconMic(760, 2175, grey)
	c.navPill(white)
}

// appDrawerShot draws the launcher's list of all apps, four a row.
func (c *canvas) appDrawerShot(apps []string) {
	c.rect(0, 0, screenW, screenH, color.RGBA{241, 243, 244, 255})
	c.statusBar(color.RGBA{241, 243, 244, 255}, ink)
	c.round(57, 156, 1023, 301, 72, white)
	c.iconSearch(100, 196, grey)
	c.text(214, 200, "Search apps", regular, 46, grey, 0)
	for i, a := range apps {
		r, col := i/4, i%4
		y := 400 + r*315
		if y > 2150 {
			break
		}
		c.launcherIcon(178+col*241, y, a, appColour(a), ink)
	}
	c.navPill(ink)
}

// chromeBar draws Chrome's toolbar: the address (or what is being typed) and its buttons.
func (c *canvas) chromeBar(text string, editing bool) {
	c.rect(0, barTop, screenW, barTop+barH, white)
	if editing {
		c.iconBack(30, barTop+42, ink)
		c.round(126, barTop+18, 1050, barTop+128, 55, color.RGBA{233, 238, 246, 255})
		c.text(160, barTop+45, text, regular, 44, ink, 760)
		cx := 162 + c.textWidth(text, regular, 44)
		c.rect(cx, barTop+40, cx+4, barTop+100, blue)
		c.iconClose(940, barTop+40, grey)
		return
	}
	c.round(40, barTop+18, 800, barTop+128, 55, color.RGBA{241, 243, 244, 255})
	c.round(70, barTop+56, 100, barTop+90, 6, grey) // the padlock
	c.text(130, barTop+45, text, regular, 44, ink, 640)
	c.outline(836, barTop+44, 896, barTop+104, 10, 5, ink, white)
	c.centered(866, barTop+52, "1", medium, 34, ink)
	c.iconMore(950, barTop+40, ink)
}
