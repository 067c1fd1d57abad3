package groundtruth

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/autoeval/autoeval/uixml"
)

// A few AndroidWorld tasks are scored from what the screen shows when the agent
// stops (the clock's timer and stopwatch): the foreground activity plus the UI
// hierarchy, read from the device like any other state.

// uiReader is implemented by *device.Device (uiautomator dump, pulled over sync).
type uiReader interface {
	UIXML(ctx context.Context) (string, error)
}

// UINode is one element of a uiautomator dump, as the shared parser reads it (text,
// content description, resource id, class, flags, bounds, depth).
type UINode = uixml.Node

// ParseUIXML flattens a uiautomator dump into its nodes, in document order. A dump
// of an empty screen has no nodes and is not an error; an empty or malformed
// document, or one that is not a dump at all, is.
func ParseUIXML(doc string) ([]UINode, error) {
	h, err := uixml.Parse([]byte(doc))
	if err != nil {
		return nil, fmt.Errorf("UI hierarchy: %v", err)
	}
	return h.Nodes, nil
}

// awElements are the elements AndroidWorld's evaluators see on a screen. Its default
// controller reads the screen through the accessibility forwarder's forest, and
// representation_utils.forest_to_ui_elements keeps a node only when it is a leaf, has a
// content description, or scrolls; get_state's ui_elements also drop nodes not visible
// to the user (visibleOnly). The forest and a uiautomator dump hold the same nodes, so
// the dump's nodes are kept by the same rule: a container's own text is not an element
// there (a "Success!" on a layout with children does not count).
func awElements(nodes []UINode, visibleOnly bool) []UINode {
	parent := make([]bool, len(nodes))
	for _, n := range nodes {
		if n.Parent >= 0 && n.Parent < len(nodes) {
			parent[n.Parent] = true
		}
	}
	var out []UINode
	for i, n := range nodes {
		if parent[i] && n.ContentDesc == "" && !n.Scrollable {
			continue
		}
		if visibleOnly && n.Extra["visible-to-user"] == "false" {
			continue
		}
		out = append(out, n)
	}
	return out
}

// screenState reads the foreground activity and the elements AndroidWorld's
// get_state().ui_elements holds (awElements).
func screenState(ctx context.Context, dev Device) (activity string, nodes []UINode, err error) {
	ar, ok1 := dev.(activityReader)
	ur, ok2 := dev.(uiReader)
	if !ok1 || !ok2 {
		return "", nil, fmt.Errorf("this device connection cannot read the screen (activity and UI hierarchy)")
	}
	if activity, err = ar.ForegroundActivity(ctx); err != nil {
		return "", nil, err
	}
	doc, err := ur.UIXML(ctx)
	if err != nil {
		return "", nil, err
	}
	if nodes, err = ParseUIXML(doc); err != nil {
		return "", nil, err
	}
	return activity, awElements(nodes, true), nil
}

func clockFamily(name, checks string, params []string, judge func(p Params, nodes []UINode) (Part, error)) *Family {
	return &Family{Name: name, App: "Clock", Checks: checks, Params: params,
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			act, nodes, err := screenState(ctx, dev)
			if err != nil {
				return nil, err
			}
			inClock := Part{Name: "Clock (DeskClock) in the foreground", Pass: strings.Contains(act, "DeskClock"), Detail: "activity " + act}
			part, err := judge(p, nodes)
			if err != nil {
				return nil, err
			}
			return allOf(name, inClock, part), nil
		}}
}

func countDesc(nodes []UINode, desc string, text bool) int {
	n := 0
	for _, e := range nodes {
		if e.ContentDesc == desc || (text && e.Text == desc) {
			n++
		}
	}
	return n
}

func init() {
	register(clockFamily("ClockTimerEntry", "the screen shows a timer of hh/mm/ss (text \"01h 02m 03s\" or its description)", []string{"hours", "minutes", "seconds"},
		func(p Params, nodes []UINode) (Part, error) {
			var v [3]int64
			for i, k := range []string{"hours", "minutes", "seconds"} {
				n, err := p.Int(k)
				if err != nil {
					return Part{}, err
				}
				v[i] = n
			}
			text := fmt.Sprintf("%02dh %02dm %02ds", v[0], v[1], v[2])
			desc := fmt.Sprintf("%d hours, %d minutes, %d seconds", v[0], v[1], v[2])
			part := Part{Name: "timer shows " + text, Detail: fmt.Sprintf("not among %d elements", len(nodes))}
			for _, e := range nodes {
				if e.Text == text || e.ContentDesc == desc {
					part.Pass, part.Detail = true, "shown"
				}
			}
			return part, nil
		}))
	register(clockFamily("ClockStopWatchRunning", "the stopwatch shows Pause and Lap buttons", nil,
		func(p Params, nodes []UINode) (Part, error) {
			pause, lap := countDesc(nodes, "Pause", false), countDesc(nodes, "Lap", false)
			return Part{Name: "stopwatch running (Pause and Lap shown)", Pass: pause > 0 && lap > 0,
				Detail: fmt.Sprintf("Pause ×%d, Lap ×%d", pause, lap)}, nil
		}))
	register(clockFamily("ClockStopWatchPausedVerify", "the stopwatch tab shows a Start button", nil,
		func(p Params, nodes []UINode) (Part, error) {
			// clock._is_stopwatch_paused: a "Start" description, and at least two
			// elements described or labelled "Stopwatch" (an element described "Start" is
			// not counted again: the checks are if/elif).
			start, sw := 0, 0
			for _, e := range nodes {
				if e.ContentDesc == "Start" {
					start++
				} else if e.ContentDesc == "Stopwatch" || e.Text == "Stopwatch" {
					sw++
				}
			}
			return Part{Name: "stopwatch paused (Start shown on the Stopwatch tab)", Pass: start > 0 && sw >= 2,
				Detail: fmt.Sprintf("Start ×%d, Stopwatch ×%d (want 2 or more: tab and title)", start, sw)}, nil
		}))
}

// ChromePackage is the browser AndroidWorld's web tasks run in.
const ChromePackage = "com.android.chrome"

func init() {
	for _, n := range []string{"BrowserDraw", "BrowserMaze", "BrowserMultiply"} {
		name := n
		register(&Family{Name: name, App: "Chrome", Checks: "Chrome is in the foreground and the page shows \"Success!\"",
			check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
				act, nodes, err := screenState(ctx, dev)
				if err != nil {
					return nil, err
				}
				pkg, _, _ := strings.Cut(act, "/")
				inChrome := Part{Name: "Chrome in the foreground", Pass: pkg == ChromePackage, Detail: "activity " + act}
				shown := Part{Name: "the page shows \"Success!\"", Detail: fmt.Sprintf("not among %d elements", len(nodes))}
				for _, e := range nodes {
					if e.Text == "Success!" {
						shown.Pass, shown.Detail = true, "shown"
					}
				}
				return allOf(name, inChrome, shown), nil
			}})
	}
}

// ---- Contacts: a draft on the new-contact screen ---------------------------------

// hintAttr tells whether a uiautomator dump writes hint text at all: AOSP's dumper
// gained the attribute in Android 16, so older devices' dumps carry none.
var hintAttr = regexp.MustCompile(`<node [^>]*\bhint="`)

func init() {
	register(&Family{Name: "ContactsNewContactDraft", App: "Contacts", Params: []string{"first", "last", "phone", "phone_label"},
		Checks: "the screen shows the new-contact form filled in: fields hinted First name, Last name and Phone with the values, and the phone label",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			var v [4]string
			for i, k := range []string{"first", "last", "phone", "phone_label"} {
				s, err := p.String(k)
				if err != nil {
					return nil, err
				}
				v[i] = s
			}
			if v[3] == "Mobile" {
				// contacts._contact_info_is_entered asserts this: "Mobile" can appear twice.
				return nil, fmt.Errorf("parameter phone_label \"Mobile\" cannot be checked (AndroidWorld refuses it: the label appears twice on the screen)")
			}
			ur, ok := dev.(uiReader)
			if !ok {
				return nil, fmt.Errorf("this device connection cannot read the screen (UI hierarchy)")
			}
			doc, err := ur.UIXML(ctx)
			if err != nil {
				return nil, err
			}
			all, err := ParseUIXML(doc)
			if err != nil {
				return nil, err
			}
			// ContactsNewContactDraft.is_successful: forest_to_ui_elements with
			// exclude_invisible_elements=False.
			nodes := awElements(all, false)
			if !hintAttr.MatchString(doc) {
				// Without hints the form's fields cannot be told apart, but a field whose
				// text is on no element at all fails whatever the hints say.
				if missing := contactDraftMissing(nodes, v[0], v[1], v[2], v[3]); missing != "" {
					return allOf("ContactsNewContactDraft", Part{Name: "the new-contact form filled in", Detail: "no element shows " + missing + ", so no field can hold it, whatever the hints"}), nil
				}
				return nil, fmt.Errorf("the UI dump has no hint text (uiautomator writes it from Android 16 on), which tells the First name, Last name and Phone fields apart; AndroidWorld reads it from the accessibility tree of its own accessibility service")
			}
			return allOf("ContactsNewContactDraft", contactDraftParts(nodes, v[0], v[1], v[2], v[3])...), nil
		}})
}

// contactDraftMissing names a field of the form whose text no element shows, by the
// text conditions of _contact_info_is_entered alone (fuzzy first and last name, the
// phone's digits, the label's exact text): "" when every field has a candidate.
func contactDraftMissing(nodes []UINode, first, last, phone, label string) string {
	var f, l, p, lb bool
	for _, e := range nodes {
		f = f || e.Text != "" && FuzzyMatch(e.Text, first)
		l = l || e.Text != "" && FuzzyMatch(e.Text, last)
		p = p || e.Text != "" && phoneDigits(e.Text) == phoneDigits(phone)
		lb = lb || e.Text == label
	}
	switch {
	case !f:
		return fmt.Sprintf("the first name %q", first)
	case !l:
		return fmt.Sprintf("the last name %q", last)
	case !p:
		return "the phone " + phone
	case !lb:
		return "the label " + label
	}
	return ""
}

// contactDraftParts is contacts._contact_info_is_entered over the screen's elements:
// each element is tried, in order, as the first name (its text fuzzy-matching first,
// hint "First name"), else the last name, else the phone (same digits, hint "Phone"),
// else the phone label (text phone_label, description phone_label + " Phone"); a label
// not found that way may be the element with that text just below the phone field.
func contactDraftParts(nodes []UINode, first, last, phone, label string) []Part {
	var firstEl, lastEl, phoneEl, labelEl *UINode
	for i := range nodes {
		e := &nodes[i]
		switch {
		case e.Text != "" && FuzzyMatch(e.Text, first) && e.Hint == "First name":
			firstEl = e
		case e.Text != "" && FuzzyMatch(e.Text, last) && e.Hint == "Last name":
			lastEl = e
		case e.Text != "" && phoneDigits(e.Text) == phoneDigits(phone) && e.Hint == "Phone":
			phoneEl = e
		case e.Text == label && e.ContentDesc == label+" Phone":
			labelEl = e
		}
	}
	if phoneEl != nil && labelEl == nil {
		for i := range nodes {
			e := &nodes[i]
			// _vertically_adjacent: the label's top lies between the phone field's bottom
			// and one field height below it.
			if e.Text == label && phoneEl.HasBounds && e.HasBounds &&
				phoneEl.Bounds.Bottom <= e.Bounds.Top && e.Bounds.Top <= phoneEl.Bounds.Bottom+phoneEl.Bounds.Height() {
				labelEl = e
				break
			}
		}
	}
	found := func(name string, e *UINode) Part {
		p := Part{Name: name, Pass: e != nil, Detail: "not on the screen"}
		if e != nil {
			p.Detail = fmt.Sprintf("%q", clip(e.Text, 60))
		}
		return p
	}
	return []Part{
		found(fmt.Sprintf("first name %q entered", first), firstEl),
		found(fmt.Sprintf("last name %q entered", last), lastEl),
		found(fmt.Sprintf("phone %s entered", phone), phoneEl),
		found(fmt.Sprintf("phone label %s chosen", label), labelEl),
	}
}
