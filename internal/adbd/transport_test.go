package adbd

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// hostConn is a bare transport client written from protocol.txt, to probe the device
// with messages the real adb server would never send.
type hostConn struct {
	t       *testing.T
	c       net.Conn
	checked bool
}

func dialHost(t *testing.T, d *Device) *hostConn {
	t.Helper()
	c, err := net.Dial("tcp", d.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	return &hostConn{t: t, c: c, checked: true}
}

func (h *hostConn) send(m message) {
	h.t.Helper()
	if _, err := h.c.Write(m.encode(h.checked)); err != nil {
		h.t.Fatal(err)
	}
}

func (h *hostConn) recv() (message, error) {
	return readMessage(h.c, false, 1<<20)
}

func (h *hostConn) must() message {
	h.t.Helper()
	m, err := h.recv()
	if err != nil {
		h.t.Fatalf("reading a message: %v", err)
	}
	return m
}

// closed reports whether the device hung up.
func (h *hostConn) closed() bool {
	_, err := h.recv()
	return errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) || err != nil && strings.Contains(err.Error(), "reset")
}

func (h *hostConn) connect(version, maxData uint32) message {
	h.t.Helper()
	h.send(message{command: cmdCNXN, arg0: version, arg1: maxData, payload: []byte("host::features=shell_v2,cmd\x00")})
	m := h.must()
	if m.command != cmdCNXN {
		h.t.Fatalf("answer to CONNECT is %s", commandName(m.command))
	}
	h.checked = min(version, m.arg0) < VersionSkipChecksum
	return m
}

// open opens a service and returns the device's id for the stream (0 if it closed it).
func (h *hostConn) open(local uint32, name string) uint32 {
	h.t.Helper()
	h.send(message{command: cmdOPEN, arg0: local, payload: []byte(name + "\x00")})
	m := h.must()
	switch {
	case m.command == cmdOKAY && m.arg1 == local && m.arg0 != 0:
		return m.arg0
	case m.command == cmdCLSE && m.arg0 == 0 && m.arg1 == local:
		return 0
	}
	h.t.Fatalf("answer to OPEN %s: %s(%d, %d)", name, commandName(m.command), m.arg0, m.arg1)
	return 0
}

// readAll collects a stream's WRTE payloads until its CLSE, acknowledging each.
func (h *hostConn) readAll(local, remote uint32, maxData uint32) []byte {
	h.t.Helper()
	var out bytes.Buffer
	for {
		m := h.must()
		switch m.command {
		case cmdWRTE:
			if m.arg1 != local || m.arg0 != remote {
				h.t.Fatalf("WRTE(%d, %d) on stream %d/%d", m.arg0, m.arg1, remote, local)
			}
			if uint32(len(m.payload)) > maxData {
				h.t.Fatalf("WRTE of %d bytes exceeds maxdata %d", len(m.payload), maxData)
			}
			out.Write(m.payload)
			h.send(message{command: cmdOKAY, arg0: local, arg1: remote})
		case cmdCLSE:
			return out.Bytes()
		default:
			h.t.Fatalf("unexpected %s on a stream", commandName(m.command))
		}
	}
}

func TestHandshakeNegotiatesVersionAndMaxData(t *testing.T) {
	d := Start(t, Config{Model: "Tab", Features: []string{"cmd"}})
	h := dialHost(t, d)
	// Messages before CONNECT are ignored, not answered.
	h.send(message{command: cmdOPEN, arg0: 1, payload: []byte("shell:echo early\x00")})
	m := h.connect(VersionSkipChecksum, 8192)
	if m.arg0 != VersionSkipChecksum || m.arg1 != 8192 {
		t.Fatalf("CONNECT(0x%08x, %d), want the host's smaller maxdata", m.arg0, m.arg1)
	}
	if got := string(m.payload); got != "device::ro.product.name=sdk_gphone64_x86_64;ro.product.model=Tab;ro.product.device=emu64x;features=cmd" {
		t.Fatalf("banner %q", got)
	}
	// Output longer than maxdata arrives in messages of at most maxdata bytes, each
	// after the host's READY for the previous one.
	d.PutFile("/sdcard/big.txt", bytes.Repeat([]byte("x"), 50_000))
	remote := h.open(5, "exec:cat /sdcard/big.txt")
	if got := h.readAll(5, remote, 8192); len(got) != 50_000 {
		t.Fatalf("read %d bytes", len(got))
	}
	if d.ServiceCount("shell:echo early") != 0 {
		t.Fatal("a message before CONNECT was acted on")
	}
}

func TestChecksumRuleOfEachVersion(t *testing.T) {
	// Version 0x01000000: a payload whose byte sum does not match closes the connection.
	d := Start(t, Config{Version: VersionMin})
	h := dialHost(t, d)
	if m := h.connect(VersionSkipChecksum, 1<<20); m.arg0 != VersionMin {
		t.Fatalf("device offers 0x%08x", m.arg0)
	}
	if !h.checked {
		t.Fatal("negotiated version should be the original one")
	}
	bad := message{command: cmdOPEN, arg0: 1, payload: []byte("shell:echo hi\x00")}.encode(true)
	binary.LittleEndian.PutUint32(bad[16:], 12345)
	h.c.Write(bad)
	if !h.closed() {
		t.Fatal("a bad checksum under version 0x01000000 did not close the connection")
	}
	// The device's own messages carry the sum then.
	h2 := dialHost(t, d)
	h2.connect(VersionSkipChecksum, 1<<20)
	h2.send(message{command: cmdOPEN, arg0: 1, payload: []byte("shell:echo hi\x00")})
	okay, err := readMessage(h2.c, true, 1<<20)
	if err != nil || okay.command != cmdOKAY {
		t.Fatalf("OKAY with checksum: %v %v", okay, err)
	}
	w, err := readMessage(h2.c, true, 1<<20)
	if err != nil || string(w.payload) != "hi\n" {
		t.Fatalf("WRTE with checksum: %q %v", w.payload, err)
	}

	// Version 0x01000001: the checksum is neither sent nor checked.
	d2 := Start(t, Config{})
	h3 := dialHost(t, d2)
	h3.connect(VersionSkipChecksum, 1<<20)
	h3.c.Write(bad)
	raw := make([]byte, headerSize)
	if _, err := io.ReadFull(h3.c, raw); err != nil {
		t.Fatal(err)
	}
	if binary.LittleEndian.Uint32(raw[0:]) != cmdOKAY || binary.LittleEndian.Uint32(raw[16:]) != 0 {
		t.Fatalf("under 0x01000001 the OPEN with a wrong sum should be served with a zero checksum: % x", raw)
	}
}

func TestProtocolViolationsCloseTheConnection(t *testing.T) {
	d := Start(t, Config{})
	for name, send := range map[string]func(h *hostConn){
		"old version": func(h *hostConn) {
			h.send(message{command: cmdCNXN, arg0: 0x00ffffff, arg1: 4096, payload: []byte("host::\x00")})
		},
		"tiny maxdata": func(h *hostConn) {
			h.send(message{command: cmdCNXN, arg0: VersionMin, arg1: 100, payload: []byte("host::\x00")})
		},
		"unknown command": func(h *hostConn) { h.connect(VersionSkipChecksum, 4096); h.send(message{command: 0x11223344}) },
		"bad magic": func(h *hostConn) {
			h.connect(VersionSkipChecksum, 4096)
			b := message{command: cmdOKAY, arg0: 1, arg1: 1}.encode(false)
			b[20] ^= 0xff
			h.c.Write(b)
		},
		"zero local id": func(h *hostConn) {
			h.connect(VersionSkipChecksum, 4096)
			h.send(message{command: cmdOPEN, payload: []byte("shell:echo\x00")})
		},
		"payload over maxdata": func(h *hostConn) {
			h.connect(VersionSkipChecksum, 4096)
			h.send(message{command: cmdWRTE, arg0: 1, arg1: 1, payload: make([]byte, 8192)})
		},
	} {
		t.Run(name, func(t *testing.T) {
			h := dialHost(t, d)
			send(h)
			if !h.closed() {
				t.Fatal("connection stayed open")
			}
		})
	}
}

// A service adbd does not know is closed at once; so is one the client misnames.
func TestUnknownServicesAreClosedAtOnce(t *testing.T) {
	d := Start(t, Config{})
	h := dialHost(t, d)
	h.connect(VersionSkipChecksum, 1<<20)
	for i, name := range []string{"exec-out:screencap -p", "shell,v2,raw:echo hi", "frobnicate:", "host:version"} {
		if id := h.open(uint32(10+i), name); id != 0 {
			t.Fatalf("%s was opened (stream %d)", name, id)
		}
	}
	if r := d.Refused(); len(r) != 4 || r[0] != "service exec-out:screencap -p" {
		t.Fatalf("refused %q", r)
	}
	for _, known := range []string{"exec:screencap -p", "shell:echo", "sync:", "shell,v2,raw:x", "reboot:", "tcp:5000"} {
		if !KnownService(known) {
			t.Errorf("KnownService(%q) = false", known)
		}
	}
	for _, unknown := range []string{"exec-out:ls", "shell-v2:ls", "screencap:", "host:version"} {
		if KnownService(unknown) {
			t.Errorf("KnownService(%q) = true", unknown)
		}
	}
}

// Several streams run at once on one connection, and the host's CLSE ends one without
// disturbing the others.
func TestConcurrentStreamsAndHostClose(t *testing.T) {
	d := Start(t, Config{})
	h := dialHost(t, d)
	h.connect(VersionSkipChecksum, 1<<20)
	sleeping := h.open(1, "shell:sleep 30")
	echo := h.open(2, "shell:echo two")
	if got := h.readAll(2, echo, 1<<20); string(got) != "two\n" {
		t.Fatalf("second stream: %q", got)
	}
	h.send(message{command: cmdCLSE, arg0: 1, arg1: sleeping})
	// Writes for the closed stream are ignored; a new stream still works.
	h.send(message{command: cmdWRTE, arg0: 1, arg1: sleeping, payload: []byte("late")})
	third := h.open(3, "exec:echo three")
	if got := h.readAll(3, third, 1<<20); string(got) != "three\n" {
		t.Fatalf("third stream: %q", got)
	}
}

func TestUnauthorizedDeviceRefusesEveryKey(t *testing.T) {
	d := Start(t, Config{Unauthorized: true})
	h := dialHost(t, d)
	h.send(message{command: cmdCNXN, arg0: VersionSkipChecksum, arg1: 1 << 20, payload: []byte("host::\x00")})
	for i := 0; i < 3; i++ {
		m := h.must()
		if m.command != cmdAUTH || m.arg0 != authToken || len(m.payload) != 20 {
			t.Fatalf("message %d: %s(%d) with %d bytes, want AUTH(TOKEN) with 20", i, commandName(m.command), m.arg0, len(m.payload))
		}
		h.send(message{command: cmdAUTH, arg0: authSignature, payload: bytes.Repeat([]byte{1}, 256)})
	}
	h.must() // the token answering the last signature
	h.send(message{command: cmdAUTH, arg0: authRSAPublicKey, payload: []byte("QAAAA...= user@host\x00")})
	h.c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if m, err := h.recv(); err == nil {
		t.Fatalf("the device answered a public key with %s; nobody confirms the dialog", commandName(m.command))
	}
}

// An OPEN must be OPEN(local-id, 0, "destination"): adbd's handle_packet acts only on
// one whose remote-id is 0 and ignores any other, answering nothing and starting nothing.
func TestOpenWithARemoteIDIsIgnored(t *testing.T) {
	d := Start(t, Config{})
	h := dialHost(t, d)
	h.connect(VersionSkipChecksum, 1<<20)
	h.send(message{command: cmdOPEN, arg0: 4, arg1: 9, payload: []byte("shell:echo hi\x00")})
	h.c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if m, err := h.recv(); err == nil {
		t.Fatalf("the device answered OPEN(4, 9) with %s(%d, %d)", commandName(m.command), m.arg0, m.arg1)
	}
	if n := d.ServiceCount("shell:"); n != 0 {
		t.Fatalf("OPEN(4, 9) started %d services", n)
	}
	// The connection still serves a well-formed OPEN.
	h.c.SetDeadline(time.Now().Add(10 * time.Second))
	if got := h.readAll(5, h.open(5, "exec:echo ok"), 1<<20); string(got) != "ok\n" {
		t.Fatalf("a later OPEN: %q", got)
	}
}
