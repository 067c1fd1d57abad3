// Package redteam2 is the second blind held-out corpus for the judges, for tests only. It
// was written from how Android apps behave and from AndroidWorld's evaluators, by someone
// who had not read the judges' rules' code, after the first corpus (internal/redteam) had
// been used to improve those rules. It has two parts, both generated at test time:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it was read from, and what a careful
//     person concludes from the screens;
//   - screenshot-only final screens (Shots): folders of numbered PNG frames rendered by this
//     package with Go's fonts, and a task text, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the figures in RESULTS.md were measured on.
// Measure with it; never tune rules to it.
package redteam2

// Box is an element's rectangle in screen pixels (1080x2400, AndroidWorld's emulator).
type Box struct{ X0, Y0, X1, Y1 int }

func bx(x0, y0, x1, y1 int) Box { return Box{x0, y0, x1, y1} }

// El is one accessibility element as AndroidWorld's UIElement records it.
type El struct {
	Text, Desc, Class, Hint, Pkg, Res string
	Box
	Checked, Checkable, Clickable, Editable, Focused, Focusable, LongClickable, Scrollable, Selected bool
	Disabled                                                                                         bool
}

// ui builds the elements of one app (package).
type ui struct{ pkg string }

func (u ui) res(id string) string {
	if id == "" {
		return ""
	}
	return u.pkg + ":id/" + id
}

// text is a TextView showing s.
func (u ui) text(s, id string, b Box) El {
	return El{Text: s, Class: "android.widget.TextView", Pkg: u.pkg, Res: u.res(id), Box: b}
}

// tapText is a clickable TextView (a list row's title, a menu item).
func (u ui) tapText(s, id string, b Box) El {
	e := u.text(s, id, b)
	e.Clickable, e.Focusable = true, true
	return e
}

// button is a Button with a label.
func (u ui) button(s, id string, b Box) El {
	return El{Text: s, Class: "android.widget.Button", Pkg: u.pkg, Res: u.res(id), Box: b, Clickable: true, Focusable: true}
}

// icon is an image button known by its content description.
func (u ui) icon(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.ImageButton", Pkg: u.pkg, Res: u.res(id), Box: b, Clickable: true, Focusable: true}
}

// menuIcon is a toolbar action (a TextView with an icon and a description, as AppCompat
// menus expose them).
func (u ui) menuIcon(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.TextView", Pkg: u.pkg, Res: u.res(id), Box: b, Clickable: true, Focusable: true}
}

// image is a non-clickable picture, with a description or none.
func (u ui) image(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.ImageView", Pkg: u.pkg, Res: u.res(id), Box: b}
}

// edit is an EditText. An empty one shows its hint as its text, as AndroidWorld's
// accessibility forest records it.
func (u ui) edit(text, hint, id string, b Box) El {
	if text == "" {
		text = hint
	}
	return El{Text: text, Hint: hint, Class: "android.widget.EditText", Pkg: u.pkg, Res: u.res(id), Box: b,
		Editable: true, Clickable: true, Focusable: true, LongClickable: true}
}

// focused marks an element as holding the input focus.
func focused(e El) El { e.Focused = true; return e }

// selected marks an element as selected (a tab, a chip).
func selected(e El) El { e.Selected = true; return e }

// sw is a Switch; AndroidWorld's forest carries its state as is_checked (and Android's
// SwitchCompat shows no text of its own in settings lists).
func (u ui) sw(desc, id string, on bool, b Box) El {
	return El{Desc: desc, Class: "android.widget.Switch", Pkg: u.pkg, Res: u.res(id), Box: b,
		Checkable: true, Checked: on, Clickable: true, Focusable: true}
}

// checkbox is a CheckBox with a label or none.
func (u ui) checkbox(text, desc, id string, on bool, b Box) El {
	return El{Text: text, Desc: desc, Class: "android.widget.CheckBox", Pkg: u.pkg, Res: u.res(id), Box: b,
		Checkable: true, Checked: on, Clickable: true, Focusable: true}
}

// radio is a RadioButton.
func (u ui) radio(text, id string, on bool, b Box) El {
	return El{Text: text, Class: "android.widget.RadioButton", Pkg: u.pkg, Res: u.res(id), Box: b,
		Checkable: true, Checked: on, Clickable: true, Focusable: true}
}

// row is a clickable container known by its description (a list row).
func (u ui) row(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.LinearLayout", Pkg: u.pkg, Res: u.res(id), Box: b,
		Clickable: true, Focusable: true, LongClickable: true}
}

// frame is a plain container.
func (u ui) frame(class, id string, b Box) El {
	return El{Class: class, Pkg: u.pkg, Res: u.res(id), Box: b}
}

// scroller is a scrollable list container.
func (u ui) scroller(class, id string, b Box) El {
	return El{Class: class, Pkg: u.pkg, Res: u.res(id), Box: b, Scrollable: true}
}

// screen joins parts of a screen in the order AndroidWorld lists them.
func screen(parts ...[]El) []El {
	var out []El
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// els is a list of elements, for screen.
func els(e ...El) []El { return e }
