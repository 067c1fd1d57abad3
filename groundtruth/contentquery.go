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
	var best []string
	cands := make([][]string, len(bodies))
	for i, b := range bodies {
		cands[i] = candidateKeys(b)
		if cands[i] == nil {
			return nil, fmt.Errorf("content query row %d has no key=value pairs: %q", i, clip(b, 80))
		}
	}
	for _, c := range cands {
		ok := true
		for _, other := range cands {
			if !isSubsequence(c, other) {
				ok = false
				break
			}
		}
		if ok && (best == nil || len(c) < len(best)) {
			best = c
		}
	}
	if best == nil {
		// Rows disagree (a projection change mid-output would be a tool bug);
		// fall back to each row's own candidates.
		return nil, nil
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

// splitRow cuts a row body at ", key=" for the expected keys in order.
func splitRow(body string, keys []string) (Row, error) {
	if keys == nil {
		keys = candidateKeys(body)
	}
	r := Row{}
	rest := body
	for i, k := range keys {
		if i == 0 {
			if !strings.HasPrefix(rest, k+"=") {
				return nil, fmt.Errorf("expected column %q first in %q", k, clip(body, 80))
			}
			rest = rest[len(k)+1:]
		}
		val := rest
		if i+1 < len(keys) {
			sep := ", " + keys[i+1] + "="
			j := strings.Index(rest, sep)
			if j < 0 {
				return nil, fmt.Errorf("column %q missing in %q", keys[i+1], clip(body, 80))
			}
			val, rest = rest[:j], rest[j+len(sep):]
		}
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
