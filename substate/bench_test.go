package substate

import "testing"

func BenchmarkParseLines(b *testing.B) {
	in := `Here are the substates:
0. PageNode(content="The Clock app is open", parent_id=None)
1. PageNode(content="The alarm list is visible", parent_id=0)
2. UnitNode(content="An alarm for "7:30 AM" exists", parent_id=1)
3. UnitNode(content="The 7:30 AM alarm is switched on", parent_id=1, optional=True)`
	for i := 0; i < b.N; i++ {
		if _, err := ParseLines(in); err != nil {
			b.Fatal(err)
		}
	}
}
