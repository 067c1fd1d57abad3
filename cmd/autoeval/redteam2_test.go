package main

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/redteam2"
	"github.com/autoeval/autoeval/internal/redteamkit"
	"github.com/autoeval/autoeval/internal/testenv"
)

// TestRedTeam2Corpus runs internal/redteam2's second blind corpus through the commands a
// user runs and prints the figures (see judgeHeldOutCorpus). Like TestRedTeamCorpus it never
// fails on accuracy, only when a command fails or a case is not judged as recorded. Run it
// with -v to read the figures.
func TestRedTeam2Corpus(t *testing.T) {
	t.Parallel()
	corpus := t.TempDir()
	if err := redteam2.WriteTo(corpus); err != nil {
		t.Fatal(err)
	}
	judgeHeldOutCorpus(t, "red-team corpus 2", corpus)
}

// judgeGeneratedCorpus writes the corpus generate makes into a temporary folder and judges it
// (judgeHeldOutCorpus), titled with its name and hash.
func judgeGeneratedCorpus(t *testing.T, name string, generate func() (*redteamkit.Corpus, error)) {
	t.Helper()
	c, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	written := redteamkit.Written(t, func() (*redteamkit.Corpus, error) { return c, nil })
	judgeHeldOutCorpus(t, name+" ("+c.Hash()+")", written)
}

// judgeHeldOutCorpus judges a corpus internal/redteamkit wrote under dir and logs, for its
// UI-tree episodes (part A), the verdict, as-androidworld and agent-claim rows of eval, for
// its screenshot-only final screens (part B, read by OCR) the false successes among the
// failures and the successes found; and, for both, every case a careful person would judge
// otherwise.
func judgeHeldOutCorpus(t *testing.T, title, dir string) {
	kinds := []string{redteamkit.KindHonest, redteamkit.KindVariant, redteamkit.KindNearMiss, redteamkit.KindUnseen}
	t.Run("ui trees", func(t *testing.T) {
		t.Parallel()
		labels, err := redteamkit.ReadLabels(filepath.Join(dir, "cases.json"))
		if err != nil {
			t.Fatal(err)
		}
		imported, figures := judgeEpisodes(t, filepath.Join(dir, "episodes"), len(labels))
		cases := make([]heldOutCase, len(labels))
		for i, l := range labels {
			cases[i] = heldOutCase{name: l.Name, app: l.App, kind: l.Kind, expect: l.Expect, behaviour: l.Behaviour, truth: l.Truth}
		}
		report, _ := caseReport(t, imported, cases, kinds)
		t.Logf("%s, part A, %s\nper case:\n%s", title, figures, report)
	})
	t.Run("screenshots", func(t *testing.T) {
		t.Parallel()
		testenv.RequireTesseract(t)
		labels, err := redteamkit.ReadShotLabels(filepath.Join(dir, "shots.json"))
		if err != nil {
			t.Fatal(err)
		}
		imported := judgeImported(t, filepath.Join(dir, "shots"))
		cases := make([]heldOutCase, len(labels))
		for i, l := range labels {
			cases[i] = heldOutCase{name: l.Name, app: "screenshots", kind: l.Kind, expect: l.Expect, behaviour: l.Behaviour, truth: l.Truth}
		}
		report, verdicts := caseReport(t, imported, cases, kinds)
		t.Logf("%s, part B, %s\nper case:\n%s", title, shotFigures(cases, verdicts), report)
	})
}

// shotFigures counts part B's verdicts against the device's state: false successes among
// the failed runs, successes found among the successful ones, and "cannot tell" apart.
func shotFigures(cases []heldOutCase, verdicts map[string]string) string {
	var failed, succeeded, falseSuccess, found, cannotFailed, cannotSucceeded int
	for _, c := range cases {
		v := verdicts[c.name]
		switch {
		case c.truth:
			succeeded++
			if v == eval.VerdictSuccess {
				found++
			}
			if v == eval.VerdictCannotTell {
				cannotSucceeded++
			}
		default:
			failed++
			if v == eval.VerdictSuccess {
				falseSuccess++
			}
			if v == eval.VerdictCannotTell {
				cannotFailed++
			}
		}
	}
	return fmt.Sprintf("%d final screens: false successes %d of %d failures (cannot tell %d), successes found %d of %d (cannot tell %d)",
		len(cases), falseSuccess, failed, cannotFailed, found, succeeded, cannotSucceeded)
}
