// Package importer opens recordings of GUI agents as traces: autoeval's own trace
// directories and other tools' formats, one driver per format behind the Format interface
// (database/sql style), each in a file of its own and listed once in formats.
package importer

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/autoeval/autoeval/trace"
)

// A Format reads one kind of recording.
type Format interface {
	// Name is the format's name, as recorded in trace.Source.Format.
	Name() string
	// Detect reports whether the probed path is a recording in this format. When it is not
	// but comes close (say, numbered images without a task file), why says what is missing.
	Detect(p *Probe) (ok bool, why string)
	// Open reads the recording Detect accepted: every trace it holds, or only the first
	// when first is set (a checkpoint may hold many episodes). Files are not decoded here;
	// trace.Validate does that.
	Open(p *Probe, first bool) ([]*trace.Trace, error)
}

// formats lists every format, in the order detection tries them: a directory with a
// trace.json is native whatever else it holds, and AndroidLab's and LlamaTouch's folders
// also hold numbered images, so they come before the plain image folder.
var formats = []Format{
	native{},
	androidLab{},
	llamaTouch{},
	folder{},
	checkpoint{},
	episode{},
}

// Probe is a path being identified. It lists a directory at most once for all formats.
type Probe struct {
	Path  string
	IsDir bool
	// Walking is set while Discover walks a folder: a format then claims only files that
	// are surely its own (an episode .json that looks like one, not any .json), and no file
	// that merely points into a trace directory (trace.json, traces/trace.jsonl).
	Walking bool

	listed  bool
	entries []fs.DirEntry
	listErr error
	// ctx ends a long read (a checkpoint) early; nil means never.
	ctx context.Context
}

// Context is what ends the probe's reading early (Ctrl-C).
func (p *Probe) Context() context.Context {
	if p.ctx == nil {
		return context.Background()
	}
	return p.ctx
}

// Has reports whether the probed directory holds the regular file rel.
func (p *Probe) Has(rel string) bool { return p.IsDir && isFile(filepath.Join(p.Path, rel)) }

// Entries lists the probed directory, reading it once.
func (p *Probe) Entries() ([]fs.DirEntry, error) {
	if !p.listed {
		p.entries, p.listErr = os.ReadDir(p.Path)
		p.listed = true
	}
	return p.entries, p.listErr
}

// numberedImages counts the directory's numbered images (see numberedImage).
func (p *Probe) numberedImages() (int, error) {
	entries, err := p.Entries()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if _, ok := numberedImage(e.Name()); ok && !e.IsDir() {
			n++
		}
	}
	return n, nil
}
