package judge

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/trace"
	"github.com/autoeval/autoeval/uixml"
)

// element is one screen element in the judge's own compact form; the XML and the
// AndroidWorld element sources both map into it so the description reads the same.
type element struct {
	Class, Text, Desc, ID, Hint, Package    string
	Checkable, Checked, Selected, Focused   bool
	Disabled, Editable, Password, Clickable bool
	X1, Y1, X2, Y2                          int
	HasBounds                               bool
}

// screen is a parsed screen: the foreground package, the activity and the kept elements.
type screen struct {
	Package  string
	Activity string
	Elements []element
}

// maxText bounds one element's text in a description so one huge text view cannot
// crowd everything else out of the reasoner's prompt.
const maxText = 300

// parseUIXML reads a uiautomator dump (<hierarchy><node .../></hierarchy>) through
// the shared parser; a dump without nodes has nothing to describe and is an error.
func parseUIXML(data []byte) (*screen, error) {
	h, err := uixml.Parse(data)
	if err != nil {
		return nil, err
	}
	if len(h.Nodes) == 0 {
		return nil, errors.New("UI XML has no <node> elements")
	}
	all := make([]element, 0, len(h.Nodes))
	for _, n := range h.Nodes {
		e := element{
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
func fromElements(els []trace.UIElement) *screen {
	all := make([]element, 0, len(els))
	for _, u := range els {
		e := element{
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

// newScreen keeps the elements worth describing, in reading order, and picks the
// foreground package from all of them (containers included).
func newScreen(all []element) *screen {
	sc := &screen{}
	pkgCount := map[string]int{}
	for _, e := range all {
		if e.Package != "" {
			pkgCount[e.Package]++
		}
		if keep(e) {
			sc.Elements = append(sc.Elements, e)
		}
	}
	sc.Package = mainPackage(pkgCount)
	sortElements(sc.Elements)
	return sc
}

// keep drops empty layout containers: an element is worth describing when it shows
// text, has a description, holds a state, takes input, or is a named control.
func keep(e element) bool {
	return e.Text != "" || e.Desc != "" || e.Hint != "" || e.Checkable || e.Editable ||
		(e.Clickable && e.ID != "")
}

// mainPackage picks the foreground app: the most frequent package, ignoring the system
// UI overlay (status bar, navigation bar) unless nothing else is on screen.
func mainPackage(count map[string]int) string {
	best, bestN := "", -1
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic on ties
	for _, k := range keys {
		n := count[k]
		if k == "com.android.systemui" {
			n = 0
		}
		if n > bestN {
			best, bestN = k, n
		}
	}
	return best
}

// sortElements orders elements top to bottom, then left to right, as a reader scans.
func sortElements(els []element) {
	sort.SliceStable(els, func(i, j int) bool {
		a, b := els[i], els[j]
		if a.Y1 != b.Y1 {
			return a.Y1 < b.Y1
		}
		return a.X1 < b.X1
	})
}

// shortID strips the package prefix of a resource id: "com.x:id/done" -> "done".
func shortID(id string) string {
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

func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxText {
		return string(r[:maxText]) + "…"
	}
	return s
}

// render is the deterministic text description of a screen. Its exact bytes matter:
// identical screens must render identically so repeated frames skip the reasoner.
func (sc *screen) render() string {
	var b strings.Builder
	if sc.Package != "" {
		fmt.Fprintf(&b, "App package: %s\n", sc.Package)
	}
	if sc.Activity != "" {
		fmt.Fprintf(&b, "Activity: %s\n", sc.Activity)
	}
	fmt.Fprintf(&b, "Screen elements, top to bottom (%d):\n", len(sc.Elements))
	for _, e := range sc.Elements {
		b.WriteString("- ")
		b.WriteString(elementLine(e))
		b.WriteByte('\n')
	}
	return b.String()
}

func elementLine(e element) string {
	var parts []string
	kind := shortClass(e.Class)
	if kind == "" {
		kind = "element"
	}
	parts = append(parts, kind)
	if e.Editable {
		switch {
		case e.Password:
			parts = append(parts, "field (password)")
		case e.Text != "" && e.Text != e.Hint:
			parts = append(parts, "field contains "+strconv.Quote(clip(e.Text)))
		default:
			parts = append(parts, "field empty")
		}
		if e.Hint != "" {
			parts = append(parts, "hint "+strconv.Quote(clip(e.Hint)))
		}
	} else {
		if e.Text != "" {
			parts = append(parts, strconv.Quote(clip(e.Text)))
		}
		if e.Hint != "" {
			parts = append(parts, "hint "+strconv.Quote(clip(e.Hint)))
		}
	}
	if e.Desc != "" && e.Desc != e.Text {
		parts = append(parts, "desc "+strconv.Quote(clip(e.Desc)))
	}
	if e.ID != "" {
		parts = append(parts, "id "+shortID(e.ID))
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
	if e.HasBounds {
		parts = append(parts, fmt.Sprintf("at (%d,%d)-(%d,%d)", e.X1, e.Y1, e.X2, e.Y2))
	}
	return strings.Join(parts, " ")
}
