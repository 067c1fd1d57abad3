package judge

import (
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/substate"
)

func TestBuildQueryKeepsSatisfiedParentsAsContext(t *testing.T) {
	q := buildQuery(judgetest.ClockSubs(), map[int]bool{0: true, 1: true, 2: true})
	if len(q.Open) != 1 || q.Open[0].ID != 3 || len(q.Context) != 1 || q.Context[0].ID != 1 {
		t.Fatalf("open %v context %v", q.Open, q.Context)
	}
	// Once a page has no open children it leaves the query.
	q = buildQuery(judgetest.ClockSubs(), map[int]bool{0: true, 1: true, 2: true, 3: true})
	if len(q.Open)+len(q.Context) != 0 {
		t.Fatalf("open %v context %v", q.Open, q.Context)
	}
}

func TestCheckRules(t *testing.T) {
	subs := judgetest.ClockSubs()
	q := buildQuery(subs, map[int]bool{0: true, 1: true})
	for _, c := range []struct {
		name, answer, want string
	}{
		{"ok", `{"substates":[{"id":1,"verdict":"true"},{"id":2,"verdict":"true"},{"id":3,"verdict":" Uncertain "}]}`, ""},
		{"missing", `{"substates":[{"id":1,"verdict":"true"},{"id":2,"verdict":"true"}]}`, "substate 3 has no verdict"},
		{"extra", `{"substates":[{"id":0,"verdict":"true"},{"id":1,"verdict":"true"},{"id":2,"verdict":"true"},{"id":3,"verdict":"uncertain"}]}`, "substate 0 was not asked about"},
		{"duplicate", `{"substates":[{"id":1,"verdict":"true"},{"id":2,"verdict":"true"},{"id":2,"verdict":"true"},{"id":3,"verdict":"uncertain"}]}`, "more than one verdict"},
		{"bad verdict", `{"substates":[{"id":1,"verdict":"true"},{"id":2,"verdict":"false"},{"id":3,"verdict":"uncertain"}]}`, `verdict "false" is neither`},
		{"parent", `{"substates":[{"id":1,"verdict":"uncertain"},{"id":2,"verdict":"true"},{"id":3,"verdict":"uncertain"}]}`, "parent PageNode 1"},
	} {
		out, err := parseAnswer(c.answer)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, probs := check(subs, q, out)
		got := strings.Join(probs, "; ")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: problems %q, want %q", c.name, got, c.want)
		}
	}
}

// A model's answer is outside input read as its schema writes it: keys as written, each
// once. encoding/json took "Verdict" for "verdict" and kept the last of two, so an answer
// saying both "uncertain" and "true" of one substate counted as "true"; so did the review's.
func TestModelAnswerKeysMatchExactly(t *testing.T) {
	for _, text := range []string{
		`{"substates":[{"id":1,"verdict":"uncertain","verdict":"true"}]}`,
		`{"substates":[{"id":1,"verdict":"uncertain"}],"substates":[{"id":1,"verdict":"true"}]}`,
	} {
		if out, err := parseAnswer(text); err == nil {
			t.Errorf("%s: read as %+v", text, out.Substates)
		}
	}
	out, err := parseAnswer(`{"substates":[{"id":1,"Verdict":"true","ID":2}]}`)
	if err != nil || len(out.Substates) != 1 || out.Substates[0].Verdict != "" || out.Substates[0].ID != 1 {
		t.Errorf("keys of another case taken for the schema's: %+v, %v", out, err)
	}
	if a, err := parseReview(`{"verdict":"failure","reason":"x","rules":["F1"],"verdict":"success"}`); err == nil {
		t.Errorf("a review with two verdicts read as %q", a.Verdict)
	}
	if a, err := parseReview(`{"verdict":"failure","Verdict":"success","reason":"x"}`); err != nil || a.Verdict != "failure" {
		t.Errorf("a review's \"Verdict\" taken for its verdict: %+v, %v", a, err)
	}
}

func FuzzParseAndCheck(f *testing.F) {
	f.Add(`{"thought":"x","substates":[{"id":1,"analysis":"a","verdict":"true"}],"critical_info":"n"}`)
	f.Add("```json\n{\"substates\":[{\"id\":2,\"verdict\":\"uncertain\"}],\"critical_info\":[\"a\",\"\"]}\n```")
	f.Add(`prose { "substates": null } more }`)
	subs := judgetest.ClockSubs()
	f.Fuzz(func(t *testing.T, text string) {
		out, err := parseAnswer(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		for _, sat := range []map[int]bool{{}, {0: true, 1: true}} {
			vs, probs := check(subs, buildQuery(subs, sat), out)
			if len(probs) == 0 {
				for _, v := range vs {
					var n substate.Node
					for _, m := range subs.Nodes {
						if m.ID == v.ID {
							n = m
						}
					}
					if v.Verdict == "true" && n.Kind == substate.Unit {
						ok := false
						for _, p := range vs {
							ok = ok || (p.ID == *n.Parent && p.Verdict == "true")
						}
						if !ok {
							t.Fatalf("unit %d accepted without its parent", v.ID)
						}
					}
				}
			}
		}
	})
}

// A reasoning model's thoughts and trailing prose may hold braces of their own; only the
// answer object counts.
func TestParseAnswerIgnoresThinkingAndProseBraces(t *testing.T) {
	text := "<think>the clock {maybe} shows 7:00</think>\n```json\n" +
		`{"substates":[{"id":3,"verdict":"true"}]}` + "\n```\nnote: {done}"
	out, err := parseAnswer(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Substates) != 1 || out.Substates[0].ID != 3 {
		t.Fatalf("substates %+v", out.Substates)
	}
}
