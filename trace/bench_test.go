package trace

import (
	"path/filepath"
	"testing"
)

// BenchmarkOpenCheckpoint measures gunzip + safe unpickle + conversion of one real
// AndroidWorld checkpoint.
func BenchmarkOpenCheckpoint(b *testing.B) {
	p := filepath.Join("..", "..", "shared", "data", "checkpoints", "androidworld-gbox", "ContactsAddContact_0.pkl.gz")
	if !isFile(p) {
		b.Skipf("real data not present at %s", p)
	}
	for i := 0; i < b.N; i++ {
		if _, err := Open(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateLlamaTouch measures full validation (every PNG decoded) of a real
// 12-frame LlamaTouch trace.
func BenchmarkValidateLlamaTouch(b *testing.B) {
	p := filepath.Join("..", "..", "shared", "data", "traces", "llamatouch", "trace_7")
	if !isFile(filepath.Join(p, "instruction.txt")) {
		b.Skipf("real data not present at %s", p)
	}
	tr, err := Open(p)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Validate(tr); err != nil {
			b.Fatal(err)
		}
	}
}
