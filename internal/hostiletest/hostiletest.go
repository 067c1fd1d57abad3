// Package hostiletest is the corpus of hostile inputs: files a careless tool or an
// attacker could hand autoeval, each with the command that reads it and what that command
// must say. Small files are kept in corpus/; big ones are generated into a test's folder
// by streaming writers, so making them takes little memory. cmd/autoeval runs every case
// under a memory ceiling, and the fuzz targets of the readers start from these files.
package hostiletest

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"embed"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

//go:embed corpus
var corpus embed.FS

// File returns a corpus file (see corpus/).
func File(name string) []byte {
	b, err := corpus.ReadFile("corpus/" + name)
	if err != nil {
		panic(err)
	}
	return b
}

// Seeds returns the corpus files whose names end with ext (".pkl", ".png"), for f.Add.
func Seeds(ext string) [][]byte {
	ents, _ := corpus.ReadDir("corpus")
	var out [][]byte
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ext) {
			out = append(out, File(e.Name()))
		}
	}
	return out
}

// Case is one hostile input and what reading it must give.
type Case struct {
	Name string
	// Build writes the input below dir and returns the path the command reads.
	Build func(dir string) (string, error)
	// Args is the command line; "PATH" stands for the built input and "OUT" for a
	// fresh folder for outputs.
	Args []string
	Exit int
	// Want must appear in the command's output (stdout and stderr together).
	Want string
}

// Cases lists the corpus. Every case must end with its error (or its result), within
// the caller's memory ceiling, however big the input claims or decompresses to be.
func Cases() []Case {
	return append(round1(), round2()...)
}

func round1() []Case {
	return []Case{
		{Name: "png header of 1000000x1000000", Build: nativeWithImage(File("huge-header.png")),
			Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "1000000 x 1000000 pixels, over the limit of 33554432 pixels"},
		{Name: "png header of 1000000x1000000 in a report", Build: nativeWithImage(File("huge-header.png")),
			Args: []string{"report", "--traces", "PATH", "--out", "OUT/r.html"}, Exit: 0, Want: "ok, but frame 1 (0001.png): decode image: 1000000 x 1000000 pixels"},
		// A screenshot-only trace is read by OCR (judge --capture auto without a model, or ocr).
		{Name: "png header of 1000000x1000000 read by OCR", Build: nativeWithImage(File("huge-header.png")),
			Args: []string{"judge", "--trace", "PATH", "--capture", "ocr", "--out", "OUT/j.json"}, Exit: 1, Want: "none of the 1 frames could be described (frame 1: reading the screenshot for OCR: 1000000 x 1000000 pixels, over the limit of 33554432 pixels"},
		{Name: "real png of 20000x20000", Build: func(dir string) (string, error) {
			return nativeWithFile(dir, "0001.png", func(w io.Writer) error { return grayPNG(w, 20000, 20000) })
		}, Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "20000 x 20000 pixels, over the limit"},
		{Name: "gzip bomb: one bytes object of 2 GiB", Build: gzipBomb("\x80\x04\x8e"+le64(2<<30), zeros(8<<20), 256),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "announces 2147483648 bytes, beyond the limit of 1024 MiB"},
		{Name: "gzip bomb: 2 GiB of 1 MiB bytes objects", Build: gzipBomb("\x80\x04", strings.Repeat("B"+le32(1<<20)+zeros(1<<20)+"0", 8), 256),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "beyond the limit of 1024 MiB"},
		{Name: "gzip bomb: 2 GiB of tiny values", Build: gzipBomb("\x80\x04]", strings.Repeat("N0", 2<<20), 512),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "would take more than 1024 MiB of memory"},
		{Name: "gzip bomb: 2 GiB of zeros", Build: gzipBomb("\x80\x04", zeros(8<<20), 256),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "unknown opcode 0x00 at offset 2"},
		{Name: "pickle reference bomb", Build: writeFile("x.pkl", File("reference-bomb.pkl")),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "reference bomb"},
		{Name: "pickle length of 2^63", Build: writeFile("x.pkl", File("hostile-length.pkl")),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "announces 9223372036854775807 bytes"},
		{Name: "task of 50 MB in task.txt", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			if err := stream(filepath.Join(d, "task.txt"), repeat("Open the Clock app. ", 50<<20)); err != nil {
				return "", err
			}
			return d, os.WriteFile(filepath.Join(d, "1.png"), File("huge-header.png"), 0o644)
		}, Args: []string{"judge", "--trace", "PATH"}, Exit: 1, Want: "task.txt: the task text is 50 MiB, over the limit of 16 KiB"},
		{Name: "task of 50 MB in trace.json", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			return d, stream(filepath.Join(d, "trace.json"), func(w io.Writer) error {
				io.WriteString(w, `{"version":1,"status":"completed","frames":[],"task":"`)
				repeat("Open the Clock app. ", 50<<20)(w)
				_, err := io.WriteString(w, `"}`)
				return err
			})
		}, Args: []string{"judge", "--trace", "PATH"}, Exit: 1, Want: "the task text is 50 MiB, over the limit of 16 KiB"},
		{Name: "element text of 1 MB in an episode", Build: writeFile("episode.json", episode(strings.Repeat("a", 1<<20))),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "frame 1: element 0: text is 1 MiB, over the limit of 64 KiB per element text"},
		{Name: "element text of 1 MB in an elements file", Build: func(dir string) (string, error) {
			return nativeWithFile(dir, "0001.elements.json", func(w io.Writer) error {
				_, err := fmt.Fprintf(w, `[{"text":%q}]`, strings.Repeat("a", 1<<20))
				return err
			})
		}, Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "element 0: text is 1 MiB, over the limit of 64 KiB per element text"},
		{Name: "UI dump attribute of 1 MB", Build: func(dir string) (string, error) {
			return nativeWithFile(dir, "0001.xml", func(w io.Writer) error {
				_, err := fmt.Fprintf(w, `<?xml version="1.0"?><hierarchy><node text="%s" bounds="[0,0][9,9]"/></hierarchy>`, strings.Repeat("a", 1<<20))
				return err
			})
		}, Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "the UI dump holds a text of 1 MiB or more, over the limit of 64 KiB per element text"},
		{Name: "170000 frames", Build: longTrace(170000),
			Args: []string{"trace", "validate", "PATH"}, Exit: 0, Want: "(170000 frames)"},
		{Name: "20000 frames judged", Build: longTrace(20000),
			Args: []string{"judge", "--trace", "PATH", "--out", "OUT/j.json"}, Exit: 0, Want: "Frames judged 20000"},
	}
}

func le32(n uint32) string { return string(binary.LittleEndian.AppendUint32(nil, n)) }
func le64(n uint64) string { return string(binary.LittleEndian.AppendUint64(nil, n)) }
func zeros(n int) string   { return string(make([]byte, n)) }

// stream creates path (and its folder) and writes it with fill through a buffer.
func stream(path string, fill func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := fill(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// repeat writes s over and over up to n bytes.
func repeat(s string, n int) func(io.Writer) error {
	return func(w io.Writer) error {
		for written := 0; written < n; written += len(s) {
			if _, err := io.WriteString(w, s); err != nil {
				return err
			}
		}
		return nil
	}
}

func writeFile(name string, data []byte) func(string) (string, error) {
	return func(dir string) (string, error) {
		p := filepath.Join(dir, name)
		return p, os.WriteFile(p, data, 0o644)
	}
}

// gzipBomb writes x.pkl.gz: head, then body repeated n times, as gzip members (a gzip
// file may hold several), so gigabytes are written as a few megabytes, quickly.
func gzipBomb(head, body string, n int) func(string) (string, error) {
	return func(dir string) (string, error) {
		member := func(s string) []byte {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			io.WriteString(zw, s)
			zw.Close()
			return b.Bytes()
		}
		h, m := member(head), member(body)
		p := filepath.Join(dir, "x.pkl.gz")
		return p, stream(p, func(w io.Writer) error {
			w.Write(h)
			for i := 0; i < n; i++ {
				if _, err := w.Write(m); err != nil {
					return err
				}
			}
			return nil
		})
	}
}

// nativeWithFile writes a one-frame native trace whose frame refers to the file name,
// written by fill.
func nativeWithFile(dir, name string, fill func(io.Writer) error) (string, error) {
	d := filepath.Join(dir, "run")
	kind := map[string]string{".png": "image", ".xml": "xml", ".json": "elements"}[filepath.Ext(name)]
	manifest := fmt.Sprintf(`{"version":1,"task":"Open the Clock app","status":"completed","frames":[{"index":1,%q:%q}]}`, kind, name)
	if err := stream(filepath.Join(d, "trace.json"), func(w io.Writer) error { _, err := io.WriteString(w, manifest); return err }); err != nil {
		return "", err
	}
	return d, stream(filepath.Join(d, name), fill)
}

func nativeWithImage(png []byte) func(string) (string, error) {
	return func(dir string) (string, error) {
		return nativeWithFile(dir, "0001.png", func(w io.Writer) error { _, err := w.Write(png); return err })
	}
}

// grayPNG writes a valid w x h 8-bit grey PNG of black, row by row (about 1.5 MB for
// 20000 x 20000): what decoding would need is w*h bytes, which is the point.
func grayPNG(w io.Writer, width, height int) error {
	var idat bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	row := make([]byte, width+1) // filter byte 0, then black
	for y := 0; y < height; y++ {
		zw.Write(row)
	}
	zw.Close()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(width))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(height))
	chunk(&b, "IHDR", append(ihdr, 8, 0, 0, 0, 0))
	chunk(&b, "IDAT", idat.Bytes())
	chunk(&b, "IEND", nil)
	_, err := w.Write(b.Bytes())
	return err
}

// episode is an AndroidWorld episode whose one element has the given text.
func episode(text string) []byte {
	b, _ := json.Marshal(map[string]any{
		"goal": "Open the Clock app", "task_name": "ClockOpen",
		"step_records": []any{map[string]any{"state": map[string]any{"ui_elements": []any{map[string]any{"text": text}}}}},
	})
	return b
}

// longTrace writes a native trace of n frames showing the same small screen (a launcher
// dump), the shape of a recorder left running for days.
func longTrace(n int) func(string) (string, error) {
	return func(dir string) (string, error) {
		d := filepath.Join(dir, "long")
		// A launcher screen of 40 labelled icons: a dump of a few KB, like a real one.
		var xml strings.Builder
		xml.WriteString(`<?xml version="1.0"?><hierarchy rotation="0"><node index="0" class="android.widget.FrameLayout" package="com.google.android.apps.nexuslauncher" bounds="[0,0][1080,2400]">`)
		for i := 0; i < 40; i++ {
			fmt.Fprintf(&xml, `<node index="%d" text="App %d" resource-id="com.google.android.apps.nexuslauncher:id/icon" class="android.widget.TextView" package="com.google.android.apps.nexuslauncher" content-desc="App %d" clickable="true" enabled="true" focusable="true" bounds="[%d,%d][%d,%d]" />`,
				i, i, i, i%4*270, i/4*240, i%4*270+270, i/4*240+240)
		}
		xml.WriteString(`</node></hierarchy>`)
		if err := stream(filepath.Join(d, "0001.xml"), func(w io.Writer) error { _, err := io.WriteString(w, xml.String()); return err }); err != nil {
			return "", err
		}
		return d, stream(filepath.Join(d, "trace.json"), func(w io.Writer) error {
			io.WriteString(w, `{"version":1,"task":"Open the Clock app and set an alarm for 7:30 AM","status":"completed","frames":[`)
			for i := 1; i <= n; i++ {
				sep := ","
				if i == n {
					sep = ""
				}
				fmt.Fprintf(w, `{"index":%d,"xml":"0001.xml"}%s`, i, sep)
			}
			_, err := io.WriteString(w, `]}`)
			return err
		})
	}
}
