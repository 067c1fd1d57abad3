package groundtruth

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/autoeval/autoeval/internal/strictjson"
)

// ParamsFromGoal recovers a task instance's parameters from its goal text and the
// task's template (AndroidWorld's task_template, e.g. "Create a new contact for
// {name}. Their number is {number}."). Imported traces and suites often carry only
// the goal; this is what lets their ground truth be checked natively.
//
// Literal text is matched case-insensitively with any run of white space equal to
// any other, and the goal may carry a prefix ("In Simple Gallery Pro, copy ...").
// When the whole template does not match (goals drift from templates: "arduia pro
// expense" vs "pro expense"), each slot is located by the words around it.
func ParamsFromGoal(template, goal string) (Params, error) {
	lits, slots := splitTemplate(template)
	if len(slots) == 0 {
		return Params{}, nil
	}
	if p, ok := matchWhole(lits, slots, goal); ok {
		return p, nil
	}
	p := Params{}
	var missing []string
	for i, name := range slots {
		if _, done := p[name]; done {
			continue
		}
		v, ok := matchSlot(lits[i], lits[i+1], goal)
		if !ok {
			missing = append(missing, name)
			continue
		}
		p[name] = v
	}
	if len(missing) > 0 {
		return p, fmt.Errorf("goal does not fit the template: could not find %s in %q", quoteList(missing), clip(goal, 120))
	}
	return p, nil
}

var slotRe = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// splitTemplate returns the literal pieces around the slots: len(lits) == len(slots)+1.
func splitTemplate(t string) (lits, slots []string) {
	last := 0
	for _, m := range slotRe.FindAllStringSubmatchIndex(t, -1) {
		lits = append(lits, t[last:m[0]])
		slots = append(slots, t[m[2]:m[3]])
		last = m[1]
	}
	return append(lits, t[last:]), slots
}

// litPattern matches literal text loosely: case-insensitive, flexible white space.
func litPattern(s string) string {
	fields := strings.Fields(s)
	for i, f := range fields {
		fields[i] = regexp.QuoteMeta(f)
	}
	pat := strings.Join(fields, `\s+`)
	if strings.TrimSpace(s) != s && pat != "" {
		// Keep word boundaries the template implies.
		if strings.HasPrefix(s, " ") || strings.HasPrefix(s, "\n") {
			pat = `\s*` + pat
		}
		if strings.HasSuffix(s, " ") || strings.HasSuffix(s, "\n") {
			pat += `\s*`
		}
	}
	if pat == "" && s != "" {
		return `\s*`
	}
	return pat
}

func matchWhole(lits, slots []string, goal string) (Params, bool) {
	var b strings.Builder
	b.WriteString(`(?is)`)
	b.WriteString(litPattern(lits[0]))
	for i := range slots {
		b.WriteString(`(.+?)`)
		if i == len(slots)-1 {
			b.WriteString(litPattern(strings.TrimRight(lits[i+1], ". \n")) + `[.\s]*$`)
		} else {
			b.WriteString(litPattern(lits[i+1]))
		}
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, false
	}
	m := re.FindStringSubmatch(goal)
	if m == nil {
		return nil, false
	}
	// Groups come in slot order; a repeated slot must repeat the same text.
	p := Params{}
	for i, name := range slots {
		v := strings.TrimSpace(m[i+1])
		if prev, ok := p[name]; ok && prev != v {
			return nil, false
		}
		p[name] = v
	}
	return p, true
}

// matchSlot finds one slot by up to two words before it and one word after it.
func matchSlot(before, after, goal string) (string, bool) {
	bw := strings.Fields(before)
	if len(bw) > 2 {
		bw = bw[len(bw)-2:]
	}
	aw := strings.Fields(after)
	pre := litPattern(strings.Join(bw, " "))
	if len(bw) > 0 {
		pre += `\s*`
	}
	if len(aw) > 2 {
		aw = aw[:2]
	}
	post := `[.\s]*$`
	if next := strings.Join(aw, " "); strings.Trim(next, ". ") != "" {
		post = `\s*` + litPattern(next)
	}
	re, err := regexp.Compile(`(?is)` + pre + `(.+?)` + post)
	if err != nil {
		return "", false
	}
	m := re.FindStringSubmatch(goal)
	if m == nil || strings.TrimSpace(m[1]) == "" {
		return "", false
	}
	return strings.TrimSpace(m[1]), true
}

// parseRowsText reads rows written the way AndroidWorld renders them into goals
// and files: text blocks ("Expense: Movie Night\n amount_dollars: $290.81\n ...",
// blank-line separated) or pipe-separated CSV with a header line. titleKey names
// the column the block's first line holds (name for expenses, title for recipes).
func parseRowsText(s, titleKey string) ([]Params, error) {
	// Trim blank lines only: leading spaces mark a block's field lines.
	s = strings.TrimRight(strings.Trim(strings.ReplaceAll(s, "\r\n", "\n"), "\n"), " \t\n")
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("no rows in the text")
	}
	lines := strings.Split(s, "\n")
	if strings.Contains(lines[0], "|") && !strings.Contains(lines[0], ":") {
		header := strings.Split(lines[0], "|")
		var out []Params
		for i, l := range lines[1:] {
			if strings.TrimSpace(l) == "" {
				continue
			}
			cells := strings.Split(l, "|")
			if len(cells) != len(header) {
				return nil, fmt.Errorf("CSV row %d has %d cells, the header %d", i+1, len(cells), len(header))
			}
			p := Params{}
			for j, h := range header {
				p[normKey(strings.TrimSpace(h), titleKey)] = strings.TrimSpace(cells[j])
			}
			out = append(out, p)
		}
		return out, nil
	}
	var out []Params
	var cur Params
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			if cur == nil {
				return nil, fmt.Errorf("text block line %q has no \"key: value\"", clip(l, 60))
			}
			continue // a wrapped continuation line
		}
		if !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "\t") {
			cur = Params{titleKey: strings.TrimSpace(v)}
			out = append(out, cur)
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("text block starts with an indented line %q", clip(l, 60))
		}
		cur[normKey(strings.TrimSpace(k), titleKey)] = strings.TrimSpace(v)
	}
	return out, nil
}

// normKey maps rendered column names back to the row's.
func normKey(k, titleKey string) string {
	switch k {
	case "category_name":
		return "category"
	case "name", "title":
		return titleKey
	}
	return k
}

// LoadTemplates reads AndroidWorld's task_metadata.json into task name -> template.
func LoadTemplates(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var meta []struct {
		Name     string `json:"task_name"`
		Template string `json:"task_template"`
	}
	if err := strictjson.Unmarshal(data, &meta); err != nil {
		return nil, fmt.Errorf("%s: not AndroidWorld task metadata (a JSON list of {task_name, task_template}): %v", path, err)
	}
	out := make(map[string]string, len(meta))
	for _, m := range meta {
		if m.Name != "" {
			out[m.Name] = m.Template
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no tasks with a task_name", path)
	}
	return out, nil
}
