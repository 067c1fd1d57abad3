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

var (
	smsUI    = UIOf("com.simplemobiletools.smsmessenger")
	tracksUI = UIOf("de.dennisguse.opentracks")
)

// SmsList is Simple SMS Messenger's conversations, newest first: rows "who|last message|when"
// (who is the contact's name, or the number when it is no contact), and the new-conversation
// button.
func SmsList(rows ...string) []El {
	u := smsUI
	out := Screen(Toolbar(u, "", "Simple SMS Messenger", "More options", "Search"))
	out = append(out, Listed(len(rows), 320, 200, func(i, y int) []El {
		f := strings.Split(rows[i], "|")
		return Els(u.Row("", "conversation_frame", Bx(0, y, 1080, y+190)), u.Image("", "conversation_image", Bx(40, y+35, 160, y+155)),
			u.Text(f[0], "conversation_address", Bx(200, y+30, 800, y+90)), u.Text(f[1], "conversation_body_short", Bx(200, y+100, 1017, y+160)),
			u.Text(f[2], "conversation_date", Bx(820, y+30, 1017, y+90)))
	})...)
	return append(out, u.Icon("New conversation", "conversations_fab", Bx(870, 2100, 1017, 2247)))
}

// OpenTracksList is OpenTracks' recorded activities, newest first: rows
// "name|category|date|time|distance". The date column ends at dateEnd and the time and
// distance column starts at valuesAt: the app sizes them to the texts they hold.
func OpenTracksList(dateEnd, valuesAt int, rows ...string) []El {
	u := tracksUI
	out := Screen(Toolbar(u, "", "OpenTracks", "Search", "More options"),
		Els(u.Scroller("androidx.recyclerview.widget.RecyclerView", "track_list", Bx(0, 300, 1080, 2080))))
	out = append(out, Listed(len(rows), 320, 230, func(i, y int) []El {
		f := strings.Split(rows[i], "|")
		return Els(u.Row("", "track_list_item", Bx(0, y, 1080, y+220)), u.Image(f[1], "list_item_icon", Bx(40, y+40, 160, y+160)),
			u.Text(f[0], "list_item_name", Bx(200, y+20, 1017, y+80)), u.Text(f[1], "list_item_category", Bx(200, y+85, 600, y+140)),
			u.Text(f[2], "list_item_date", Bx(200, y+145, dateEnd, y+200)), u.Text(f[3], "list_item_time", Bx(valuesAt, y+85, 1017, y+140)),
			u.Text(f[4], "list_item_distance", Bx(valuesAt, y+145, 1017, y+200)))
	})...)
	return append(out, u.Icon("Record", "track_list_fab_action", Bx(870, 2100, 1017, 2247)))
}
