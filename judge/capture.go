package judge

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/trace"
)

// Capture modes.
const (
	CaptureXML    = "xml"    // the UI hierarchy (uiautomator XML or AndroidWorld elements) only
	CaptureVision = "vision" // a vision model's description of the screenshot only
	CaptureBoth   = "both"   // both, one after the other
	CaptureOCR    = "ocr"    // the screenshot's text read by Tesseract, with boxes (no model)
	CaptureAuto   = "auto"   // the best the frame has: the hierarchy, else vision with a model, else OCR
)

// SourceElements marks a frame described from AndroidWorld UI elements; the other frame
// sources share the capture mode names (xml, vision, both).
const SourceElements = "elements"

// CaptureModes lists the accepted --capture values.
var CaptureModes = []string{CaptureAuto, CaptureXML, CaptureVision, CaptureBoth, CaptureOCR}

// captured is one frame's description.
type captured struct {
	Desc   string
	Screen *Screen // the structured screen, when the frame has a hierarchy (the heuristic needs it)
	Usage  trace.Usage
	// Source is what the description came from: xml, elements, vision, both or ocr.
	Source string
	// Skip is set when the frame cannot be described (bad or missing data): the frame is
	// skipped and the reason recorded, the run goes on.
	Skip string
	// Sums are the digests of what was read of the frame, for the judgment's provenance
	// (see reading).
	Sums trace.FrameSums
}

// capturer turns frames into descriptions.
type capturer struct {
	mode  string
	model llm.Model // vision model; nil when none is configured
	task  string
	scope string
	// limits bounds the screenshots decoded here (OCR); the vision model's are its own.
	limits trace.Limits
}

// ErrNothingToJudge marks a trace that holds nothing a judge can read: no frame has a
// screenshot, UI XML or accessibility elements (AndroidWorld checkpoints that saved only the
// agent's text). Such a trace is not judgeable, which is not the same as failed.
var ErrNothingToJudge = errors.New("the trace holds nothing a judge can read: no frame has a screenshot, UI XML or elements")

// nothingToDescribe says why no frame of t can be described in the capture mode, or "".
// vision says whether a vision model is configured.
func nothingToDescribe(mode string, t *trace.Trace, vision bool) error {
	var hier, image bool
	for i := range t.Frames {
		h, im := has(t, &t.Frames[i])
		hier, image = hier || h, image || im
	}
	_, canOCR := ocr.Available()
	switch {
	case !hier && !image:
		return ErrNothingToJudge
	case mode == CaptureXML && !hier:
		return errors.New("no frame has UI XML or elements, which --capture xml reads; use --capture ocr (Tesseract) or a model (--model) to read its screenshots")
	case (mode == CaptureVision || mode == CaptureOCR) && !image:
		return fmt.Errorf("no frame has a screenshot for --capture %s; use --capture auto or xml", mode)
	case mode == CaptureOCR && !canOCR, mode == CaptureAuto && !hier && !vision && !canOCR:
		return ocr.ErrMissing
	}
	return nil
}

// usesVision reports whether some frame of t is described from its screenshot by the
// vision model in mode.
func usesVision(mode string, t *trace.Trace, vision bool) bool {
	for i := range t.Frames {
		hasHier, hasImage := has(t, &t.Frames[i])
		switch {
		case mode == CaptureVision, mode == CaptureBoth && hasImage, mode == CaptureAuto && !hasHier && hasImage && vision:
			return true
		}
	}
	return false
}

// usesOCR reports whether some frame of t is read by OCR in mode.
func usesOCR(mode string, t *trace.Trace, vision bool) bool {
	for i := range t.Frames {
		hasHier, hasImage := has(t, &t.Frames[i])
		if mode == CaptureOCR && hasImage || mode == CaptureAuto && !hasHier && hasImage && !vision {
			return true
		}
	}
	return false
}

// has says whether the frame has a hierarchy (UI XML or elements) and a screenshot.
func has(t *trace.Trace, f *trace.Frame) (hier, image bool) {
	return t.HasXML(f) || t.HasElements(f), t.HasImage(f)
}

// capture describes one frame and records the digests of what it read (reading).
func (c *capturer) capture(ctx context.Context, t *trace.Trace, f *trace.Frame) (captured, error) {
	rd := newReading(t, f)
	out, err := c.describe(ctx, t, f, rd)
	out.Sums = rd.final()
	return out, err
}

func (c *capturer) describe(ctx context.Context, t *trace.Trace, f *trace.Frame, rd *reading) (captured, error) {
	hasHier, hasImage := has(t, f)
	useHier, useVision := false, false
	switch c.mode {
	case CaptureXML:
		useHier = true
	case CaptureOCR:
		return c.ocr(ctx, t, f, hasImage, rd)
	case CaptureVision:
		useVision = true
	case CaptureBoth:
		useHier, useVision = hasHier, hasImage
		if !hasHier && !hasImage {
			useHier = true // produces the "no hierarchy" skip reason below
		}
	default: // auto
		useHier = hasHier
		useVision = !hasHier && hasImage && c.model != nil
		if !hasHier && hasImage && c.model == nil {
			return c.ocr(ctx, t, f, hasImage, rd)
		}
		if !useHier && !useVision {
			useHier = true
		}
	}
	var out captured
	var parts []string
	if useHier {
		if !hasHier && !hasImage {
			return captured{Skip: fmt.Sprintf("frame %d has no UI XML, elements or screenshot to describe", f.Index)}, nil
		}
		if !hasHier {
			return captured{Skip: fmt.Sprintf("frame %d has no UI XML or elements to describe (try --capture vision)", f.Index)}, nil
		}
		sc, err := readScreen(t, f, rd)
		if err != nil {
			return captured{Skip: err.Error()}, nil
		}
		out.Screen = sc
		parts = append(parts, sc.render())
	}
	if useVision {
		if !hasImage {
			return captured{Skip: fmt.Sprintf("frame %d has no screenshot to describe", f.Index)}, nil
		}
		if c.model == nil {
			return captured{}, fmt.Errorf("--capture %s needs a vision model (--capture-model or --model)", c.mode)
		}
		data, mime, err := readImage(t, f, rd)
		if err != nil {
			return captured{Skip: err.Error()}, nil
		}
		desc, u, err := c.vision(ctx, f, data, mime)
		if errors.Is(err, llm.ErrBadImage) {
			// A screenshot that does not decode is this frame's problem, not the trace's.
			return captured{Usage: u, Skip: err.Error()}, nil
		}
		if err != nil {
			return captured{Usage: u}, err // a cancelled request may still have been billed
		}
		out.Usage.Add(u)
		if desc == "" {
			return captured{Usage: out.Usage, Skip: fmt.Sprintf("frame %d: the vision model returned an empty description", f.Index)}, nil
		}
		if len(parts) > 0 {
			parts[0] = "From the UI hierarchy:\n" + parts[0]
			desc = "From the screenshot:\n" + desc
		}
		parts = append(parts, desc)
	}
	out.Desc = strings.Join(parts, "\n")
	switch {
	case useHier && useVision:
		out.Source = CaptureBoth
	case useVision:
		out.Source = CaptureVision
	case f.XML != "": // readScreen prefers the XML when a frame has both
		out.Source = CaptureXML
	default:
		out.Source = SourceElements
	}
	return out, nil
}

// ocr reads the frame's screenshot with Tesseract.
func (c *capturer) ocr(ctx context.Context, t *trace.Trace, f *trace.Frame, hasImage bool, rd *reading) (captured, error) {
	if !hasImage {
		return captured{Skip: fmt.Sprintf("frame %d has no screenshot to read (OCR)", f.Index)}, nil
	}
	data, _, err := readImage(t, f, rd)
	if err != nil {
		return captured{Skip: err.Error()}, nil
	}
	sc, err := readScreenOCR(ctx, data, c.limits)
	// A read that finished is kept even when the judge stopped meanwhile: an empty capture
	// with no error was kept for the last look as a frame with nothing on it.
	if err != nil && (errors.Is(err, ocr.ErrMissing) || ctx.Err() != nil) {
		return captured{}, err
	}
	if err != nil {
		return captured{Skip: fmt.Sprintf("frame %d: %v", f.Index, err)}, nil
	}
	sc.setActivity(f.Activity)
	return captured{Desc: sc.render(), Screen: sc, Source: CaptureOCR}, nil
}

// vision asks the capture model to describe the screenshot. The llm cache keys on the image
// bytes and the prompt, so an identical screenshot (with the same activity) is described once.
func (c *capturer) vision(ctx context.Context, f *trace.Frame, data []byte, mime string) (string, trace.Usage, error) {
	hints := ""
	if f.Activity != "" {
		hints = "the foreground activity is " + f.Activity
	}
	// No frame number in the prompt: describing a screen does not need it, and leaving it
	// out lets the call cache serve a screenshot repeated on later frames.
	rendered, err := prompts.RenderCapturer(prompts.CapturerInput{Task: c.task, Hints: hints})
	if err != nil {
		return "", trace.Usage{}, err
	}
	req := llm.Request{
		Purpose:       "capture",
		PromptVersion: rendered.Version,
		System:        rendered.System,
		Prompt:        rendered.Prompt,
		Images:        []llm.Image{{MIME: mime, Data: data}},
		MaxTokens:     1500,
		Scope:         c.scope,
	}
	resp, err := c.model.Generate(ctx, req)
	if err != nil {
		return "", llm.UsageOf(err), fmt.Errorf("frame %d: describing the screenshot: %w", f.Index, err)
	}
	desc := strings.TrimSpace(resp.Text)
	if desc == "" {
		// The frame is skipped for it; a cached empty answer would skip it on every run.
		llm.Forget(ctx, c.model, req)
	}
	return desc, usageOf(resp), nil
}

// usageOf counts one answer: a provider call, or a cache hit that paid nothing now but
// keeps its uncached cost.
func usageOf(r *llm.Response) trace.Usage {
	u := r.Usage()
	if r.CacheHit {
		u.Calls = 0
	}
	return u
}

// readScreen parses the frame's hierarchy: XML first (it carries exact flags), else elements.
func readScreen(t *trace.Trace, f *trace.Frame, rd *reading) (*Screen, error) {
	var sc *Screen
	if f.XML != "" {
		data, err := t.ReadXML(f)
		if err := rd.took(trace.PartXML, data, err); err != nil {
			return nil, err
		}
		sc, err = parseUIXML(data)
		if err != nil {
			p, _ := t.Path(f.XML)
			return nil, fmt.Errorf("%s (frame %d): %v", p, f.Index, err)
		}
	} else {
		els, err := t.ReadElements(f)
		if err := rd.tookElements(els, err); err != nil {
			return nil, err
		}
		sc = fromElements(els)
	}
	sc.setActivity(f.Activity)
	return sc, nil
}

// readImage reads the frame's screenshot for the vision model or OCR.
func readImage(t *trace.Trace, f *trace.Frame, rd *reading) ([]byte, string, error) {
	data, mime, err := t.ReadImage(f)
	if err := rd.took(trace.PartImage, data, err); err != nil {
		return nil, "", err
	}
	return data, mime, nil
}
