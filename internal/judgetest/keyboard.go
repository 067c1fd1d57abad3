package judgetest

import "image/color"

// KeyboardStyle varies how an on-screen keyboard is drawn.
type KeyboardStyle struct {
	// Suggestions fill the strip above the keys; without them it shows toolbar icons.
	Suggestions []string
	// NumberRow adds the row of digits above the letters.
	NumberRow bool
	// Layout is the letter rows, "qwertyuiop asdfghjkl zxcvbnm" unless set.
	Layout [3]string
	// Borderless draws the keys' letters on the keyboard's background, without key shapes
	// (Gboard's default look).
	Borderless bool
}

// KeyboardHeightDp is the height of the keyboard drawn by Keyboard: the strip and the key rows.
func KeyboardHeightDp(k KeyboardStyle) float64 {
	h := 44 + 4*54.0
	if k.NumberRow {
		h += 44
	}
	return h
}

// Keyboard draws an on-screen keyboard (as Gboard lays one out) above the navigation bar
// and returns its top in dp.
func (p *Phone) Keyboard(k KeyboardStyle) float64 {
	rows := k.Layout
	if rows[0] == "" {
		rows = [3]string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	}
	bg, key, fn, ink := color.RGBA{232, 234, 237, 255}, PhoneWhite, color.RGBA{204, 208, 214, 255}, PhoneInk
	if p.Dark {
		bg, key, fn, ink = color.RGBA{32, 33, 36, 255}, color.RGBA{60, 64, 67, 255}, color.RGBA{95, 99, 104, 255}, PhoneDarkT
	}
	bottom := p.HDp() - NavBarDp
	top := bottom - KeyboardHeightDp(k)
	p.Fill(0, top, 411, bottom-top, bg)
	// The strip: suggestions split by thin dividers, or the toolbar's icons.
	mid := top + 22
	if len(k.Suggestions) > 0 {
		n := float64(len(k.Suggestions))
		for i, s := range k.Suggestions {
			x := 411 * (float64(i) + 0.5) / n
			w := Regular
			if i == len(k.Suggestions)/2 {
				w = Medium
			}
			p.Text(s, x, mid, 16, w, ink, Center)
			if i > 0 {
				p.Fill(411*float64(i)/n, mid-10, 0.8, 20, fn)
			}
		}
	} else {
		for i := range 6 {
			x := 30 + float64(i)*70
			p.Round(x-9, mid-9, 18, 18, 4, fn)
		}
	}
	y := top + 44
	pitch := 411.0 / 10
	keyAt := func(x, w, h float64, c color.RGBA, label string, size float64) {
		if !k.Borderless || c == PhoneBlue {
			p.Round(x+2.5, y+3, w-5, h-6, 6, c)
		}
		if label != "" {
			p.Text(label, x+w/2, y+h/2, size, Regular, ink, Center)
		}
	}
	if k.NumberRow {
		for i, d := range "1234567890" {
			keyAt(float64(i)*pitch, pitch, 44, key, string(d), 20)
		}
		y += 44
	}
	for r, row := range rows {
		n := len([]rune(row))
		x0 := (411 - float64(n)*pitch) / 2
		if r == 2 {
			keyAt(0, x0, 54, fn, "", 0)      // shift
			keyAt(411-x0, x0, 54, fn, "", 0) // delete
		}
		for i, c := range row {
			keyAt(x0+float64(i)*pitch, pitch, 54, key, string(c), 24)
		}
		y += 54
	}
	// ?123, comma, emoji, space, period, enter
	keyAt(0, 1.5*pitch, 54, fn, "?123", 15)
	keyAt(1.5*pitch, pitch, 54, key, ",", 24)
	keyAt(2.5*pitch, pitch, 54, key, "", 0)
	keyAt(3.5*pitch, 4*pitch, 54, key, "", 0)
	keyAt(7.5*pitch, pitch, 54, key, ".", 24)
	keyAt(8.5*pitch, 1.5*pitch, 54, PhoneBlue, "", 0)
	return top
}
