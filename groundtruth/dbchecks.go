package groundtruth

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// These are the AndroidWorld row validators, written as parts so an explanation can
// say which condition failed: rows added without side effects, rows removed without
// side effects, and exact duplicates reduced to one.

// addedRowsParts: each expectation matches a row after the task; with a before
// state, exactly len(want) rows were added and no earlier row changed or vanished.
func addedRowsParts(noun string, before []Row, haveBefore bool, after []Row, key string, want [][]Field, label func(i int) string) []Part {
	var parts []Part
	for i, fields := range want {
		found := FindRows(after, fields)
		p := Part{Name: fmt.Sprintf("%s %s present", noun, label(i))}
		if len(found) > 0 {
			p.Pass = true
			p.Detail = fmt.Sprintf("%s %s matches", key, Str(found[0][key]))
		} else {
			p.Detail = fmt.Sprintf("no row with %s among %d rows%s", describeFields(fields), len(after), nearest(after, fields))
		}
		parts = append(parts, p)
	}
	if haveBefore {
		d := DiffRows(before, after, key)
		ok := len(d.Added) == len(want) && len(d.Removed) == 0 && len(d.Changed) == 0
		parts = append(parts, Part{
			Name:   fmt.Sprintf("exactly %d %s added, nothing else touched", len(want), noun),
			Pass:   ok,
			Detail: d.Summary(),
		})
	}
	return parts
}

// removedRowsParts is sqlite_validators.validate_rows_removal_integrity: the targets
// (rows of before, or a predicate on after rows when no before exists) are gone, and
// with before nothing else was removed, changed or added. Targets missing from the
// before-state are an error, as there ("row ID not present in before").
func removedRowsParts(noun string, before []Row, haveBefore bool, after []Row, key string, target func(Row) bool, what string) ([]Part, error) {
	if !haveBefore {
		left := 0
		var names []string
		for _, r := range after {
			if target(r) {
				left++
				names = append(names, rowLabel(r))
			}
		}
		p := Part{Name: fmt.Sprintf("no %s %s remains", noun, what), Pass: left == 0}
		if left > 0 {
			p.Detail = fmt.Sprintf("%d remain: %s", left, strings.Join(names, "; "))
		} else {
			p.Detail = fmt.Sprintf("%d rows remain, none match", len(after))
		}
		return []Part{p}, nil
	}
	targets := map[string]bool{}
	labels := map[string]string{}
	for _, r := range before {
		if target(r) {
			targets[Str(r[key])] = true
			labels[Str(r[key])] = rowLabel(r)
		}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("no %s %s existed before the task (check the parameters)", noun, what)
	}
	d := DiffRows(before, after, key)
	removed := map[string]bool{}
	for _, r := range d.Removed {
		removed[Str(r[key])] = true
	}
	var kept []string
	for id := range targets {
		if !removed[id] {
			kept = append(kept, fmt.Sprintf("%s %s: %s", key, id, labels[id]))
		}
	}
	sort.Strings(kept)
	p1 := Part{Name: fmt.Sprintf("every %s %s deleted", noun, what), Pass: len(kept) == 0}
	switch {
	case len(kept) > 0:
		p1.Detail = fmt.Sprintf("%d of %d still present (%s)", len(kept), len(targets), strings.Join(kept, "; "))
	default:
		p1.Detail = fmt.Sprintf("%d deleted", len(targets))
	}
	extra := 0
	for id := range removed {
		if !targets[id] {
			extra++
		}
	}
	p2 := Part{
		Name:   fmt.Sprintf("no other %s deleted, changed or added", noun),
		Pass:   extra == 0 && len(d.Changed) == 0 && len(d.Added) == 0,
		Detail: fmt.Sprintf("%s; %d deleted that were not targets", d.Summary(), extra),
	}
	return []Part{p1, p2}, nil
}

// dedupParts is the DeleteDuplicateRows validation (expense.py, recipe.py): of the
// duplicate pair, exactly one is deleted and nothing else changes — either
// validate_rows_removal_integrity(before, after, [first]) or (..., [second]). The pair
// is AndroidWorld's rows_to_delete, the two rows its setup added last: here the two
// newest rows (highest key) of the duplicate group holding the newest row, else of the
// only duplicate group. Without a before-state only "no exact duplicates remain" can be
// seen.
func dedupParts(noun string, before []Row, haveBefore bool, after []Row, key string) ([]Part, error) {
	sig := func(r Row) string {
		var b strings.Builder
		for _, c := range sortedColumns(r) {
			if c == key {
				continue
			}
			fmt.Fprintf(&b, "%s=%q;", c, Str(r[c]))
		}
		return b.String()
	}
	if !haveBefore {
		count := map[string]int{}
		dups := 0
		for _, r := range after {
			if count[sig(r)]++; count[sig(r)] > 1 {
				dups++
			}
		}
		return []Part{{Name: "no exact duplicate " + noun + " remain", Pass: dups == 0, Detail: fmt.Sprintf("%d surplus copies among %d rows", dups, len(after))}}, nil
	}
	rows := append([]Row(nil), before...)
	sort.SliceStable(rows, func(i, j int) bool { x, _ := Num(rows[i][key]); y, _ := Num(rows[j][key]); return x < y })
	groups := map[string][]Row{}
	var order []string
	for _, r := range rows {
		s := sig(r)
		if len(groups[s]) == 0 {
			order = append(order, s)
		}
		groups[s] = append(groups[s], r)
	}
	var pair []Row
	if len(rows) > 0 {
		if g := groups[sig(rows[len(rows)-1])]; len(g) >= 2 {
			pair = g[len(g)-2:]
		}
	}
	if pair == nil {
		var dupGroups [][]Row
		for _, s := range order {
			if len(groups[s]) >= 2 {
				dupGroups = append(dupGroups, groups[s])
			}
		}
		if len(dupGroups) != 1 {
			return nil, fmt.Errorf("before the task there were %d groups of exact duplicate %s, not one: cannot tell which pair the task is about", len(dupGroups), noun)
		}
		g := dupGroups[0]
		pair = g[len(g)-2:]
	}
	label := rowLabel(pair[0])
	var ok []bool
	for _, t := range pair {
		id := Str(t[key])
		parts, err := removedRowsParts(noun, before, true, after, key, func(r Row) bool { return Str(r[key]) == id }, key+" "+id)
		if err != nil {
			return nil, err
		}
		ok = append(ok, parts[0].Pass && parts[1].Pass)
	}
	d := DiffRows(before, after, key)
	return []Part{{Name: fmt.Sprintf("exactly one of the duplicate %s %s deleted, nothing else touched", noun, label), Pass: ok[0] || ok[1],
		Detail: fmt.Sprintf("%s %s and %s %s; %s", key, Str(pair[0][key]), key, Str(pair[1][key]), d.Summary())}}, nil
}

func sortedColumns(r Row) []string {
	cols := make([]string, 0, len(r))
	for c := range r {
		cols = append(cols, c)
	}
	sort.Strings(cols)
	return cols
}

// rowLabel names a row for explanations by its most telling text column.
func rowLabel(r Row) string {
	for _, c := range []string{"title", "name", "display_name", "filename", "address"} {
		if v, ok := r[c]; ok && v != nil {
			return fmt.Sprintf("%s=%q", c, clip(Str(v), 60))
		}
	}
	return fmt.Sprint(map[string]any(r))
}

// nearest points at the closest candidate row, so a near miss is visible.
func nearest(rows []Row, fields []Field) string {
	best, bestN := Row(nil), 0
	for _, r := range rows {
		n := 0
		for _, f := range fields {
			if f.Match(r) {
				n++
			}
		}
		if n > bestN {
			best, bestN = r, n
		}
	}
	if best == nil {
		return ""
	}
	var miss []string
	for _, f := range fields {
		if !f.Match(best) {
			miss = append(miss, fmt.Sprintf("%s is %q", f.Column, clip(Str(best[f.Column]), 60)))
		}
	}
	return fmt.Sprintf("; closest: %s (%d/%d fields; %s)", rowLabel(best), bestN, len(fields), strings.Join(miss, ", "))
}

// tableBeforeAfter reads a table now and fetches its snapshot copy, if any.
func tableBeforeAfter(ctx context.Context, dev Device, before *Snapshot, db, table string) (after, prior []Row, havePrior bool, err error) {
	after, err = ReadTable(ctx, dev, db, table)
	if err != nil {
		return nil, nil, false, err
	}
	prior, havePrior = before.rows(db, table)
	return after, prior, havePrior, nil
}
