package adbd

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"testing"
	"time"
)

// syncClient speaks sync v1 (SYNC.TXT) to the device's sync: service over a pipe.
type syncClient struct {
	t *testing.T
	c net.Conn
}

func openSync(t *testing.T, d *Device) *syncClient {
	// A loopback TCP pair, not net.Pipe: the device may answer before it has read all
	// the client wrote, as over a real socket.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	host, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	dev, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		d.Open("sync:", dev)
		dev.Close()
	}()
	t.Cleanup(func() { host.Close() })
	host.SetDeadline(time.Now().Add(10 * time.Second))
	return &syncClient{t: t, c: host}
}

func (s *syncClient) request(id string, arg []byte) {
	s.t.Helper()
	b := binary.LittleEndian.AppendUint32([]byte(id), uint32(len(arg)))
	if _, err := s.c.Write(append(b, arg...)); err != nil {
		s.t.Fatal(err)
	}
}

func (s *syncClient) header() (string, uint32) {
	s.t.Helper()
	var h [8]byte
	if _, err := io.ReadFull(s.c, h[:]); err != nil {
		s.t.Fatal(err)
	}
	return string(h[:4]), binary.LittleEndian.Uint32(h[4:])
}

func (s *syncClient) bytes(n uint32) []byte {
	s.t.Helper()
	b := make([]byte, n)
	if _, err := io.ReadFull(s.c, b); err != nil {
		s.t.Fatal(err)
	}
	return b
}

func TestSyncV1(t *testing.T) {
	d := Start(t, Config{})
	data := bytes.Repeat([]byte("abcdefgh"), 20_000) // 160 000 bytes: 3 chunks
	d.PutFile("/sdcard/Documents/notes.md", data)
	d.PutFile("/sdcard/Documents/sub/x", []byte("x"))
	d.DenyPath("/data/data")
	d.PutFile("/data/data/app/db", []byte("secret"))
	s := openSync(t, d)

	// STAT: mode, size, mtime; all zeros for a missing or unreachable path.
	s.request("STAT", []byte("/sdcard/Documents/notes.md"))
	if id, mode := s.header(); id != "STAT" || mode != 0o100644 {
		t.Fatalf("STAT %s mode %o", id, mode)
	}
	if rest := s.bytes(8); binary.LittleEndian.Uint32(rest) != uint32(len(data)) {
		t.Fatalf("size %d", binary.LittleEndian.Uint32(rest))
	}
	for _, p := range []string{"/sdcard/none", "/data/data/app/db"} {
		s.request("STAT", []byte(p))
		if id, mode := s.header(); id != "STAT" || mode != 0 || !bytes.Equal(s.bytes(8), make([]byte, 8)) {
			t.Fatalf("STAT %s: %s mode %o", p, id, mode)
		}
	}

	// LIST: . and .., then the entries by name, then DONE.
	s.request("LIST", []byte("/sdcard/Documents"))
	var names []string
	for {
		id, _ := s.header()
		rest := s.bytes(12)
		if id == "DONE" {
			break
		}
		n := binary.LittleEndian.Uint32(rest[8:])
		names = append(names, string(s.bytes(n)))
	}
	if len(names) != 4 || names[0] != "." || names[1] != ".." || names[2] != "notes.md" || names[3] != "sub" {
		t.Fatalf("LIST %q", names)
	}

	// RECV: DATA chunks of at most 64 KiB, then DONE.
	s.request("RECV", []byte("/sdcard/Documents/notes.md"))
	var got []byte
	for {
		id, n := s.header()
		if id == "DONE" {
			break
		}
		if id != "DATA" || n > 64*1024 {
			t.Fatalf("RECV chunk %s of %d bytes", id, n)
		}
		got = append(got, s.bytes(n)...)
	}
	if !bytes.Equal(got, data) {
		t.Fatalf("RECV %d bytes", len(got))
	}
	s.request("RECV", []byte("/data/data/app/db"))
	if id, n := s.header(); id != "FAIL" || string(s.bytes(n)) != "open failed: Permission denied" {
		t.Fatalf("denied RECV: %s", id)
	}
}

func TestSyncSend(t *testing.T) {
	d := Start(t, Config{})
	s := openSync(t, d)
	s.request("SEND", []byte("/sdcard/Download/a.bin,420"))
	s.request("DATA", []byte("hello "))
	s.request("DATA", []byte("world"))
	s.c.Write(binary.LittleEndian.AppendUint32([]byte("DONE"), 1697384040))
	if id, _ := s.header(); id != "OKAY" {
		t.Fatalf("SEND answered %s", id)
	}
	if b, ok := d.File("/sdcard/Download/a.bin"); !ok || string(b) != "hello world" {
		t.Fatalf("sent %q", b)
	}
	// A chunk over 64 KiB breaks the protocol.
	s.request("SEND", []byte("/sdcard/Download/b.bin,420"))
	s.c.Write(binary.LittleEndian.AppendUint32([]byte("DATA"), 64*1024+1)) // the header alone says it
	if id, n := s.header(); id != "FAIL" || string(s.bytes(n)) != "oversize data message" {
		t.Fatalf("oversize chunk: %s", id)
	}

	// An unknown request fails and ends the service.
	s2 := openSync(t, d)
	s2.request("STA2", []byte("/sdcard"))
	if id, n := s2.header(); id != "FAIL" || string(s2.bytes(n)) != "unknown command" {
		t.Fatalf("STA2 on a device without stat_v2: %s", id)
	}
}
