package judge

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/trace"
	"github.com/autoeval/autoeval/uixml"
)

// Element is one screen element in the judge's own compact form; the XML, the AndroidWorld
// element and the OCR sources all map into it so the description reads the same.
type Element struct {
	Class, Text, Desc, ID, Hint, Package    string
	Checkable, Checked, Selected, Focused   bool
	Disabled, Editable, Password, Clickable bool
	X1, Y1, X2, Y2                          int
	HasBounds                               bool
	// Role says whose the element is: "" for the foreground app (or another app's window),
	// roleKeyboard for the input method, roleSystem for the system UI over an app.
	Role string
	// Mark names text that is on screen but is no result of the task: what was typed into
	// a field, a search query, a clipboard chip, a notification or a keyboard suggestion.
	Mark string
}

// Element roles and marks.
const (
	RoleKeyboard = "keyboard"
	RoleSystem   = "system UI"

	MarkTyped        = "typed"
	MarkSearch       = "search"
	MarkClipboard    = "clipboard"
	MarkNotification = "notification"
	MarkKeyboard     = "keyboard"
)

// Screen is a parsed screen: the foreground app, how it was found, the page title, the
// activity and the kept elements (app, keyboard and system UI ones, each labelled).
type Screen struct {
	Package string
	// PackageFrom says how the foreground app was found (activity, focused element,
	// largest window, only window), so a reader can weigh it.
	PackageFrom string
	Activity    string
	// Title is the page's title: the topmost plain text of the app near the top of the screen.
	Title string
	// Place is the folder a file list shows when its title does not name it (Markor titles
	// every folder "Markor"): the last part of the path or breadcrumb line under its app
	// bar ("/storage/emulated/0/Documents/Markor/BookNotes" is BookNotes); "" for none.
	// Places lists the last part of every such line on the screen (a folder picker's over
	// the list it was opened from).
	Place  string
	Places []string
	// Keyboard is the input method's package when a keyboard is on screen.
	Keyboard string
	// Keys counts keyboard keys left out of the description (single characters and the like).
	Keys int
	// ActionKeys are the keyboard's enter, done, go, send, next and search keys: left out of
	// the description like every key, kept to tell what a tap on one of them did.
	ActionKeys []Element
	// Height is the lowest edge of any element: the screen's height as far as it is known.
	Height   int
	Elements []Element
	// OCR is set when the elements are words read off the screenshot: no ids, no states,
	// no packages, and the text may be misread.
	OCR bool
	// Launcher is set on a screenshot read by OCR that shows the home screen or the app
	// drawer, recognised by its grid of app labels (a UI hierarchy says so by its package):
	// no app is open there, and its labels are names of apps (evidence rule N5).
	Launcher bool
	// Dialog is set on a screenshot (OCR) showing a dialog over a dimmed page; the page
	// behind it is left out, as a UI dump of the dialog's window leaves it out.
	Dialog bool
	// Lists are the app's list views (RecyclerView, ListView, GridView), kept apart from
	// the elements described: a list shown with nothing in it shows its items gone even
	// where no text says it is empty (evidence rule E5).
	Lists []Element
}

// parseUIXML reads a uiautomator dump (<hierarchy><node .../></hierarchy>) through
// the shared parser; a dump without nodes has nothing to describe and is an error.
func parseUIXML(data []byte) (*Screen, error) {
	h, err := uixml.Parse(data)
	if err != nil {
		return nil, err
	}
	if len(h.Nodes) == 0 {
		return nil, errors.New("UI XML has no <node> elements")
	}
	all := make([]Element, 0, len(h.Nodes))
	for _, n := range h.Nodes {
		e := Element{
			Class:     n.Class,
			Text:      n.Text,
			Desc:      n.ContentDesc,
			ID:        n.ResourceID,
			Hint:      n.Hint,
			Package:   n.Package,
			Checkable: n.Checkable,
			Checked:   n.Checked,
			Selected:  n.Selected,
			Focused:   n.Focused,
			Disabled:  !n.Enabled,
			Password:  n.Password,
			Clickable: n.Clickable,
			Editable:  strings.Contains(n.Class, "EditText"),
		}
		if n.HasBounds {
			b := n.Bounds
			e.X1, e.Y1, e.X2, e.Y2, e.HasBounds = b.Left, b.Top, b.Right, b.Bottom, true
		}
		all = append(all, e)
	}
	return newScreen(all), nil
}

// fromElements maps AndroidWorld UIElements.
func fromElements(els []trace.UIElement) *Screen {
	all := make([]Element, 0, len(els))
	for _, u := range els {
		e := Element{
			Class:     u.ClassName,
			Text:      u.Text,
			Desc:      u.ContentDescription,
			ID:        u.ResourceName,
			Hint:      u.HintText,
			Package:   u.PackageName,
			Checkable: u.IsCheckable,
			Checked:   u.IsChecked,
			Selected:  u.IsSelected,
			Focused:   u.IsFocused,
			// AndroidWorld leaves is_enabled false on some elements it never filled in;
			// only trust it when the element is otherwise interactive.
			Disabled:  !u.IsEnabled && (u.IsClickable || u.IsEditable || u.IsCheckable),
			Editable:  u.IsEditable || strings.Contains(u.ClassName, "EditText"),
			Clickable: u.IsClickable,
		}
		if u.BBoxPixels != nil {
			b := u.BBoxPixels
			e.X1, e.Y1, e.X2, e.Y2, e.HasBounds = int(b.XMin), int(b.YMin), int(b.XMax), int(b.YMax), true
		}
		all = append(all, e)
	}
	return newScreen(all)
}

// newScreen finds the foreground app, labels keyboard and system UI elements, marks text
// that is no result (typed, search, clipboard, notification), keeps the elements worth
// describing in reading order and finds the page title. The frame's activity, which names
// the foreground app outright, is applied after (setActivity).
func newScreen(all []Element) *Screen {
	sc := &Screen{}
	sc.Package, sc.PackageFrom = foreground(all)
	for _, e := range all {
		if e.HasBounds {
			sc.Height = max(sc.Height, e.Y2)
		}
	}
	for _, e := range all {
		if listClass(e.Class) && e.HasBounds && e.X2 > e.X1 && e.Y2 > e.Y1 && !isKeyboard(e.Package) && !isSystemUI(e.Package) {
			sc.Lists = append(sc.Lists, e)
		}
		if !keep(e) {
			if isKeyboard(e.Package) && sc.Keyboard == "" {
				sc.Keyboard = e.Package
			}
			continue
		}
		switch {
		case isKeyboard(e.Package) && e.Package != sc.Package:
			sc.Keyboard = e.Package
			e.Role = RoleKeyboard
			switch {
			case mentionsClipboard(e) || clipLike(e):
				e.Mark = MarkClipboard
			case isKey(e):
				sc.Keys++
				if actionKeys[strings.ToLower(strings.TrimSpace(firstNonEmpty(e.Text, e.Desc)))] {
					sc.ActionKeys = append(sc.ActionKeys, e)
				}
				continue
			default:
				e.Mark = MarkKeyboard
			}
		case isSystemUI(e.Package) && e.Package != sc.Package:
			e.Role = RoleSystem
		}
		if e.Mark == "" {
			e.Mark = markOf(e)
		}
		sc.Elements = append(sc.Elements, e)
	}
	sortElements(sc.Elements)
	sc.Title = pageTitle(sc)
	sc.Place, sc.Places = pagePlace(sc)
	return sc
}

// pathLine is a location shown as a line of its own: a file system path
// ("/storage/emulated/0/Documents/Markor") or a breadcrumb ("Internal storage > Documents");
// never a text of several lines (a note's body that starts with a path).
var pathLine = regexp.MustCompile(`^[ \t]*(?:/[^/\s][^/\n]*){2,}/?[ \t]*$|^[ \t]*[^>›/\n]+(?:[ \t]+[>›][ \t]+[^>›\n]+)+[ \t]*$`)

// IsPathLine reports whether a text is a location shown as a line of its own: a file
// system path or a breadcrumb.
func IsPathLine(text string) bool { return pathLine.MatchString(text) }

// pagePlace reads the folders the screen's path or breadcrumb lines show: the last part of
// the topmost one in the screen's top quarter (the list's own folder, under its app bar; a
// search result's breadcrumb lower down names no page), and every line's.
func pagePlace(sc *Screen) (string, []string) {
	var place string
	var all []string
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || e.Editable || !pathLine.MatchString(e.Text) {
			continue
		}
		parts := strings.FieldsFunc(strings.TrimSpace(e.Text), func(r rune) bool { return r == '/' || r == '>' || r == '›' })
		last := strings.TrimSpace(parts[len(parts)-1])
		if last == "" {
			continue
		}
		if place == "" && (sc.Height == 0 || e.Y1 < sc.Height/4) {
			place = last // the list's own folder: a path line under the app bar, not a row's
		}
		all = append(all, last)
	}
	return place, all
}

// setActivity records the frame's foreground activity, which names the app more surely
// than anything in the hierarchy.
func (sc *Screen) setActivity(activity string) {
	sc.Activity = activity
	pkg := activityPackage(activity)
	if pkg == "" || isKeyboard(pkg) || isSystemUI(pkg) {
		return
	}
	if pkg == sc.Package {
		sc.PackageFrom = "activity"
		return
	}
	sc.Package, sc.PackageFrom = pkg, "activity"
	for i := range sc.Elements {
		e := &sc.Elements[i]
		if e.Role == "" && isSystemUI(e.Package) {
			e.Role = RoleSystem
		}
	}
	sc.Title = pageTitle(sc)
	sc.Place, sc.Places = pagePlace(sc)
}

// IsContent reports whether an element is the foreground app's own content: not the
// keyboard or the system UI over the app, not another app's window, not a field's typed
// text, a search query, a clipboard chip or a notification. Only content is evidence.
func (sc *Screen) IsContent(e Element) bool {
	return e.Role == "" && e.Mark == "" && !e.Editable && (e.Package == "" || e.Package == sc.Package)
}

// activityPackage is the package of "com.x/.Main" or "com.x/com.x.Main", "" when absent.
func activityPackage(a string) string {
	a = strings.TrimSpace(a)
	if i := strings.IndexByte(a, '/'); i > 0 {
		return a[:i]
	}
	return ""
}

// isKeyboard reports whether a package is an input method: Gboard, the AOSP keyboard,
// SwiftKey, Samsung's and the like all name themselves so.
func isKeyboard(pkg string) bool {
	p := strings.ToLower(pkg)
	return p != "" && (strings.Contains(p, "inputmethod") || strings.Contains(p, "keyboard") ||
		strings.Contains(p, "honeyboard") || strings.Contains(p, "swiftkey") || strings.HasSuffix(p, ".ime"))
}

func isSystemUI(pkg string) bool { return pkg == "com.android.systemui" }

// promptFront is how a screen says a system prompt is in front (Screen.PackageFrom).
const promptFront = "system prompt"

// PromptInFront reports whether the system's prompt (a permission request, a system dialog)
// is in front on the screen, read from its hierarchy or, on a screenshot, from its layout.
func (sc *Screen) PromptInFront() bool { return sc.PackageFrom == promptFront }

// systemPrompt reports whether a package shows the system's modal prompts: permission
// requests (the permission controller, the older package installer) and the system's own
// dialogs ("android": an app not responding, a chooser).
func systemPrompt(pkg string) bool {
	p := strings.ToLower(pkg)
	return p == "android" || strings.Contains(p, "permissioncontroller") || strings.HasSuffix(p, ".packageinstaller")
}

// foreground picks the app in front by the hierarchy alone: the package of the focused
// element, else the package whose elements cover the largest area, leaving out the input
// method and the system UI unless nothing else is on screen.
func foreground(all []Element) (pkg, from string) {
	for _, e := range all {
		// A system prompt (a permission request, a system dialog) is modal: whatever app
		// is under it, the prompt, a window of controls to answer it, is in front.
		if systemPrompt(e.Package) && e.Clickable && (e.Text != "" || e.Desc != "") {
			return e.Package, promptFront
		}
	}
	for _, e := range all {
		if e.Focused && e.Package != "" && !isKeyboard(e.Package) && !isSystemUI(e.Package) {
			return e.Package, "focused element"
		}
	}
	type extent struct {
		x1, y1, x2, y2, n int
		has               bool
	}
	ext := map[string]*extent{}
	for _, e := range all {
		if e.Package == "" {
			continue
		}
		x := ext[e.Package]
		if x == nil {
			x = &extent{}
			ext[e.Package] = x
		}
		x.n++
		if !e.HasBounds || e.X2 <= e.X1 || e.Y2 <= e.Y1 {
			continue
		}
		if !x.has {
			x.x1, x.y1, x.x2, x.y2, x.has = e.X1, e.Y1, e.X2, e.Y2, true
			continue
		}
		x.x1, x.y1 = min(x.x1, e.X1), min(x.y1, e.Y1)
		x.x2, x.y2 = max(x.x2, e.X2), max(x.y2, e.Y2)
	}
	keys := make([]string, 0, len(ext))
	for k := range ext {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic on ties
	best, bestArea, bestN := "", -1, -1
	for _, k := range keys {
		if isKeyboard(k) || isSystemUI(k) {
			continue
		}
		x := ext[k]
		area := 0
		if x.has {
			area = (x.x2 - x.x1) * (x.y2 - x.y1)
		}
		if area > bestArea || area == bestArea && x.n > bestN {
			best, bestArea, bestN = k, area, x.n
		}
	}
	if best != "" {
		return best, "largest window"
	}
	// Only the system UI (the notification shade pulled down) or a keyboard is on screen.
	for _, k := range keys {
		if isSystemUI(k) {
			return k, "only window"
		}
	}
	if len(keys) > 0 {
		return keys[0], "only window"
	}
	return "", ""
}

// listClass reports whether a class is one of Android's list views.
func listClass(class string) bool {
	switch shortClass(class) {
	case "RecyclerView", "ListView", "GridView", "ExpandableListView":
		return true
	}
	return false
}

// keep drops empty layout containers: an element is worth describing when it shows
// text, has a description, holds a state, takes input, or is a named control.
func keep(e Element) bool {
	return e.Text != "" || e.Desc != "" || e.Hint != "" || e.Checkable || e.Editable ||
		(e.Clickable && e.ID != "")
}

// isKey reports whether a keyboard element is a key (a letter, a digit, shift, space...)
// rather than a suggestion worth reading.
func isKey(e Element) bool {
	id := strings.ToLower(ShortID(e.ID))
	if strings.HasPrefix(id, "key_pos") || strings.HasPrefix(id, "key_") || strings.Contains(id, "_key") {
		return true
	}
	label := firstNonEmpty(e.Text, e.Desc)
	return len([]rune(strings.TrimSpace(label))) <= 2 || keyNames[strings.ToLower(label)]
}

// keyNames are the labels of a keyboard's function keys and toolbar buttons.
var keyNames = map[string]bool{}

func init() {
	for _, k := range []string{"shift", "delete", "space", "enter", "search", "done", "go", "next", "send",
		"back", "symbol keyboard", "emoji button", "voice input", "switch input method", "more features",
		"settings", "theme settings", "sticker keyboard", "gif keyboard", "translate", "one-handed mode",
		"use the keyboard", "hide keyboard", "caps lock", "123", "?123", "abc"} {
		keyNames[k] = true
	}
}

// actionKeys are the labels of a keyboard's action keys (what a form's enter does).
var actionKeys = map[string]bool{"enter": true, "done": true, "go": true, "send": true, "next": true, "search": true}

// clipLike reports whether a keyboard element holds a clip rather than a suggestion: the
// suggestion strip offers words, a clipboard chip offers whatever was copied (a sentence, a
// path, a number).
func clipLike(e Element) bool {
	t := strings.TrimSpace(firstNonEmpty(e.Text, e.Desc))
	return len(strings.Fields(t)) > 3 || len([]rune(t)) > 25
}

func mentionsClipboard(e Element) bool {
	s := strings.ToLower(e.ID + " " + e.Desc + " " + e.Text)
	return strings.Contains(s, "clipboard") || strings.Contains(s, "paste")
}

// searchField reports whether an editable element is a search box.
func searchField(e Element) bool {
	s := strings.ToLower(ShortID(e.ID) + " " + e.Hint + " " + e.Class)
	return strings.Contains(s, "search") || strings.Contains(s, "query")
}

// markOf names why an element's text is no result of the task, or "".
func markOf(e Element) string {
	switch {
	case e.Editable && e.Text != "" && e.Text != e.Hint && !e.Password:
		if searchField(e) {
			return MarkSearch
		}
		return MarkTyped
	case isSystemUI(e.Package) && notificationElement(e):
		return MarkNotification
	case mentionsClipboard(e) && (isSystemUI(e.Package) || strings.Contains(strings.ToLower(e.ID), "clipboard")):
		return MarkClipboard
	}
	return ""
}

// notificationElement reports whether a system UI element belongs to a notification (in
// the shade, a heads-up, or its icon in the status bar).
func notificationElement(e Element) bool {
	id := strings.ToLower(ShortID(e.ID))
	return strings.Contains(id, "notification") || strings.Contains(strings.ToLower(e.Desc), "notification") ||
		id == "app_name_text" || id == "header_text" || id == "big_text" || strings.Contains(id, "conversation")
}

// buttonClass marks classes that are controls, never a page's title.
var buttonClass = regexp.MustCompile(`(?i)(Button|Switch|CheckBox|RadioButton|Spinner|EditText|ImageView)$`)

// pageTitle is the title of the page: the topmost plain text of the foreground app in the
// top eighth of the screen (the app bar), not a control. "" when none is found.
func pageTitle(sc *Screen) string {
	if sc.Height == 0 {
		return ""
	}
	// The app bar and the header under it (a day view's date) take about the top third of a
	// phone's width; the lowest element edge can stop well short of the screen's bottom (no
	// navigation bar in the dump), so an eighth of it alone cut the header off.
	width := 0
	ids := map[string]int{}
	for _, e := range sc.Elements {
		if e.HasBounds {
			width = max(width, e.X2)
		}
		if e.ID != "" {
			ids[e.ID]++
		}
	}
	limit := max(sc.Height/8, min(width, sc.Height)*3/10) // the phone's short side: landscape too
	if sc.OCR {
		// A screenshot's text starts under the status bar and app bar as a dump's does, but
		// its width is the lines read, not the screen's: a day view's date header under an
		// app bar of icons lies within the top 15%.
		limit = max(limit, sc.Height*3/20)
	}
	for _, e := range sc.Elements { // reading order
		if e.Role != "" || e.Mark != "" || !e.HasBounds || e.Y1 > limit || e.Editable || ids[e.ID] > 1 ||
			(e.Package != "" && e.Package != sc.Package) || buttonClass.MatchString(e.Class) {
			continue
		}
		t := strings.TrimSpace(e.Text)
		if sc.OCR && letterCount(t) < 2 || pathLine.MatchString(t) {
			continue // an icon read as a letter (a search icon's "Q"); a folder's path (Place)
		}
		if t != "" && strings.IndexFunc(t, isLetterRune) >= 0 {
			return screentext.Clip(t)
		}
	}
	return ""
}

func letterCount(s string) int {
	n := 0
	for _, r := range s {
		if isLetterRune(r) {
			n++
		}
	}
	return n
}

// sortElements orders elements top to bottom, then left to right, as a reader scans.
func sortElements(els []Element) {
	sort.SliceStable(els, func(i, j int) bool {
		a, b := els[i], els[j]
		if a.Y1 != b.Y1 {
			return a.Y1 < b.Y1
		}
		return a.X1 < b.X1
	})
}

// ShortID strips the package prefix of a resource id: "com.x:id/done" -> "done".
func ShortID(id string) string {
	if i := strings.LastIndex(id, ":id/"); i >= 0 {
		return id[i+4:]
	}
	return id
}

func shortClass(c string) string {
	if i := strings.LastIndex(c, "."); i >= 0 {
		return c[i+1:]
	}
	return c
}

// render is the deterministic text description of a screen. Its exact bytes matter:
// identical screens must render identically so repeated frames skip the reasoner.
// The app's elements come first; the keyboard's and the system UI's follow under their
// own headings, so neither judge mistakes them for the app's content.
func (sc *Screen) render() string {
	var b strings.Builder
	if sc.OCR {
		b.WriteString("Text read off the screenshot by OCR (no UI hierarchy; words may be misread; no element states):\n")
	}
	if sc.Package != "" {
		fmt.Fprintf(&b, "App package: %s", sc.Package)
		if sc.PackageFrom != "" && sc.PackageFrom != "activity" {
			fmt.Fprintf(&b, " (from the %s)", sc.PackageFrom)
		}
		b.WriteByte('\n')
	}
	if sc.Activity != "" {
		fmt.Fprintf(&b, "Activity: %s\n", sc.Activity)
	}
	if sc.Launcher {
		b.WriteString("Screen: the launcher (home screen or app drawer), recognised by its grid of app labels; no app is open\n")
	}
	if sc.Dialog {
		b.WriteString("Screen: a dialog over a dimmed page; the page behind it is not listed\n")
	}
	if sc.Title != "" {
		fmt.Fprintf(&b, "Page title: %s\n", strconv.Quote(sc.Title))
	}
	var app, kb, sys []Element
	for _, e := range sc.Elements {
		switch e.Role {
		case RoleKeyboard:
			kb = append(kb, e)
		case RoleSystem:
			sys = append(sys, e)
		default:
			app = append(app, e)
		}
	}
	if sc.OCR {
		fmt.Fprintf(&b, "Lines of text, top to bottom (%d):\n", len(app))
	} else {
		fmt.Fprintf(&b, "Screen elements, top to bottom (%d):\n", len(app))
	}
	for _, e := range app {
		b.WriteString("- ")
		b.WriteString(elementLine(e, sc.Package))
		b.WriteByte('\n')
	}
	if sc.Keyboard == KeyboardSeen {
		fmt.Fprintf(&b, "Keyboard on screen (recognised by its rows of keys, not part of the app")
		if sc.Keys > 0 {
			fmt.Fprintf(&b, "; %d keys not listed", sc.Keys)
		}
		fmt.Fprintf(&b, "): %d more lines\n", len(kb))
		for _, e := range kb {
			b.WriteString("- ")
			b.WriteString(elementLine(e, sc.Package))
			b.WriteByte('\n')
		}
	} else if sc.Keyboard != "" {
		fmt.Fprintf(&b, "Keyboard on screen (input method %s, not part of the app", sc.Keyboard)
		if sc.Keys > 0 {
			fmt.Fprintf(&b, "; %d keys not listed", sc.Keys)
		}
		fmt.Fprintf(&b, "): %d more elements\n", len(kb))
		for _, e := range kb {
			b.WriteString("- ")
			b.WriteString(elementLine(e, sc.Package))
			b.WriteByte('\n')
		}
	}
	if len(sys) > 0 {
		fmt.Fprintf(&b, "System UI (status bar, notifications; not part of the app) (%d):\n", len(sys))
		for _, e := range sys {
			b.WriteString("- ")
			b.WriteString(elementLine(e, sc.Package))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func elementLine(e Element, fg string) string {
	var parts []string
	kind := shortClass(e.Class)
	if kind == "" {
		kind = "element"
	}
	parts = append(parts, kind)
	switch {
	case e.Mark != "" && e.Editable:
		parts = append(parts, e.Mark+": "+strconv.Quote(screentext.Clip(e.Text)))
		if e.Hint != "" {
			parts = append(parts, "hint "+strconv.Quote(screentext.Clip(e.Hint)))
		}
	case e.Editable:
		if e.Password {
			parts = append(parts, "field (password)")
		} else {
			parts = append(parts, "field empty")
		}
		if e.Hint != "" {
			parts = append(parts, "hint "+strconv.Quote(screentext.Clip(e.Hint)))
		}
	default:
		label := ""
		if e.Mark != "" {
			label = e.Mark + ": "
		}
		if e.Text != "" {
			parts = append(parts, label+strconv.Quote(screentext.Clip(e.Text)))
			label = ""
		}
		if e.Hint != "" {
			parts = append(parts, "hint "+strconv.Quote(screentext.Clip(e.Hint)))
		}
		if e.Desc != "" && e.Desc != e.Text {
			parts = append(parts, label+"desc "+strconv.Quote(screentext.Clip(e.Desc)))
		}
	}
	if e.ID != "" {
		parts = append(parts, "id "+ShortID(e.ID))
	}
	var st []string
	if e.Checkable {
		if e.Checked {
			st = append(st, "checked/on")
		} else {
			st = append(st, "unchecked/off")
		}
	}
	if e.Selected {
		st = append(st, "selected")
	}
	if e.Focused {
		st = append(st, "focused")
	}
	if e.Disabled {
		st = append(st, "disabled")
	}
	if len(st) > 0 {
		parts = append(parts, "["+strings.Join(st, ", ")+"]")
	}
	if e.Role == "" && e.Package != "" && fg != "" && e.Package != fg {
		parts = append(parts, "(app "+e.Package+")")
	}
	if e.HasBounds {
		parts = append(parts, fmt.Sprintf("at (%d,%d)-(%d,%d)", e.X1, e.Y1, e.X2, e.Y2))
	}
	return strings.Join(parts, " ")
}

func isLetterRune(r rune) bool { return unicode.IsLetter(r) }

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
