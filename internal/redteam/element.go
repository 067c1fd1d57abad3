// Package redteam is a blind held-out corpus for the model-free judge: synthetic
// AndroidWorld episodes written from how the apps behave, by someone who did not read the
// judge's rules' code (only the published rules in judge/evidence). Each case is one run of
// an agent on an AndroidWorld task, with the outcome AndroidWorld's evaluator would give
// (task_actually_successful), what a careful person would conclude from the screens alone
// (success, failure, or cannot tell), and the general app behaviour it rests on.
//
// The corpus is for measuring, never for tuning: a rule changed because one of these cases
// failed makes the corpus a training set, and its figure stops meaning anything. The
// figure taken before any rule changed in response is the held-out number.
//
// The generator writes, at test time, episodes/*.json (the episode JSON android_world_agents-style
// harnesses write) and cases.json (the labels) into a temporary folder; MeasuredHash pins the
// corpus the figures in RESULTS.md were measured on.
//
// It is a test helper: product code never imports it.
package redteam

import "strings"

// Box is a pixel rectangle, as AndroidWorld writes bbox_pixels.
type Box struct {
	XMin int `json:"x_min"`
	XMax int `json:"x_max"`
	YMin int `json:"y_min"`
	YMax int `json:"y_max"`
}

// Element is one AndroidWorld UIElement, every key written as AndroidWorld's
// dataclasses.asdict writes it (absent strings as null).
type Element struct {
	Text               *string `json:"text"`
	ContentDescription *string `json:"content_description"`
	ClassName          string  `json:"class_name"`
	BBox               any     `json:"bbox"`
	BBoxPixels         Box     `json:"bbox_pixels"`
	HintText           *string `json:"hint_text"`
	IsChecked          bool    `json:"is_checked"`
	IsCheckable        bool    `json:"is_checkable"`
	IsClickable        bool    `json:"is_clickable"`
	IsEditable         bool    `json:"is_editable"`
	IsEnabled          bool    `json:"is_enabled"`
	IsFocused          bool    `json:"is_focused"`
	IsFocusable        bool    `json:"is_focusable"`
	IsLongClickable    bool    `json:"is_long_clickable"`
	IsScrollable       bool    `json:"is_scrollable"`
	IsSelected         bool    `json:"is_selected"`
	IsVisible          bool    `json:"is_visible"`
	PackageName        *string `json:"package_name"`
	ResourceName       *string `json:"resource_name"`
	Tooltip            *string `json:"tooltip"`
	ResourceID         *string `json:"resource_id"`
	Metadata           any     `json:"metadata"`
}

// Screen is the element list of one moment.
type Screen []Element

func str(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// Opt sets a property of an element.
type Opt func(*Element)

// T is the element's text.
func T(s string) Opt { return func(e *Element) { e.Text = str(s) } }

// D is the element's content description.
func D(s string) Opt { return func(e *Element) { e.ContentDescription = str(s) } }

// ID is the resource name; a bare name gets the element's package ("pkg:id/name").
func ID(s string) Opt { return func(e *Element) { e.ResourceName = str(s) } }

// Hint is an editable field's hint.
func Hint(s string) Opt { return func(e *Element) { e.HintText = str(s) } }

// At is the element's box.
func At(x1, y1, x2, y2 int) Opt {
	return func(e *Element) { e.BBoxPixels = Box{XMin: x1, XMax: x2, YMin: y1, YMax: y2} }
}

// Click makes the element clickable and focusable.
var Click Opt = func(e *Element) { e.IsClickable, e.IsFocusable = true, true }

// LongClick makes the element long-clickable too (list rows).
var LongClick Opt = func(e *Element) { e.IsClickable, e.IsFocusable, e.IsLongClickable = true, true, true }

// Scrolls makes the element scrollable.
var Scrolls Opt = func(e *Element) { e.IsScrollable = true }

// Focused marks the element as holding input focus.
var Focused Opt = func(e *Element) { e.IsFocused = true }

// Selected marks the element selected (tabs, chips).
var Selected Opt = func(e *Element) { e.IsSelected = true }

// Disabled marks the element not enabled.
var Disabled Opt = func(e *Element) { e.IsEnabled = false }

// Checked is a checkable element's state.
func Checked(on bool) Opt { return func(e *Element) { e.IsCheckable, e.IsChecked = true, on } }

// Edit makes the element an editable field with its hint; AndroidWorld reports an empty
// field's text as its hint.
func Edit(hint string) Opt {
	return func(e *Element) {
		e.IsEditable, e.IsClickable, e.IsFocusable, e.IsLongClickable = true, true, true, true
		e.HintText = str(hint)
	}
}

// El is an element of class in package pkg (short class names are android.widget's).
func El(class, pkg string, opts ...Opt) Element {
	if !strings.Contains(class, ".") {
		class = "android.widget." + class
	}
	e := Element{ClassName: class, PackageName: str(pkg), IsEnabled: true, IsVisible: true}
	for _, o := range opts {
		o(&e)
	}
	if e.ResourceName != nil && !strings.Contains(*e.ResourceName, ":id/") {
		e.ResourceName = str(pkg + ":id/" + *e.ResourceName)
	}
	if e.IsEditable && e.Text == nil {
		e.Text = e.HintText // an empty field reads as its hint
	}
	return e
}

// screenBottom is where app content ends: the gesture bar below it shows nothing.
const screenBottom = 2337

// Join concatenates parts into one screen, in order, leaving out what a list would have
// scrolled below the screen's bottom (AndroidWorld lists the visible elements only).
func Join(parts ...[]Element) Screen {
	var out Screen
	for _, p := range parts {
		for _, e := range p {
			if e.BBoxPixels.YMin >= screenBottom && deref(e.PackageName) != pkgKeyboard {
				continue
			}
			if e.BBoxPixels.YMax > screenBottom && e.BBoxPixels.YMin > 0 && deref(e.PackageName) != pkgKeyboard {
				e.BBoxPixels.YMax = screenBottom // a row cut by the screen's bottom
			}
			out = append(out, e)
		}
	}
	return out
}

// rows lays out n list rows from y, h pixels each, returning their top edges.
func rowTop(y0, h, i int) int { return y0 + i*h }
