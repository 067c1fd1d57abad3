package llm_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
)

// BenchmarkGenerateCacheHit measures a call answered from the SQLite cache (lookup plus
// the ledger row), the cost of every repeated call on a rerun.
func BenchmarkGenerateCacheHit(b *testing.B) {
	b.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(b, llmtest.Reply(`{"ok":true}`))
	db := openDBB(b)
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:gpt-4o-mini", BaseURL: srv.URL, Cache: db, Ledger: db, Timeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	req := llm.Request{Prompt: strings.Repeat("prompt text ", 300), Images: []llm.Image{{MIME: "image/png", Data: make([]byte, 200<<10)}}}
	if _, err := m.Generate(context.Background(), req); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		r, err := m.Generate(context.Background(), req)
		if err != nil || !r.CacheHit {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkGenerateProviderCall measures a full uncached round trip through the OpenAI driver
// to the local fake server (no cache, no store): the overhead llm adds on top of the model.
func BenchmarkGenerateProviderCall(b *testing.B) {
	b.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(b, llmtest.Handler(func(llmtest.Request) llmtest.Answer { return llmtest.Reply(`{"ok":true}`) }))
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:gpt-4o-mini", BaseURL: srv.URL, Timeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	req := llm.Request{Prompt: strings.Repeat("prompt text ", 300)}
	for b.Loop() {
		if _, err := m.Generate(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExtractJSON(b *testing.B) {
	text := "Let me think about the screen.\n```json\n" + `{"thought":"the alarm list shows 7:30 AM","substates":[` +
		strings.Repeat(`{"id":3,"analysis":"the toggle is on","verdict":"true"},`, 10) + `{"id":4,"analysis":"x","verdict":"uncertain"}]}` + "\n```\nDone."
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := llm.ExtractJSON(text); err != nil {
			b.Fatal(err)
		}
	}
}

func openDBB(b *testing.B) *store.DB {
	db, err := store.Open(context.Background(), b.TempDir()+"/a.db")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}
