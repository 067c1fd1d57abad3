package redteam2

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"image/color"
	"image/png"
)

// Shot is a screenshot-only case (part B): a folder trace of numbered PNG frames, the last
// the final screen, and a task text. Truth is the device's state after the run, read as the
// task's checker (AndroidWorld's evaluator where the task is one of its) would read it.
type Shot struct {
	Name      string
	Task      string
	Kind      string
	Truth     bool
	Expect    string
	Behaviour string
	Evaluator string
	Frames    []func(*canvas)
}

// ShotLabel is what shots.json says of a shot.
type ShotLabel struct {
	Name      string `json:"name"`
	Task      string `json:"task"`
	Kind      string `json:"kind"`
	Truth     bool   `json:"task_actually_successful"`
	Expect    string `json:"expect"`
	Behaviour string `json:"behaviour"`
	Evaluator string `json:"evaluator"`
	Frames    int    `json:"frames"`
}

// Label labels the shot.
func (s Shot) Label() ShotLabel {
	return ShotLabel{Name: s.Name, Task: s.Task, Kind: s.Kind, Truth: s.Truth, Expect: s.Expect, Behaviour: s.Behaviour,
		Evaluator: s.Evaluator, Frames: len(s.Frames)}
}

func (s Shot) check() error {
	c := Case{Name: s.Name, TaskName: "shot", Goal: s.Task, Kind: s.Kind, Truth: s.Truth, Expect: s.Expect, Behaviour: s.Behaviour,
		Evaluator: s.Evaluator, Steps: []Step{{Act: done()}}}
	if err := c.check(); err != nil {
		return err
	}
	if len(s.Frames) == 0 || len(s.Frames) > 3 {
		return errors.New("a shot has one to three frames")
	}
	return nil
}

// Render draws the frames and returns a digest of their pixels and the task, or with files
// set, the folder's files too (1.png, ..., task.txt): PNG encoding is most of the cost, and
// the digest does not need it.
func (s Shot) Render(files bool) (map[string][]byte, string, error) {
	if err := s.check(); err != nil {
		return nil, "", fmt.Errorf("shot %s: %w", s.Name, err)
	}
	var out map[string][]byte
	if files {
		out = map[string][]byte{"task.txt": []byte(s.Task + "\n")}
	}
	h := sha256.New()
	h.Write([]byte(s.Task))
	for i, draw := range s.Frames {
		c := newCanvas(white)
		draw(c)
		// CRC-32C runs in hardware, SHA-256 over 10 MB a frame does not; the sum of the
		// frames' CRCs goes into the SHA-256 of the corpus.
		fmt.Fprintf(h, "%08x", crc32.Checksum(c.img.Pix, crc32.MakeTable(crc32.Castagnoli)))
		if !files {
			continue
		}
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, c.img); err != nil {
			return nil, "", err
		}
		out[fmt.Sprintf("%d.png", i+1)] = buf.Bytes()
	}
	return out, hex.EncodeToString(h.Sum(nil)), nil
}

// Scenes: each draws one whole screen.

func appScreen(title, nav string, actions ...string) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.appBar(white, title, nav, actions...)
		c.navPill(ink)
	}
}

func contactFormScene(first, last, phone string, focus string, kb bool) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.rect(0, barTop, screenW, barTop+barH, white)
		c.iconClose(40, barTop+42, ink)
		c.text(189, barTop+42, "Create contact", regular, 56, ink, 0)
		c.button(723, barTop+20, 954, barTop+126, "Save", true)
		c.iconMore(980, barTop+40, ink)
		c.circle(540, 480, 130, color.RGBA{232, 222, 248, 255})
		c.text(406, 640, "Add picture", medium, 40, primary, 0)
		c.field(137, 760, 933, "First name", first, focus == "first")
		c.field(137, 960, 933, "Last name", last, focus == "last")
		c.field(137, 1160, 933, "Company", "", false)
		if kb {
			c.keyboard("next", "Okafor", "Ok", "Okay")
			return
		}
		c.field(137, 1360, 933, "Phone", phone, focus == "phone")
		c.outline(137, 1560, 586, 1710, 12, 3, grey, white)
		c.text(177, 1610, "Mobile", regular, 44, ink, 0)
		c.field(137, 1800, 933, "Email", "", false)
		c.navPill(ink)
	}
}

func contactSavedScene(name, number string) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.rect(0, barTop, screenW, barTop+barH, white)
		c.iconBack(40, barTop+42, ink)
		c.iconStar(840, barTop+40, 60, ink)
		c.iconMore(960, barTop+40, ink)
		c.circle(540, 470, 130, color.RGBA{0, 137, 123, 255})
		c.centered(540, 420, name[:1], medium, 110, white)
		c.centered(540, 680, name, regular, 80, ink)
		for i, v := range []string{"Call", "Text", "Video"} {
			c.circle(225+i*315, 880, 60, color.RGBA{232, 222, 248, 255})
			c.centered(225+i*315, 960, v, medium, 38, primary)
		}
		c.round(42, 1100, 1038, 1480, 40, surface)
		c.text(84, 1140, "Contact info", medium, 44, ink, 0)
		c.text(189, 1250, number, regular, 48, ink, 0)
		c.text(189, 1320, "Mobile", regular, 38, grey, 0)
		c.text(84, 1560, "Added Oct 15, 2023", regular, 38, grey, 0)
		c.navPill(ink)
	}
}

// smsScene draws a conversation: its title, bubbles (out marks the user's), and the compose
// field with the text typed; kb raises the keyboard.
func smsScene(title string, typed string, kb bool, bs ...bubble) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.appBar(white, title, "back", "more")
		bottom := 2100
		if kb {
			bottom = 1330
		}
		y := bottom - len(bs)*230
		for _, b := range bs {
			w := min(c.textWidth(b.text, regular, 44)+80, 760)
			x0 := 42
			col := bubbleIn
			if b.out {
				x0, col = 1038-w, bubbleOut
			}
			c.round(x0, y, x0+w, y+150, 50, col)
			c.wrapped(x0+40, y+26, b.text, regular, 44, ink, w-80)
			if b.when != "" {
				c.text(x0+20, y+160, b.when, regular, 32, grey, 0)
			}
			y += 230
		}
		fy := 2150
		if kb {
			fy = 1370
		}
		c.round(42, fy, 860, fy+130, 65, color.RGBA{241, 243, 244, 255})
		if typed == "" {
			c.text(100, fy+40, "Type a message…", regular, 44, grey, 0)
		} else {
			c.text(100, fy+40, typed, regular, 44, ink, 720)
		}
		c.circle(960, fy+65, 62, primary)
		c.iconSend(930, fy+38, white)
		if kb {
			c.keyboard("send", "the", "at", "I")
			return
		}
		c.navPill(ink)
	}
}

// settingsScene draws a preference page: title rows with summaries and switches.
func settingsScene(title string, prefs ...pref) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.iconBack(40, barTop+42, ink)
		c.text(63, 380, title, regular, 84, ink, 0)
		y := 620
		for _, p := range prefs {
			c.text(63, y, p.title, regular, 48, ink, 760)
			if p.summary != "" {
				c.text(63, y+72, p.summary, regular, 38, grey, 760)
			}
			if p.sw != nil {
				c.switchAt(880, y+4, *p.sw)
			}
			y += 206
		}
		c.navPill(ink)
	}
}

func alarmScene(alarms ...alarm) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.text(63, 180, "Alarm", regular, 60, ink, 0)
		c.iconMore(960, 160, ink)
		for i, a := range alarms {
			y := 330 + i*360
			c.round(42, y, 1038, y+320, 50, surface)
			t := a.time
			c.text(90, y+50, t[:len(t)-3], regular, 120, ink, 0)
			c.text(110+c.textWidth(t[:len(t)-3], regular, 120), y+110, t[len(t)-2:], regular, 56, ink, 0)
			c.text(90, y+220, a.days, regular, 40, grey, 0)
			c.switchAt(840, y+80, a.on)
		}
		c.fab(456, 1950)
		clockTabsShot(c, "Alarm")
	}
}

func clockTabsShot(c *canvas, tab string) {
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		col := grey
		if t == tab {
			col = ink
			c.round(i*216+48, 2200, i*216+168, 2260, 30, color.RGBA{232, 222, 248, 255})
		}
		c.centered(i*216+108, 2275, t, medium, 34, col)
	}
	c.navPill(ink)
}

func markorScene(title string, entries ...markorEntry) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.rect(0, barTop, screenW, barTop+barH, color.RGBA{0, 150, 136, 255})
		c.text(42, barTop+42, title, medium, 56, white, 0)
		c.iconSearch(870, barTop+40, white)
		c.iconMore(975, barTop+40, white)
		y := 320
		for _, e := range entries {
			col := color.RGBA{255, 193, 7, 255}
			if !e.folder {
				col = color.RGBA{144, 164, 174, 255}
			}
			c.round(63, y+20, 163, y+110, 10, col)
			c.text(210, y+24, e.name, regular, 46, ink, 820)
			if !e.folder {
				c.text(210, y+84, "10/15/2023, 15:34", regular, 34, grey, 0)
			}
			y += 150
		}
		c.fab(870, 1980)
		for i, t := range []string{"Files", "To-Do", "QuickNote", "More"} {
			c.centered(135+i*270, 2260, t, medium, 34, grey)
		}
		c.navPill(ink)
	}
}

func chromePageScene(url string, heading string, paras ...string) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.chromeBar(url, false)
		c.text(42, 340, "WIKIPEDIA", medium, 44, ink, 0)
		c.text(42, 440, heading, regular, 84, ink, 0)
		c.rect(42, 560, 1038, 563, lightGrey)
		y := 600
		for _, p := range paras {
			y = c.wrapped(42, y, p, regular, 44, ink, 990) + 30
		}
		c.navPill(ink)
	}
}

func chromeTypingScene(typed string, suggestions ...[2]string) func(*canvas) {
	return func(c *canvas) {
		c.statusBar(white, ink)
		c.chromeBar(typed, true)
		y := 300
		for _, s := range suggestions {
			if s[1] != "" {
				c.circle(90, y+75, 30, lightGrey)
				c.text(170, y+20, s[0], regular, 46, ink, 820)
				c.text(170, y+90, s[1], regular, 38, blue, 820)
			} else {
				c.iconSearch(60, y+45, grey)
				c.text(170, y+50, s[0], regular, 46, ink, 820)
			}
			y += 180
		}
		c.keyboard("go", "wiki", "wikipedia", "lighthouse")
	}
}
