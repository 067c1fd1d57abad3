package importer

import (
	"image/color"
	"path/filepath"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
)

// A folder that fits several formats is claimed by the first in formats: trace.json makes
// it native, LlamaTouch's side files beat a plain image folder.
func TestDetectPrecedence(t *testing.T) {
	png := evaltest.PNG(t, 2, 2, color.White)
	cases := []struct {
		files map[string][]byte
		want  string
	}{
		{map[string][]byte{"1.png": png, "task.txt": []byte("x")}, FormatFolder},
		{map[string][]byte{"1.png": png, "1.activity": []byte("a"), "instruction.txt": []byte("7\nx"), "task.txt": []byte("x")}, FormatLlamaTouch},
		{map[string][]byte{"1.png": png, "task.txt": []byte("x"), "traces/trace.jsonl": []byte(`{"target":"x"}`)}, FormatAndroidLab},
		{map[string][]byte{"1.png": png, "traces/trace.jsonl": []byte(`{"target":"x"}`), "trace.json": []byte(`{"version":1,"task":"x","frames":[]}`)}, "native"},
	}
	seen := map[string]bool{}
	for _, f := range formats {
		if seen[f.Name()] {
			t.Errorf("two formats are named %q", f.Name())
		}
		seen[f.Name()] = true
	}
	for _, tc := range cases {
		dir := t.TempDir()
		writeFiles(t, dir, tc.files)
		f, why := detect(&Probe{Path: dir, IsDir: true})
		if f == nil || f.Name() != tc.want {
			t.Errorf("%v: detected %v (%s), want %s", tc.files, f, why, tc.want)
		}
	}
	// Named explicitly, any .json is tried as an episode; while walking, only one that looks like it.
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{"config.json": []byte(`{"a":1}`)})
	p := filepath.Join(dir, "config.json")
	if f, _ := detect(&Probe{Path: p}); f == nil || f.Name() != FormatAWEpisode {
		t.Errorf("named config.json: detected %v, want the episode format to say what is wrong", f)
	}
	if f, _ := detect(&Probe{Path: p, Walking: true}); f != nil {
		t.Errorf("walking: config.json detected as %s", f.Name())
	}
}
