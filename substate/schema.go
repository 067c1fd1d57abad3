package substate

import (
	"encoding/json"
	"sync"

	"github.com/invopop/jsonschema"
)

var (
	schemaOnce sync.Once
	schemaJSON []byte
)

// Schema is the JSON Schema of a List, for asking a model for structured output.
// It is generated from the Go types (so it cannot drift from what ParseJSON accepts),
// inlined without $refs (several providers reject them), and "parent" is made nullable
// because a first PageNode has none.
func Schema() []byte {
	schemaOnce.Do(func() {
		r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
		s := r.Reflect(&List{})
		s.Version = "" // providers' structured-output modes reject the $schema keyword
		s.ID = ""
		s.Title = "Substates"
		s.Description = "Ordered substates (observable UI states) that every successful run of the task passes through."
		if items, ok := s.Properties.Get("substates"); ok && items.Items != nil {
			if p, ok := items.Items.Properties.Get("parent"); ok {
				p.Type = ""
				p.AnyOf = []*jsonschema.Schema{{Type: "integer"}, {Type: "null"}}
			}
		}
		data, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			panic("substate: schema: " + err.Error()) // static types: cannot happen at run time
		}
		schemaJSON = data
	})
	out := make([]byte, len(schemaJSON))
	copy(out, schemaJSON)
	return out
}
