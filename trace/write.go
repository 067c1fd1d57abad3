package trace

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrExists is returned by WriteNative when the target already holds a trace.
var ErrExists = errors.New("already holds a trace.json")

// WriteNative writes a native copy of t into dir: each frame's screenshot as NNNN.png
// (or .jpg when the source is JPEG), UI dump as NNNN.xml, elements as NNNN.elements.json,
// and trace.json last, so a crash never leaves a directory that looks complete.
// NNNN is the frame index. It refuses a dir that already holds a trace.json.
func WriteNative(t *Trace, dir string) (*Trace, error) {
	if isFile(filepath.Join(dir, ManifestName)) {
		return nil, fmt.Errorf("%s: %w", dir, ErrExists)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out := *t
	out.Dir = dir
	out.native = true
	out.Version = FormatVersion
	if out.Status == "" {
		out.Status = StatusUnknown
	}
	if out.Source == nil {
		out.Source = &Source{Format: FormatNative, Path: t.Dir}
	}
	out.Frames = make([]Frame, len(t.Frames))
	for i := range t.Frames {
		src := &t.Frames[i]
		f := *src
		f.Image, f.XML, f.Elements = "", "", ""
		f.ImageData, f.ElementsData = nil, nil
		// The digests of the files as written here, so one changed later is noticed; where
		// the source's recorder kept digests, those stand (see recordedOr).
		f.SHA256 = &FileSums{}
		rec := src.SHA256
		if rec == nil {
			rec = &FileSums{}
		}
		name := FrameName(src.Index)
		if t.HasImage(src) {
			data, mime, err := t.ReadImage(src)
			if err != nil {
				return nil, err
			}
			ext := ".png"
			if mime == "image/jpeg" {
				ext = ".jpg"
			}
			f.Image, f.SHA256.Image = name+ext, recordedOr(rec.Image, Sum(data))
			if err := writeFile(dir, f.Image, data); err != nil {
				return nil, err
			}
		}
		if t.HasXML(src) {
			data, err := t.ReadXML(src)
			if err != nil {
				return nil, err
			}
			f.XML, f.SHA256.XML = name+".xml", recordedOr(rec.XML, Sum(data))
			if err := writeFile(dir, f.XML, data); err != nil {
				return nil, err
			}
		}
		if t.HasElements(src) {
			els, err := t.ReadElements(src)
			if err != nil {
				return nil, err
			}
			f.Elements, f.SHA256.Elements = name+".elements.json", recordedOr(rec.Elements, ElementsSum(els))
			if err := WriteJSONAtomic(filepath.Join(dir, f.Elements), els); err != nil {
				return nil, err
			}
		}
		if *f.SHA256 == (FileSums{}) {
			f.SHA256 = nil
		}
		out.Frames[i] = f
	}
	if err := out.WriteManifest(); err != nil {
		return nil, err
	}
	return &out, nil
}

// recordedOr is the digest a copy records of a frame file: the one the source's recorder
// kept when there is one, else that of the content copied. A file changed after it was
// recorded thus stays a changed file in every copy, which judge and trace validate refuse
// as they refuse the source's, instead of a copy passing it off as recorded.
func recordedOr(recorded, sum string) string {
	if recorded != "" {
		return recorded
	}
	return sum
}

// writeFile writes one frame file atomically, so a crash mid-copy leaves no torn image.
func writeFile(dir, name string, data []byte) error {
	return WriteFileAtomic(filepath.Join(dir, name), data, 0o644)
}
