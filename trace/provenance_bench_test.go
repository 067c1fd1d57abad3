package trace

import (
	"fmt"
	"testing"
)

// BenchmarkSum measures the digest of a frame's file at the sizes the judge hashes: a UI
// dump (25 KB, the LlamaTouch average) and a screenshot (330 KB). With SHA-NI, as on CI's
// machines, SHA-256 runs at about a byte per cycle.
func BenchmarkSum(b *testing.B) {
	for _, size := range []int{25 << 10, 330 << 10} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(i * 7)
		}
		b.Run(fmt.Sprintf("bytes=%d", size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				Sum(data)
			}
		})
	}
}
