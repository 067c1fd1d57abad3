package report

import (
	"embed"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/csvcell"
	"github.com/autoeval/autoeval/trace"
)

//go:embed report.html.tmpl
var templates embed.FS

var funcs = template.FuncMap{
	"pct": eval.FormatPct,
	// statv and statci split a percentage and its interval so tables stay narrow.
	"statv": func(s eval.Stat) string {
		if !s.Defined() {
			return "-"
		}
		return eval.FormatPct(s.Value) + "%"
	},
	"statci": func(s eval.Stat) string {
		if !s.Defined() || math.IsNaN(s.Low) {
			return ""
		}
		return fmt.Sprintf("[%s, %s]", eval.FormatPct(s.Low), eval.FormatPct(s.High))
	},
	"kappav": func(s eval.Stat) string {
		if !s.Defined() {
			return "-"
		}
		return eval.FormatNum(s.Value)
	},
	"kappaci": func(s eval.Stat) string {
		if !s.Defined() || math.IsNaN(s.Low) {
			return ""
		}
		return fmt.Sprintf("[%s, %s]", eval.FormatNum(s.Low), eval.FormatNum(s.High))
	},
	// usd shows a cost: "unknown" for a nil one (a model without a price), never $0.
	"usd": func(v any) string {
		switch f := v.(type) {
		case float64:
			return fmt.Sprintf("$%.4f", f)
		case *float64:
			if f != nil {
				return fmt.Sprintf("$%.4f", *f)
			}
		}
		return "unknown"
	},
	// cost shows what a judgment paid, "unknown" when a model had no price.
	"cost": func(u trace.Usage) string {
		if u.PriceUnknown {
			return "cost unknown (a model has no price)"
		}
		s := fmt.Sprintf("$%.4f", u.CostUSD)
		if m := u.MethodCostUSD(); m != u.CostUSD {
			s += fmt.Sprintf(" ($%.4f without the cache)", m)
		}
		if u.UnknownCalls > 0 {
			s = fmt.Sprintf("at least %s (%d cancelled requests of unknown tokens)", s, u.UnknownCalls)
		}
		return s
	},
	"mark": func(b bool) string {
		if b {
			return "✓"
		}
		return "✗"
	},
	// img marks a data: URI we built ourselves from decoded pixels as safe for src.
	"img":   func(s string) template.URL { return template.URL(s) },
	"slug":  slug,
	"deref": func(p *int) int { return *p },
}

// TemplateFuncs are the functions the report's template formats numbers, costs and marks
// with, for other pages that show the same figures (the live viewer).
func TemplateFuncs() template.FuncMap {
	m := template.FuncMap{}
	for k, v := range funcs {
		m[k] = v
	}
	return m
}

var page = template.Must(template.New("report.html.tmpl").Funcs(funcs).ParseFS(templates, "report.html.tmpl"))

// slug turns any text into a safe class/attribute token.
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// WriteHTML renders the report as one self-contained HTML page: inline CSS, frames as data:
// URIs, no scripts, and a content security policy that forbids every network fetch. All
// trace text goes through html/template's contextual escaping.
func (r *Report) WriteHTML(w io.Writer) error {
	return page.Execute(w, r)
}

// WriteJSON writes the report model (without thumbnails) as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// CSVHeader is the per-trace-and-judge CSV header.
var CSVHeader = []string{"trace", "task_name", "task", "app", "agent", "status", "frames", "reward", "truth", "agent_claim",
	"judge", "complete", "complete_required", "scr", "satisfied", "substates", "agreement", "calls", "input_tokens", "output_tokens", "cost_usd",
	"verdict", "verdict_reason"}

// WriteCSV writes one row per trace and judge (one row with empty judge fields for an unjudged trace).
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(CSVHeader)
	for _, t := range r.Traces {
		reward := ""
		if t.GroundTruth != nil {
			reward = strconv.FormatFloat(t.GroundTruth.Reward, 'f', -1, 64)
		}
		// Text from traces is kept from running as spreadsheet formulas.
		base := append(csvcell.Texts(t.Name, t.TaskName, t.Task, t.App, t.Agent, t.Status), strconv.Itoa(len(t.Frames)), reward, csvcell.Text(t.Truth), csvcell.Text(t.Claim))
		if len(t.Judgments) == 0 {
			cw.Write(append(base, make([]string, len(CSVHeader)-len(base))...))
			continue
		}
		for _, j := range t.Judgments {
			cw.Write(append(append([]string{}, base...), csvcell.Text(j.Judge), strconv.FormatBool(j.Complete), strconv.FormatBool(j.CompleteRequired),
				strconv.FormatFloat(j.SCR, 'f', -1, 64), strconv.Itoa(j.Satisfied), strconv.Itoa(j.Total), csvcell.Text(j.Agreement),
				strconv.Itoa(j.Usage.Calls), strconv.Itoa(j.Usage.InputTokens), strconv.Itoa(j.Usage.OutputTokens),
				csvCost(j.Usage), j.Verdict, csvcell.Text(j.VerdictReason)))
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvCost is a judgment's paid cost for the CSV, empty when a model had no price.
func csvCost(u trace.Usage) string {
	if u.PriceUnknown {
		return ""
	}
	return strconv.FormatFloat(u.CostUSD, 'f', -1, 64)
}
