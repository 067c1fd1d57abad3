package adbd

import (
	"bytes"
	"encoding/binary"
	"io"
	"strconv"
	"strings"
	"time"
)

// The sync v1 protocol (SYNC.TXT): 8-byte requests (4-byte id, little-endian length)
// followed by a path; STAT, LIST, RECV, SEND and QUIT; file data in chunks of at most
// 64 KiB.

// syncDataMax is the largest DATA chunk either side may send.
const syncDataMax = 64 * 1024

// syncPathMax is the longest path adbd accepts in a request.
const syncPathMax = 1024

func (d *Device) serveSync(rw io.ReadWriter) {
	for {
		var h [8]byte
		if _, err := io.ReadFull(rw, h[:]); err != nil {
			return
		}
		id, n := string(h[:4]), binary.LittleEndian.Uint32(h[4:])
		switch id {
		case "QUIT":
			return
		case "STAT", "LIST", "RECV", "SEND":
		default:
			syncFail(rw, "unknown command")
			return
		}
		if n > syncPathMax {
			syncFail(rw, "path too long")
			return
		}
		arg := make([]byte, n)
		if _, err := io.ReadFull(rw, arg); err != nil {
			return
		}
		name := string(arg)
		var ok bool
		switch id {
		case "STAT":
			ok = d.syncStat(rw, name)
		case "LIST":
			ok = d.syncList(rw, name)
		case "RECV":
			ok = d.syncRecv(rw, name)
		case "SEND":
			ok = d.syncSend(rw, name)
		}
		if !ok {
			return
		}
	}
}

func le32(b []byte, vs ...uint32) []byte {
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

func syncFail(w io.Writer, msg string) bool {
	w.Write(append(le32([]byte("FAIL"), uint32(len(msg))), msg...))
	return false
}

// syncStat answers lstat(2): mode, size, mtime, or all zeros when it fails.
func (d *Device) syncStat(w io.Writer, name string) bool {
	d.mu.Lock()
	f, err := d.state.open(name)
	d.mu.Unlock()
	b := []byte("STAT")
	if err != nil {
		b = le32(b, 0, 0, 0)
	} else {
		b = le32(b, f.mode, uint32(len(f.data)), uint32(f.mtime.Unix()))
	}
	_, err = w.Write(b)
	return err == nil
}

// syncList sends a DENT for every entry (. and .. included, as readdir gives them),
// then DONE; an unreadable or missing directory lists nothing.
func (d *Device) syncList(w io.Writer, name string) bool {
	d.mu.Lock()
	f, err := d.state.open(name)
	var entries []dirEntry
	if err == nil && f.mode&modeDir != 0 {
		entries = append([]dirEntry{{".", f}, {"..", &file{mode: modeDir | 0o755, mtime: bootTime}}}, d.state.list(name)...)
	}
	d.mu.Unlock()
	var b []byte
	for _, e := range entries {
		b = append(le32(append(b, "DENT"...), e.f.mode, uint32(len(e.f.data)), uint32(e.f.mtime.Unix()), uint32(len(e.name))), e.name...)
	}
	b = le32(append(b, "DONE"...), 0, 0, 0, 0)
	_, err = w.Write(b)
	return err == nil
}

func (d *Device) syncRecv(w io.Writer, name string) bool {
	d.mu.Lock()
	f, err := d.state.open(name)
	d.mu.Unlock()
	switch {
	case err != nil:
		return syncFail(w, "open failed: "+err.Error())
	case f.mode&modeDir != 0:
		return syncFail(w, "read failed: "+errIsDir.Error())
	}
	data := f.data
	for len(data) > 0 {
		n := min(len(data), syncDataMax)
		if _, err := w.Write(append(le32([]byte("DATA"), uint32(n)), data[:n]...)); err != nil {
			return false
		}
		data = data[n:]
	}
	_, err = w.Write(le32([]byte("DONE"), 0))
	return err == nil
}

// syncSend receives "PATH,MODE" then DATA chunks until DONE, whose length is the
// modification time, and answers OKAY (or FAIL once all data is read).
func (d *Device) syncSend(rw io.ReadWriter, spec string) bool {
	name, modeText := spec, ""
	if i := strings.LastIndexByte(spec, ','); i >= 0 {
		name, modeText = spec[:i], spec[i+1:]
	}
	mode, err := strconv.ParseUint(modeText, 10, 32)
	var fail string
	switch {
	case err != nil:
		fail = "bad mode"
	case mode&0o170000 == 0o120000:
		fail = "adbd stand-in: symlinks are not simulated"
		d.refuse("sync SEND of a symlink")
	default:
		if msg := d.checkWritable(name); msg != "" {
			fail = "couldn't create file: " + msg
		}
	}
	var data bytes.Buffer
	for {
		var h [8]byte
		if _, err := io.ReadFull(rw, h[:]); err != nil {
			return false
		}
		id, n := string(h[:4]), binary.LittleEndian.Uint32(h[4:])
		switch id {
		case "DATA":
			if n > syncDataMax {
				return syncFail(rw, "oversize data message")
			}
			if _, err := io.CopyN(&data, rw, int64(n)); err != nil {
				return false
			}
		case "DONE":
			if fail != "" {
				return syncFail(rw, fail)
			}
			d.mu.Lock()
			d.state.files[clean(name)] = &file{data: data.Bytes(), mode: modeRegular | uint32(mode)&0o7777, mtime: time.Unix(int64(n), 0)}
			d.mu.Unlock()
			_, err := rw.Write(le32([]byte("OKAY"), 0))
			return err == nil
		default:
			return syncFail(rw, "invalid data message")
		}
	}
}
