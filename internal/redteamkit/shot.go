package redteamkit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"image/png"
	"strings"
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
	Failure   string // how a failed run failed and whether subtly, as Case's
	Subtle    bool
	Frames    []func(*Canvas)
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
	Failure   string `json:"failure,omitempty"`
	Subtle    bool   `json:"subtle,omitempty"`
}

// Label labels the shot.
func (s Shot) Label() ShotLabel {
	return ShotLabel{Name: s.Name, Task: s.Task, Kind: s.Kind, Truth: s.Truth, Expect: s.Expect, Behaviour: s.Behaviour,
		Evaluator: s.Evaluator, Frames: len(s.Frames), Failure: s.Failure, Subtle: s.Subtle}
}

func (s Shot) check() error {
	c := Case{Name: s.Name, TaskName: "shot", Goal: s.Task, Kind: s.Kind, Truth: s.Truth, Expect: s.Expect, Behaviour: s.Behaviour,
		Evaluator: s.Evaluator, Failure: s.Failure, Subtle: s.Subtle, Steps: []Step{{Act: Done()}}}
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
		c := NewCanvas(White)
		draw(c)
		// CRC-32C runs in hardware, SHA-256 over 10 MB a frame does not; the sum of the
		// frames' CRCs goes into the SHA-256 of the corpus.
		fmt.Fprintf(h, "%08x", crc32.Checksum(c.Img.Pix, crc32.MakeTable(crc32.Castagnoli)))
		if !files {
			continue
		}
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, c.Img); err != nil {
			return nil, "", err
		}
		out[fmt.Sprintf("%d.png", i+1)] = buf.Bytes()
	}
	return out, hex.EncodeToString(h.Sum(nil)), nil
}

// Scenes: each draws one whole screen.

func AppScreen(title, nav string, actions ...string) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.AppBar(White, title, nav, actions...)
		c.NavPill(Ink)
	}
}

// AppPage is AppScreen with the app's content drawn on it.
func AppPage(title, nav string, content func(*Canvas), actions ...string) func(*Canvas) {
	return func(c *Canvas) {
		AppScreen(title, nav, actions...)(c)
		content(c)
	}
}

// CalendarDayShot is Simple Calendar Pro's page of a day with its events ("title|when").
func CalendarDayShot(day string, events ...string) func(*Canvas) {
	return func(c *Canvas) {
		AppScreen("", "back", "more", "search")(c)
		c.IconBack(40, 330, Ink)
		c.Centered(540, 330, day, Regular, 50, Ink)
		c.Text(980, 330, ">", Regular, 56, Ink, 0)
		if len(events) == 0 {
			c.Centered(540, 700, "No events", Regular, 46, Grey)
		}
		y := 480
		for _, e := range events {
			title, when, _ := strings.Cut(e, "|")
			c.Rect(40, y+20, 56, y+170, Blue)
			c.Text(90, y+30, title, Regular, 48, Ink, 900)
			c.Text(90, y+105, when, Regular, 38, Grey, 900)
			y += 200
		}
		c.Fab(870, 2148)
	}
}
