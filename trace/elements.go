package trace

// UIElement is one accessibility element of a screen, in AndroidWorld's UIElement shape
// (the field names match its JSON so episodes load as they are).
type UIElement struct {
	Text               string `json:"text,omitempty"`
	ContentDescription string `json:"content_description,omitempty"`
	ClassName          string `json:"class_name,omitempty"`
	BBoxPixels         *BBox  `json:"bbox_pixels,omitempty"`
	HintText           string `json:"hint_text,omitempty"`
	IsChecked          bool   `json:"is_checked,omitempty"`
	IsCheckable        bool   `json:"is_checkable,omitempty"`
	IsClickable        bool   `json:"is_clickable,omitempty"`
	IsEditable         bool   `json:"is_editable,omitempty"`
	IsEnabled          bool   `json:"is_enabled,omitempty"`
	IsFocused          bool   `json:"is_focused,omitempty"`
	IsFocusable        bool   `json:"is_focusable,omitempty"`
	IsLongClickable    bool   `json:"is_long_clickable,omitempty"`
	IsScrollable       bool   `json:"is_scrollable,omitempty"`
	IsSelected         bool   `json:"is_selected,omitempty"`
	IsVisible          bool   `json:"is_visible,omitempty"`
	PackageName        string `json:"package_name,omitempty"`
	ResourceName       string `json:"resource_name,omitempty"`
	Tooltip            string `json:"tooltip,omitempty"`
}

// BBox is a pixel rectangle.
type BBox struct {
	XMin float64 `json:"x_min"`
	XMax float64 `json:"x_max"`
	YMin float64 `json:"y_min"`
	YMax float64 `json:"y_max"`
}
