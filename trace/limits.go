package trace

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // frames are PNG or JPEG
	_ "image/png"
	"io"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/uixml"
)

// Limits on what a trace may hold, so one hostile file costs an error, not the machine.
// They are documented in README.md ("Limits").

// DefaultMaxPixels bounds a frame's width × height: 32 Mi pixels, seven times the largest
// phone screen (1440 × 3200) and room for a long scrolling capture. A decoded frame takes
// 3 to 8 bytes a pixel, so decoding never needs more than a few hundred MB.
const DefaultMaxPixels = 32 << 20

// Limits are the bounds a reader applies that a user may change (--max-pixels). The zero
// value is the defaults. They travel with each call that decodes, so two commands in one
// process (tests) never see each other's.
type Limits struct {
	// MaxPixels bounds a decoded frame's width x height (0: DefaultMaxPixels).
	MaxPixels int
}

func (l Limits) maxPixels() int {
	if l.MaxPixels > 0 {
		return l.MaxPixels
	}
	return DefaultMaxPixels
}

// MaxTaskBytes bounds a task's text. Real tasks are a sentence or a paragraph (the
// longest AndroidWorld goal is under 400 bytes).
const MaxTaskBytes = 16 << 10

// MaxElementTextBytes bounds one text of a UI element: its text, content description, hint
// or tooltip, and any single attribute value or text run of a UI dump.
const MaxElementTextBytes = 64 << 10

// Frame files and the trace's own files are read only when they are regular files within
// these sizes (a named pipe or a link to /dev/zero is refused, a huge file by its size).
const (
	// MaxImageFileBytes bounds a screenshot file: a PNG of MaxPixels stored without
	// compression is 128 MiB, a real phone screenshot 0.1 to 3 MB.
	MaxImageFileBytes = 128 << 20
	// MaxDumpBytes bounds a UI dump (uixml's limit: real dumps are a few hundred KB).
	MaxDumpBytes = uixml.MaxBytes
	// MaxElementsFileBytes bounds an elements file, as a dump.
	MaxElementsFileBytes = uixml.MaxBytes
	// MaxManifestBytes bounds trace.json, read or written: 170,000 frames take 10 MB.
	MaxManifestBytes = 64 << 20
	// MaxJudgmentBytes bounds a judgment file.
	MaxJudgmentBytes = 64 << 20
)

// MaxActivityBytes bounds a frame's activity name (package/class: under 200 bytes).
const MaxActivityBytes = 1 << 10

// MaxCoordinate bounds an element's box, in pixels either side of 0: far beyond any
// screen, and exact as an int on every platform.
const MaxCoordinate = 1 << 20

// ErrTooLarge is wrapped by every error about a limit above.
var ErrTooLarge = errors.New("over the limit")

type limitError struct{ msg string }

func (e *limitError) Error() string        { return e.msg }
func (e *limitError) Is(target error) bool { return target == ErrTooLarge }

// CheckTask refuses a task text longer than MaxTaskBytes.
func CheckTask(task string) error { return CheckTaskSize(int64(len(task))) }

// CheckTaskSize refuses a task of n bytes when n is over MaxTaskBytes, so a reader can
// refuse a task file by its size before reading it.
func CheckTaskSize(n int64) error {
	if n > MaxTaskBytes {
		return &limitError{fmt.Sprintf("the task text is %s, over the limit of %s", size(n), size(int64(MaxTaskBytes)))}
	}
	return nil
}

// CheckElements refuses an element whose text, content description, hint or tooltip is
// longer than MaxElementTextBytes, or whose box lies beyond MaxCoordinate (1e308 would
// become an integer no screen has).
func CheckElements(els []UIElement) error {
	for i := range els {
		e := &els[i]
		for _, f := range []struct{ name, s string }{{"text", e.Text}, {"content_description", e.ContentDescription}, {"hint_text", e.HintText}, {"tooltip", e.Tooltip}} {
			if len(f.s) > MaxElementTextBytes {
				return &limitError{fmt.Sprintf("element %d: %s is %s, over the limit of %s per element text", i, f.name, size(int64(len(f.s))), size(int64(MaxElementTextBytes)))}
			}
		}
		if b := e.BBoxPixels; b != nil {
			for _, c := range []struct {
				name string
				v    float64
			}{{"x_min", b.XMin}, {"x_max", b.XMax}, {"y_min", b.YMin}, {"y_max", b.YMax}} {
				if !(c.v >= -MaxCoordinate && c.v <= MaxCoordinate) {
					return fmt.Errorf("element %d: bbox_pixels %s is %g, outside the %d pixels either side of 0 a screen can have", i, c.name, c.v, MaxCoordinate)
				}
			}
		}
	}
	return nil
}

// CheckFrameFields refuses what a frame's fields cannot mean: an activity name over
// MaxActivityBytes or holding a line break or another control character (it would
// write lines of its own into the screen description a model reads).
func CheckFrameFields(f *Frame) error {
	if len(f.Activity) > MaxActivityBytes {
		return &limitError{fmt.Sprintf("the activity name is %s, over the limit of %s", size(int64(len(f.Activity))), size(MaxActivityBytes))}
	}
	if i := strings.IndexFunc(f.Activity, unicode.IsControl); i >= 0 {
		return fmt.Errorf("the activity name %q holds a control character (%q); an activity is one package/class name", f.Activity, f.Activity[i:i+1])
	}
	return nil
}

// CheckGroundTruth refuses a reward outside [0, 1]: rewards are the fraction of the task
// done (composite tasks average their parts), and a reward of 5 would be averaged into an
// agent's success rate as five tasks.
func CheckGroundTruth(g *GroundTruth) error {
	if g == nil {
		return nil
	}
	if !(g.Reward >= 0 && g.Reward <= 1) {
		return fmt.Errorf("the ground-truth reward is %g; a reward is between 0 and 1", g.Reward)
	}
	return nil
}

// checkDumpTexts refuses a UI dump holding an attribute value or a text run longer than
// MaxElementTextBytes, in one pass over the bytes and before any parser builds strings.
func checkDumpTexts(data []byte) error {
	longest, inTag := 0, false
	var quote byte
	start := 0
scan:
	for i, c := range data {
		switch {
		case quote != 0:
			if c == quote {
				longest = max(longest, i-start)
				quote = 0
			}
		case inTag && (c == '"' || c == '\''):
			quote, start = c, i+1
		case inTag && c == '>':
			inTag, start = false, i+1
		case !inTag && c == '<':
			longest = max(longest, i-start)
			inTag = true
		}
		if longest > MaxElementTextBytes {
			break scan
		}
	}
	if quote != 0 || !inTag {
		longest = max(longest, len(data)-start) // an unterminated value or a trailing text
	}
	if longest > MaxElementTextBytes {
		return &limitError{fmt.Sprintf("the UI dump holds a text of %s or more, over the limit of %s per element text", size(int64(longest)), size(int64(MaxElementTextBytes)))}
	}
	return nil
}

// DecodeImage is Limits.DecodeImage with the default limits.
func DecodeImage(data []byte) (image.Image, string, error) { return Limits{}.DecodeImage(data) }

// DecodeImage decodes a PNG or JPEG frame after reading its header: a frame over MaxPixels
// is refused before any pixel memory is allocated.
func (l Limits) DecodeImage(data []byte) (image.Image, string, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, format, fmt.Errorf("corrupt %s header: %v", format, err)
	}
	if err := l.CheckPixels(cfg.Width, cfg.Height); err != nil {
		return nil, format, err
	}
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, format, fmt.Errorf("truncated %s", format)
		}
		return nil, format, fmt.Errorf("corrupt %s: %v", format, err)
	}
	return img, format, nil
}

// CheckPixels is Limits.CheckPixels with the default limits.
func CheckPixels(w, h int) error { return Limits{}.CheckPixels(w, h) }

// CheckPixels refuses a width × height over MaxPixels.
func (l Limits) CheckPixels(w, h int) error {
	if px := int64(w) * int64(h); w < 0 || h < 0 || px > int64(l.maxPixels()) {
		return &limitError{fmt.Sprintf("%d x %d pixels, over the limit of %d pixels (raise it with --max-pixels)", w, h, l.maxPixels())}
	}
	return nil
}

// size renders a byte count for limit messages: 16 KiB, 48.8 MiB, 312 bytes.
func size(n int64) string { return safefile.Size(n) }
