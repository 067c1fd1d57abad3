package device

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"time"
)

// FileInfo describes a remote file.
type FileInfo struct {
	Name    string
	Mode    fs.FileMode
	Size    int64
	ModTime time.Time
}

// Stat describes a remote path; a missing path gives an error matching fs.ErrNotExist.
func (d *Device) Stat(ctx context.Context, path string) (FileInfo, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return FileInfo{}, err
	}
	e, err := dev.Stat(path)
	if err != nil {
		return FileInfo{}, d.classify(ctx, "stat "+path, err)
	}
	return FileInfo{Name: baseName(path), Mode: e.Mode, Size: int64(e.Size), ModTime: e.ModifiedAt}, nil
}

// List lists a remote directory (without . and ..).
func (d *Device) List(ctx context.Context, dir string) ([]FileInfo, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return nil, err
	}
	entries, err := dev.ListDirEntries(dir)
	if err != nil {
		return nil, d.classify(ctx, "list "+dir, err)
	}
	all, err := entries.ReadAll()
	if err != nil {
		return nil, d.classify(ctx, "list "+dir, err)
	}
	var out []FileInfo
	for _, e := range all {
		if e.Name == "." || e.Name == ".." {
			continue
		}
		out = append(out, FileInfo{Name: e.Name, Mode: e.Mode, Size: int64(e.Size), ModTime: e.ModifiedAt})
	}
	return out, nil
}

// Pull reads a remote file over sync RECV, up to MaxPullBytes: a device that never stops
// sending cannot fill the memory. A missing file gives an error matching fs.ErrNotExist, an
// unreadable one fs.ErrPermission, one over the limit ErrTooLarge.
func (d *Device) Pull(ctx context.Context, path string) ([]byte, error) {
	return d.PullLimit(ctx, path, d.limits().pull)
}

// ErrTooLarge is wrapped by PullLimit's error for a file over its limit.
var ErrTooLarge = errors.New("over the limit")

// PullLimit is Pull refusing a file of more than limit bytes (no limit when limit < 0):
// the transfer stops once limit bytes have come.
func (d *Device) PullLimit(ctx context.Context, path string, limit int64) ([]byte, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return nil, err
	}
	r, err := dev.OpenRead(path)
	if err != nil {
		return nil, d.classify(ctx, "pull "+path, err)
	}
	defer r.Close()
	var src io.Reader = r
	if limit >= 0 {
		src = io.LimitReader(r, limit+1)
	}
	data, err := io.ReadAll(src)
	if err != nil {
		return nil, d.classify(ctx, "pull "+path, err)
	}
	if limit >= 0 && int64(len(data)) > limit {
		return nil, fmt.Errorf("pull %s from %s: %w of %d bytes", path, d.serial, ErrTooLarge, limit)
	}
	return data, nil
}
