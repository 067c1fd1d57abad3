package importer

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"image"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// pk assembles pickle opcodes by hand, so checkpoint fixtures need no Python.
type pk struct{ bytes.Buffer }

func newPK() *pk { p := &pk{}; p.Write([]byte{0x80, 2}); return p }

func (p *pk) op(b ...byte) *pk { p.Write(b); return p }
func (p *pk) global(mod, name string) *pk {
	p.WriteString("c" + mod + "\n" + name + "\n")
	return p
}
func (p *pk) str(s string) *pk {
	p.WriteByte('X')
	binary.Write(p, binary.LittleEndian, uint32(len(s)))
	p.WriteString(s)
	return p
}
func (p *pk) bytes(b []byte) *pk {
	p.WriteByte('B')
	binary.Write(p, binary.LittleEndian, uint32(len(b)))
	p.Write(b)
	return p
}
func (p *pk) int(i int32) *pk {
	p.WriteByte('J')
	binary.Write(p, binary.LittleEndian, i)
	return p
}
func (p *pk) float(f float64) *pk {
	p.WriteByte('G')
	binary.Write(p, binary.BigEndian, math.Float64bits(f))
	return p
}
func (p *pk) none() *pk          { return p.op('N') }
func (p *pk) boolean(b bool) *pk { return p.op(map[bool]byte{true: 0x88, false: 0x89}[b]) }
func (p *pk) mark() *pk          { return p.op('(') }
func (p *pk) dict() *pk          { return p.op('}') }
func (p *pk) setitems() *pk      { return p.op('u') }
func (p *pk) list() *pk          { return p.op(']') }
func (p *pk) appends() *pk       { return p.op('e') }
func (p *pk) tuple() *pk         { return p.op('t') }
func (p *pk) reduce() *pk        { return p.op('R') }
func (p *pk) build() *pk         { return p.op('b') }
func (p *pk) stop() []byte       { p.op('.'); return p.Bytes() }
func (p *pk) key(k string) *pk   { return p.str(k) }
func (p *pk) tuple1() *pk        { return p.op(0x85) }
func (p *pk) tuple3() *pk        { return p.op(0x87) }
func (p *pk) datetime(b []byte) *pk {
	return p.global("datetime", "datetime").bytes(b).tuple1().reduce()
}

// ndarrayU8 emits a uint8 array exactly as numpy pickles one with protocol 2.
func (p *pk) ndarrayU8(shape []int32, data []byte) *pk {
	p.global("numpy.core.multiarray", "_reconstruct").global("numpy", "ndarray").int(0).tuple1().bytes([]byte("b")).tuple3().reduce()
	p.mark().int(1).mark()
	for _, s := range shape {
		p.int(s)
	}
	p.tuple()
	p.global("numpy", "dtype").str("u1").boolean(false).boolean(true).tuple3().reduce()
	p.mark().int(3).str("|").none().none().none().int(-1).int(-1).int(0).tuple().build()
	p.boolean(false).bytes(data).tuple().build()
	return p
}

// ckptEpisode emits one AndroidWorld episode dict with two steps, the first carrying a
// 3x2 RGB screenshot and two UIElement objects.
func (p *pk) ckptEpisode(goal string, success float64, shot []byte) *pk {
	p.dict().mark()
	p.key("goal").str(goal)
	p.key("task_template").str("ClockAlarm")
	p.key("is_successful").float(success)
	p.key("run_time").float(12.5)
	p.key("finish_dtime").datetime([]byte{0x07, 0xe9, 10, 3, 20, 45, 25, 0x0a, 0x08, 0x63}) // 2025-10-03 20:45:25.657507
	p.key("episode_length").int(2)
	p.key("screen_config").dict().mark().key("width").int(1080).key("height").int(2400).setitems()
	p.key("exception_info").none()
	p.key("agent_name").str("fixture_agent")
	p.key("episode_data").dict().mark()
	p.key("raw_screenshot").list().mark().ndarrayU8([]int32{2, 3, 3}, shot).none().appends()
	p.key("ui_elements").list().mark()
	p.list().mark()
	for _, txt := range []string{"Alarm", "7:30 AM"} {
		p.global("android_world.env.representation_utils", "UIElement").op(')').op(0x81) // NEWOBJ with no args
		p.dict().mark().key("text").str(txt).key("is_checked").boolean(txt == "7:30 AM")
		p.key("bbox_pixels").global("android_world.env.representation_utils", "BoundingBox").op(')').op(0x81)
		p.dict().mark().key("x_min").int(0).key("x_max").int(100).key("y_min").int(10).key("y_max").int(50).setitems().build()
		p.setitems().build()
	}
	p.appends()
	p.none().appends()
	p.key("action_output").list().mark().str(`Reason: open it.` + "\n" + `Action: {"action_type": "click", "index": 1}`).str(`{"action_type": "status", "goal_status": "complete"}`).appends()
	p.setitems()
	p.setitems()
	return p
}

func shotBytes() []byte {
	return []byte{255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90}
}

func writeGz(t *testing.T, path string, data []byte) {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	zw.Close()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func jpegBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const sampleXML = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="Alarm" resource-id="" class="android.widget.TextView" package="com.google.android.deskclock" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][540,100]" /></hierarchy>`

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
