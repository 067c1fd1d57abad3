package importer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/trace"
)

// FormatFolder is a plain folder of numbered screenshots with a task text file.
const FormatFolder = "folder"

// taskFiles are the task text files a plain image folder may carry, in order of preference.
var taskFiles = []string{"task.txt", "instruction.txt", "task.md"}

type folder struct{}

func (folder) Name() string { return FormatFolder }

func (folder) Detect(p *Probe) (bool, string) {
	if !p.IsDir {
		return false, ""
	}
	images, err := p.numberedImages()
	if err != nil || images == 0 {
		return false, ""
	}
	for _, n := range taskFiles {
		if p.Has(n) {
			return true, ""
		}
	}
	return false, fmt.Sprintf("%d numbered images but no task file (%s)", images, strings.Join(taskFiles, ", "))
}

func (folder) Open(p *Probe, _ bool) ([]*trace.Trace, error) {
	t, err := openFolder(p.Path)
	if err != nil {
		return nil, err
	}
	return []*trace.Trace{t}, nil
}

type numberedFile struct {
	n    int
	name string
}

// listNumberedImages returns the numbered images of dir in numeric order, refusing two
// images with the same number (the order would be ambiguous).
func listNumberedImages(dir string) ([]numberedFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, unwrapPathErr(err))
	}
	var imgs []numberedFile
	seen := map[int]string{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		n, ok := numberedImage(e.Name())
		if !ok {
			continue
		}
		if prev, dup := seen[n]; dup {
			return nil, fmt.Errorf("%s: images %s and %s have the same number %d", dir, prev, e.Name(), n)
		}
		seen[n] = e.Name()
		imgs = append(imgs, numberedFile{n, e.Name()})
	}
	if len(imgs) == 0 {
		return nil, fmt.Errorf("%s: no numbered images (.png, .jpg) found", dir)
	}
	sort.Slice(imgs, func(i, j int) bool { return imgs[i].n < imgs[j].n })
	return imgs, nil
}

// readTaskFile reads a task text. A LlamaTouch-style instruction.txt (an id on line 1,
// the task on line 2) is recognised and the id returned separately.
func readTaskFile(path string) (task, id string, err error) {
	if err := safefile.Inside(filepath.Dir(path), path); err != nil {
		return "", "", fmt.Errorf("%s: %w", path, err)
	}
	fh, err := safefile.Open(path)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", path, unwrapPathErr(err))
	}
	defer fh.Close()
	// Read no more than a task may hold (plus an id line and spacing), so a huge file
	// costs an error, not its size in memory.
	data, err := io.ReadAll(io.LimitReader(fh, 2*trace.MaxTaskBytes+1))
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", path, unwrapPathErr(err))
	}
	if len(data) > 2*trace.MaxTaskBytes {
		n := int64(len(data))
		if st, err := fh.Stat(); err == nil {
			n = st.Size()
		}
		return "", "", fmt.Errorf("%s: %w", path, trace.CheckTaskSize(n))
	}
	text := strings.TrimSpace(strings.ReplaceAll(validText(data), "\r\n", "\n"))
	lines := strings.SplitN(text, "\n", 2)
	if len(lines) == 2 && isDigits(strings.TrimSpace(lines[0])) {
		id, text = strings.TrimSpace(lines[0]), strings.TrimSpace(lines[1])
	}
	if text == "" {
		return "", "", fmt.Errorf("%s: the task text is empty", path)
	}
	return text, id, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// openFolder imports a plain folder of numbered screenshots plus a task text file.
// A same-numbered .xml beside an image is taken as that frame's UI dump.
func openFolder(dir string) (*trace.Trace, error) {
	var task string
	var err error
	found := false
	for _, n := range taskFiles {
		p := filepath.Join(dir, n)
		if isFile(p) {
			task, _, err = readTaskFile(p)
			if err != nil {
				return nil, err
			}
			found = true
			break
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: no task file (%s)", dir, strings.Join(taskFiles, ", "))
	}
	imgs, err := listNumberedImages(dir)
	if err != nil {
		return nil, err
	}
	t := &trace.Trace{Version: trace.FormatVersion, Task: task, Status: trace.StatusUnknown, Dir: dir,
		Source: &trace.Source{Format: FormatFolder, Path: dir}}
	for i, im := range imgs {
		f := trace.Frame{Index: i + 1, Image: im.name}
		stem := strings.TrimSuffix(im.name, filepath.Ext(im.name))
		if isFile(filepath.Join(dir, stem+".xml")) {
			f.XML = stem + ".xml"
		}
		t.Frames = append(t.Frames, f)
	}
	return t, nil
}
