package trace

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkValidateLongTrace validates a trace of 10,000 frames that all show one screen
// (a screenshot and a UI dump), the shape of a recorder left running: each distinct file
// is checked once.
func BenchmarkValidateLongTrace(b *testing.B) {
	dir := b.TempDir()
	os.WriteFile(filepath.Join(dir, "s.png"), pngBytes(b, 540, 1200, color.White), 0o644)
	os.WriteFile(filepath.Join(dir, "s.xml"), []byte(`<hierarchy><node text="Clock" bounds="[0,0][9,9]"/></hierarchy>`), 0o644)
	var frames []string
	for i := 1; i <= 10000; i++ {
		frames = append(frames, fmt.Sprintf(`{"index":%d,"image":"s.png","xml":"s.xml"}`, i))
	}
	os.WriteFile(filepath.Join(dir, ManifestName), []byte(`{"version":1,"task":"x","status":"completed","frames":[`+strings.Join(frames, ",")+`]}`), 0o644)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t, err := Read(dir)
		if err != nil {
			b.Fatal(err)
		}
		if err := Validate(t, Limits{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
