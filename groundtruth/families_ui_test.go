package groundtruth

import (
	"strings"
	"testing"
)

// TestParseUIXMLNodes: the nodes come in document order with what the UI checks read,
// plus the flags, bounds and depth the shared parser adds.
func TestParseUIXMLNodes(t *testing.T) {
	nodes, err := ParseUIXML(clockUI(`<node text="01h 02m 03s" content-desc="Timer" resource-id="com.google.android.deskclock:id/timer_setup_time" class="android.widget.TextView" clickable="true" bounds="[10,20][30,40]" />` +
		`<node text="" content-desc="Start" class="android.widget.Button" enabled="false" />`))
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 3 || nodes[0].Class != "android.widget.FrameLayout" {
		t.Fatalf("nodes %+v", nodes)
	}
	n := nodes[1]
	if n.Text != "01h 02m 03s" || n.ContentDesc != "Timer" || n.ResourceID != "com.google.android.deskclock:id/timer_setup_time" ||
		n.Class != "android.widget.TextView" || !n.Clickable || !n.Enabled || n.Depth != 1 || n.Parent != 0 || !n.HasBounds || n.Bounds.Right != 30 {
		t.Fatalf("node 1: %+v", n)
	}
	if nodes[2].ContentDesc != "Start" || nodes[2].Enabled {
		t.Fatalf("node 2: %+v", nodes[2])
	}
	// An empty screen is read as no nodes (the checks then fail on what is missing).
	if nodes, err := ParseUIXML(`<hierarchy rotation="0"/>`); err != nil || len(nodes) != 0 {
		t.Fatalf("empty screen: %v, %v", nodes, err)
	}
}

// TestParseUIXMLTolerant: what a device's dump may carry but strict XML rejects
// (an unknown entity, a control character in an app's text) no longer fails the check.
func TestParseUIXMLTolerant(t *testing.T) {
	nodes, err := ParseUIXML(clockUI("<node text=\"Success!\" content-desc=\"a&nbsp;b\x01\" />"))
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 2 || nodes[1].Text != "Success!" || nodes[1].ContentDesc != "a&nbsp;b?" {
		t.Fatalf("nodes %+v", nodes)
	}
}

// TestParseUIXMLErrors: an empty document (once read as a screen with no nodes), a
// truncated one and one that is not a dump are one-line errors naming the UI hierarchy.
func TestParseUIXMLErrors(t *testing.T) {
	for doc, want := range map[string]string{
		"":                   "UI XML is empty",
		"<hierarchy><node":   "malformed XML",
		"<html><p/></html>":  "not a uiautomator dump",
		"ERROR: null root\n": "not a uiautomator dump",
	} {
		nodes, err := ParseUIXML(doc)
		if err == nil || nodes != nil {
			t.Errorf("%q: %v, %v", doc, nodes, err)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "UI hierarchy: ") || !strings.Contains(msg, want) || strings.Contains(msg, "\n") {
			t.Errorf("%q: error %q, want one line with %q", doc, msg, want)
		}
	}
}
