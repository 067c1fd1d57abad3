package importer

import (
	"bufio"
	"image"
	_ "image/jpeg" // decode configs of JPEG screenshots
	_ "image/png"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/trace"
)

// FormatLlamaTouch is a LlamaTouch trace folder.
const FormatLlamaTouch = "llamatouch"

type llamaTouch struct{}

func (llamaTouch) Name() string { return FormatLlamaTouch }

// Detect wants numbered screenshots, LlamaTouch's side files (eventStructs.txt, N.activity,
// N.xml, N.vh) and its instruction.txt.
func (llamaTouch) Detect(p *Probe) (bool, string) {
	if !p.IsDir {
		return false, ""
	}
	images, err := p.numberedImages()
	if err != nil {
		return false, err.Error()
	}
	if images == 0 {
		return false, ""
	}
	entries, _ := p.Entries()
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && (name == "eventStructs.txt" || llamaSide.MatchString(name)) {
			return p.Has("instruction.txt"), ""
		}
	}
	return false, ""
}

func (llamaTouch) Open(p *Probe, _ bool) ([]*trace.Trace, error) {
	t, err := openLlamaTouch(p.Path)
	if err != nil {
		return nil, err
	}
	return []*trace.Trace{t}, nil
}

var llamaSide = regexp.MustCompile(`^\d+\.(activity|xml|vh)$`)

// openLlamaTouch imports a LlamaTouch trace folder: per step N.png, N.xml, N.activity
// (and N.vh/N.json view hierarchies, unused), optional N.ess essential-state annotations,
// instruction.txt (line 1 an id, line 2 the task) and eventStructs.txt (one action per
// line; action i was taken on screen i).
func openLlamaTouch(dir string) (*trace.Trace, error) {
	task, id, err := readTaskFile(filepath.Join(dir, "instruction.txt"))
	if err != nil {
		return nil, err
	}
	imgs, err := listNumberedImages(dir)
	if err != nil {
		return nil, err
	}
	t := &trace.Trace{Version: trace.FormatVersion, Task: task, Status: trace.StatusUnknown, Dir: dir,
		Source: &trace.Source{Format: FormatLlamaTouch, Path: dir}}
	if id != "" {
		t.Metadata = map[string]any{"llamatouch_id": id}
	}
	if w, h, err := imageSize(filepath.Join(dir, imgs[0].name)); err == nil {
		t.Device.Width, t.Device.Height = w, h
	}
	var actions []string
	if p := filepath.Join(dir, "eventStructs.txt"); isFile(p) {
		actions, err = readLines(p)
		if err != nil {
			return nil, err
		}
	}
	// A step is any number with a screenshot, a UI dump or an activity file: a lost
	// screenshot keeps its step (with the XML the judge can still read), and actions
	// follow step numbers, not list positions, so one gap does not shift every later one.
	images := map[int]string{}
	for _, im := range imgs {
		images[im.n] = im.name
	}
	steps := llamaSteps(dir, images)
	ess := map[string]any{}
	for i, n := range steps {
		stem := strconv.Itoa(n)
		f := trace.Frame{Index: i + 1, Image: images[n]}
		if isFile(filepath.Join(dir, stem+".xml")) {
			f.XML = stem + ".xml"
		}
		if data, err := readSideFile(dir, stem+".activity", trace.MaxActivityBytes); err != nil {
			return nil, err
		} else if data != nil {
			// The recorder writes the word "null" when it could not read the activity.
			if a := firstLine(validText(data)); a != "null" {
				f.Activity = a
			}
		}
		if data, err := readSideFile(dir, stem+".ess", trace.MaxTaskBytes); err != nil {
			return nil, err
		} else if data != nil {
			ess[strconv.Itoa(f.Index)] = strings.TrimSpace(validText(data))
		}
		if k := n - steps[0]; k < len(actions) {
			f.Action = parseLlamaAction(actions[k], t.Device.Width, t.Device.Height)
		}
		t.Frames = append(t.Frames, f)
	}
	if len(ess) > 0 {
		if t.Metadata == nil {
			t.Metadata = map[string]any{}
		}
		// Human-annotated essential states, keyed by frame index: LlamaTouch's analogue
		// of substates, useful as labels.
		t.Metadata["llamatouch_essential_states"] = ess
	}
	return t, nil
}

// llamaSteps returns the sorted step numbers of a LlamaTouch folder: those of the numbered
// images plus any N.xml or N.activity without a screenshot.
func llamaSteps(dir string, images map[int]string) []int {
	seen := map[int]bool{}
	for n := range images {
		seen[n] = true
	}
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			stem, ext, _ := strings.Cut(e.Name(), ".")
			if (ext == "xml" || ext == "activity") && isDigits(stem) && len(stem) < 9 {
				n, _ := strconv.Atoi(stem)
				seen[n] = true
			}
		}
	}
	steps := make([]int, 0, len(seen))
	for n := range seen {
		steps = append(steps, n)
	}
	sort.Ints(steps)
	return steps
}

func imageSize(path string) (int, int, error) {
	if err := safefile.Inside(filepath.Dir(path), path); err != nil {
		return 0, 0, err
	}
	fh, err := safefile.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer fh.Close()
	cfg, _, err := image.DecodeConfig(bufio.NewReader(fh))
	if err != nil {
		return 0, 0, err
	}
	return cfg.Width, cfg.Height, nil
}

func readLines(path string) ([]string, error) {
	data, err := readFileIn(filepath.Dir(path), path, maxRecordBytes)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(validText(data), "\r\n", "\n"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out, nil
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

var (
	llamaKind  = regexp.MustCompile(`^\[([^\]]+)\]\s*(.*)$`)
	llamaRes   = regexp.MustCompile(`(?i)resolution\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)`)
	llamaPos   = regexp.MustCompile(`(?i)position\s*\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)`)
	llamaSwipe = regexp.MustCompile(`\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)`)
)

// parseLlamaAction maps one eventStructs.txt line, e.g.
// "[Click] Screen Resolution (400, 720), Click Position (53, 261)", to an Action with
// coordinates scaled from the recorder's resolution to screenshot pixels.
func parseLlamaAction(line string, w, h int) *trace.Action {
	a := &trace.Action{Type: "other", Raw: line}
	m := llamaKind.FindStringSubmatch(line)
	if m == nil {
		return a
	}
	kind, rest := strings.ToLower(strings.TrimSpace(m[1])), m[2]
	sx, sy := 1.0, 1.0
	if r := llamaRes.FindStringSubmatch(rest); r != nil && w > 0 && h > 0 {
		rw, _ := strconv.ParseFloat(r[1], 64)
		rh, _ := strconv.ParseFloat(r[2], 64)
		if rw > 0 && rh > 0 {
			sx, sy = float64(w)/rw, float64(h)/rh
		}
		rest = llamaRes.ReplaceAllString(rest, "")
	}
	setXY := func(xs, ys string) {
		x, _ := strconv.ParseFloat(xs, 64)
		y, _ := strconv.ParseFloat(ys, 64)
		x, y = x*sx, y*sy
		if isFinite(x) && isFinite(y) { // 400 digits parse as +Inf
			a.X, a.Y = &x, &y
		}
	}
	switch kind {
	case "click", "tap":
		a.Type = "tap"
	case "long click", "longclick", "long press", "long_press":
		a.Type = "long_press"
	case "home":
		a.Type, a.Text = "key", "home"
	case "back":
		a.Type, a.Text = "key", "back"
	case "enter":
		a.Type, a.Text = "key", "enter"
	case "swipe", "scroll":
		a.Type = "swipe"
		if pts := llamaSwipe.FindAllStringSubmatch(rest, -1); len(pts) >= 2 {
			x0, _ := strconv.ParseFloat(pts[0][1], 64)
			y0, _ := strconv.ParseFloat(pts[0][2], 64)
			x1, _ := strconv.ParseFloat(pts[1][1], 64)
			y1, _ := strconv.ParseFloat(pts[1][2], 64)
			setXY(pts[0][1], pts[0][2])
			a.Direction = swipeDirection(x1-x0, y1-y0)
		}
		return a
	case "type", "input", "text":
		a.Type = "type"
		a.Text = strings.TrimSpace(rest)
		return a
	default:
		return a
	}
	if p := llamaPos.FindStringSubmatch(rest); p != nil {
		setXY(p[1], p[2])
	}
	return a
}

// swipeDirection names the finger's movement.
func swipeDirection(dx, dy float64) string {
	if abs(dx) > abs(dy) {
		if dx > 0 {
			return "right"
		}
		return "left"
	}
	if dy > 0 {
		return "down"
	}
	return "up"
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
