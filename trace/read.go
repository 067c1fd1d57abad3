package trace

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
)

// HasImage reports whether the frame has a screenshot (a file reference or decoded data).
func (t *Trace) HasImage(f *Frame) bool { return f.Image != "" || len(f.ImageData) > 0 }

// HasXML reports whether the frame references a UI hierarchy dump.
func (t *Trace) HasXML(f *Frame) bool { return f.XML != "" }

// HasElements reports whether the frame carries accessibility elements.
func (t *Trace) HasElements(f *Frame) bool { return f.Elements != "" || f.ElementsData != nil }

// ReadImage returns the frame's screenshot bytes and MIME type (image/png or image/jpeg).
func (t *Trace) ReadImage(f *Frame) ([]byte, string, error) {
	if f.Image == "" {
		if len(f.ImageData) > 0 {
			return f.ImageData, http.DetectContentType(f.ImageData), nil
		}
		return nil, "", fmt.Errorf("frame %d has no image", f.Index)
	}
	data, err := t.readFrameFile(f, f.Image, MaxImageFileBytes)
	if err != nil {
		return nil, "", err
	}
	mime := http.DetectContentType(data)
	if mime != "image/png" && mime != "image/jpeg" {
		return nil, "", fmt.Errorf("%s (frame %d): not a PNG or JPEG image (%s)", t.display(f.Image), f.Index, mime)
	}
	return data, mime, nil
}

// ReadXML returns the frame's UI hierarchy dump.
func (t *Trace) ReadXML(f *Frame) ([]byte, error) {
	if f.XML == "" {
		return nil, fmt.Errorf("frame %d has no UI XML", f.Index)
	}
	data, err := t.readFrameFile(f, f.XML, MaxDumpBytes)
	if err != nil {
		return nil, err
	}
	if err := checkDumpTexts(data); err != nil {
		return nil, fmt.Errorf("%s (frame %d): %w", t.display(f.XML), f.Index, err)
	}
	return data, nil
}

// ReadElements returns the frame's accessibility elements, from its elements file
// (a JSON array, or an object with an "elements" array) or from memory.
func (t *Trace) ReadElements(f *Frame) ([]UIElement, error) {
	if f.Elements == "" {
		if f.ElementsData != nil {
			return f.ElementsData, nil
		}
		return nil, fmt.Errorf("frame %d has no UI elements", f.Index)
	}
	data, err := t.readFrameFile(f, f.Elements, MaxElementsFileBytes)
	if err != nil {
		return nil, err
	}
	els, err := decodeElements(data)
	if err != nil {
		return nil, fmt.Errorf("%s (frame %d): %w", t.display(f.Elements), f.Index, err)
	}
	return els, nil
}

func decodeElements(data []byte) ([]UIElement, error) {
	data = bytes.TrimSpace(data)
	var els []UIElement
	if len(data) > 0 && data[0] == '{' {
		var wrap struct {
			Elements []UIElement `json:"elements"`
		}
		if err := strictjson.UnmarshalPython(data, &wrap); err != nil {
			return nil, fmt.Errorf("invalid elements JSON: %s", oneLine(err.Error()))
		}
		els = wrap.Elements
	} else if err := strictjson.UnmarshalPython(data, &els); err != nil {
		return nil, fmt.Errorf("invalid elements JSON: %s", oneLine(err.Error()))
	}
	if els == nil {
		els = []UIElement{}
	}
	if err := CheckElements(els); err != nil {
		return nil, err
	}
	return els, nil
}

func (t *Trace) readFrameFile(f *Frame, rel string, limit int64) ([]byte, error) {
	p, data, err := t.loadRel(rel, limit)
	switch {
	case err == nil:
		return data, nil
	case p == "":
		return nil, fmt.Errorf("frame %d: %w", f.Index, err)
	}
	return nil, fmt.Errorf("%s (frame %d): %w", p, f.Index, err)
}

// loadRel reads a file of the trace for readers and Validate alike: the joined path (""
// when rel itself is refused) and the bytes, or why not. A symlink out of the trace
// directory is refused too, so no reader sends a file from elsewhere to a model or
// copies it into a new trace; so is anything but a regular file (a named pipe would
// block the reader forever) and a file over limit bytes.
func (t *Trace) loadRel(rel string, limit int64) (path string, data []byte, err error) {
	p, err := t.Path(rel)
	if err != nil {
		return "", nil, err
	}
	data, err = readIn(t.Dir, p, limit)
	return p, data, err
}

// readIn reads path, a file of the trace in dir, within limit bytes; errors do not repeat
// the path.
func readIn(dir, path string, limit int64) ([]byte, error) {
	data, err := safefile.ReadFileIn(dir, path, limit)
	var se *safefile.SizeError
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, errors.New("file is missing")
	case errors.Is(err, safefile.ErrOutside):
		return nil, errors.New("resolves outside the trace directory (symbolic link)")
	case errors.As(err, &se):
		return nil, &limitError{se.Error()}
	case err != nil:
		return nil, unwrapPathErr(err)
	}
	return data, nil
}

// display is the path shown in messages: joined onto the trace directory when possible.
func (t *Trace) display(rel string) string {
	if p, err := t.Path(rel); err == nil {
		return p
	}
	return rel
}
