package trace

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/autoeval/autoeval/uixml"
)

// ValidationError lists every problem of a trace, each naming the file and frame.
type ValidationError struct {
	Trace    string
	Problems []string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %d problem(s): %s", e.Trace, len(e.Problems), strings.Join(e.Problems, "; "))
}

// Validate checks a trace in full: a task and at least one frame; increasing frame
// indexes; every referenced file inside the trace directory, present, and decodable
// (images fully decoded, so truncation is caught; XML a readable uiautomator dump; elements valid JSON);
// in-memory screenshots decodable. All problems are collected.
func Validate(t *Trace) error {
	name := t.Dir
	if t.Source != nil && t.Source.Path != "" {
		name = t.Source.Path
	}
	if name == "" {
		name = Label(t)
	}
	var p []string
	add := func(format string, args ...any) { p = append(p, fmt.Sprintf(format, args...)) }
	if strings.TrimSpace(t.Task) == "" {
		add("no task text")
	}
	if len(t.Frames) == 0 {
		add("no frames")
	}
	for i := range t.Frames {
		f := &t.Frames[i]
		if i > 0 && f.Index <= t.Frames[i-1].Index {
			add("frame %d (position %d): frame indexes must increase", f.Index, i)
		}
		check := func(rel, what string, decode func([]byte) error) {
			if rel == "" {
				return
			}
			path, data, err := t.loadRel(rel)
			switch {
			case err != nil && path == "":
				add("frame %d %s: %v", f.Index, what, err)
				return
			case err != nil:
				add("frame %d %s %s: %v", f.Index, what, path, err)
				return
			}
			if err := decode(data); err != nil {
				add("frame %d %s %s: %v", f.Index, what, path, err)
			}
		}
		check(f.Image, "image", checkImage)
		check(f.XML, "XML", checkXML)
		check(f.Elements, "elements", func(b []byte) error { _, err := decodeElements(b); return err })
		if f.Image == "" && len(f.ImageData) > 0 {
			if err := checkImage(f.ImageData); err != nil {
				add("frame %d embedded screenshot: %v", f.Index, err)
			}
		}
	}
	if len(p) > 0 {
		return &ValidationError{Trace: name, Problems: p}
	}
	return nil
}

// insideDir rejects paths that leave the trace directory through a symbolic link.
func insideDir(dir, path string) error {
	if dir == "" {
		return nil
	}
	rd, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil // the directory itself is reported elsewhere
	}
	rp, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil // missing: reported by the read
	}
	rel, err := filepath.Rel(rd, rp)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return errors.New("resolves outside the trace directory (symbolic link)")
	}
	return nil
}

func checkImage(data []byte) error {
	mime := http.DetectContentType(data)
	if mime != "image/png" && mime != "image/jpeg" {
		if len(data) == 0 {
			return errors.New("empty file")
		}
		return fmt.Errorf("not a PNG or JPEG image (%s)", mime)
	}
	if _, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil {
		return fmt.Errorf("corrupt %s header: %v", strings.TrimPrefix(mime, "image/"), err)
	}
	if _, _, err := image.Decode(bytes.NewReader(data)); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("truncated %s", strings.TrimPrefix(mime, "image/"))
		}
		return fmt.Errorf("corrupt %s: %v", strings.TrimPrefix(mime, "image/"), err)
	}
	return nil
}

// checkXML checks a frame's UI dump with the parser its readers use (the judge's
// screen description), so a trace that validates is one they can read.
func checkXML(data []byte) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty file")
	}
	_, err := uixml.Parse(data)
	return err
}
