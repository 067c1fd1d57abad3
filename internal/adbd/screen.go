package adbd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// screencap is `screencap [-hp] [-d DISPLAY] [FILENAME]`: PNG with -p (or a FILENAME
// ending in .png), otherwise the raw framebuffer; to FILENAME or standard output.
func (d *Device) screencap(args []string, stdout, stderr io.Writer) int {
	asPNG := false
	var name string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-p":
			asPNG = true
		case a == "-d" && i+1 < len(args):
			i++
		case a == "-h" || strings.HasPrefix(a, "-"):
			fmt.Fprintln(stderr, "usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n   -d: specify the physical display ID to capture (default: 0)\nIf FILENAME ends with .png it will be saved as a png.\nIf FILENAME is not given, the results will be printed to stdout.")
			return 1
		default:
			name = a
		}
	}
	if strings.HasSuffix(name, ".png") {
		asPNG = true
	}
	d.mu.Lock()
	p := d.state
	p.shots++
	p.shown = p.moves
	i, scr := p.current()
	w, h := p.width, p.height
	raw := p.raw[i]
	d.mu.Unlock()
	data := scr.PNG
	if data == nil {
		data = blankPNG(w, h)
	}
	if !asPNG {
		if raw == nil {
			var err error
			if raw, err = RawFramebuffer(data); err != nil {
				fmt.Fprintf(stderr, "screencap: %v\n", err)
				return 1
			}
			d.mu.Lock()
			if p.raw == nil {
				p.raw = map[int][]byte{}
			}
			p.raw[i] = raw
			d.mu.Unlock()
		}
		data = raw
	}
	if name == "" {
		stdout.Write(data)
		return 0
	}
	if msg := d.checkWritable(name); msg != "" {
		fmt.Fprintf(stderr, "Error opening file: %s (%s)\n", name, msg)
		return 1
	}
	d.writeFile(name, data, false)
	return 0
}

// minimalHierarchy is the dump of a screen that has no XML of its own.
const minimalHierarchy = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.google.android.apps.nexuslauncher" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]" /></hierarchy>`

// uiautomator is `uiautomator dump [--compressed] [FILE]` (default
// /sdcard/window_dump.xml), printing what the real tool prints, typo included.
func (d *Device) uiautomator(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "dump" {
		fmt.Fprintln(stderr, "Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\nhelp: displays help message\n\nruntest: executes UI automation tests\n\ndump: creates an XML dump of current UI hierarchy")
		return 1
	}
	name := "/sdcard/window_dump.xml"
	for _, a := range args[1:] {
		switch {
		case a == "--compressed" || a == "--windows":
		case strings.HasPrefix(a, "-"):
			d.refuse("uiautomator dump " + a)
		default:
			name = a
		}
	}
	d.mu.Lock()
	_, scr := d.state.current()
	d.mu.Unlock()
	if scr.DumpError != "" {
		fmt.Fprintln(stdout, scr.DumpError)
		return 1
	}
	if msg := d.checkWritable(name); msg != "" {
		fmt.Fprintf(stderr, "java.io.FileNotFoundException: %s: open failed: EACCES (%s)\n", name, msg)
		return 1
	}
	xml := scr.XML
	if xml == "" {
		xml = minimalHierarchy
	}
	d.writeFile(name, []byte(xml), false)
	fmt.Fprintf(stdout, "UI hierchary dumped to: %s\n", name)
	return 0
}

var blankCache sync.Map

func blankPNG(w, h int) []byte {
	key := [2]int{w, h}
	if v, ok := blankCache.Load(key); ok {
		return v.([]byte)
	}
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)))
	blankCache.Store(key, buf.Bytes())
	return buf.Bytes()
}

// RawFramebuffer converts a PNG into what `screencap` without -p prints on Android 9 and
// later: width, height, pixel format (1 = RGBA_8888) and colour space as little-endian
// 32-bit words, then the pixels row by row.
func RawFramebuffer(pngData []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	out := make([]byte, 16, 16+len(rgba.Pix))
	binary.LittleEndian.PutUint32(out[0:], uint32(b.Dx()))
	binary.LittleEndian.PutUint32(out[4:], uint32(b.Dy()))
	binary.LittleEndian.PutUint32(out[8:], 1)
	binary.LittleEndian.PutUint32(out[12:], 1)
	return append(out, rgba.Pix...), nil
}

// LoadScreens reads a folder of numbered screens (N.png with optional N.xml and
// N.activity, as LlamaTouch records them) in number order.
func LoadScreens(dir string) ([]Screen, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil {
		return nil, err
	}
	type step struct {
		n    int
		base string
	}
	var steps []step
	for _, m := range matches {
		base := strings.TrimSuffix(m, ".png")
		n, err := strconv.Atoi(filepath.Base(base))
		if err != nil {
			continue
		}
		steps = append(steps, step{n, base})
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("%s: no numbered PNG screenshots (N.png)", dir)
	}
	sort.Slice(steps, func(i, j int) bool { return steps[i].n < steps[j].n })
	screens := make([]Screen, 0, len(steps))
	for _, st := range steps {
		img, err := os.ReadFile(st.base + ".png")
		if err != nil {
			return nil, err
		}
		scr := Screen{PNG: img}
		if x, err := os.ReadFile(st.base + ".xml"); err == nil {
			scr.XML = string(x)
		}
		if a, err := os.ReadFile(st.base + ".activity"); err == nil {
			scr.Activity = strings.TrimSpace(string(a))
		}
		screens = append(screens, scr)
	}
	return screens, nil
}
