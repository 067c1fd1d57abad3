package device

import (
	"context"
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

// Pull reads a remote file over sync RECV. A missing file gives an error matching
// fs.ErrNotExist, an unreadable one fs.ErrPermission.
func (d *Device) Pull(ctx context.Context, path string) ([]byte, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return nil, err
	}
	r, err := dev.OpenRead(path)
	if err != nil {
		return nil, d.classify(ctx, "pull "+path, err)
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, d.classify(ctx, "pull "+path, err)
	}
	return data, nil
}
