package judgetest

import (
	"fmt"
	"image/color"
	"sort"
	"testing"
)

// A PhoneScreen is a synthetic screenshot of a kind of Android screen and what it shows, as
// a UI dump of it would tell: the OCR tests check the labels read off the picture against it.
type PhoneScreen struct {
	Name  string
	PNG   []byte
	Truth ScreenTruth
}

// ScreenTruth is what a screen shows, in the terms of the judge's labels.
type ScreenTruth struct {
	// Launcher: the home screen or the app drawer.
	Launcher bool
	// Keyboard: an on-screen keyboard is up.
	Keyboard bool
	// Dialog: a dialog over a dimmed page; Permission: it is the system's permission prompt.
	Dialog, Permission bool
	// Search is the text in a search box or address bar, "" when none holds text.
	Search string
	// Suggestions are the lines listed under a search box or address bar as it is typed in.
	Suggestions []string
	// Typed is text typed into a field that is not a search box, "" when none is seen.
	Typed string
	// Content are lines of the app's own content: no label may take them away.
	Content []string
	// Behind are lines of the page under a dialog's scrim (a UI dump leaves them out).
	Behind []string
}

// PhoneVariant is how a screen is drawn: its size in pixels, its theme and a seed that
// varies names and layout.
type PhoneVariant struct {
	W, H int
	Dark bool
	Seed int
}

func (v PhoneVariant) String() string {
	theme := "light"
	if v.Dark {
		theme = "dark"
	}
	return fmt.Sprintf("%dx%d-%s-%d", v.W, v.H, theme, v.Seed)
}

// PhoneScreenKinds names the kinds of screens PhoneScreens draws, in order.
var PhoneScreenKinds = []string{
	"home", "drawer", "compose+keyboard", "note+keyboard", "browser-typing", "browser-page",
	"search-typing", "search-results", "permission", "app-dialog",
	"home-one-row", "note+borderless-keyboard",
	// near misses: app content that no label may take
	"settings", "contacts", "note-table", "calculator", "bottom-nav", "category-grid", "chat-typed", "form",
	"cards", "month", "dialpad", "albums", "snackbar",
}

// HeldBackKinds are kinds of screens drawn after the layout rules were written, kept out
// of their design: the rules are measured on them as they are.
var HeldBackKinds = []string{"old-permission", "todo", "videos", "email+keyboard", "mail-search", "drawer-search"}

// PhoneScreens draws every kind of screen in one variant.
func PhoneScreens(t testing.TB, v PhoneVariant) []PhoneScreen {
	var out []PhoneScreen
	for _, k := range PhoneScreenKinds {
		out = append(out, DrawPhoneScreen(t, k, v))
	}
	return out
}

var (
	appNames = []string{"Calendar", "Camera", "Chrome", "Clock", "Contacts", "Drive", "Files", "Gmail",
		"Maps", "Messages", "Phone", "Photos", "Play Store", "Settings", "YouTube", "Keep Notes", "Calculator",
		"Weather", "Spotify", "Recorder", "Podcasts", "News", "Wallet", "Fitness", "Translate", "Tasks",
		"Duolingo", "Expedia", "Amazon Sh...", "Home", "Meet", "Snapseed"}
	iconColours = []color.RGBA{{219, 68, 55, 255}, {15, 157, 88, 255}, {66, 133, 244, 255}, {244, 180, 0, 255},
		{171, 71, 188, 255}, {0, 172, 193, 255}, {255, 112, 67, 255}, {92, 107, 192, 255}, {38, 50, 56, 255}}
	wallpapers = [][2]color.RGBA{{{228, 160, 190, 255}, {70, 40, 100, 255}}, {{40, 90, 140, 255}, {10, 20, 40, 255}},
		{{120, 170, 120, 255}, {30, 60, 40, 255}}, {{240, 200, 150, 255}, {150, 70, 60, 255}}}
)

// pick returns n distinct names starting at a place the seed chooses.
func pick(names []string, seed, n int) []string {
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, names[(seed*7+i*5)%len(names)])
	}
	return out
}

// DrawPhoneScreen draws one kind of screen (one of PhoneScreenKinds) in a variant.
func DrawPhoneScreen(t testing.TB, kind string, v PhoneVariant) PhoneScreen {
	t.Helper()
	p := NewPhone(t, v.W, v.H, v.Dark)
	var tr ScreenTruth
	s := v.Seed
	switch kind {
	case "home":
		tr = p.home(s)
	case "drawer":
		tr = p.drawer(s)
	case "compose+keyboard":
		tr = p.compose(s, true)
	case "chat-typed":
		tr = p.compose(s, false)
	case "note+keyboard":
		tr = p.note(s)
	case "browser-typing":
		tr = p.browserTyping(s)
	case "browser-page":
		tr = p.browserPage(s)
	case "search-typing":
		tr = p.searchTyping(s)
	case "search-results":
		tr = p.searchResults(s)
	case "permission":
		tr = p.permission(s)
	case "app-dialog":
		tr = p.appDialog(s)
	case "settings":
		tr = p.settings(s)
	case "contacts":
		tr = p.contacts(s)
	case "note-table":
		tr = p.noteTable(s)
	case "calculator":
		tr = p.calculator(s)
	case "bottom-nav":
		tr = p.bottomNav(s)
	case "category-grid":
		tr = p.categoryGrid(s)
	case "form":
		tr = p.form(s)
	case "home-one-row":
		tr = p.homeOneRow(s)
	case "note+borderless-keyboard":
		tr = p.noteBorderless(s)
	case "cards":
		tr = p.cards(s)
	case "month":
		tr = p.month(s)
	case "dialpad":
		tr = p.dialpad(s)
	case "albums":
		tr = p.albums(s)
	case "snackbar":
		tr = p.snackbar(s)
	case "old-permission":
		tr = p.oldPermission(s)
	case "todo":
		tr = p.todo(s)
	case "videos":
		tr = p.videos(s)
	case "email+keyboard":
		tr = p.emailKeyboard(s)
	case "mail-search":
		tr = p.mailSearch(s)
	case "drawer-search":
		tr = p.drawerSearch(s)
	default:
		t.Fatalf("no such kind of screen %q", kind)
	}
	return PhoneScreen{Name: kind + "/" + v.String(), PNG: p.PNG(), Truth: tr}
}

// appBar draws a page's top bar with a title (and a back arrow when back is set).
func (p *Phone) appBar(title string, back bool) {
	p.StatusBar("9:41", false)
	x := 16.0
	if back {
		p.Fill(16, 24+31, 16, 2, p.Fg())
		x = 72
	}
	p.Text(title, x, 24+32, 22, Regular, p.Fg(), Left)
}

func (p *Phone) home(s int) ScreenTruth {
	wp := wallpapers[s%len(wallpapers)]
	p.Gradient(0, p.HDp(), wp[0], wp[1])
	p.StatusBar("11:27", true)
	p.ShadowText([]string{"Sun, Jan 21", "Tue, Mar 4", "Fri, Oct 9"}[s%3], 24, 70, 22, PhoneWhite, Left)
	cols := 4 + s%2
	rows := 3 + s%3
	names := pick(appNames, s, cols*rows)
	pitch := 411.0 / float64(cols)
	rowH := 112.0
	top := 120.0
	for i, n := range names {
		r, c := i/cols, i%cols
		if (i*3+s)%7 == 0 {
			continue // an empty cell, as home screens have
		}
		cx := pitch * (float64(c) + 0.5)
		cy := top + float64(r)*rowH
		p.Icon(cx, cy, 56, iconColours[(i+s)%len(iconColours)], i+s)
		p.ShadowText(n, cx, cy+46, 13, PhoneWhite, Center)
	}
	// The dock: icons without labels, and the search pill.
	bottom := p.HDp() - NavBarDp
	for c := range cols {
		p.Icon(pitch*(float64(c)+0.5), bottom-150, 56, iconColours[(c+2*s+1)%len(iconColours)], c+3)
	}
	p.Round(24, bottom-92, 363, 56, 28, PhoneWhite)
	p.Text("G", 52, bottom-64, 24, Bold, PhoneBlue, Center)
	p.Round(352, bottom-76, 10, 20, 5, color.RGBA{66, 133, 244, 255})
	p.NavBar(true)
	return ScreenTruth{Launcher: true}
}

func (p *Phone) drawer(s int) ScreenTruth {
	wp := wallpapers[(s+1)%len(wallpapers)]
	p.Gradient(0, p.HDp(), wp[0], wp[1])
	surface := color.RGBA{255, 255, 255, 240}
	if p.Dark {
		surface = color.RGBA{32, 33, 36, 245}
	}
	p.Round(0, 40, 411, p.HDp(), 24, surface)
	p.StatusBar("10:05", true)
	p.Round(16, 56, 379, 52, 26, p.Surface(2))
	p.Text("Search apps", 56, 82, 16, Regular, p.Sub(), Left)
	cols := 4 + (s+1)%2
	names := append([]string{}, appNames...)
	sort.Strings(names)
	names = names[s%4 : s%4+cols*6]
	pitch := 411.0 / float64(cols)
	for i, n := range names {
		r, c := i/cols, i%cols
		cx := pitch * (float64(c) + 0.5)
		cy := 160 + float64(r)*104
		if cy+50 > p.HDp()-NavBarDp {
			break
		}
		p.Icon(cx, cy, 52, iconColours[(i*2+s)%len(iconColours)], i)
		p.Text(n, cx, cy+44, 13, Regular, p.Fg(), Center)
	}
	p.NavBar(false)
	return ScreenTruth{Launcher: true}
}

// messages draws a conversation's bubbles from y dp down and returns their texts.
func (p *Phone) messages(s int, y float64) []string {
	msgs := [][]string{{"Are we still on for dinner?", "Yes, 7 pm works"}, {"Did you send the report", "Sending it now"}, {"Happy birthday Sam!", "Thanks a lot"}}[s%3]
	for i, m := range msgs {
		w := p.TextWidth(m, 16, Regular) + 32
		if i%2 == 0 {
			p.Round(16, y, w, 44, 20, p.Surface(2))
			p.Text(m, 32, y+22, 16, Regular, p.Fg(), Left)
		} else {
			p.Round(395-w, y, w, 44, 20, PhoneBlue)
			p.Text(m, 395-w+16, y+22, 16, Regular, PhoneWhite, Left)
		}
		y += 60
	}
	return msgs
}

func (p *Phone) compose(s int, keyboard bool) ScreenTruth {
	p.appBar([]string{"Alex Moreno", "Jamie Lee", "Sam Carter"}[s%3], true)
	content := append([]string{}, p.messages(s, 110)...)
	typed := []string{"See you at the station", "Running late by ten minutes", "Got the tickets"}[s%3]
	bottom := p.HDp() - NavBarDp
	kb := KeyboardStyle{Suggestions: []string{"the", "we", "I"}, NumberRow: s%2 == 1}
	if keyboard {
		bottom = p.Keyboard(kb)
	}
	p.Round(12, bottom-60, 330, 48, 24, p.Surface(2))
	p.Text(typed, 32, bottom-36, 16, Regular, p.Fg(), Left)
	p.Circle(375, bottom-36, 22, PhoneBlue)
	p.NavBar(false)
	return ScreenTruth{Keyboard: keyboard, Typed: typed, Content: content}
}

func (p *Phone) note(s int) ScreenTruth {
	p.appBar("", true)
	title := []string{"Packing list", "Meeting notes", "Recipe ideas"}[s%3]
	body := [][]string{{"Passport and tickets", "Charger for the phone"}, {"Budget review on Friday", "Ask Dana about hiring"}, {"Lentil soup with lemon", "Roast squash salad"}}[s%3]
	p.Text(title, 16, 90, 24, Regular, p.Fg(), Left)
	for i, b := range body {
		p.Text(b, 16, 140+float64(i)*28, 16, Regular, p.Fg(), Left)
	}
	p.Keyboard(KeyboardStyle{NumberRow: s%2 == 0})
	p.NavBar(false)
	return ScreenTruth{Keyboard: true, Content: append([]string{title}, body...)}
}

// searchBar draws a search box or address bar at the top holding text and returns its
// bottom in dp.
func (p *Phone) searchBar(text string, icon bool) float64 {
	p.StatusBar("9:41", false)
	p.Round(12, 32, 387, 48, 24, p.Surface(2))
	x := 28.0
	if icon {
		p.Fill(28, 55, 16, 2, p.Fg()) // a back arrow
		x = 60
	}
	p.Text(text, x, 56, 16, Regular, p.Fg(), Left)
	return 88
}

func (p *Phone) browserTyping(s int) ScreenTruth {
	typed := []string{"wikipedia.org", "news.ycombinator.com", "weather.com"}[s%3]
	sugg := [][]string{{"wikipedia.org", "wikipedia.org/wiki/Main_Page", "wikipedia app", "wikipedia english"},
		{"news.ycombinator.com", "news.ycombinator.com/newest", "news ycombinator jobs"},
		{"weather.com", "weather.com/weather/today", "weather com radar", "weather com hourly"}}[s%3]
	y := p.searchBar(typed, false)
	for i, sg := range sugg {
		cy := y + 32 + float64(i)*56
		p.Circle(32, cy, 10, p.Sub())
		p.Text(sg, 64, cy, 16, Regular, p.Fg(), Left)
	}
	p.Keyboard(KeyboardStyle{Suggestions: []string{".com", "/", ".org"}})
	p.NavBar(false)
	return ScreenTruth{Keyboard: true, Search: typed, Suggestions: sugg}
}

func (p *Phone) browserPage(s int) ScreenTruth {
	url := []string{"en.wikipedia.org/wiki/Otter", "bbc.com/news/science", "github.com/golang/go"}[s%3]
	head := []string{"Otter", "Science news", "The Go programming language"}[s%3]
	body := [][]string{{"Otters are carnivorous mammals", "in the subfamily Lutrinae."}, {"Comet seen from Earth", "for the first time in years"}, {"Go is an open source project", "to make programmers productive."}}[s%3]
	y := p.searchBar(url, false)
	p.Text(head, 16, y+40, 28, Regular, p.Fg(), Left)
	for i, b := range body {
		p.Text(b, 16, y+90+float64(i)*26, 16, Regular, p.Fg(), Left)
	}
	p.NavBar(false)
	return ScreenTruth{Search: url, Content: append([]string{head}, body...)}
}

func (p *Phone) searchTyping(s int) ScreenTruth {
	q := []string{"coffee", "pizza", "yoga"}[s%3]
	tails := [][]string{{" shops near me", " maker", " beans", " grinder"}, {" delivery", " hut", " near me"}, {" classes", " mat", " for beginners", " poses"}}[s%3]
	y := p.searchBar(q, true)
	var sugg []string
	for i, tl := range tails {
		cy := y + 30 + float64(i)*52
		p.Circle(32, cy, 8, p.Sub())
		p.Circle(32, cy, 5, p.Bg())
		p.Text(q+tl, 64, cy, 16, Regular, p.Fg(), Left)
		sugg = append(sugg, q+tl)
	}
	p.Keyboard(KeyboardStyle{Suggestions: []string{q, q + "s", q + "'s"}, NumberRow: s%2 == 1})
	p.NavBar(false)
	return ScreenTruth{Keyboard: true, Search: q, Suggestions: sugg}
}

func (p *Phone) searchResults(s int) ScreenTruth {
	q := []string{"coffee", "pizza", "yoga"}[s%3]
	res := [][]string{{"Blue Bottle Roasters", "Open until 6 pm", "Corner Bean Cafe", "Closes soon"},
		{"Tony's Napoletana", "Delivery in 30 min", "Slice House", "Open now"},
		{"Sunrise Studio", "Classes daily", "Flow and Breathe", "Opens at 7 am"}}[s%3]
	y := p.searchBar(q, true)
	for i := 0; i < len(res); i += 2 {
		cy := y + 24 + float64(i/2)*110
		p.Round(16, cy, 80, 80, 8, iconColours[(i+s)%len(iconColours)])
		p.Text(res[i], 112, cy+22, 18, Medium, p.Fg(), Left)
		p.Text(res[i+1], 112, cy+52, 14, Regular, p.Sub(), Left)
	}
	p.NavBar(false)
	return ScreenTruth{Search: q, Content: res}
}

// listPage draws an app's list page and returns its lines.
func (p *Phone) listPage(title string, rows []string) []string {
	p.appBar(title, false)
	for i, r := range rows {
		cy := 110 + float64(i)*64
		p.Circle(40, cy, 18, iconColours[i%len(iconColours)])
		p.Text(r, 76, cy, 16, Regular, p.Fg(), Left)
	}
	p.NavBar(false)
	return append([]string{title}, rows...)
}

// dialog draws a dialog over the dimmed page: a title, a message and buttons, and returns
// the lines it drew.
func (p *Phone) dialog(title, msg string, buttons []string, stacked bool) []string {
	p.Dim(0.32)
	lines := []string{title}
	h := 160.0
	if msg != "" {
		h += 40
	}
	if stacked {
		h += float64(len(buttons)-1) * 52
	}
	y := (p.HDp() - h) / 2
	p.Round(28, y, 355, h, 28, p.Surface(1))
	p.Text(title, 52, y+44, 20, Regular, p.Fg(), Left)
	by := y + 100
	if msg != "" {
		p.Text(msg, 52, y+88, 14, Regular, p.Sub(), Left)
		lines = append(lines, msg)
		by += 40
	}
	for i, b := range buttons {
		if stacked {
			p.Round(52, by-20+float64(i)*52, 307, 44, 22, p.Surface(2))
			p.Text(b, 205, by+2+float64(i)*52, 15, Medium, p.Accent(), Center)
		} else {
			x := 359 - float64(len(buttons)-1-i)*90
			p.Text(b, x, by+10, 15, Medium, p.Accent(), Right)
		}
		lines = append(lines, b)
	}
	return lines
}

func (p *Phone) permission(s int) ScreenTruth {
	app := []string{"Maps", "Camera", "Weather"}[s%3]
	what := []string{"this device's location", "take pictures and record video", "this device's location"}[s%3]
	behind := p.listPage(app, []string{"Recent places", "Saved lists", "Offline areas"})
	lines := p.dialog("Allow "+app+" to access", what+"?", []string{"While using the app", "Only this time", "Don't allow"}, true)
	return ScreenTruth{Dialog: true, Permission: true, Behind: behind}.with(lines, false)
}

func (p *Phone) appDialog(s int) ScreenTruth {
	behind := p.listPage("Notes", []string{"Groceries", "Gift ideas", "Trip to Lisbon"})
	title := []string{"Delete this note?", "Discard draft?", "Remove account?"}[s%3]
	lines := p.dialog(title, "This cannot be undone.", []string{"Cancel", "Delete"}, false)
	return ScreenTruth{Dialog: true, Behind: behind}.with(lines, true)
}

// with adds a dialog's lines to the content (an app's own dialog) or not (the system's).
func (tr ScreenTruth) with(lines []string, content bool) ScreenTruth {
	if content {
		tr.Content = append(tr.Content, lines...)
	}
	return tr
}

func (p *Phone) settings(s int) ScreenTruth {
	p.appBar("Settings", false)
	rows := [][2]string{{"Network & internet", "Mobile, Wi-Fi, hotspot"}, {"Connected devices", "Bluetooth, pairing"},
		{"Apps", "Recent apps, default apps"}, {"Notifications", "History, conversations"}, {"Battery", "82% - Should last until 10 PM"},
		{"Storage", "41% used - 75 GB free"}, {"Sound & vibration", "Volume, haptics, Do Not Disturb"}, {"Display", "Dark theme, font size"}}
	var lines []string
	for i, r := range rows[:6+s%3] {
		cy := 120 + float64(i)*72
		p.Circle(36, cy, 12, iconColours[(i+s)%len(iconColours)])
		p.Text(r[0], 72, cy-11, 16, Regular, p.Fg(), Left)
		p.Text(r[1], 72, cy+12, 14, Regular, p.Sub(), Left)
		lines = append(lines, r[0], r[1])
	}
	p.NavBar(false)
	return ScreenTruth{Content: append([]string{"Settings"}, lines...)}
}

func (p *Phone) contacts(s int) ScreenTruth {
	p.StatusBar("9:41", false)
	p.Round(16, 32, 379, 48, 24, p.Surface(2))
	p.Text("Search contacts", 56, 56, 16, Regular, p.Sub(), Left)
	names := []string{"Aaron Blake", "Abigail Chen", "Adam Fox", "Bella Rossi", "Ben Okafor", "Carla Diaz", "Chris Young", "Dana White"}
	names = names[s%2 : s%2+7]
	var lines []string
	y := 110.0
	last := ""
	for i, n := range names {
		if n[:1] != last {
			last = n[:1]
			p.Text(last, 24, y+28, 14, Medium, p.Accent(), Left)
		}
		p.Avatar(76, y+28, 20, iconColours[(i+s)%len(iconColours)], n[:1])
		p.Text(n, 112, y+28, 16, Regular, p.Fg(), Left)
		lines = append(lines, n)
		y += 60
	}
	p.NavBar(false)
	return ScreenTruth{Content: lines}
}

func (p *Phone) noteTable(s int) ScreenTruth {
	p.appBar("Shopping", true)
	cells := [][]string{{"Item", "Qty", "Shop", "Price"}, {"Milk", "2", "Aldi", "1.80"}, {"Bread", "1", "Lidl", "2.10"},
		{"Apples", "6", "Aldi", "3.00"}, {"Rice", "1", "Tesco", "1.50"}, {"Tea", "2", "Lidl", "4.20"}, {"Eggs", "12", "Aldi", "2.90"}}
	cols := []float64{16, 130, 220, 320}
	var lines []string
	for r, row := range cells[:5+s%3] {
		for c, cell := range row {
			w := Regular
			if r == 0 {
				w = Bold
			}
			p.Text(cell, cols[c], 110+float64(r)*34, 16, w, p.Fg(), Left)
			if c == 0 {
				lines = append(lines, cell)
			}
		}
	}
	p.NavBar(false)
	return ScreenTruth{Content: lines}
}

func (p *Phone) calculator(s int) ScreenTruth {
	p.StatusBar("9:41", false)
	shown := []string{"1,234", "56 × 8", "729"}[s%3]
	p.Text(shown, 395, 200, 56, Regular, p.Fg(), Right)
	keys := [][]string{{"AC", "( )", "%", "÷"}, {"7", "8", "9", "×"}, {"4", "5", "6", "-"}, {"1", "2", "3", "+"}, {"0", ".", "⌫", "="}}
	bottom := p.HDp() - NavBarDp
	top := bottom - 5*84 - 16
	for r, row := range keys {
		for c, k := range row {
			cx := 411 * (float64(c) + 0.5) / 4
			cy := top + 42 + float64(r)*84
			col := p.Surface(2)
			if c == 3 {
				col = color.RGBA{194, 231, 255, 255}
				if p.Dark {
					col = color.RGBA{0, 74, 119, 255}
				}
			}
			p.Circle(cx, cy, 38, col)
			p.Text(k, cx, cy, 30, Regular, p.Fg(), Center)
		}
	}
	p.NavBar(false)
	return ScreenTruth{Content: []string{shown}}
}

func (p *Phone) bottomNav(s int) ScreenTruth {
	p.appBar("Photos", false)
	for i := range 9 {
		r, c := i/3, i%3
		p.Fill(2+float64(c)*137, 90+float64(r)*137, 135, 135, iconColours[(i+s)%len(iconColours)])
	}
	p.Text("Today", 16, 520, 16, Medium, p.Fg(), Left)
	bottom := p.HDp() - NavBarDp
	tabs := []string{"Photos", "Search", "Sharing", "Library"}
	p.Fill(0, bottom-80, 411, 80, p.Surface(1))
	for i, tb := range tabs {
		cx := 411 * (float64(i) + 0.5) / 4
		p.Round(cx-12, bottom-62, 24, 24, 6, p.Fg())
		p.Text(tb, cx, bottom-22, 12, Medium, p.Fg(), Center)
	}
	p.NavBar(false)
	return ScreenTruth{Content: append([]string{"Photos", "Today"}, tabs...)}
}

func (p *Phone) categoryGrid(s int) ScreenTruth {
	p.appBar("Files", false)
	p.Text("Categories", 16, 100, 14, Medium, p.Fg(), Left)
	cats := []string{"Images", "Videos", "Audio", "Documents", "Downloads", "Apps", "Archives", "Favourites"}
	for i, c := range cats {
		r, col := i/4, i%4
		cx := 411 * (float64(col) + 0.5) / 4
		cy := 150 + float64(r)*100
		p.Round(cx-26, cy-26, 52, 52, 14, iconColours[(i+s)%len(iconColours)])
		p.Text(c, cx, cy+44, 13, Regular, p.Fg(), Center)
	}
	p.Text("Recent files", 16, 380, 14, Medium, p.Fg(), Left)
	files := []string{"invoice_march.pdf", "holiday_photo.jpg", "notes_backup.txt"}
	for i, f := range files {
		p.Text(f, 72, 420+float64(i)*56, 16, Regular, p.Fg(), Left)
	}
	p.NavBar(false)
	return ScreenTruth{Content: append(append([]string{"Files"}, cats...), files...)}
}

func (p *Phone) form(s int) ScreenTruth {
	p.appBar("New contact", true)
	labels := []string{"First name", "Last name", "Phone", "Email"}
	vals := [][]string{{"Maria", "Lopez", "555 0134", "maria@example.com"}, {"Tom", "Baker", "555 0199", "tom@example.com"}}[s%2]
	for i, l := range labels {
		y := 100 + float64(i)*80
		p.Round(16, y, 379, 56, 4, p.Sub())
		p.Round(17, y+1, 377, 54, 3, p.Bg())
		p.Fill(28, y-2, p.TextWidth(l, 12, Regular)+8, 4, p.Bg())
		p.Text(l, 32, y, 12, Regular, p.Sub(), Left)
		p.Text(vals[i], 32, y+28, 16, Regular, p.Fg(), Left)
	}
	p.Round(280, 440, 115, 40, 20, PhoneBlue)
	p.Text("Save", 337, 460, 14, Medium, PhoneWhite, Center)
	p.NavBar(false)
	return ScreenTruth{Content: []string{"New contact", "Save"}}
}

// homeOneRow is the home screen as a fresh emulator shows it: a date at the top, one row of
// labelled apps above the dock, the search pill.
func (p *Phone) homeOneRow(s int) ScreenTruth {
	wp := wallpapers[(s+2)%len(wallpapers)]
	p.Gradient(0, p.HDp(), wp[0], wp[1])
	p.StatusBar("8:02", true)
	p.ShadowText([]string{"Wednesday, May 7", "Mon, Feb 2", "Sat, Aug 30"}[s%3], 24, 80, 20, PhoneWhite, Left)
	cols := 4 + s%2
	pitch := 411.0 / float64(cols)
	bottom := p.HDp() - NavBarDp
	names := pick(appNames, s+3, cols)
	for c, n := range names {
		cx := pitch * (float64(c) + 0.5)
		p.Icon(cx, bottom-250, 56, iconColours[(c+s)%len(iconColours)], c+s)
		p.ShadowText(n, cx, bottom-204, 13, PhoneWhite, Center)
	}
	for c := range cols {
		p.Icon(pitch*(float64(c)+0.5), bottom-150, 56, iconColours[(c+2*s+3)%len(iconColours)], c+1)
	}
	p.Round(24, bottom-92, 363, 56, 28, PhoneWhite)
	p.Text("G", 52, bottom-64, 24, Bold, PhoneBlue, Center)
	p.NavBar(true)
	return ScreenTruth{Launcher: true}
}

func (p *Phone) noteBorderless(s int) ScreenTruth {
	p.appBar("", true)
	title := []string{"Weekend plans", "Gift ideas", "Book club"}[s%3]
	p.Text(title, 16, 90, 24, Regular, p.Fg(), Left)
	layout := [][3]string{{"azertyuiop", "qsdfghjklm", "wxcvbn"}, {"qwertzuiop", "asdfghjkl", "yxcvbnm"}, {}}[s%3]
	p.Keyboard(KeyboardStyle{Borderless: true, Layout: layout, Suggestions: []string{"and", "the", "to"}})
	p.NavBar(false)
	return ScreenTruth{Keyboard: true, Content: []string{title}}
}

// cards is a page of cards on a tinted background, each a title, a line and a button: a
// panel lighter than what surrounds it, but no dialog.
func (p *Phone) cards(s int) ScreenTruth {
	bg := color.RGBA{241, 243, 244, 255}
	card := PhoneWhite
	if p.Dark {
		bg, card = color.RGBA{18, 18, 18, 255}, color.RGBA{46, 47, 50, 255}
	}
	p.Fill(0, 0, 411, p.HDp(), bg)
	p.StatusBar("9:41", false)
	p.Text("For you", 16, 56, 22, Regular, p.Fg(), Left)
	items := [][2]string{{"Back up your photos", "Keep them safe in your account"}, {"Storage almost full", "Free up 2 GB of space"}, {"New features", "See what changed this week"}}
	var lines []string
	for i, it := range items {
		y := 100 + float64(i)*190
		p.Round(16, y, 379, 170, 16, card)
		p.Text(it[0], 36, y+36, 18, Medium, p.Fg(), Left)
		p.Text(it[1], 36, y+70, 14, Regular, p.Sub(), Left)
		p.Text([]string{"Turn on", "Review", "Open"}[i], 375, y+130, 15, Medium, p.Accent(), Right)
		lines = append(lines, it[0], it[1])
	}
	p.NavBar(false)
	return ScreenTruth{Content: append([]string{"For you"}, lines...)}
}

// month is a calendar's month: the weekdays' initials and the days in seven columns.
func (p *Phone) month(s int) ScreenTruth {
	p.appBar([]string{"March 2025", "October 2024", "June 2026"}[s%3], false)
	pitch := 411.0 / 7
	for i, d := range []string{"S", "M", "T", "W", "T", "F", "S"} {
		p.Text(d, pitch*(float64(i)+0.5), 110, 14, Medium, p.Sub(), Center)
	}
	day := 1
	for r := range 5 {
		for c := range 7 {
			if r == 0 && c < s%3+2 || day > 30 {
				continue
			}
			p.Text(fmt.Sprint(day), pitch*(float64(c)+0.5), 150+float64(r)*56, 16, Regular, p.Fg(), Center)
			day++
		}
	}
	p.Text("Dentist appointment", 16, 470, 16, Regular, p.Fg(), Left)
	p.NavBar(false)
	return ScreenTruth{Content: []string{"Dentist appointment"}}
}

// dialpad is a phone's dial pad: digits in three columns, each with its letters.
func (p *Phone) dialpad(s int) ScreenTruth {
	p.StatusBar("9:41", false)
	number := []string{"555 0134", "020 7946 0018", "+1 202 555 0143"}[s%3]
	p.Text(number, 205.5, 200, 32, Regular, p.Fg(), Center)
	keys := [][2]string{{"1", ""}, {"2", "ABC"}, {"3", "DEF"}, {"4", "GHI"}, {"5", "JKL"}, {"6", "MNO"}, {"7", "PQRS"}, {"8", "TUV"}, {"9", "WXYZ"}, {"*", ""}, {"0", "+"}, {"#", ""}}
	bottom := p.HDp() - NavBarDp - 100
	top := bottom - 4*80
	for i, k := range keys {
		cx := 411 * (float64(i%3) + 0.5) / 3
		cy := top + float64(i/3)*80 + 30
		p.Text(k[0], cx, cy, 30, Regular, p.Fg(), Center)
		if k[1] != "" {
			p.Text(k[1], cx, cy+26, 11, Medium, p.Sub(), Center)
		}
	}
	p.Circle(205.5, bottom+45, 30, color.RGBA{30, 142, 62, 255})
	p.NavBar(false)
	return ScreenTruth{Content: []string{number}}
}

// albums is a grid of albums: pictures in three columns, each with its name and count
// under it, left-aligned.
func (p *Phone) albums(s int) ScreenTruth {
	p.appBar("Albums", false)
	names := []string{"Camera", "Screenshots", "Holidays", "Downloads", "Favourites", "Family", "Receipts", "Pets", "Recipes"}
	var lines []string
	w := 411.0 / 3
	for i, n := range names {
		x := float64(i%3) * w
		y := 100 + float64(i/3)*200
		p.Round(x+8, y, w-16, w-16, 12, iconColours[(i+s)%len(iconColours)])
		p.Text(n, x+10, y+w+2, 14, Medium, p.Fg(), Left)
		p.Text(fmt.Sprintf("%d items", 3+i*7), x+10, y+w+24, 12, Regular, p.Sub(), Left)
		lines = append(lines, n)
	}
	p.NavBar(false)
	return ScreenTruth{Content: append([]string{"Albums"}, lines...)}
}

// snackbar is a list page with a snackbar at the bottom, the app's message of a single
// line in the page's inverse colours: no field.
func (p *Phone) snackbar(s int) ScreenTruth {
	lines := p.listPage("Notes", []string{"Groceries", "Gift ideas", "Trip to Lisbon"})
	msg := []string{"Note saved", "Reminder set for 7 pm", "Moved to archive"}[s%3]
	inv, fg := color.RGBA{50, 50, 50, 255}, PhoneWhite
	if p.Dark {
		inv, fg = color.RGBA{230, 230, 230, 255}, PhoneInk
	}
	bottom := p.HDp() - NavBarDp
	p.Round(8, bottom-64, 395, 48, 4, inv)
	p.Text(msg, 24, bottom-40, 14, Regular, fg, Left)
	return ScreenTruth{Content: append(lines, msg)}
}

// ChatPNG draws a conversation with a contact: the messages sent (right, in bubbles), the
// compose field holding typed text (or its hint when typed is empty), and a keyboard when
// asked.
func ChatPNG(t testing.TB, v PhoneVariant, contact string, sent []string, typed string, keyboard bool) []byte {
	t.Helper()
	p := NewPhone(t, v.W, v.H, v.Dark)
	p.appBar(contact, true)
	y := 110.0
	for _, m := range sent {
		w := p.TextWidth(m, 16, Regular) + 32
		p.Round(395-w, y, w, 44, 20, PhoneBlue)
		p.Text(m, 395-w+16, y+22, 16, Regular, PhoneWhite, Left)
		y += 60
	}
	bottom := p.HDp() - NavBarDp
	if keyboard {
		bottom = p.Keyboard(KeyboardStyle{Suggestions: []string{"I", "the", "we"}})
	}
	p.Round(12, bottom-60, 330, 48, 24, p.Surface(2))
	if typed != "" {
		p.Text(typed, 32, bottom-36, 16, Regular, p.Fg(), Left)
	} else {
		p.Text("Text message", 32, bottom-36, 16, Regular, p.Sub(), Left)
	}
	p.Circle(375, bottom-36, 22, PhoneBlue)
	p.NavBar(false)
	return p.PNG()
}

// oldPermission is the permission prompt of older Androids: an icon, the question, and
// Deny and Allow side by side.
func (p *Phone) oldPermission(s int) ScreenTruth {
	app := []string{"Contacts", "Recorder", "Photos"}[s%3]
	behind := p.listPage(app, []string{"Starred", "Frequently contacted", "All contacts"})
	lines := p.dialog("Allow "+app+" to access your files?", "", []string{"DENY", "ALLOW"}, false)
	return ScreenTruth{Dialog: true, Permission: true, Behind: behind}.with(lines, false)
}

// todo is a to-do list: a box to tick and a task on each row, a button to add one.
func (p *Phone) todo(s int) ScreenTruth {
	p.appBar("My tasks", false)
	items := []string{"Call the plumber", "Renew passport", "Buy birthday card", "Pay electricity bill", "Water the plants"}
	for i, it := range items {
		cy := 120 + float64(i)*60
		p.Round(18, cy-10, 20, 20, 3, p.Sub())
		p.Round(20, cy-8, 16, 16, 2, p.Bg())
		p.Text(it, 56, cy, 16, Regular, p.Fg(), Left)
	}
	p.Round(260, p.HDp()-NavBarDp-80, 135, 56, 16, p.Surface(2))
	p.Text("Add a task", 327, p.HDp()-NavBarDp-52, 14, Medium, p.Fg(), Center)
	p.NavBar(false)
	return ScreenTruth{Content: append([]string{"My tasks"}, items...)}
}

// videos is a feed of videos: a wide picture, the title and its channel under it.
func (p *Phone) videos(s int) ScreenTruth {
	p.StatusBar("9:41", false)
	p.Text("Home", 16, 50, 20, Medium, p.Fg(), Left)
	titles := [][2]string{{"How to repot a cactus", "Green Thumb - 1.2M views"}, {"Ten minute pasta", "Quick Kitchen - 830K views"}}
	var lines []string
	for i, tt := range titles {
		y := 80 + float64(i)*300
		p.Fill(0, y, 411, 220, iconColours[(i+s)%len(iconColours)])
		p.Avatar(30, y+250, 14, iconColours[(i+s+3)%len(iconColours)], tt[1][:1])
		p.Text(tt[0], 56, y+242, 16, Medium, p.Fg(), Left)
		p.Text(tt[1], 56, y+266, 13, Regular, p.Sub(), Left)
		lines = append(lines, tt[0], tt[1])
	}
	bottom := p.HDp() - NavBarDp
	for i, tb := range []string{"Home", "Shorts", "Subscriptions", "Library"} {
		cx := 411 * (float64(i) + 0.5) / 4
		p.Round(cx-11, bottom-50, 22, 22, 4, p.Fg())
		p.Text(tb, cx, bottom-16, 11, Regular, p.Fg(), Center)
	}
	p.NavBar(false)
	return ScreenTruth{Content: lines}
}

// emailKeyboard is an email being written: its fields, the body typed into, a keyboard.
func (p *Phone) emailKeyboard(s int) ScreenTruth {
	p.appBar("Compose", true)
	p.Text("From", 16, 100, 14, Regular, p.Sub(), Left)
	p.Text("me@example.com", 80, 100, 16, Regular, p.Fg(), Left)
	p.Fill(0, 124, 411, 1, p.Surface(2))
	p.Text("To", 16, 148, 14, Regular, p.Sub(), Left)
	p.Text("jo@example.com", 80, 148, 16, Regular, p.Fg(), Left)
	p.Fill(0, 172, 411, 1, p.Surface(2))
	subject := []string{"Quarterly report", "Dinner on Friday", "Holiday photos"}[s%3]
	p.Text(subject, 16, 196, 16, Regular, p.Fg(), Left)
	p.Fill(0, 220, 411, 1, p.Surface(2))
	p.Text("Hi Jo, here it is", 16, 250, 16, Regular, p.Fg(), Left)
	p.Keyboard(KeyboardStyle{Suggestions: []string{"is", "as", "its"}, NumberRow: s%2 == 0})
	p.NavBar(false)
	return ScreenTruth{Keyboard: true}
}

// mailSearch is a mail app's inbox under its search pill, showing the pill's hint.
func (p *Phone) mailSearch(s int) ScreenTruth {
	p.StatusBar("9:41", false)
	p.Round(12, 32, 387, 48, 24, p.Surface(2))
	p.Fill(28, 49, 16, 2, p.Fg())
	p.Fill(28, 55, 16, 2, p.Fg())
	p.Fill(28, 61, 16, 2, p.Fg())
	p.Text("Search in mail", 64, 56, 16, Regular, p.Sub(), Left)
	p.Avatar(372, 56, 14, iconColours[s%len(iconColours)], "J")
	p.Text("Primary", 16, 104, 12, Medium, p.Sub(), Left)
	mails := [][2]string{{"Dana Kim", "Lunch tomorrow?"}, {"Bank", "Your statement is ready"}, {"Leo Park", "Photos from the trip"}}
	var lines []string
	for i, m := range mails {
		cy := 150 + float64(i)*80
		p.Avatar(36, cy, 20, iconColours[(i+s+1)%len(iconColours)], m[0][:1])
		p.Text(m[0], 72, cy-12, 16, Medium, p.Fg(), Left)
		p.Text(m[1], 72, cy+12, 14, Regular, p.Sub(), Left)
		lines = append(lines, m[0], m[1])
	}
	p.NavBar(false)
	return ScreenTruth{Content: lines}
}

// drawerSearch is the app drawer searched: the query in its search box, the apps found.
func (p *Phone) drawerSearch(s int) ScreenTruth {
	wp := wallpapers[(s+3)%len(wallpapers)]
	p.Gradient(0, p.HDp(), wp[0], wp[1])
	surface := color.RGBA{255, 255, 255, 240}
	if p.Dark {
		surface = color.RGBA{32, 33, 36, 245}
	}
	p.Round(0, 40, 411, p.HDp(), 24, surface)
	p.StatusBar("10:05", true)
	q := []string{"cal", "ma", "pho"}[s%3]
	p.Round(16, 56, 379, 52, 26, p.Surface(2))
	p.Text(q, 56, 82, 16, Regular, p.Fg(), Left)
	found := [][]string{{"Calendar", "Calculator"}, {"Maps", "Messages"}, {"Phone", "Photos"}}[s%3]
	pitch := 411.0 / 4
	for i, n := range found {
		cx := pitch * (float64(i) + 0.5)
		p.Icon(cx, 160, 52, iconColours[(i+s)%len(iconColours)], i)
		p.Text(n, cx, 204, 13, Regular, p.Fg(), Center)
	}
	p.Keyboard(KeyboardStyle{Suggestions: []string{q, q + "l", q + "e"}})
	p.NavBar(false)
	return ScreenTruth{Launcher: true, Keyboard: true, Search: q}
}
