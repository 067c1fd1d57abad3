package heuristic

import (
	"reflect"
	"testing"

	"github.com/autoeval/autoeval/substate"
)

func TestDeriveSubstates(t *testing.T) {
	s := DeriveSubstates("Open the Clock app and set an alarm for 7:30 AM", "")
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	var contents []string
	for _, n := range s.Nodes {
		contents = append(contents, n.Content)
	}
	want := []string{"The Clock app is open", "The screen shows the result of: set an alarm for 7:30 AM"}
	if !reflect.DeepEqual(contents, want) {
		t.Fatalf("%q, want %q", contents, want)
	}
	if s.Nodes[1].Kind != substate.Unit || s.Nodes[1].ParentID() != 0 {
		t.Fatalf("%+v", s.Nodes[1])
	}
	s = DeriveSubstates("delete location history", "")
	if s.Nodes[0].Content != noAppContent || len(s.Nodes) != 2 {
		t.Fatalf("%+v", s.Nodes)
	}
	// Deterministic: the same task gives the same substates.
	if !reflect.DeepEqual(DeriveSubstates("Create a new contact for Amir Muller. Their number is +19328020043.", ""),
		DeriveSubstates("Create a new contact for Amir Muller. Their number is +19328020043.", "")) {
		t.Fatal("not deterministic")
	}
}

// An app is named only when the task writes it as the app to use (evidence rule E4): a
// common word that is also an app's name ("phone", "files", "settings") names no app in
// "their phone number" or "delete the files", nor as a field's label.
func TestAppsNamedOnlyAsApps(t *testing.T) {
	cases := []struct {
		task string
		want string // the first page's content
	}{
		{"Create a new contact for Amir Muller. Their phone number is +19328020043.", noAppContent},
		{"Share the note with the phone number 5550142 via SMS using Simple SMS Messenger", "The Simple Sms app is open"},
		{"Enter the following details: First Name: Ana, Last Name: Lee, Phone: 555, Phone Label: Work.", noAppContent},
		{"Delete the files in the Downloads folder.", noAppContent},
		{"Phone the office and ask for Sam.", noAppContent},
		{"Open the Phone app and call 555.", "The Phone app is open"},
		{"Open Settings and turn on Wi-Fi.", "The Settings app is open"},
		{"In Contacts, add Bob.", "The Contacts app is open"},
		{"Add a favorite for Paris in the OsmAnd maps app.", "The Osmand app is open"},
		{"Create a note in Markor named a.md.", "The Markor app is open"},
	}
	for _, c := range cases {
		s := DeriveSubstates(c.task, "")
		if got := s.Nodes[0].Content; got != c.want {
			t.Errorf("%q: first page %q, want %q", c.task, got, c.want)
		}
		for _, n := range s.Nodes[1:] {
			if n.Kind == substate.Page && c.want == noAppContent {
				t.Errorf("%q: a second page %q", c.task, n.Content)
			}
		}
	}
	// The suite names the app to use: it is the first page whatever the task says.
	if got := DeriveSubstates("Create a new contact for Amir Muller.", "contacts").Nodes[0].Content; got != "The Contacts app is open" {
		t.Errorf("suite app: %q", got)
	}
}
