package importer

import (
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"

	"github.com/autoeval/autoeval/trace"
)

// BenchmarkOpenCheckpoint measures gunzip + safe unpickle + conversion of one real
// AndroidWorld checkpoint.
func BenchmarkOpenCheckpoint(b *testing.B) {
	p := testenv.SharedData(b, "checkpoints/androidworld-gbox/ContactsAddContact_0.pkl.gz")
	for i := 0; i < b.N; i++ {
		if _, err := Open(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateLlamaTouch measures full validation (every PNG decoded) of a real
// 12-frame LlamaTouch trace.
func BenchmarkValidateLlamaTouch(b *testing.B) {
	p := testenv.SharedData(b, "traces/llamatouch/trace_7")
	tr, err := Open(p)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
