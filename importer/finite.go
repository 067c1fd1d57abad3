package importer

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/autoeval/autoeval/internal/safefile"
)

// Imported files may hold numbers JSON cannot carry (NaN, infinities, a pickled
// integer beyond float64) or dates time.Time refuses to marshal (years past 9999).
// Letting one into a Trace makes it impossible to save as trace.json, so importers
// pass what they copy through these helpers.

func isFinite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// mid is the midpoint of a and b without overflowing to infinity.
func mid(a, b float64) float64 { return a/2 + b/2 }

// marshalableTime reports whether encoding/json can write tm (RFC 3339 years 0-9999).
func marshalableTime(tm time.Time) bool { y := tm.Year(); return y >= 0 && y <= 9999 }

// floatText keeps a non-finite number readable as text ("NaN", "+Inf").
func floatText(f float64) any { return strconv.FormatFloat(f, 'g', -1, 64) }

// jsonSafe returns v with every non-finite float replaced by bad(f) and every
// unmarshalable time by its text, copying the maps and lists it changes nothing else in.
func jsonSafe(v any, bad func(float64) any) any {
	switch x := v.(type) {
	case float64:
		if !isFinite(x) {
			return bad(x)
		}
	case time.Time:
		if !marshalableTime(x) {
			return x.String()
		}
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonSafe(e, bad)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonSafe(e, bad)
		}
		return out
	}
	return v
}

// safeMap applies jsonSafe to a map, keeping nil as nil.
func safeMap(m map[string]any, bad func(float64) any) map[string]any {
	if m == nil {
		return nil
	}
	return jsonSafe(m, bad).(map[string]any)
}

// maxScreenSide bounds a screen dimension read from a file: int() of a larger float is
// undefined, and no phone is wider.
const maxScreenSide = 1 << 16

// side converts a recorded screen dimension, 0 when it is not a plausible one.
func side(f float64) int {
	if f > 0 && f < maxScreenSide {
		return int(f)
	}
	return 0
}

// validText reads a text file's bytes as UTF-8, replacing invalid bytes with U+FFFD now
// rather than when trace.json is written, so an import equals its saved copy.
func validText(b []byte) string { return strings.ToValidUTF8(string(b), "\uFFFD") }

// maxRecordBytes bounds a recording's own text files (an episode JSON, AndroidLab's
// trace.jsonl, LlamaTouch's eventStructs.txt): real ones are a few MB.
const maxRecordBytes = 64 << 20

// readFile reads a regular file of at most limit bytes; errors name the file.
func readFile(path string, limit int64) ([]byte, error) {
	data, err := safefile.ReadFile(path, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPathErr(err))
	}
	return data, nil
}

// readFileIn is readFile for a file of the recording's folder dir, which may not resolve
// outside it through a symbolic link (a linked secret would be shown and copied).
func readFileIn(dir, path string, limit int64) ([]byte, error) {
	data, err := safefile.ReadFileIn(dir, path, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPathErr(err))
	}
	return data, nil
}

// readSideFile reads the optional file name of dir: nil when there is none.
func readSideFile(dir, name string, limit int64) ([]byte, error) {
	p := filepath.Join(dir, name)
	if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return readFileIn(dir, p, limit)
}
