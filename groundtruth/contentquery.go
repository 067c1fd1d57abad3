package groundtruth

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	rowStart  = regexp.MustCompile(`(?m)^Row: (\d+) `)
	keyAtComa = regexp.MustCompile(`, ([A-Za-z_][A-Za-z0-9_]*)=`)
	firstKey  = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)=`)
)

// ParseContentQuery parses the output of `adb shell content query`:
//
//	Row: 0 _id=2, address=+1 555, date=1697384000000, body=Hi, there, read=1
//	Row: 1 ...
//
// Values are not quoted, so a value may hold ", " or even ", word=" (SMS bodies) and
// newlines (a row then spans lines). Every row of one query has the same columns in
// the same order, which is what disambiguates: columns, when given, are the only
// keys split on; otherwise the key sequence is the shortest one found that every
// row's candidate keys contain in order, and any other ", k=" stays inside a value.
// "NULL" becomes nil. "No result found." gives no rows.
func ParseContentQuery(out string, columns ...string) ([]Row, error) {
	out = strings.ReplaceAll(out, "\r\n", "\n")
	trimmed := strings.TrimSpace(out)
	if trimmed == "" || strings.HasPrefix(trimmed, "No result found") {
		return nil, nil
	}
	locs := rowStart.FindAllStringSubmatchIndex(out, -1)
	if len(locs) == 0 || strings.TrimSpace(out[:locs[0][0]]) != "" {
		return nil, fmt.Errorf("content query output does not start with \"Row: N\": %q", clip(trimmed, 80))
	}
	bodies := make([]string, len(locs))
	for i, l := range locs {
		end := len(out)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		bodies[i] = strings.TrimSuffix(out[l[1]:end], "\n")
	}
	if len(bodies) > 0 {
		bodies[len(bodies)-1] = strings.TrimRight(bodies[len(bodies)-1], "\n")
	}

	keys := columns
	if len(keys) == 0 {
		var err error
		if keys, err = inferKeys(bodies); err != nil {
			return nil, err
		}
	}
	rows := make([]Row, 0, len(bodies))
	for i, b := range bodies {
		r, err := splitRow(b, keys)
		if err != nil {
			return nil, fmt.Errorf("content query row %d: %w", i, err)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// candidateKeys lists every key a row could start a column with, in order.
func candidateKeys(body string) []string {
	m := firstKey.FindStringSubmatch(body)
	if m == nil {
		return nil
	}
	keys := []string{m[1]}
	for _, sm := range keyAtComa.FindAllStringSubmatch(body, -1) {
		keys = append(keys, sm[1])
	}
	return keys
}

func inferKeys(bodies []string) ([]string, error) {
	cands := make([][]string, len(bodies))
	for i, b := range bodies {
		cands[i] = candidateKeys(b)
		if cands[i] == nil {
			return nil, fmt.Errorf("content query row %d has no key=value pairs: %q", i, clip(b, 80))
		}
	}
	// The true column list is the shortest candidate list, provided every row
	// contains it in order. Checking only the shortest keeps this linear.
	best := cands[0]
	for _, c := range cands[1:] {
		if len(c) < len(best) {
			best = c
		}
	}
	for _, c := range cands {
		if !isSubsequence(best, c) {
			// Rows disagree (a projection change mid-output would be a tool bug);
			// fall back to each row's own candidates.
			return nil, nil
		}
	}
	return best, nil
}

func isSubsequence(sub, seq []string) bool {
	i := 0
	for _, s := range seq {
		if i < len(sub) && sub[i] == s {
			i++
		}
	}
	return i == len(sub)
}

// splitRow cuts a row body at ", key=" for the expected keys in order. Positions are
// assigned right to left, each key taking its last occurrence before the next key's:
// a free-text value may quote ", key=", the columns after it cannot. That puts any
// ambiguity inside the earlier free-text value (an SMS body), never in the trailing
// numeric columns.
func splitRow(body string, keys []string) (Row, error) {
	if keys == nil {
		keys = candidateKeys(body)
	}
	if len(keys) == 0 || !strings.HasPrefix(body, keys[0]+"=") {
		first := ""
		if len(keys) > 0 {
			first = keys[0]
		}
		return nil, fmt.Errorf("expected column %q first in %q", first, clip(body, 80))
	}
	// starts[m] is where key m's value begins; ends[m] where it ends.
	starts := make([]int, len(keys))
	ends := make([]int, len(keys))
	bound := len(body)
	lower := len(keys[0]) + 1
	for m := len(keys) - 1; m >= 1; m-- {
		sep := ", " + keys[m] + "="
		j := strings.LastIndex(body[:bound], sep)
		if j < lower {
			return nil, fmt.Errorf("column %q missing in %q", keys[m], clip(body, 80))
		}
		starts[m] = j + len(sep)
		ends[m] = bound
		bound = j
	}
	starts[0], ends[0] = lower, bound
	r := Row{}
	for m, k := range keys {
		val := body[starts[m]:ends[m]]
		if val == "NULL" {
			r[k] = nil
		} else {
			r[k] = val
		}
	}
	return r, nil
}

func clip(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
