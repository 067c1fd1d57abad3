package main

import (
	"testing"

	"github.com/autoeval/autoeval/internal/redteam3"
)

// TestRedTeam3Corpus runs internal/redteam3's third blind corpus, written while the
// heuristic's rules were being changed on the first two, through the commands a user runs
// and prints the figures (see judgeHeldOutCorpus; RESULTS.md records them). It never fails
// on accuracy, only when a command fails or a case is not judged as recorded. Run it with -v
// to read the figures.
func TestRedTeam3Corpus(t *testing.T) {
	t.Parallel()
	judgeGeneratedCorpus(t, "red-team corpus 3", redteam3.Generate)
}
