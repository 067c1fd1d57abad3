package groundtruth

import (
	"context"
	"io/fs"
	"path"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
)

// memDevice is an in-memory Device with listing and controllable modification
// times; the fake adb server stamps files with the time they were put, which
// cannot express "this note is older".
type memDevice struct {
	files map[string]device.FileInfo
}

func (m *memDevice) Shell(context.Context, string) (string, error) { return "", nil }

func (m *memDevice) Pull(_ context.Context, p string) ([]byte, error) {
	if _, ok := m.files[p]; !ok {
		return nil, fs.ErrNotExist
	}
	return []byte("x"), nil
}

func (m *memDevice) List(_ context.Context, dir string) ([]device.FileInfo, error) {
	var out []device.FileInfo
	for p, fi := range m.files {
		if path.Dir(p) == dir {
			out = append(out, fi)
		}
	}
	return out, nil
}

func (m *memDevice) put(name string, mtime int64) {
	m.files[path.Join(MarkorData, name)] = device.FileInfo{Name: name, Size: 1, ModTime: time.Unix(mtime, 0)}
}

func TestMarkorDeleteNewestNote(t *testing.T) {
	ctx := context.Background()
	setup := func() *memDevice {
		m := &memDevice{files: map[string]device.FileInfo{}}
		m.put("old.md", 100)
		m.put("newest.md", 300)
		m.put("middle.md", 200)
		return m
	}
	for _, c := range []struct {
		name   string
		change func(m *memDevice)
		want   float64
	}{
		{"newest deleted", func(m *memDevice) { delete(m.files, path.Join(MarkorData, "newest.md")) }, 1},
		{"wrong one deleted", func(m *memDevice) { delete(m.files, path.Join(MarkorData, "old.md")) }, 0},
		{"newest deleted, another edited", func(m *memDevice) {
			delete(m.files, path.Join(MarkorData, "newest.md"))
			m.put("old.md", 400)
		}, 0},
	} {
		m := setup()
		snap, err := TakeSnapshot(ctx, m, "MarkorDeleteNewestNote", nil)
		if err != nil {
			t.Fatal(err)
		}
		c.change(m)
		r, err := Check(ctx, m, "MarkorDeleteNewestNote", nil, snap)
		if err != nil {
			t.Fatal(err)
		}
		if r.Reward != c.want {
			t.Errorf("%s: reward %v, want %v\n%s", c.name, r.Reward, c.want, r.Explanation)
		}
	}
	if _, err := Check(ctx, setup(), "MarkorDeleteNewestNote", nil, nil); err == nil {
		t.Error("no snapshot: want an error")
	}
}

func TestAudioRecorderRecordAudio(t *testing.T) {
	ctx := context.Background()
	put := func(m *memDevice, name string, size, mtime int64) {
		m.files[path.Join(AudioRecorderData, name)] = device.FileInfo{Name: name, Size: size, ModTime: time.Unix(mtime, 0)}
	}
	for _, c := range []struct {
		name   string
		change func(m *memDevice)
		want   float64
	}{
		{"one new", func(m *memDevice) { put(m, "Record-2.m4a", 5000, 500) }, 1},
		{"empty file only", func(m *memDevice) { put(m, "Record-2.m4a", 0, 500) }, 0},
		{"two new", func(m *memDevice) { put(m, "Record-2.m4a", 5000, 500); put(m, "Record-3.m4a", 5000, 600) }, 0},
		{"overwrote old name", func(m *memDevice) { put(m, "Record-1.m4a", 7000, 700) }, 1},
	} {
		m := &memDevice{files: map[string]device.FileInfo{}}
		put(m, "Record-1.m4a", 4000, 100)
		snap, err := TakeSnapshot(ctx, m, "AudioRecorderRecordAudio", nil)
		if err != nil {
			t.Fatal(err)
		}
		c.change(m)
		r, err := Check(ctx, m, "AudioRecorderRecordAudio", nil, snap)
		if err != nil {
			t.Fatal(err)
		}
		if r.Reward != c.want {
			t.Errorf("%s: reward %v, want %v\n%s", c.name, r.Reward, c.want, r.Explanation)
		}
	}
}
