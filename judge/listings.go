package judge

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/trace"
)

// Listings is what the judge remembers across frames of the lists it saw: which items a
// page listed and between which neighbours, the page titles shown, and the items that
// have since left their page. A delete, move or clear succeeds when something listed
// before is gone afterwards, which no single frame can show; this memory lets both
// judges say so ("X was listed on page P at frame i and is not listed on P at frame j").
//
// An item counts as gone only when the list shows the place it held filled by something
// else: a neighbour it had is still there and the slot beside it now holds another item,
// or the list is empty and says so. Scrolling moves items off screen without that, so a
// scrolled list is never taken for a shorter one.
type Listings struct {
	// Items are the latest sighting of each item, keyed by page, list and label.
	Items map[string]*listed `json:"items,omitempty"`
	// Gone are the items seen leaving their page, in the order they were found.
	Gone []GoneItem `json:"gone,omitempty"`
	// Titles are the page titles shown so far, with the first frame that showed each, and
	// the folders path lines showed (Screen.Places).
	Titles map[string]int `json:"titles,omitempty"`
	// Scrolled is the last frame the agent scrolled or swiped on: a list not scrolled since
	// an item was seen keeps its place, so the item's neighbour in its place shows it gone.
	Scrolled int `json:"scrolled,omitempty"`
	// Asked is a deletion a screenshot's dialog asked to confirm, naming what it deletes:
	// the page behind a dialog is left out of a screenshot's screen (Screen.Dialog), so the
	// screen right after it, a list without that name, shows it gone.
	Asked *AskedDelete `json:"asked,omitempty"`
}

// AskedDelete is a delete question a screenshot showed: the names it deletes and its frame.
type AskedDelete struct {
	Labels []string `json:"labels"`
	Frame  int      `json:"frame"`
}

// listed is one sighting of a list item.
type listed struct {
	Page  string `json:"page"`            // package and title: the page the list is on
	Title string `json:"title,omitempty"` // the page title alone, for people
	List  string `json:"list"`            // resource id and class shared by the list's items
	Label string `json:"label"`
	Prev  string `json:"prev,omitempty"` // the item before it, "" for the first shown
	Next  string `json:"next,omitempty"` // the item after it, "" for the last shown
	Frame int    `json:"frame"`
	// Box is where the item was on the screen (left, top, right, bottom), when known.
	Box *[4]int `json:"box,omitempty"`
}

// loneList is the list key of an item shown alone (one text of its id on the page): it
// can leave only for an emptied list view where it was.
const loneList = "lone|"

// GoneItem is an item that left its page: listed at frame Seen, not listed at frame Gone.
type GoneItem struct {
	Page  string `json:"page"`
	Title string `json:"title,omitempty"`
	// Place is the folder the page showed (Screen.Place), when its title does not name it.
	Place string `json:"place,omitempty"`
	// Asked marks an item a screenshot's delete question named at Seen, the page behind
	// it unread, and the screen right after it did not list.
	Asked bool   `json:"asked,omitempty"`
	Label string `json:"label"`
	Seen  int    `json:"seen"`
	Gone  int    `json:"gone"`
	// List is the list the item was in (resource id and class), for Emptied.
	List string `json:"list,omitempty"`
}

// maxRemembered bounds the items kept, so a trace scrolling through a huge list cannot
// grow the saved state without end; the oldest sightings go first.
const maxRemembered = 1000

func newListings() *Listings {
	return &Listings{Items: map[string]*listed{}, Titles: map[string]int{}}
}

// String says the fact as a sentence, for the model judge's memory and for analyses.
func (g GoneItem) String() string {
	name := pageName(g.Title, g.Page)
	if g.Place != "" {
		name += fmt.Sprintf(" (folder %q)", g.Place)
	}
	if g.Asked {
		return fmt.Sprintf("%q was named by a delete question at frame %d and is not listed on page %s at frame %d, the screen right after it",
			g.Label, g.Seen, name, g.Gone)
	}
	return fmt.Sprintf("%q was listed on page %s at frame %d and is not listed there at frame %d",
		g.Label, name, g.Seen, g.Gone)
}

func pageName(title, page string) string {
	if title != "" {
		return fmt.Sprintf("%q", title)
	}
	if i := strings.IndexByte(page, '\x00'); i >= 0 {
		page = page[:i]
	}
	return "of " + page
}

// pageKey identifies a page: its app and title, else its app and activity.
func pageKey(sc *Screen) string {
	id := sc.Title
	if id == "" {
		id = "activity " + sc.Activity
	}
	if sc.Place != "" {
		// A file list is the page of the folder its path line names, whatever its app bar
		// says meanwhile (the app's name, "1 selected"); each folder a page of its own.
		id = "folder " + sc.Place
	}
	return sc.Package + "\x00" + id
}

// listItems groups the app's plain elements into lists: elements sharing a resource id and
// class, two or more of them, in reading order. Labels shown twice in one list say
// nothing about identity and are left out.
func listItems(sc *Screen) map[string][]string {
	groups := map[string][]string{}
	for _, e := range sc.Elements {
		if !sc.IsContent(e) {
			continue
		}
		label := itemLabel(e)
		if label == "" {
			continue
		}
		k := ShortID(e.ID) + "|" + shortClass(e.Class)
		groups[k] = append(groups[k], label)
	}
	for k, labels := range groups {
		if len(labels) < 2 {
			delete(groups, k)
			continue
		}
		count := map[string]int{}
		for _, l := range labels {
			count[l]++
		}
		kept := labels[:0]
		for _, l := range labels {
			if count[l] == 1 {
				kept = append(kept, l)
			}
		}
		groups[k] = kept
	}
	return groups
}

// itemLabel is an element's text, else its description, folded to one line.
func itemLabel(e Element) string {
	return strings.Join(strings.Fields(firstNonEmpty(e.Text, e.Desc)), " ")
}

// sameItem reports whether two labels name the same item: equal, one holding the other
// (a row's description gains or loses a date between frames), or sharing their longest
// word (a row's "File x.md" becomes "Selected x.md" while it is selected).
func sameItem(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	a, b = strings.ToLower(a), strings.ToLower(b)
	if a == b || screentext.ContainsName(a, b) || screentext.ContainsName(b, a) {
		return true
	}
	ca, cb := itemCore(a), itemCore(b)
	return len([]rune(ca)) >= 5 && ca == cb
}

// itemCore is a label's longest word: the name in "File notes_2023.md 10/15/2023, 15:34".
func itemCore(label string) string {
	best := ""
	for _, w := range strings.FieldsFunc(label, func(r rune) bool { return unicode.IsSpace(r) || r == ',' }) {
		if len([]rune(w)) > len([]rune(best)) {
			best = w
		}
	}
	return best
}

// emptyList matches the messages of an emptied list ("No items", "No events yet").
var emptyList = regexp.MustCompile(`(?i)^\s*(no\s+\w+(\s+\w+)?(\s+(yet|found|here|to show))?|(it's\s+|list\s+is\s+)?empty|nothing\s+(here|to show))[.!]?\s*$`)

// observe takes in one frame: finds items that left a page since they were last listed
// there, then remembers what this screen lists, and whether the agent scrolled. sc is nil
// for a frame that shows nothing new (or could not be read): only its action is taken in.
func (m *Listings) observe(frame int, sc *Screen, a *trace.Action) {
	defer func() {
		if a != nil && (a.Type == "scroll" || a.Type == "swipe") {
			m.Scrolled = frame
		}
	}()
	if sc == nil || sc.Package == "" && !sc.OCR {
		return
	}
	m.answerAsked(frame, sc)
	if m.Items == nil {
		m.Items = map[string]*listed{}
	}
	if m.Titles == nil {
		m.Titles = map[string]int{}
	}
	for _, t := range append([]string{sc.Title}, sc.Places...) {
		// A folder a path line shows is a page shown as its title would be.
		if _, ok := m.Titles[t]; t != "" && !ok {
			m.Titles[t] = frame
		}
	}
	page := pageKey(sc)
	lists := listItems(sc)
	var shown []string // everything the app shows, to make sure a "gone" item is nowhere
	empty := false
	for _, e := range sc.Elements {
		if sc.IsContent(e) {
			shown = append(shown, strings.ToLower(e.Text+" \x00 "+e.Desc))
			if emptyList.MatchString(e.Text) || emptyList.MatchString(e.Desc) {
				empty = true
			}
		}
	}
	emptied := emptyLists(sc)
	var occ *occupancy // built when an item's list is first found gone from the screen
	occupied := func() *occupancy {
		if occ == nil {
			occ = newOccupancy(sc)
		}
		return occ
	}
	keys := make([]string, 0, len(m.Items))
	for k, it := range m.Items {
		if it.Page == page {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var labels map[string]bool // the page's remembered items, by name, made when first needed
	for _, k := range keys {
		it := m.Items[k]
		if anyHolds(shown, it.Label) {
			if labels == nil {
				labels = m.pageLabels(page, frame, keys)
			}
			if !heldByOthers(shown, it.Label, labels) {
				continue
			}
		}
		cur := lists[it.List]
		unscrolled := m.Scrolled < it.Frame
		// A screenshot's lines have no ids to tell a list's from the page's others: there the
		// page saying its list is empty ("No events") empties whatever it listed.
		gone := slotTaken(cur, it) || empty && (len(cur) == 0 || sc.OCR) ||
			unscrolled && m.endTaken(page, cur, it) || len(cur) == 0 && within(emptied, it.Box) ||
			len(cur) == 0 && unscrolled && !strings.HasPrefix(it.List, loneList) && sc.Keyboard == "" && occupied().vacant(it.Box)
		if !gone {
			continue
		}
		m.Gone = append(m.Gone, GoneItem{Page: page, Title: sc.Title, Place: sc.Place, Label: it.Label, Seen: it.Frame, Gone: frame, List: it.List})
		delete(m.Items, k)
	}
	undo := m.newGoneIndex(page)
	boxes := rowBoxes(sc)
	for list, labels := range lists {
		for i, l := range labels {
			it := &listed{Page: page, Title: sc.Title, List: list, Label: l, Frame: frame, Box: boxes[list+"\x00"+l]}
			if i > 0 {
				it.Prev = labels[i-1]
			}
			if i+1 < len(labels) {
				it.Next = labels[i+1]
			}
			key := page + "\x00" + list + "\x00" + strings.ToLower(l)
			_, known := m.Items[key]
			m.Items[key] = it
			undo.forget(l, known)
		}
	}
	for _, e := range loneItems(sc, lists) {
		l := itemLabel(e)
		box := [4]int{e.X1, e.Y1, e.X2, e.Y2}
		list := loneList + ShortID(e.ID) + "|" + shortClass(e.Class)
		key := page + "\x00" + list + "\x00" + strings.ToLower(l)
		_, known := m.Items[key]
		m.Items[key] = &listed{Page: page, Title: sc.Title, List: list, Label: l, Frame: frame, Box: &box}
		undo.forget(l, known)
	}
	undo.apply()
	m.trim()
}

// rowBoxes is where each item of the screen's lists is, keyed by its list and label (the
// first element of that list with that label), in one pass over the screen: looking each
// item up in the whole screen made a long list's frame cost the square of its length.
func rowBoxes(sc *Screen) map[string]*[4]int {
	boxes := map[string]*[4]int{}
	for _, e := range sc.Elements {
		if !e.HasBounds || !sc.IsContent(e) {
			continue
		}
		k := ShortID(e.ID) + "|" + shortClass(e.Class) + "\x00" + itemLabel(e)
		if _, ok := boxes[k]; !ok {
			boxes[k] = &[4]int{e.X1, e.Y1, e.X2, e.Y2}
		}
	}
	return boxes
}

// Emptied returns the items seen leaving the page sc shows when the lists they left now
// hold none of what they held: every item of them was seen gone (evidence rule E5 for
// "delete all ..."). It is nil while an item of such a list is still remembered there
// (still listed, alone or with others, or not seen gone), or when nothing left the page.
func (m *Listings) Emptied(sc *Screen) []GoneItem {
	if m == nil || sc == nil || sc.Package == "" && !sc.OCR {
		return nil
	}
	page := pageKey(sc)
	var out []GoneItem
	lists := map[string]bool{}
	for _, g := range m.Gone {
		list := strings.TrimPrefix(g.List, loneList)
		if g.Page != page || g.List == "" || !sc.OCR && strings.HasPrefix(list, "|") {
			// A dump's texts without an id are the page's chrome (a selection bar's
			// "Select all"), grouped by class alone: no list a delete empties.
			continue
		}
		out = append(out, g)
		lists[list] = true
	}
	// A screenshot's lines all read as one list: there the page must say its list is
	// empty, and its lines still shown (a header, the message itself) are no rows of it.
	var shown map[string]bool
	if sc.OCR {
		shown = map[string]bool{}
		empty := false
		for _, e := range sc.Elements {
			if sc.IsContent(e) {
				shown[strings.ToLower(itemLabel(e))] = true
				empty = empty || emptyList.MatchString(e.Text)
			}
		}
		if !empty {
			return nil
		}
	}
	for _, it := range m.Items {
		if it.Page == page && lists[strings.TrimPrefix(it.List, loneList)] && !shown[strings.ToLower(it.Label)] {
			return nil
		}
	}
	return out
}

// endTaken reports whether a list not scrolled since the item was seen shows, at the end
// of the list where the item was, its former neighbour instead: the first place now held by
// the item that followed it, or the list ending on the item that preceded it with nothing
// new shown. (Scrolled, the same list would show other items at its ends as well.)
func (m *Listings) endTaken(page string, cur []string, it *listed) bool {
	if len(cur) == 0 {
		return false
	}
	if it.Prev == "" && it.Next != "" && sameItem(cur[0], it.Next) {
		return true
	}
	if it.Next == "" && it.Prev != "" && sameItem(cur[len(cur)-1], it.Prev) {
		for _, l := range cur {
			if _, known := m.Items[page+"\x00"+it.List+"\x00"+strings.ToLower(l)]; !known {
				return false // something new came in: the list may have grown at the top
			}
		}
		return true
	}
	return false
}

// emptyLists are the boxes of the app's list views that show nothing: no text of the app
// inside them.
func emptyLists(sc *Screen) [][4]int {
	var out [][4]int
	for _, l := range sc.Lists {
		if l.Package != "" && l.Package != sc.Package {
			continue
		}
		holds := false
		for _, e := range sc.Elements {
			if e.HasBounds && e.Role == "" && strings.TrimSpace(e.Text+e.Desc) != "" && !floatingControl(e) &&
				e.X1 >= l.X1 && e.X2 <= l.X2 && e.Y1 >= l.Y1 && e.Y2 <= l.Y2 {
				holds = true
				break
			}
		}
		if !holds {
			out = append(out, [4]int{l.X1, l.Y1, l.X2, l.Y2})
		}
	}
	return out
}

// floatingControl reports whether an element is a button, which an app may float over its
// list (a "new item" button): it is no row of the list.
func floatingControl(e Element) bool {
	c := shortClass(e.Class)
	return strings.HasSuffix(c, "Button") && !strings.Contains(c, "Radio") && !strings.Contains(c, "Toggle")
}

// within reports whether a box lies inside one of the areas.
func within(areas [][4]int, box *[4]int) bool {
	if box == nil {
		return false
	}
	for _, a := range areas {
		if box[0] >= a[0] && box[2] <= a[2] && box[1] >= a[1] && box[3] <= a[3] {
			return true
		}
	}
	return false
}

// deleteAsk is a dialog's question to confirm a deletion; its group 1 is what it names.
var deleteAsk = regexp.MustCompile(`(?i)\bdelete\b\s*([^?]*?)\s*\?`)

// unnamed are the words a delete question uses for what was selected without naming it.
var unnamed = regexp.MustCompile(`(?i)^(?:(?:this|these|the|selected|all)\b.*|it|them|\d+\s+\w+|)$`)

// answerAsked takes in a screenshot after one that asked to confirm a deletion: when this
// one is no dialog and lists the app's lines without the names the question gave, they are
// gone from this page (the app deleted them, where Cancel would have left them listed).
// A screenshot's dialog asking one is remembered for the next.
func (m *Listings) answerAsked(frame int, sc *Screen) {
	if !sc.OCR {
		return
	}
	if a := m.Asked; a != nil && !sc.Dialog {
		m.Asked = nil
		var lines []string
		for _, e := range sc.Elements {
			if sc.IsContent(e) && strings.TrimSpace(e.Text) != "" {
				lines = append(lines, strings.ToLower(e.Text))
			}
		}
		if len(lines) >= 2 {
			for _, l := range a.Labels {
				if !anyHolds(lines, l) {
					m.Gone = append(m.Gone, GoneItem{Page: pageKey(sc), Title: sc.Title, Place: sc.Place, Label: l, Seen: a.Frame, Gone: frame, Asked: true})
				}
			}
		}
	}
	if !sc.Dialog {
		return
	}
	var labels, text []string
	for _, e := range sc.Elements {
		if !sc.IsContent(e) {
			continue
		}
		t := strings.TrimSpace(e.Text)
		text = append(text, t)
		if len(strings.Fields(t)) <= 3 && !AllDialogButtons(t) && strings.IndexFunc(t, isLetterRune) >= 0 {
			labels = append(labels, strings.Trim(t, "?"))
		}
	}
	// The question may wrap over lines: read it from the dialog's text joined, after its
	// last "delete".
	mm := deleteAsk.FindStringSubmatch(strings.Join(text, " "))
	asked := mm != nil
	if asked {
		name := mm[1]
		if i := strings.LastIndex(strings.ToLower(name), "delete "); i >= 0 {
			name = name[i+len("delete "):]
		}
		if name = strings.Trim(name, " \"'“”‘’"); !unnamed.MatchString(name) {
			labels = append(labels, name)
		}
	}
	if asked && len(labels) > 0 {
		m.Asked = &AskedDelete{Labels: labels, Frame: frame}
	}
}

// A dialog's buttons, by what pressing one does: confirm what the dialog asks, or leave it.
var (
	confirmLabels = map[string]bool{"ok": true, "okay": true, "save": true, "create": true, "done": true, "add": true, "confirm": true,
		"yes": true, "apply": true, "rename": true, "delete": true, "remove": true}
	leaveLabels = map[string]bool{"cancel": true, "discard": true, "no": true, "dismiss": true, "not now": true, "close": true, "keep": true}
)

// DialogButton says whether a text is a dialog's confirming button ("OK", "Save") or its
// leaving one ("Cancel", "No"), case and a final stop or bang aside.
func DialogButton(text string) (confirm, leave bool) {
	w := strings.ToLower(strings.Trim(text, " .!"))
	return confirmLabels[w], leaveLabels[w]
}

// AllDialogButtons reports whether every word of a short line is a dialog's button: the
// buttons side by side, read off a screenshot as one line ("Cancel OK").
func AllDialogButtons(text string) bool {
	ws := strings.Fields(text)
	for _, w := range ws {
		if c, l := DialogButton(w); !c && !l {
			return false
		}
	}
	return len(ws) > 0
}

// occupancy indexes where the app draws something on a screen, by bands of rows, so that
// each remembered item's place is looked up in the elements near it only: a page of a
// UI dump may hold 100,000 nodes, and up to maxRemembered items are looked up a frame.
type occupancy struct {
	sc    *Screen
	bands map[int][]int // band (y / occupancyBand) -> indices of elements over it
}

const occupancyBand = 64

// newOccupancy indexes the elements that fill a place: anything of the app's drawn there,
// its fields too (a closed drop-down's rows lay over a form's fields), but no button
// floating over a list.
func newOccupancy(sc *Screen) *occupancy {
	o := &occupancy{sc: sc, bands: map[int][]int{}}
	for i, e := range sc.Elements {
		if !e.HasBounds || e.Role != "" || strings.TrimSpace(e.Text+e.Desc+e.Hint) == "" && !e.Editable || floatingControl(e) || e.Y2 <= e.Y1 {
			continue
		}
		for b := e.Y1 / occupancyBand; b <= (e.Y2-1)/occupancyBand; b++ {
			o.bands[b] = append(o.bands[b], i)
		}
	}
	return o
}

// vacant reports whether nothing of the app's shows where an item was (its row's box):
// the page, unscrolled, shows its list with nothing in it, though the dump holds no list
// view to say it is empty (an app may draw its rows straight into a layout). Only a list's
// rows are read so (a dialog's lone message leaves no list emptied), and never under a
// keyboard, which a list's rows may lie under.
func (o *occupancy) vacant(box *[4]int) bool {
	if box == nil || box[3] <= box[1] {
		return false
	}
	for b := box[1] / occupancyBand; b <= (box[3]-1)/occupancyBand; b++ {
		for _, i := range o.bands[b] {
			e := o.sc.Elements[i]
			if e.X1 < box[2] && box[0] < e.X2 && e.Y1 < box[3] && box[1] < e.Y2 {
				return false
			}
		}
	}
	return true
}

// loneItems are the app's texts with an id of their own on the screen, not part of a list
// of two or more and not the page's title: what a list of one item shows.
func loneItems(sc *Screen, lists map[string][]string) []Element {
	count := map[string]int{}
	for _, e := range sc.Elements {
		if sc.IsContent(e) && e.ID != "" {
			count[ShortID(e.ID)+"|"+shortClass(e.Class)]++
		}
	}
	var out []Element
	for _, e := range sc.Elements {
		k := ShortID(e.ID) + "|" + shortClass(e.Class)
		if !sc.IsContent(e) || e.ID == "" || !e.HasBounds || count[k] != 1 || len(lists[k]) > 0 || itemLabel(e) == "" || e.Text == sc.Title {
			continue
		}
		out = append(out, e)
	}
	return out
}

// slotTaken reports whether the list now shows another item where it used to be: right
// after its former predecessor, or right before its former successor.
func slotTaken(cur []string, it *listed) bool {
	for i, l := range cur {
		if it.Prev != "" && sameItem(l, it.Prev) && i+1 < len(cur) && !sameItem(cur[i+1], it.Label) {
			return true
		}
		if it.Next != "" && sameItem(l, it.Next) && i > 0 && !sameItem(cur[i-1], it.Label) {
			return true
		}
	}
	return false
}

// anyHolds reports whether some text shows the item: its label, or its longest word as a
// whole name (not inside a longer file name).
func anyHolds(texts []string, label string) bool {
	l := strings.ToLower(label)
	core := itemCore(l)
	for _, t := range texts {
		if holdsLabel(t, l, core) {
			return true
		}
	}
	return false
}

// holdsLabel: a text holds an item's label (lowercased), or its core as a whole name.
func holdsLabel(t, l, core string) bool {
	return screentext.ContainsName(t, l) || len([]rune(core)) >= 5 && screentext.ContainsName(t, core)
}

// pageLabels are the names of the items a page listed when the frame came in: those still
// remembered under keys and those the frame has already found gone.
func (m *Listings) pageLabels(page string, frame int, keys []string) map[string]bool {
	labels := make(map[string]bool, len(keys))
	for _, k := range keys {
		if it := m.Items[k]; it != nil {
			labels[strings.ToLower(it.Label)] = true
		}
	}
	for _, g := range m.Gone {
		if g.Page == page && g.Gone == frame {
			labels[strings.ToLower(g.Label)] = true
		}
	}
	return labels
}

// heldByOthers reports whether every text holding label is the whole name of another item
// the page listed beside it: "Parking meter", listed with "Parking", is that item, and its
// staying does not keep "Parking" listed.
func heldByOthers(texts []string, label string, labels map[string]bool) bool {
	l := strings.ToLower(label)
	core := itemCore(l)
	for _, t := range texts {
		if !holdsLabel(t, l, core) {
			continue
		}
		text, _, _ := strings.Cut(t, " \x00 ")
		text = strings.TrimSpace(text)
		if text == l || !labels[text] {
			return false
		}
	}
	return true
}

// goneIndex finds the gone facts of one page that an item listed there again undoes, by
// the words of their labels: sameItem needs a word in common (equal labels, one holding the
// other, or the same longest word), so only those are compared. Comparing each listed item
// with every gone fact made a frame that lists 20,000 rows after 1,000 went take seconds.
type goneIndex struct {
	m      *Listings
	byWord map[string][]int // a word of a label -> the indices in m.Gone of this page's facts
	drop   map[int]bool
}

func (m *Listings) newGoneIndex(page string) *goneIndex {
	x := &goneIndex{m: m, byWord: map[string][]int{}, drop: map[int]bool{}}
	for i, g := range m.Gone {
		if g.Page == page {
			for _, w := range labelWords(g.Label) {
				x.byWord[w] = append(x.byWord[w], i)
			}
		}
	}
	return x
}

// labelWords are a label's words, lowercased, split at every sign that is no letter or digit.
func labelWords(label string) []string {
	ws := strings.FieldsFunc(strings.ToLower(label), func(r rune) bool { return !screentext.IsWordRune(r) })
	if len(ws) == 0 {
		return []string{""} // a label of signs alone is indexed, and looked up, as such
	}
	return ws
}

// forget marks the gone facts a label listed again undoes (an undo). An item the page
// already listed under another name ("Parking meter" beside "Parking") is that item: its
// staying undoes nothing.
func (x *goneIndex) forget(label string, known bool) {
	for _, w := range labelWords(label) {
		for _, i := range x.byWord[w] {
			g := x.m.Gone[i]
			if !x.drop[i] && sameItem(g.Label, label) && !(known && !strings.EqualFold(g.Label, label)) {
				x.drop[i] = true
			}
		}
	}
}

// apply drops the marked facts.
func (x *goneIndex) apply() {
	if len(x.drop) == 0 {
		return
	}
	kept := x.m.Gone[:0]
	for i, g := range x.m.Gone {
		if !x.drop[i] {
			kept = append(kept, g)
		}
	}
	x.m.Gone = kept
}

func (m *Listings) trim() {
	if len(m.Items) <= maxRemembered {
		return
	}
	type kv struct {
		k string
		f int
	}
	all := make([]kv, 0, len(m.Items))
	for k, it := range m.Items {
		all = append(all, kv{k, it.Frame})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].f != all[j].f {
			return all[i].f < all[j].f
		}
		return all[i].k < all[j].k
	})
	for _, x := range all[:len(all)-maxRemembered] {
		delete(m.Items, x.k)
	}
}

// goneFacts are the gone items worth telling the model judge about: those whose label
// shares a term with the task, latest last, at most max of them.
func (m *Listings) goneFacts(task string, limit int) []GoneItem {
	if m == nil {
		return nil
	}
	terms := screentext.KeyTerms(task, "")
	var out []GoneItem
	for _, g := range m.Gone {
		l := strings.ToLower(g.Label)
		for _, t := range terms {
			if len([]rune(t)) >= 3 && strings.Contains(l, t) {
				out = append(out, g)
				break
			}
		}
	}
	if len(out) > limit {
		out = out[len(out)-limit:]
	}
	return out
}
