package redteamkit

import "strings"

// Parts most app screens share, placed as AndroidWorld's emulator lays them out.

// Toolbar is an app's toolbar: the navigation button (its description, or none), the title
// and action icons by their descriptions, from the right.
func Toolbar(u UI, nav, title string, actions ...string) []El {
	var out []El
	x := 63
	if nav != "" {
		out = append(out, u.Icon(nav, "", Bx(0, 138, 147, 285)))
		x = 189
	}
	if title != "" {
		out = append(out, u.Text(title, "toolbar_title", Bx(x, 166, 700, 248)))
	}
	right := 1080
	for _, a := range actions {
		out = append(out, u.MenuIcon(a, "", Bx(right-126, 148, right, 274)))
		right -= 126
	}
	return out
}

// Rows is a list of clickable rows from y down, each a title with an optional summary
// ("title|summary").
func Rows(u UI, id string, y int, items ...string) []El {
	var out []El
	for _, it := range items {
		title, summary, _ := strings.Cut(it, "|")
		out = append(out, u.TapText(title, id, Bx(63, y, 1017, y+70)))
		if summary != "" {
			out = append(out, u.Text(summary, id+"_summary", Bx(63, y+78, 1017, y+130)))
		}
		y += 180
	}
	return out
}

// FabIcon is a floating action button.
func FabIcon(u UI, desc string) El { return u.Icon(desc, "fab", Bx(870, 1938, 1017, 2085)) }

// Then is a run that starts with the steps of base and goes on with more. It copies base,
// so runs that share a start never write into each other's steps.
func Then(base []Step, more ...Step) []Step {
	return append(append([]Step(nil), base...), more...)
}

// ItemRows is a list of rows from y down, each h tall: a clickable container (ids[0]) with a
// title (ids[1]) and a second line (ids[2]) beside a leading icon, from items "title|line".
func ItemRows(u UI, ids [3]string, y, h int, items ...string) []El {
	var out []El
	for i, it := range items {
		title, line, _ := strings.Cut(it, "|")
		top := y + i*h
		out = append(out, u.Row("", ids[0], Bx(0, top, 1080, top+h-10)),
			u.Text(title, ids[1], Bx(220, top+30, 1017, top+90)),
			u.Text(line, ids[2], Bx(220, top+100, 1017, top+150)))
	}
	return out
}
