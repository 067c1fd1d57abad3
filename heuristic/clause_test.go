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
