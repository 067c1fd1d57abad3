package substate

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzParse: whatever Parse accepts from a model's answer is valid and survives being
// saved as JSON and read back (substates files, as judge --substates and a trace's
// substates.json, are read with Parse).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"```json\n{\"substates\":[{\"id\":0,\"kind\":\"page\",\"content\":\"Clock open\"},{\"id\":1,\"kind\":\"UNIT\",\"content\":\"x\",\"parent\":0,\"optional\":\"yes\"}]}\n```",
		`Here: [{"id":0,"kind":"page","content":"a"}] done`,
		"0. PageNode(content=\"a\", parent_id=None)\n1. UnitNode(content='b', parent_id=0)",
		`{"substates":[{"id":"1","kind":"page","content":"a","parent":"none"}]}`,
		`[{"id":1e3,"kind":"page","content":"\u0000"}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			return
		}
		if verr := s.Validate(); verr != nil {
			t.Fatalf("Parse returned no error but substates are invalid: %v", verr)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("parsed substates do not marshal: %v", err)
		}
		back, err := Parse(b)
		if err != nil {
			t.Fatalf("saved substates do not load: %v\n%s", err, b)
		}
		if !reflect.DeepEqual(back.Nodes, s.Nodes) {
			t.Fatalf("round trip changed the nodes:\n%+v\n%+v", s.Nodes, back.Nodes)
		}
	})
}
