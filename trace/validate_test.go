package trace

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oneLineErr asserts err is a single line mentioning every want substring.
func oneLineErr(t *testing.T, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error mentioning %q, got nil", want)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error spans several lines: %q", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not mention %q", msg, w)
		}
	}
}

// nativeDir writes a trace directory holding manifest as trace.json and files beside it.
func nativeDir(t *testing.T, manifest string, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	if files == nil {
		files = map[string][]byte{}
	}
	files[ManifestName] = []byte(manifest)
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func pngBytes(t testing.TB, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestValidateBadInput(t *testing.T) {
	good := pngBytes(t, 8, 8, color.White)
	t.Run("truncated PNG", func(t *testing.T) {
		dir := nativeDir(t, `{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"0001.png"},{"index":2,"image":"0002.png"}]}`,
			map[string][]byte{"0001.png": good, "0002.png": good[:len(good)-20]})
		tr, err := Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		oneLineErr(t, Validate(tr, Limits{}, nil), filepath.Join(dir, "0002.png"), "frame 2", "truncated")
	})
	t.Run("not an image", func(t *testing.T) {
		dir := nativeDir(t, `{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"0001.png"}]}`,
			map[string][]byte{"0001.png": []byte("hello")})
		tr, _ := Read(dir)
		oneLineErr(t, Validate(tr, Limits{}, nil), "0001.png", "frame 1", "not a PNG or JPEG")
		if _, _, err := tr.ReadImage(&tr.Frames[0]); err == nil {
			t.Error("ReadImage accepted text")
		}
	})
	t.Run("missing frames and bad XML, all reported", func(t *testing.T) {
		dir := nativeDir(t, `{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"0001.png","xml":"0001.xml","elements":"0001.elements.json"},{"index":2,"image":"0002.png"}]}`,
			map[string][]byte{"0001.png": good, "0001.xml": []byte("<hierarchy><node></hierarchy>"), "0001.elements.json": []byte("[{]")})
		tr, _ := Read(dir)
		err := Validate(tr, Limits{}, nil)
		oneLineErr(t, err, "0002.png", "frame 2", "missing", "0001.xml", "malformed XML", "0001.elements.json", "invalid elements JSON")
		var ve *ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) != 3 {
			t.Errorf("want 3 problems, got %v", err)
		}
		if _, err := tr.ReadXML(&tr.Frames[1]); err == nil {
			t.Error("ReadXML of a frame without XML must fail")
		}
		if _, err := tr.ReadElements(&tr.Frames[0]); err == nil {
			t.Error("ReadElements of invalid JSON must fail")
		}
	})
	t.Run("invalid json", func(t *testing.T) {
		dir := nativeDir(t, `{"version":1,"task":"x",`, nil)
		_, err := Read(dir)
		oneLineErr(t, err, filepath.Join(dir, ManifestName), "invalid JSON")
	})
	t.Run("path escaping the trace", func(t *testing.T) {
		dir := nativeDir(t, `{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"../../etc/passwd"}]}`, nil)
		_, err := Read(dir)
		oneLineErr(t, err, ManifestName, "escapes the trace directory")
		dir = nativeDir(t, `{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"/etc/passwd"}]}`, nil)
		_, err = Read(dir)
		oneLineErr(t, err, "absolute")
	})
	t.Run("symlink escaping the trace", func(t *testing.T) {
		outside := filepath.Join(t.TempDir(), "secret.png")
		os.WriteFile(outside, good, 0o644)
		dir := nativeDir(t, `{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"0001.png"}]}`, nil)
		if err := os.Symlink(outside, filepath.Join(dir, "0001.png")); err != nil {
			t.Skip(err)
		}
		tr, _ := Read(dir)
		oneLineErr(t, Validate(tr, Limits{}, nil), "0001.png", "outside the trace directory")
		// Readers refuse it too, not only Validate.
		_, _, err := tr.ReadImage(&tr.Frames[0])
		oneLineErr(t, err, "0001.png", "outside the trace directory")
	})
	t.Run("no frames", func(t *testing.T) {
		dir := nativeDir(t, `{"version":1,"task":"","status":"completed","frames":[]}`, nil)
		tr, _ := Read(dir)
		oneLineErr(t, Validate(tr, Limits{}, nil), "no frames", "no task")
	})
}

func FuzzDecodeManifest(f *testing.F) {
	f.Add([]byte(`{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"0001.png","xml":"0001.xml"}]}`))
	f.Add([]byte(`{"version":1,"frames":[{"index":2},{"index":1}]}`))
	f.Add([]byte(`{"version":1,"frames":[{"index":1,"image":"../x"}]}`))
	f.Add([]byte(`{"version":1,"frames":[{"index":1,"action":{"type":"tap","x":1e400}}]}`))
	f.Add([]byte(`{"version":99}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := DecodeManifest(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		// Whatever decodes must not reference files outside the trace.
		for _, fr := range tr.Frames {
			for _, rel := range []string{fr.Image, fr.XML, fr.Elements} {
				if rel == "" {
					continue
				}
				p, err := SafeJoin("/trace", rel)
				if err != nil || (p != "/trace" && !strings.HasPrefix(p, "/trace/")) {
					t.Fatalf("accepted escaping path %q", rel)
				}
			}
		}
	})
}
