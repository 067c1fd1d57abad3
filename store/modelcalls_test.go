package store

import (
	"context"
	"testing"
	"time"

	"github.com/autoeval/autoeval/llm/record"
)

// Two processes sharing a database can both miss the cache and both store an answer under
// one key: the row kept is the last answer whole, its text with its own tokens (a cache hit
// prices the answer from them).
func TestPutAnswerReplacesTheWholeAnswer(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	first := record.Answer{Key: "k", Provider: "openai", Model: "m", Text: "short", InputTokens: 10, OutputTokens: 2, At: time.Now()}
	second := record.Answer{Key: "k", Provider: "openai", Model: "m", Text: "a longer answer", InputTokens: 12, OutputTokens: 40, At: time.Now()}
	for _, a := range []record.Answer{first, second} {
		if err := db.PutAnswer(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	got, ok, err := db.CachedAnswer(ctx, "k")
	if err != nil || !ok || got.Text != second.Text || got.InputTokens != second.InputTokens || got.OutputTokens != second.OutputTokens {
		t.Fatalf("cached %+v %v %v, want the second answer with its tokens", got, ok, err)
	}
}
