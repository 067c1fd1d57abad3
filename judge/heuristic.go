package judge

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// HeuristicVersion names the rule set of the heuristic baseline; bump it when a rule changes
// so saved progress of the old rules is not resumed.
const HeuristicVersion = "heuristic/v1"

// knownApps maps app names as tasks write them to fragments of their Android packages.
var knownApps = []struct {
	Name string
	Pkgs []string
}{
	{"simple calendar", []string{"calendar"}},
	{"pro expense", []string{"expense"}},
	{"audio recorder", []string{"audiorecorder"}},
	{"retro music", []string{"retromusic"}},
	{"simple gallery", []string{"gallery"}},
	{"simple sms", []string{"smsmessenger", "messaging"}},
	{"clock", []string{"deskclock", "clock"}},
	{"contacts", []string{"contacts"}},
	{"chrome", []string{"chrome"}},
	{"settings", []string{"settings"}},
	{"camera", []string{"camera"}},
	{"calendar", []string{"calendar"}},
	{"markor", []string{"markor"}},
	{"files", []string{"documentsui", "files"}},
	{"photos", []string{"photos"}},
	{"gallery", []string{"gallery"}},
	{"messages", []string{"messaging", "mms", "sms"}},
	{"phone", []string{"dialer"}},
	{"duolingo", []string{"duolingo"}},
	{"expense", []string{"expense"}},
	{"broccoli", []string{"broccoli"}},
	{"tasks", []string{"org.tasks"}},
	{"opentracks", []string{"opentracks"}},
	{"joplin", []string{"joplin"}},
	{"vlc", []string{"vlc"}},
	{"osmand", []string{"osmand"}},
	{"youtube", []string{"youtube"}},
	{"maps", []string{"maps"}},
	{"gmail", []string{"android.gm"}},
}

// noAppContent is the app-open substate derived when the task names no app: any app but
// the launcher counts.
const noAppContent = "An app other than the home screen launcher is open"

var appPhrase = regexp.MustCompile(`(?i)\b(?:the\s+)?([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)\s+app\b`)

// findApp returns the app a text names, or "".
func findApp(text string) string {
	lower := strings.ToLower(text)
	for _, a := range knownApps {
		if containsWord(lower, a.Name) {
			return a.Name
		}
	}
	if m := appPhrase.FindStringSubmatch(text); m != nil {
		name := strings.ToLower(m[1])
		if name != "the" && name != "an" && name != "a" {
			return strings.TrimPrefix(name, "the ")
		}
	}
	return ""
}

func containsWord(haystack, word string) bool {
	for i := 0; ; {
		k := strings.Index(haystack[i:], word)
		if k < 0 {
			return false
		}
		k += i
		before := k == 0 || !isWordRune(rune(haystack[k-1]))
		after := k+len(word) == len(haystack) || !isWordRune(rune(haystack[k+len(word)]))
		if before && after {
			return true
		}
		i = k + 1
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// appPackages returns the package fragments that identify app.
func appPackages(app string) []string {
	for _, a := range knownApps {
		if a.Name == app {
			return a.Pkgs
		}
	}
	return []string{strings.ReplaceAll(app, " ", "")}
}

// stop are words that carry no evidence on a screen: grammar, UI generics and action verbs
// (actions are not visible; their results are).
var stop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the is are was be been to of in into on onto for with and or at by from as that this
		these those it its their there which who what page screen visible shown shows show displayed display displays app apps
		application open opened opens now has have having appears appear contains contain named called new should must
		set create created add added delete deleted remove removed make made change changed enter entered type typed tap
		tapped click clicked go navigate find search save saved turn turned switch switched toggle select selected use using
		please then also all any some my your our his her them they he she you i me we do does done can will would
		other than home launcher state states view screen's app's item items one result list listed lists`) {
		stop[w] = true
	}
}

var quoted = regexp.MustCompile(`"([^"]+)"|“([^”]+)”|'([^']{2,})'`)

// quotedLiterals returns the quoted strings of a text.
func quotedLiterals(s string) []string {
	var out []string
	for _, m := range quoted.FindAllStringSubmatch(s, -1) {
		for _, g := range m[1:] {
			if g != "" {
				out = append(out, strings.ToLower(g))
			}
		}
	}
	return out
}

// tokens splits text into lowercase terms, keeping times (7:30), phone numbers (+1...) and decimals.
func tokens(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ':' || r == '+' || r == '.' || r == '@')
	})
	out := f[:0]
	for _, t := range f {
		t = strings.Trim(t, ":.")
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// keyTerms are the content words of a substate that must show on screen.
func keyTerms(content, app string) []string {
	appWords := map[string]bool{}
	for _, w := range tokens(app) {
		appWords[w] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, t := range tokens(content) {
		if stop[t] || appWords[t] || seen[t] || len(t) < 2 && !hasDigit(t) {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

func digitsOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// elementText is everything an element shows or names, lowercased.
func elementText(e element) string {
	return strings.ToLower(strings.Join([]string{e.Text, e.Desc, e.Hint, shortID(e.ID)}, " "))
}

// termIn reports whether term shows in the text: as a whole token, as a substring for
// longer words (plurals), or, for numbers of four digits or more, digit for digit
// ignoring formatting (phone numbers are shown as +1 932-802-...).
func termIn(term, text string, toks map[string]bool) bool {
	if toks[term] {
		return true
	}
	if len([]rune(term)) >= 4 && strings.Contains(text, term) {
		return true
	}
	if d := digitsOnly(term); len(d) >= 4 && len(d) == len(strings.Trim(term, "+-")) && strings.Contains(digitsOnly(text), d) {
		return true
	}
	return false
}

// switchWant says which checked state the content's switch language asks for, if any.
func switchWant(content string) (want, ok bool) {
	c := " " + strings.ToLower(content) + " "
	for _, w := range []string{" off ", " off.", "disabled", "unchecked", "turned off", "switched off", "not checked"} {
		if strings.Contains(c, w) {
			return false, true
		}
	}
	for _, w := range []string{" on ", " on.", "enabled", "checked", "turned on", "switched on", "toggled on", "active"} {
		if strings.Contains(c, w) {
			return true, true
		}
	}
	return false, false
}

// heuristicReasoner needs no state: every rule reads the substate and the screen.
type heuristicReasoner struct{}

func (h heuristicReasoner) reason(_ context.Context, in reasonInput) (*reasonOutput, trace.Usage, error) {
	out := &reasonOutput{Thought: "heuristic baseline: rules over the UI hierarchy"}
	got := map[int]bool{}
	for _, n := range in.Query.Asked() { // ids ascend and parents precede children
		ok, why := h.judge(n, in.Screen)
		if ok && n.Kind == substate.Unit && n.Parent != nil && !got[*n.Parent] {
			ok, why = false, fmt.Sprintf("%s; but its page %d is not seen on this screen (parent rule)", why, *n.Parent)
		}
		got[n.ID] = ok
		v := trace.VerdictUncertain
		if ok {
			v = trace.VerdictTrue
		}
		out.Substates = append(out.Substates, reasonVerdict{ID: n.ID, Verdict: v, Analysis: why})
	}
	return out, trace.Usage{}, nil
}

// judge applies the rules to one substate; the analysis names what was found and missed.
func (h heuristicReasoner) judge(n substate.Node, sc *screen) (bool, string) {
	if sc == nil {
		return false, "no UI hierarchy on this frame"
	}
	var why []string
	pkg := strings.ToLower(sc.Package)
	app := findApp(n.Content)
	if n.Content == noAppContent {
		if pkg == "" || strings.Contains(pkg, "launcher") {
			return false, fmt.Sprintf("foreground package %q is the launcher", sc.Package)
		}
		return true, fmt.Sprintf("foreground package %s is an app", sc.Package)
	}
	if app != "" {
		match := false
		for _, p := range appPackages(app) {
			match = match || strings.Contains(pkg, p)
		}
		if !match {
			return false, fmt.Sprintf("names the %s app but the foreground package is %q", app, sc.Package)
		}
		why = append(why, fmt.Sprintf("package %s matches the %s app", sc.Package, app))
	}
	var all strings.Builder
	for _, e := range sc.Elements {
		all.WriteString(elementText(e))
		all.WriteByte('\n')
	}
	text := all.String()
	toks := map[string]bool{}
	for _, t := range tokens(text) {
		toks[t] = true
	}
	for _, lit := range quotedLiterals(n.Content) {
		if !strings.Contains(text, lit) {
			return false, strings.Join(append(why, fmt.Sprintf("quoted %q not on screen", lit)), "; ")
		}
		why = append(why, fmt.Sprintf("quoted %q on screen", lit))
	}
	terms := keyTerms(n.Content, app)
	var found, missing []string
	strong, other, otherFound := len(quotedLiterals(n.Content)), 0, 0
	for _, t := range terms {
		ok := termIn(t, text, toks)
		if ok {
			found = append(found, t)
		} else {
			missing = append(missing, t)
		}
		switch {
		case hasDigit(t) && !ok:
			// Numbers, times and amounts must all be there.
			why = append(why, fmt.Sprintf("terms found %v, missing %v", found, missing))
			return false, strings.Join(why, "; ")
		case hasDigit(t):
			strong++
		default:
			other++
			if ok {
				otherFound++
			}
		}
	}
	if len(terms) > 0 {
		why = append(why, fmt.Sprintf("terms found %v, missing %v", found, missing))
		// Exact evidence (numbers, quoted text) carries the verdict with half the words;
		// without it most words must show.
		need := int(math.Ceil(0.6 * float64(other)))
		if strong > 0 {
			need = other / 2
		}
		if otherFound < need {
			return false, strings.Join(why, "; ")
		}
	} else if app == "" && strong == 0 {
		return false, "no app, quoted text or key term to look for"
	}
	if want, ok := switchWant(n.Content); ok {
		if e, found := switchFor(sc, terms, want); found {
			why = append(why, fmt.Sprintf("switch %q is %s", firstNonEmpty(e.Text, e.Desc, shortID(e.ID)), onOff(want)))
		} else {
			return false, strings.Join(append(why, fmt.Sprintf("no switch or checkbox near the terms is %s", onOff(want))), "; ")
		}
	}
	return true, strings.Join(why, "; ")
}

// switchFor finds a checkable element in the wanted state on the same row as one of the terms.
func switchFor(sc *screen, terms []string, want bool) (element, bool) {
	for _, e := range sc.Elements {
		if !e.Checkable || e.Checked != want {
			continue
		}
		for _, o := range sc.Elements {
			sameRow := o.HasBounds && e.HasBounds && o.Y1 < e.Y2 && e.Y1 < o.Y2
			if !sameRow && o != e {
				continue
			}
			t := elementText(o)
			toks := map[string]bool{}
			for _, x := range tokens(t) {
				toks[x] = true
			}
			for _, term := range terms {
				if termIn(term, t, toks) {
					return e, true
				}
			}
		}
		if len(terms) == 0 {
			return e, true
		}
	}
	return element{}, false
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

var clauseSplit = regexp.MustCompile(`(?i)\s*(?:[.;!?](?:\s+|$)|,\s*then\s+|,\s*and\s+|\s+and\s+then\s+|\s+then\s+|\s+and\s+)`)

// DeriveSubstates builds substates from the task text alone, for the heuristic judge when
// no model can decompose: a PageNode saying the app is open, then one UnitNode per clause
// of the task that names something visible. It is deterministic and deliberately simple.
func DeriveSubstates(task, app string) *substate.List {
	if app == "" {
		app = findApp(task)
	} else {
		app = strings.ToLower(app)
	}
	s := &substate.List{Task: task}
	first := noAppContent
	if app != "" {
		first = fmt.Sprintf("The %s app is open", titleCase(app))
	}
	s.Nodes = append(s.Nodes, substate.Node{ID: 0, Kind: substate.Page, Content: first})
	seen := map[string]bool{}
	for _, clause := range clauseSplit.Split(strings.TrimSpace(task), -1) {
		clause = strings.TrimSpace(clause)
		terms := keyTerms(clause, app)
		if len(terms) == 0 && len(quotedLiterals(clause)) == 0 {
			continue // "Open the Clock app": already the first node
		}
		sorted := append([]string{}, terms...)
		sort.Strings(sorted)
		k := strings.Join(sorted, " ")
		if seen[k] {
			continue
		}
		seen[k] = true
		s.Nodes = append(s.Nodes, substate.Node{ID: len(s.Nodes), Kind: substate.Unit, Parent: substate.IntPtr(0),
			Content: "The screen shows the result of: " + clause})
	}
	return s
}

func titleCase(s string) string {
	w := strings.Fields(s)
	for i, x := range w {
		r := []rune(x)
		r[0] = unicode.ToUpper(r[0])
		w[i] = string(r)
	}
	return strings.Join(w, " ")
}
