package suite

import (
	"fmt"
	"slices"
	"strings"
)

// Select keeps the tasks named in only (comma-separated ids), in suite order; an empty only
// keeps them all. An id the suite lacks is an error naming it.
func Select(tasks []Task, only string) ([]Task, error) {
	if strings.TrimSpace(only) == "" {
		return tasks, nil
	}
	want := map[string]bool{}
	for _, id := range strings.Split(only, ",") {
		if id = strings.TrimSpace(id); id != "" {
			want[id] = true
		}
	}
	var out []Task
	for _, t := range tasks {
		if want[t.ID] {
			out = append(out, t)
			delete(want, t.ID)
		}
	}
	if len(want) > 0 {
		var missing []string
		for id := range want {
			missing = append(missing, id)
		}
		slices.Sort(missing)
		return nil, fmt.Errorf("--only: no task with id %s in the suite", strings.Join(missing, ", "))
	}
	return out, nil
}

// CountOwned counts the tasks whose id owns accepts (a shard's Owns).
func CountOwned(tasks []Task, owns func(id string) bool) int {
	n := 0
	for _, t := range tasks {
		if owns(t.ID) {
			n++
		}
	}
	return n
}
