// Package redteamkit builds the blind held-out corpora of internal/redteam2 to redteam5,
// for tests only: AndroidWorld episode JSON from cases written as
// screens of accessibility elements (element.go, screens.go, system.go, episode.go), screenshots drawn
// at the emulator's 1080x2400 with Go's fonts (render.go, widgets.go, shot.go), the labels,
// the corpus's hash and its files (corpus.go), and the checks that a corpus is well formed
// (check.go). The corpora dot-import it: their cases read as screens, not as builder calls.
package redteamkit

// Box is an element's rectangle in screen pixels (1080x2400, AndroidWorld's emulator).
type Box struct{ X0, Y0, X1, Y1 int }

func Bx(x0, y0, x1, y1 int) Box { return Box{x0, y0, x1, y1} }

// El is one accessibility element as AndroidWorld's UIElement records it.
type El struct {
	Text, Desc, Class, Hint, Pkg, Res string
	Box
	Checked, Checkable, Clickable, Editable, Focused, Focusable, LongClickable, Scrollable, Selected bool
	Disabled                                                                                         bool
}

// UI builds the elements of one app (package).
type UI struct{ Pkg string }

// UIOf is the builder of one app's elements.
func UIOf(pkg string) UI { return UI{Pkg: pkg} }

func (u UI) Res(id string) string {
	if id == "" {
		return ""
	}
	return u.Pkg + ":id/" + id
}

// Text is a TextView showing s.
func (u UI) Text(s, id string, b Box) El {
	return El{Text: s, Class: "android.widget.TextView", Pkg: u.Pkg, Res: u.Res(id), Box: b}
}

// TapText is a clickable TextView (a list row's title, a menu item).
func (u UI) TapText(s, id string, b Box) El {
	e := u.Text(s, id, b)
	e.Clickable, e.Focusable = true, true
	return e
}

// Button is a Button with a label.
func (u UI) Button(s, id string, b Box) El {
	return El{Text: s, Class: "android.widget.Button", Pkg: u.Pkg, Res: u.Res(id), Box: b, Clickable: true, Focusable: true}
}

// Icon is an image button known by its content description.
func (u UI) Icon(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.ImageButton", Pkg: u.Pkg, Res: u.Res(id), Box: b, Clickable: true, Focusable: true}
}

// MenuIcon is a toolbar action (a TextView with an icon and a description, as AppCompat
// menus expose them).
func (u UI) MenuIcon(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.TextView", Pkg: u.Pkg, Res: u.Res(id), Box: b, Clickable: true, Focusable: true}
}

// Image is a non-clickable picture, with a description or none.
func (u UI) Image(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.ImageView", Pkg: u.Pkg, Res: u.Res(id), Box: b}
}

// Edit is an EditText. An empty one shows its hint as its text, as AndroidWorld's
// accessibility forest records it.
func (u UI) Edit(text, hint, id string, b Box) El {
	if text == "" {
		text = hint
	}
	return El{Text: text, Hint: hint, Class: "android.widget.EditText", Pkg: u.Pkg, Res: u.Res(id), Box: b,
		Editable: true, Clickable: true, Focusable: true, LongClickable: true}
}

// Focused marks an element as holding the input focus.
func Focused(e El) El { e.Focused = true; return e }

// Selected marks an element as selected (a tab, a chip).
func Selected(e El) El { e.Selected = true; return e }

// Sw is a Switch; AndroidWorld's forest carries its state as is_checked (and Android's
// SwitchCompat shows no text of its own in settings lists).
func (u UI) Sw(desc, id string, on bool, b Box) El {
	return El{Desc: desc, Class: "android.widget.Switch", Pkg: u.Pkg, Res: u.Res(id), Box: b,
		Checkable: true, Checked: on, Clickable: true, Focusable: true}
}

// Checkbox is a CheckBox with a label or none.
func (u UI) Checkbox(text, desc, id string, on bool, b Box) El {
	return El{Text: text, Desc: desc, Class: "android.widget.CheckBox", Pkg: u.Pkg, Res: u.Res(id), Box: b,
		Checkable: true, Checked: on, Clickable: true, Focusable: true}
}

// Radio is a RadioButton.
func (u UI) Radio(text, id string, on bool, b Box) El {
	return El{Text: text, Class: "android.widget.RadioButton", Pkg: u.Pkg, Res: u.Res(id), Box: b,
		Checkable: true, Checked: on, Clickable: true, Focusable: true}
}

// Row is a clickable container known by its description (a list row).
func (u UI) Row(desc, id string, b Box) El {
	return El{Desc: desc, Class: "android.widget.LinearLayout", Pkg: u.Pkg, Res: u.Res(id), Box: b,
		Clickable: true, Focusable: true, LongClickable: true}
}

// Frame is a plain container.
func (u UI) Frame(class, id string, b Box) El {
	return El{Class: class, Pkg: u.Pkg, Res: u.Res(id), Box: b}
}

// Scroller is a scrollable list container.
func (u UI) Scroller(class, id string, b Box) El {
	return El{Class: class, Pkg: u.Pkg, Res: u.Res(id), Box: b, Scrollable: true}
}

// Screen joins parts of a screen in the order AndroidWorld lists them.
func Screen(parts ...[]El) []El {
	var out []El
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Els is a list of elements, for screen.
func Els(e ...El) []El { return e }
