package device

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"regexp"
	"strings"

	"github.com/autoeval/autoeval/uixml"
)

// Screenshot returns the screen as PNG bytes (`screencap -p`, encoded on the device).
func (d *Device) Screenshot(ctx context.Context) ([]byte, error) {
	out, err := d.ExecOut(ctx, "screencap -p", d.limits().screenshot, "a screenshot is 0.1 to 3 MB")
	if err != nil {
		return nil, err
	}
	if !IsPNG(out) {
		return nil, fmt.Errorf("screencap -p on %s returned no PNG: %q", d.serial, oneLine(string(out[:min(len(out), 120)])))
	}
	return out, nil
}

// ScreenshotRaw returns the raw framebuffer (`screencap` without -p), decoded on the host.
// It moves ~10 MB per 1080x2400 frame but spares the device its slow PNG encoder.
func (d *Device) ScreenshotRaw(ctx context.Context) (*image.RGBA, error) {
	out, err := d.ExecOut(ctx, "screencap", d.limits().raw, "a raw screenshot is 4 bytes a pixel and a 16-byte header")
	if err != nil {
		return nil, err
	}
	img, err := DecodeRaw(out)
	if err != nil {
		return nil, fmt.Errorf("screencap on %s: %w", d.serial, err)
	}
	return img, nil
}

// Raw framebuffer pixel formats (android.graphics.PixelFormat / HAL values).
const (
	rawRGBA8888 = 1
	rawRGBX8888 = 2
	rawRGB888   = 3
	rawRGB565   = 4
	rawBGRA8888 = 5
)

// DecodeRaw decodes `screencap` raw output: little-endian width, height, format, an extra
// colour-space word on Android 9 and later, then the pixels.
func DecodeRaw(data []byte) (*image.RGBA, error) {
	if len(data) < 12 {
		return nil, errors.New("raw screenshot shorter than its header")
	}
	w := int(binary.LittleEndian.Uint32(data[0:]))
	h := int(binary.LittleEndian.Uint32(data[4:]))
	format := binary.LittleEndian.Uint32(data[8:])
	if w <= 0 || h <= 0 || w > 16384 || h > 16384 {
		return nil, fmt.Errorf("raw screenshot has implausible size %dx%d", w, h)
	}
	bpp := 4
	switch format {
	case rawRGBA8888, rawRGBX8888, rawBGRA8888:
	case rawRGB888:
		bpp = 3
	case rawRGB565:
		bpp = 2
	default:
		return nil, fmt.Errorf("raw screenshot pixel format %d is not supported", format)
	}
	n := w * h * bpp
	var pix []byte
	switch {
	case len(data) >= 16+n:
		pix = data[16 : 16+n]
	case len(data) >= 12+n:
		pix = data[12 : 12+n]
	default:
		return nil, fmt.Errorf("raw screenshot %dx%d is truncated: %d of %d pixel bytes", w, h, len(data)-12, n)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	switch format {
	case rawRGBA8888:
		copy(img.Pix, pix)
	case rawRGBX8888:
		copy(img.Pix, pix)
		for i := 3; i < len(img.Pix); i += 4 {
			img.Pix[i] = 0xff
		}
	case rawBGRA8888:
		for i := 0; i < len(pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = pix[i+2], pix[i+1], pix[i], pix[i+3]
		}
	case rawRGB888:
		for i, j := 0, 0; i < len(pix); i, j = i+3, j+4 {
			img.Pix[j], img.Pix[j+1], img.Pix[j+2], img.Pix[j+3] = pix[i], pix[i+1], pix[i+2], 0xff
		}
	case rawRGB565:
		for i, j := 0, 0; i < len(pix); i, j = i+2, j+4 {
			v := uint16(pix[i]) | uint16(pix[i+1])<<8
			r, g, b := byte(v>>11), byte(v>>5)&0x3f, byte(v)&0x1f
			img.Pix[j], img.Pix[j+1], img.Pix[j+2], img.Pix[j+3] = r<<3|r>>2, g<<2|g>>4, b<<3|b>>2, 0xff
		}
	}
	return img, nil
}

// DumpPath is where UIXML asks uiautomator to write; it is overwritten each time.
const DumpPath = "/sdcard/autoeval_window_dump.xml"

// UIXML dumps the UI hierarchy with uiautomator and reads it back over sync.
func (d *Device) UIXML(ctx context.Context) (string, error) {
	out, err := d.shell(ctx, "uiautomator dump "+DumpPath, d.limits().line, "uiautomator prints where it dumped")
	if err != nil {
		return "", err
	}
	if !strings.Contains(out, "dumped to") {
		// e.g. "ERROR: could not get idle state." while an animation runs.
		return "", fmt.Errorf("uiautomator dump on %s: %s", d.serial, oneLine(out))
	}
	// A dump over uixml's limit is refused as it arrives, not stored or parsed.
	data, err := d.PullLimit(ctx, DumpPath, uixml.MaxBytes)
	if err != nil {
		return "", err
	}
	return string(data), nil
}

// ForegroundActivity returns the resumed activity as package/fully.qualified.Class.
// The dumps are filtered on the device: a full `dumpsys activity activities` can be
// hundreds of kilobytes, taken at every kept frame.
func (d *Device) ForegroundActivity(ctx context.Context) (string, error) {
	out, err := d.shell(ctx, "dumpsys activity activities | grep ResumedActivity", d.limits().line, "grep keeps a line or two of dumpsys")
	if err != nil {
		return "", err
	}
	if a := ParseActivity(out); a != "" {
		return a, nil
	}
	out, err = d.shell(ctx, "dumpsys window windows | grep -E 'mCurrentFocus|mFocusedApp'", d.limits().line, "grep keeps a line or two of dumpsys")
	if err != nil {
		return "", err
	}
	if a := ParseActivity(out); a != "" {
		return a, nil
	}
	return "", fmt.Errorf("foreground activity on %s: no resumed activity in dumpsys output", d.serial)
}

// activityRe matches the component in the lines dumpsys prints for the resumed activity
// (mResumedActivity on Android <= 9, topResumedActivity/ResumedActivity later) or the
// focused window.
var activityRe = regexp.MustCompile(`(?m)(?:mResumedActivity|topResumedActivity|ResumedActivity|mFocusedActivity|mCurrentFocus)[:=]\s*\S+\{[0-9a-f]+ (?:u\d+ )?([A-Za-z0-9_.]+/[A-Za-z0-9_.$]+)`)

// ParseActivity extracts package/Class from dumpsys activity or window output, expanding
// a class written relative to its package (".Main").
func ParseActivity(out string) string {
	m := activityRe.FindStringSubmatch(out)
	if m == nil {
		return ""
	}
	pkg, cls, _ := strings.Cut(m[1], "/")
	if strings.HasPrefix(cls, ".") {
		cls = pkg + cls
	}
	return pkg + "/" + cls
}
