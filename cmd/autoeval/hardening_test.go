package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rawControl finds a control character that would reach the terminal raw: anything
// below 0x20 but newline and tab, DEL, and C1 controls.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
			return r, true
		}
	}
	return 0, false
}

// hostileTrace writes a native trace whose task, activity, action and element texts carry
// ESC, BEL, CR, NUL and a C1 CSI, in a folder whose name carries ESC too.
func hostileTrace(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run\x1b[2J")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest := `{"version":1,"task":"Open Clock\u001b]0;owned\u0007\r\u0000 now\u009b31m","status":"completed",` +
		`"frames":[{"index":1,"elements":"0001.elements.json","activity":"act\u001b[5m","action":{"type":"other","raw":"tap\u001b[1A\r"}}]}`
	els := `[{"text":"Clock\u001b[31m\u0007","package_name":"com.google.android.deskclock","is_visible":true,` +
		`"bbox_pixels":{"x_min":0,"x_max":100,"y_min":0,"y_max":50}}]`
	for name, data := range map[string]string{"trace.json": manifest, "0001.elements.json": els} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Text from a trace reaches the terminal with its control characters made visible, in
// every command that prints it (issue 15: ESC, BEL, CR, NUL were printed raw).
func TestControlCharactersShownNotSent(t *testing.T) {
	t.Parallel()
	dir := hostileTrace(t)
	judgeEnv(t)
	for _, args := range [][]string{
		{"trace", "info", dir},
		{"trace", "validate", dir},
		{"judge", "--trace", dir},
		{"judge", "--traces", filepath.Dir(dir), "--out", t.TempDir()},
		{"eval", "--traces", filepath.Dir(dir), "--resamples", "10"},
		{"trace", "info", filepath.Join(dir, "missing\x1b[2J")},
	} {
		code, stdout, stderr := evalCapture(t, args...)
		for name, out := range map[string]string{"stdout": stdout, "stderr": stderr} {
			if r, ok := rawControl(out); ok {
				t.Errorf("%s: %s carries raw %U:\n%q", args[:2], name, r, out)
			}
		}
		if args[1] == "info" && code == 0 && !strings.Contains(stdout, `Open Clock\u001b]0;owned\u0007\r\u0000 now\u009b31m`) {
			t.Errorf("trace info does not show the task's controls as escapes:\n%s", stdout)
		}
	}
}

func TestDBFolderMustExistAndPricesFileToo(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	judgeEnv(t)
	missing := filepath.Join(t.TempDir(), "no", "such")
	code, _, stderr := evalCapture(t, "--db", filepath.Join(missing, "x.db"), "judge", "--trace", ex, "--out", filepath.Join(t.TempDir(), "j.json"))
	if code == 0 || !strings.Contains(stderr, missing) || !strings.Contains(stderr, "does not exist") {
		t.Errorf("--db in a missing folder: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("--db created %s", missing)
	}
	// No model runs (the heuristic judge), yet a prices file that is not there is an error.
	prices := filepath.Join(t.TempDir(), "prices.json")
	code, _, stderr = evalCapture(t, "--prices", prices, "judge", "--trace", ex, "--out", filepath.Join(t.TempDir(), "j.json"))
	if code != 2 || !strings.Contains(stderr, prices) {
		t.Errorf("--prices missing: exit %d, %q", code, stderr)
	}
}

// A report written with one frame left out is not a failure, and one trace is "1 trace".
func TestReportWordsForAFrameLeftOut(t *testing.T) {
	t.Parallel()
	judgeEnv(t)
	root := t.TempDir()
	dir := filepath.Join(root, "run")
	os.MkdirAll(dir, 0o755)
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	f, _ := os.Create(filepath.Join(dir, "0001.png"))
	png.Encode(f, img)
	f.Close()
	os.WriteFile(filepath.Join(dir, "0002.png"), []byte("\x89PNG\r\n\x1a\nbroken"), 0o644)
	os.WriteFile(filepath.Join(dir, "trace.json"), []byte(`{"version":1,"task":"Open Clock","status":"completed","frames":[{"index":1,"image":"0001.png"},{"index":2,"image":"0002.png"}]}`), 0o644)
	out := filepath.Join(t.TempDir(), "r.html")
	code, _, stderr := evalCapture(t, "report", "--traces", root, "--out", out)
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	if strings.Contains(stderr, "FAILED") || !strings.Contains(stderr, "ok, but frame 2") || !strings.Contains(stderr, "1 with warnings") {
		t.Errorf("a frame left out is a warning, not a failure:\n%s", stderr)
	}
	if !strings.Contains(stderr, "(1 trace, ") {
		t.Errorf("want \"1 trace\":\n%s", stderr)
	}
}
