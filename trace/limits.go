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
// longer than MaxElementTextBytes.
func CheckElements(els []UIElement) error {
	for i := range els {
		e := &els[i]
		for _, f := range []struct{ name, s string }{{"text", e.Text}, {"content_description", e.ContentDescription}, {"hint_text", e.HintText}, {"tooltip", e.Tooltip}} {
			if len(f.s) > MaxElementTextBytes {
				return &limitError{fmt.Sprintf("element %d: %s is %s, over the limit of %s per element text", i, f.name, size(int64(len(f.s))), size(int64(MaxElementTextBytes)))}
			}
		}
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

// CheckPixels refuses a width × height over MaxPixels.
func (l Limits) CheckPixels(w, h int) error {
	if px := int64(w) * int64(h); w < 0 || h < 0 || px > int64(l.maxPixels()) {
		return &limitError{fmt.Sprintf("%d x %d pixels, over the limit of %d pixels (raise it with --max-pixels)", w, h, l.maxPixels())}
	}
	return nil
}

// size renders a byte count for limit messages: 16 KiB, 48.8 MiB, 312 bytes.
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<20)), ".0") + " MiB"
	case n >= 1<<10:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<10)), ".0") + " KiB"
	}
	return fmt.Sprintf("%d bytes", n)
}
