package groundtruth

import (
	"encoding/hex"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Row is one database (or content-provider) row: column name to value. Values are
// normalised to int64, float64, string or nil; blobs become "x'hex'" strings so a
// row survives a JSON round trip (snapshots) unchanged.
type Row map[string]any

// normValue maps a driver value to the Row value domain.
func normValue(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case int64:
		return x
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case float64:
		return x
	case float32:
		return float64(x)
	case bool:
		if x {
			return int64(1)
		}
		return int64(0)
	case []byte:
		return "x'" + hex.EncodeToString(x) + "'"
	case string:
		return x
	default:
		return fmt.Sprint(x)
	}
}

// Str renders a value as text the way a person would read it.
func Str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return fmt.Sprint(x)
	}
}

// Num reads a value as a number; text holding a number counts (content query
// output and settings are all text).
func Num(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil
	}
	return 0, false
}

// valuesEqual compares two row values: numbers by value (1 == 1.0), the rest exactly.
func valuesEqual(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	_, as := a.(string)
	_, bs := b.(string)
	if !as && !bs {
		x, _ := Num(a)
		y, _ := Num(b)
		return x == y
	}
	return as && bs && a.(string) == b.(string)
}

// rowsEqual compares all columns of two rows.
func rowsEqual(a, b Row) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !valuesEqual(v, w) {
			return false
		}
	}
	return true
}

// MatchKind says how a field is compared.
type MatchKind int

const (
	Exact   MatchKind = iota // same value (numbers by value)
	Fold                     // same text ignoring case and surrounding space
	Fuzzy                    // FuzzyMatch(want, got): the row validators' order (free text)
	Numeric                  // numbers within Tol
	Digits                   // same digits, ignoring formatting (phone numbers)
)

// Field is one expected column value.
type Field struct {
	Column string
	Want   any
	Kind   MatchKind
	Tol    float64 // for Numeric
}

// Match reports whether the row's column satisfies the field.
func (f Field) Match(r Row) bool {
	got, ok := r[f.Column]
	if !ok {
		return false
	}
	switch f.Kind {
	case Fold:
		return strings.EqualFold(strings.TrimSpace(Str(got)), strings.TrimSpace(Str(f.Want)))
	case Fuzzy:
		// sqlite_validators.validate_rows_addition_integrity: fuzzy_match(reference,
		// candidate), and fuzzy_match is false when either is None.
		if got == nil || f.Want == nil {
			return false
		}
		return FuzzyMatch(Str(f.Want), Str(got))
	case Numeric:
		x, ok1 := Num(got)
		y, ok2 := Num(f.Want)
		return ok1 && ok2 && math.Abs(x-y) <= f.Tol
	case Digits:
		return onlyDigits(Str(got)) == onlyDigits(Str(f.Want))
	default:
		if s, isStr := f.Want.(string); isStr {
			if _, gotStr := got.(string); !gotStr {
				// Compare a text expectation against a number by its text.
				return Str(got) == s
			}
		}
		return valuesEqual(got, normValue(f.Want))
	}
}

func (f Field) String() string {
	op := "="
	switch f.Kind {
	case Fold:
		op = "≈(case)"
	case Fuzzy:
		op = "≈"
	case Numeric:
		op = fmt.Sprintf("=±%g", f.Tol)
	case Digits:
		op = "=(digits)"
	}
	return fmt.Sprintf("%s%s%q", f.Column, op, Str(normValue(f.Want)))
}

func onlyDigits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Matches reports whether every field matches the row.
func Matches(r Row, fields []Field) bool {
	for _, f := range fields {
		if !f.Match(r) {
			return false
		}
	}
	return true
}

// FindRows returns the rows matching every field.
func FindRows(rows []Row, fields []Field) []Row {
	var out []Row
	for _, r := range rows {
		if Matches(r, fields) {
			out = append(out, r)
		}
	}
	return out
}

// describeFields renders an expectation for explanations.
func describeFields(fields []Field) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.String()
	}
	return strings.Join(parts, ", ")
}

// Diff is the change between two versions of a table, keyed by a row id column.
type Diff struct {
	Key       string
	Added     []Row
	Removed   []Row
	Changed   []Change
	Untouched int
}

// Change is a row whose id survived but whose columns differ.
type Change struct {
	Before, After Row
	Columns       []string // the columns that differ, sorted
}

// DiffRows compares before and after keyed by the key column. Rows without the
// key are compared as whole rows (a row absent from the other side is added or removed).
func DiffRows(before, after []Row, key string) Diff {
	d := Diff{Key: key}
	index := map[string]Row{}
	var keyless []Row
	for _, r := range before {
		if v, ok := r[key]; ok && v != nil {
			index[Str(v)] = r
		} else {
			keyless = append(keyless, r)
		}
	}
	seen := map[string]bool{}
	for _, r := range after {
		v, ok := r[key]
		if !ok || v == nil {
			matched := false
			for i, b := range keyless {
				if b != nil && rowsEqual(b, r) {
					keyless[i] = nil
					matched = true
					break
				}
			}
			if matched {
				d.Untouched++
			} else {
				d.Added = append(d.Added, r)
			}
			continue
		}
		id := Str(v)
		b, ok := index[id]
		if !ok {
			d.Added = append(d.Added, r)
			continue
		}
		seen[id] = true
		if cols := changedColumns(b, r); len(cols) > 0 {
			d.Changed = append(d.Changed, Change{Before: b, After: r, Columns: cols})
		} else {
			d.Untouched++
		}
	}
	for _, r := range before {
		if v, ok := r[key]; ok && v != nil {
			if !seen[Str(v)] {
				d.Removed = append(d.Removed, r)
			}
		}
	}
	for _, r := range keyless {
		if r != nil {
			d.Removed = append(d.Removed, r)
		}
	}
	return d
}

func changedColumns(a, b Row) []string {
	var cols []string
	for k, v := range a {
		if w, ok := b[k]; !ok || !valuesEqual(v, w) {
			cols = append(cols, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			cols = append(cols, k)
		}
	}
	sort.Strings(cols)
	return cols
}

// Summary renders the diff counts for explanations.
func (d Diff) Summary() string {
	return fmt.Sprintf("%d added, %d removed, %d changed, %d untouched", len(d.Added), len(d.Removed), len(d.Changed), d.Untouched)
}
