package main

import (
	"testing"

	"github.com/autoeval/autoeval/internal/redteam12"
)

// TestRedTeam12Corpus runs internal/redteam12's twelfth blind corpus, a random sample of
// AndroidWorld's tasks run as agents run them, written while the heuristic's rules were being
// changed on the first eleven and committed before any judge read it, through the commands a
// user runs and prints the figures (see judgeHeldOutCorpus; RESULTS.md records them). It
// never fails on accuracy, only when a command fails or a case is not judged as recorded.
// Run it with -v to read the figures.
func TestRedTeam12Corpus(t *testing.T) {
	t.Parallel()
	judgeGeneratedCorpus(t, "red-team corpus 12", redteam12.Generate)
}
