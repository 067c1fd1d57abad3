package importer

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/autoeval/autoeval/internal/pickle"
	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/trace"
)

// FormatAWCkpt is an AndroidWorld checkpoint: a gzip'd pickle of episode dicts.
const FormatAWCkpt = "androidworld-checkpoint"

type checkpoint struct{}

func (checkpoint) Name() string { return FormatAWCkpt }

// Detect wants a *.pkl.gz file, or a named *.pkl (an uncompressed pickle).
func (checkpoint) Detect(p *Probe) (bool, string) {
	lower := strings.ToLower(filepath.Base(p.Path))
	return !p.IsDir && (strings.HasSuffix(lower, ".pkl.gz") || !p.Walking && strings.HasSuffix(lower, ".pkl")), ""
}

func (checkpoint) Open(p *Probe, first bool) ([]*trace.Trace, error) {
	return openCheckpoint(p.Context(), p.Path, first)
}

// Keys of AndroidWorld's per-step episode_data that may carry a screenshot or the UI
// elements, best first (agents differ in what they save).
var (
	ckptImageKeys    = []string{"raw_screenshot", "before_screenshot", "screenshot", "pixels", "screenshot_raw"}
	ckptElementsKeys = []string{"ui_elements", "before_element_list", "element_list"}
	ckptActionKeys   = []string{"action_output", "action", "agent_output", "summary"}
)

func dirOf(path string) string { return filepath.Dir(path) }

// readCheckpoint decompresses (when gzip'd) and unpickles a checkpoint file, streaming:
// memory stays bounded by pickle.DefaultLimits whatever the file decompresses to, and ctx
// ends it between any two reads.
func readCheckpoint(ctx context.Context, path string) (any, error) {
	open := func() (io.ReadCloser, error) {
		fh, err := safefile.Open(path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, unwrapPathErr(err))
		}
		if !strings.HasSuffix(strings.ToLower(path), ".gz") {
			return fh, nil
		}
		zr, err := gzip.NewReader(fh)
		if err != nil {
			fh.Close()
			return nil, fmt.Errorf("%s: not gzip data: %v", path, err)
		}
		return &gzipFile{zr: zr, fh: fh, path: path}, nil
	}
	v, err := pickle.Decode(ctx, open, pickle.DefaultLimits)
	var ge *gzipError
	switch {
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return nil, fmt.Errorf("%s: %w", path, err)
	case errors.As(err, &ge):
		return nil, err
	case err != nil && strings.HasPrefix(err.Error(), path+": "):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("%s: %s", path, oneLine(err.Error()))
	}
	return v, nil
}

// gzipFile reads a gzip'd file, naming the file in decompression errors, so a corrupt or
// cut-off stream is told apart from a pickle that is bad in itself.
type gzipFile struct {
	zr   *gzip.Reader
	fh   *os.File
	path string
}

type gzipError struct{ msg string }

func (e *gzipError) Error() string { return e.msg }

func (g *gzipFile) Read(p []byte) (int, error) {
	n, err := g.zr.Read(p)
	if err != nil && err != io.EOF {
		err = &gzipError{fmt.Sprintf("%s: corrupt gzip data: %v", g.path, err)}
	}
	return n, err
}

func (g *gzipFile) Close() error {
	g.zr.Close()
	return g.fh.Close()
}

// openCheckpoint imports an AndroidWorld checkpoint: a gzip'd pickle of a list of episode
// dicts (goal, task_template, episode_data, is_successful, finish_dtime, ...), as written
// by AndroidWorld's checkpointer. A single dict is accepted too.
func openCheckpoint(ctx context.Context, path string, firstOnly bool) ([]*trace.Trace, error) {
	v, err := readCheckpoint(ctx, path)
	if err != nil {
		return nil, err
	}
	var episodes []any
	switch x := v.(type) {
	case []any:
		episodes = x
	case map[string]any:
		episodes = []any{x}
	default:
		return nil, fmt.Errorf("%s: checkpoint holds a %s, want a list of episode dicts", path, pickle.TypeName(v))
	}
	if len(episodes) == 0 {
		return nil, fmt.Errorf("%s: checkpoint holds no episodes", path)
	}
	var out []*trace.Trace
	for i, e := range episodes {
		m, ok := e.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: episode %d is a %s, want a dict", path, i, pickle.TypeName(e))
		}
		t, err := checkpointEpisode(path, i, m)
		if err != nil {
			return nil, fmt.Errorf("%s: episode %d: %w", path, i, err)
		}
		out = append(out, t)
		if firstOnly {
			break
		}
	}
	return out, nil
}

func checkpointEpisode(path string, entry int, m map[string]any) (*trace.Trace, error) {
	goal, _ := m["goal"].(string)
	if strings.TrimSpace(goal) == "" {
		return nil, errors.New("no goal")
	}
	t := &trace.Trace{
		Version:  trace.FormatVersion,
		Task:     strings.TrimSpace(validText([]byte(goal))),
		TaskName: str(m["task_template"]),
		Agent:    str(m["agent_name"]),
		Status:   trace.StatusCompleted,
		Dir:      dirOf(path),
		Source:   &trace.Source{Format: FormatAWCkpt, Path: path, Entry: entry},
		Metadata: map[string]any{},
	}
	if ts, ok := m["finish_dtime"].(time.Time); ok && marshalableTime(ts) {
		t.Ended = &ts
		// Under a year (in seconds): a larger run_time is garbage and would overflow.
		if rt, ok := num(m["run_time"]); ok && rt > 0 && rt < 366*24*3600 {
			st := ts.Add(-time.Duration(rt * float64(time.Second)))
			t.Started = &st
		}
	}
	if sc, ok := m["screen_config"].(map[string]any); ok {
		if w, ok := num(sc["width"]); ok {
			t.Device.Width = side(w)
		}
		if h, ok := num(sc["height"]); ok {
			t.Device.Height = side(h)
		}
	}
	for _, k := range []string{"run_time", "seed", "instance_id", "episode_length"} {
		if v, ok := num(m[k]); ok {
			t.Metadata[k] = jsonSafe(v, floatText)
		}
	}
	if ex := m["exception_info"]; ex != nil {
		t.Status = trace.StatusCrashed
		t.Metadata["exception_info"] = fmt.Sprint(ex)
	}
	if r, ok := num(m["is_successful"]); ok {
		if r >= 0 && r <= 1 {
			t.GroundTruth = &trace.GroundTruth{Reward: r, Source: "androidworld:is_successful",
				Details: fmt.Sprintf("AndroidWorld checkpoint is_successful=%v", r)}
		} else {
			// AndroidWorld writes -1 (or NaN) when the task could not be scored; NaN is
			// kept as the text "NaN", which JSON can carry.
			t.Metadata["is_successful"] = jsonSafe(r, floatText)
		}
	}
	if p, ok := m["params"].(map[string]any); ok {
		t.Params = safeMap(p, floatText)
	}
	ed, _ := m["episode_data"].(map[string]any)
	frames, err := checkpointFrames(ed)
	if err != nil {
		return nil, err
	}
	if n, ok := num(m["episode_length"]); ok && len(frames) == 0 && n > 0 && n < 10000 {
		// No per-step data at all: still say how many steps there were.
		for i := 0; i < int(n); i++ {
			frames = append(frames, trace.Frame{Index: i + 1})
		}
	}
	t.Frames = frames
	if t.Device.Width == 0 {
		for _, f := range frames {
			if len(f.ElementsData) > 0 {
				t.Device.Width, t.Device.Height = screenFromElements(f.ElementsData)
				break
			}
		}
	}
	return t, nil
}

// checkpointFrames turns episode_data (a dict of per-step lists) into frames.
func checkpointFrames(ed map[string]any) ([]trace.Frame, error) {
	if ed == nil {
		return nil, nil
	}
	steps := 0
	for _, v := range ed {
		if l, ok := v.([]any); ok && len(l) > steps {
			steps = len(l)
		}
	}
	at := func(key string, i int) any {
		l, ok := ed[key].([]any)
		if !ok || i >= len(l) {
			return nil
		}
		return l[i]
	}
	var frames []trace.Frame
	// One screenshot array referred to by many steps is encoded once (a 1.4 MB checkpoint
	// of 600 references to one array took 2.2 GB as 600 PNGs), and the PNGs held for a
	// checkpoint are budgeted.
	pngs := map[*pickle.NDArray][]byte{}
	var pngBytes int64
	for i := 0; i < steps; i++ {
		f := trace.Frame{Index: i + 1}
		for _, k := range ckptImageKeys {
			if arr, ok := at(k, i).(*pickle.NDArray); ok {
				png, done := pngs[arr]
				if !done {
					var err error
					if png, err = screenshotPNG(arr); err != nil {
						return nil, fmt.Errorf("step %d %s: %w", i, k, err)
					}
					if pngBytes += int64(len(png)); pngBytes > maxCheckpointPNGBytes {
						return nil, fmt.Errorf("step %d %s: the checkpoint's screenshots take more than %d MiB as PNG, the limit for one checkpoint", i, k, maxCheckpointPNGBytes>>20)
					}
					pngs[arr] = png
				}
				f.ImageData = png
				break
			}
		}
		for _, k := range ckptElementsKeys {
			if l, ok := at(k, i).([]any); ok {
				els, err := elementsFromPickle(l)
				if err != nil {
					return nil, fmt.Errorf("step %d %s: %w", i, k, err)
				}
				f.ElementsData = els
				break
			}
		}
		for _, k := range ckptActionKeys {
			switch v := at(k, i).(type) {
			case string:
				if strings.TrimSpace(v) != "" {
					f.Action = parseAWAction(v, f.ElementsData)
				}
			case map[string]any: // a JSONAction object
				b, _ := json.Marshal(v)
				f.Action = parseAWAction(string(b), f.ElementsData)
			}
			if f.Action != nil {
				break
			}
		}
		frames = append(frames, f)
	}
	return frames, nil
}

// elementsFromPickle converts pickled UIElement objects (or plain dicts) by round-tripping
// their attributes through JSON, whose field names UIElement shares.
func elementsFromPickle(l []any) ([]trace.UIElement, error) {
	out := make([]trace.UIElement, 0, len(l))
	for j, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("element %d is a %s, want a UIElement", j, pickle.TypeName(e))
		}
		clean := map[string]any{}
		for k, v := range m {
			switch v.(type) {
			case string, bool, float64, int, nil, map[string]any:
				// A NaN or infinite coordinate is unknown, not a reason to drop the file.
				clean[k] = jsonSafe(v, func(float64) any { return nil })
			}
		}
		b, err := json.Marshal(clean)
		if err != nil {
			return nil, fmt.Errorf("element %d: %v", j, err)
		}
		var el trace.UIElement
		if err := strictjson.Unmarshal(b, &el); err != nil {
			return nil, fmt.Errorf("element %d: %v", j, oneLine(err.Error()))
		}
		out = append(out, el)
	}
	return out, nil
}

// maxCheckpointPNGBytes bounds the screenshots of one checkpoint once encoded: a real
// episode's 30 steps take 20 to 60 MB.
const maxCheckpointPNGBytes = 512 << 20

// screenshotPNG encodes an H x W x 3|4 uint8 array (or H x W grey) as PNG.
func screenshotPNG(a *pickle.NDArray) ([]byte, error) {
	if a.DType != "u1" && a.DType != "|u1" && a.DType != "b1" {
		return nil, fmt.Errorf("screenshot array has dtype %q, want uint8", a.DType)
	}
	if len(a.Shape) < 2 || len(a.Shape) > 3 {
		return nil, fmt.Errorf("screenshot array has shape %v, want (height, width, channels)", a.Shape)
	}
	h, w, c := a.Shape[0], a.Shape[1], 1
	if len(a.Shape) == 3 {
		c = a.Shape[2]
	}
	if c != 1 && c != 3 && c != 4 {
		return nil, fmt.Errorf("screenshot array has %d channels, want 1, 3 or 4", c)
	}
	if h == 0 || w == 0 || h > 20000 || w > 20000 || len(a.Data) != h*w*c {
		return nil, fmt.Errorf("screenshot array shape %v does not match its %d bytes", a.Shape, len(a.Data))
	}
	// The array is already in memory (the checkpoint's size is bounded); this bounds what
	// encoding it costs. A fixed bound: --max-pixels applies where frames are decoded.
	if int64(w)*int64(h) > trace.DefaultMaxPixels {
		return nil, fmt.Errorf("screenshot: %d x %d pixels, over the %d a checkpoint's screenshot may hold: %w", w, h, trace.DefaultMaxPixels, trace.ErrTooLarge)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for p := 0; p < h*w; p++ {
		src := a.Data[p*c:]
		dst := img.Pix[p*4:]
		switch c {
		case 1:
			dst[0], dst[1], dst[2], dst[3] = src[0], src[0], src[0], 255
		case 3:
			dst[0], dst[1], dst[2], dst[3] = src[0], src[1], src[2], 255
		case 4:
			copy(dst[:4], src[:4])
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
