package importer

import (
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
)

// AndroidWorld writes is_successful=NaN for an unscored task: the import must still
// save as trace.json (it failed with "json: unsupported value: NaN").
func TestCheckpointNaNStillWrites(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.pkl")
	if err := os.WriteFile(p, newPK().list().mark().ckptEpisode("g", math.NaN(), shotBytes()).appends().stop(), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if tr.GroundTruth != nil || tr.Metadata["is_successful"] != "NaN" {
		t.Errorf("ground truth %+v, metadata is_successful %#v: want none and the text NaN", tr.GroundTruth, tr.Metadata["is_successful"])
	}
	savesNatively(t, tr)
}

func TestJSONSafe(t *testing.T) {
	in := map[string]any{"a": math.Inf(1), "b": []any{math.NaN(), 1.5}, "c": "x"}
	out := jsonSafe(in, floatText).(map[string]any)
	if out["a"] != "+Inf" || out["b"].([]any)[0] != "NaN" || out["b"].([]any)[1] != 1.5 || out["c"] != "x" {
		t.Errorf("jsonSafe = %v", out)
	}
	if !math.IsInf(in["a"].(float64), 1) {
		t.Error("jsonSafe changed its input")
	}
}

// Timestamps past year 9999 are dropped, so the import saves (they made WriteNative
// fail); a box near the float limit is refused, naming the file and the element (the
// judge turned 1e308 into the integer -9223372036854775808).
func TestEpisodeOutOfRangeNumbers(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "episode.json")
	ep := `{"goal":"g","evaluation_timestamp":1e300,"step_records":[{"timestamp":-5,"action":"{\"action_type\":\"click\",\"index\":0}",` +
		`"state":{"ui_elements":[{"text":"a","bbox_pixels":{"x_min":10,"x_max":20,"y_min":0,"y_max":10}}]}}]}`
	if err := os.WriteFile(p, []byte(ep), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Ended != nil || tr.Frames[0].Time != nil {
		t.Errorf("ended %v, frame time %v: want none", tr.Ended, tr.Frames[0].Time)
	}
	if a := tr.Frames[0].Action; a.X == nil || *a.X != 15 {
		t.Errorf("tap x %v, want the centre 15", deref(a.X))
	}
	savesNatively(t, tr)

	huge := strings.Replace(ep, `"x_max":20`, `"x_max":1.7e308`, 1)
	os.WriteFile(p, []byte(huge), 0o644)
	_, err = Open(p)
	if err == nil || !strings.Contains(err.Error(), p+": frame 1: element 0: bbox_pixels x_max is 1.7e+308, outside") {
		t.Errorf("a box of 1.7e308: %v", err)
	}
}

func TestAndroidLabHugeElement(t *testing.T) {
	a := parseALAction([]byte(`{"operation":"do","action":"Tap","kwargs":{"element":[1.7e308,0,1.7e308,10]}}`))
	if a.X == nil || *a.X != 1.7e308 || *a.Y != 5 {
		t.Errorf("x=%v y=%v", deref(a.X), deref(a.Y))
	}
}

func TestLlamaHugeCoordinate(t *testing.T) {
	a := parseLlamaAction("[Click] Click Position ("+strings.Repeat("9", 400)+", 5)", 100, 100)
	if a.Type != "tap" || a.X != nil {
		t.Errorf("%+v x=%v: want a tap without a position", a, deref(a.X))
	}
}

func FuzzParseLlamaAction(f *testing.F) {
	f.Add("[Click] Screen Resolution (400, 720), Click Position (53, 261)", 800, 1440)
	f.Add("[Swipe] Screen Resolution (1, 1), from (0, 0) to (-3.5, 9)", 1, 1)
	f.Add("[Type] hello", 0, 0)
	f.Add("[long click] position(1,2)", 5, 5)
	f.Fuzz(func(t *testing.T, line string, w, h int) {
		a := parseLlamaAction(line, w, h)
		if a == nil || a.Raw != line || a.Type == "" {
			t.Fatalf("parseLlamaAction(%q) = %+v", line, a)
		}
		if (a.X == nil) != (a.Y == nil) {
			t.Fatalf("one coordinate only: %+v", a)
		}
		if a.X != nil && (!isFinite(*a.X) || !isFinite(*a.Y)) {
			t.Fatalf("non-finite position %v,%v from %q", *a.X, *a.Y, line)
		}
	})
}

// FuzzImportLlamaTouch writes a LlamaTouch folder (two screenshots) with fuzzed text
// files: an error is one line naming the folder, and what imports can be saved.
func FuzzImportLlamaTouch(f *testing.F) {
	f.Add("42\nSet an alarm\n", "[Home]\n[Click] Screen Resolution (400, 720), Click Position (100, 360)\n", "com.a/.B\n", "activity<0>\n")
	f.Add("\n\n", "", "null", "")
	f.Add("7\n", "[Swipe] from (1, 2) to (3, 4)\n[Type]  x \r\n", "\n\n", "\x00")
	png := evaltest.PNG(f, 4, 8, color.White)
	f.Fuzz(func(t *testing.T, instruction, events, activity, ess string) {
		dir := t.TempDir()
		for name, data := range map[string][]byte{
			"instruction.txt": []byte(instruction), "eventStructs.txt": []byte(events),
			"0.png": png, "1.png": png, "0.activity": []byte(activity), "1.ess": []byte(ess),
		} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		tr, err := Open(dir)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), dir) {
				t.Fatalf("error %q: want one line naming the folder", err)
			}
			return
		}
		if tr.Source.Format != FormatLlamaTouch || len(tr.Frames) != 2 {
			t.Fatalf("format %s, %d frames", tr.Source.Format, len(tr.Frames))
		}
		savesNatively(t, tr)
	})
}
