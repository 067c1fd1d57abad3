package importer

import (
	"path/filepath"
	"strings"

	"github.com/autoeval/autoeval/trace"
)

// native is autoeval's own trace directory (trace.json with numbered frames). Naming the
// trace.json file itself opens its directory.
type native struct{}

func (native) Name() string { return trace.FormatNative }

func (native) Detect(p *Probe) (bool, string) {
	if p.IsDir {
		return p.Has(trace.ManifestName), ""
	}
	return !p.Walking && strings.EqualFold(filepath.Base(p.Path), trace.ManifestName), ""
}

func (native) Open(p *Probe, first bool) ([]*trace.Trace, error) {
	if !p.IsDir {
		return open(filepath.Dir(p.Path), first)
	}
	t, err := trace.Read(p.Path)
	if err != nil {
		return nil, err
	}
	return []*trace.Trace{t}, nil
}
