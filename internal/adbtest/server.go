// Package adbtest runs the real adb server (Debian's `adb` package) for tests: on a
// private port, never 5037, with a HOME of its own, killed when the test ends. Device
// stand-ins (package adbd) are attached to it with `adb connect`, so the code under
// test meets the same server, client-side protocol and device protocol a user's
// machine has.
//
// Without an adb executable the tests that need one skip, saying so; with CI=true they
// fail instead, because CI installs adb (.ci/run).
package adbtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbd"
)

// Server is a running real adb server.
type Server struct {
	adb  string
	port int
	home string
	cmd  *exec.Cmd
	exit chan struct{}

	mu     sync.Mutex
	killed bool
}

// Executable finds the adb client and server binary: $ADB, else adb on PATH. A missing
// one skips the test outside CI and fails it in CI.
func Executable(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("ADB"); p != "" {
		return p
	}
	p, err := exec.LookPath("adb")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the real adb server is needed and CI installs it (.ci/run), but adb is not on PATH: %v", err)
		}
		t.Skip("adb is not installed (apt-get install adb): this test runs the real adb server")
	}
	return p
}

// keys caches one adbkey pair per test binary: generating an RSA key is most of a
// server's start-up time.
var keys struct {
	once  sync.Once
	files map[string][]byte
}

// Start runs a real adb server on a free loopback port with its own HOME and kills it
// when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	adb := Executable(t)
	home := t.TempDir()
	keys.once.Do(func() { keys.files = seedKeys(adb) })
	writeKeys(keys.files, filepath.Join(home, ".android"))
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		s, err := launch(adb, home)
		if err == nil {
			t.Cleanup(s.Kill)
			return s
		}
		lastErr = err
	}
	t.Fatalf("real adb server did not start: %v", lastErr)
	return nil
}

// launch starts `adb -P PORT nodaemon server` and waits until it answers.
func launch(adb, home string) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s := &Server{adb: adb, port: port, home: home, exit: make(chan struct{})}
	s.cmd = exec.Command(adb, "-P", strconv.Itoa(port), "nodaemon", "server")
	s.cmd.Env = s.env()
	var stderr bytes.Buffer
	s.cmd.Stdout, s.cmd.Stderr = &stderr, &stderr
	setDeathSignal(s.cmd)
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		s.cmd.Wait()
		close(s.exit)
	}()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.exit:
			return nil, fmt.Errorf("adb server on port %d exited: %s", port, strings.TrimSpace(stderr.String()))
		default:
		}
		if _, err := s.request("host:version"); err == nil {
			return s, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.Kill()
	return nil, fmt.Errorf("adb server on port %d did not answer within 15s", port)
}

// env is the environment of the server and its clients: a private HOME, nothing that
// points adb at another server or device.
func (s *Server) env() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "ANDROID_SDK_HOME", "ANDROID_USER_HOME", "ANDROID_ADB_SERVER_PORT",
			"ADB_SERVER_SOCKET", "ANDROID_SERIAL", "ADB_VENDOR_KEYS", "ADB_TRACE":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+s.home)
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

// Port is the server's port (adb -P PORT).
func (s *Server) Port() int { return s.port }

// SocketEnv is the ADB_SERVER_SOCKET value that points adb clients at this server.
func (s *Server) SocketEnv() string { return "ADB_SERVER_SOCKET=tcp:" + s.Addr() }

// Kill stops the server at once (as a crash would); later requests find no server.
func (s *Server) Kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.killed {
		return
	}
	s.killed = true
	s.cmd.Process.Kill()
	<-s.exit
}

// Adb runs the real adb client against this server and returns its combined output.
func (s *Server) Adb(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, s.adb, append([]string{"-P", strconv.Itoa(s.port)}, args...)...)
	cmd.Env = s.env()
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// Connect attaches a device stand-in with `adb connect` and waits until the server
// lists it as "device"; the device is disconnected when the test ends. It returns the
// serial the server gives it.
func (s *Server) Connect(t testing.TB, dev *adbd.Device) string {
	t.Helper()
	return s.ConnectAs(t, dev, "device")
}

// ConnectAs is Connect for a device expected to settle in another state
// ("unauthorized").
func (s *Server) ConnectAs(t testing.TB, dev *adbd.Device, state string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := s.Adb(ctx, "connect", dev.Addr())
	if err != nil || !strings.Contains(out, "connected to") && state == "device" {
		t.Fatalf("adb connect %s: %v: %s", dev.Addr(), err, strings.TrimSpace(out))
	}
	serial := dev.Serial()
	t.Cleanup(func() { s.Disconnect(serial) })
	if err := s.WaitState(ctx, serial, state); err != nil {
		t.Fatal(err)
	}
	return serial
}

// ConnectEmulator announces an emulator stand-in (adbd.StartEmulator) to the server as
// an emulator announces itself at boot (host:emulator:ADBPORT), waits until the server
// lists it as "device", and returns its serial, emulator-CONSOLEPORT: `adb -s SERIAL emu`
// then reaches its console.
func (s *Server) ConnectEmulator(t testing.TB, dev *adbd.Device) string {
	t.Helper()
	if dev.ConsolePort() == 0 {
		t.Fatal("ConnectEmulator: the device has no emulator console (start it with adbd.StartEmulator)")
	}
	if err := s.announce(fmt.Sprintf("host:emulator:%d", dev.Port())); err != nil {
		t.Fatalf("announcing the emulator: %v", err)
	}
	serial := fmt.Sprintf("emulator-%d", dev.ConsolePort())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.WaitState(ctx, serial, "device"); err != nil {
		t.Fatal(err)
	}
	return serial
}

// announce sends a host request the server answers by closing the connection.
func (s *Server) announce(req string) error {
	c, err := net.DialTimeout("tcp", s.Addr(), 2*time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	_, err = fmt.Fprintf(c, "%04x%s", len(req), req)
	return err
}

// Disconnect detaches a device (`adb disconnect`); errors are ignored, it may be gone.
func (s *Server) Disconnect(serial string) {
	s.mu.Lock()
	killed := s.killed
	s.mu.Unlock()
	if killed {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s.Adb(ctx, "disconnect", serial)
}

// WaitState waits until the server lists serial in state ("" waits until it is gone).
func (s *Server) WaitState(ctx context.Context, serial, state string) error {
	last := "not listed"
	for {
		got, err := s.State(serial)
		if err == nil && got == state {
			return nil
		}
		if err == nil {
			last = got
			if got == "" {
				last = "not listed"
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("adb server at %s: %s never became %q (last: %s)", s.Addr(), serial, state, last)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// State is the device's state as `adb devices` lists it ("" when it is not listed).
func (s *Server) State(serial string) (string, error) {
	list, err := s.request("host:devices")
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(list, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == serial {
			return f[1], nil
		}
	}
	return "", nil
}

// request sends one host request and reads its length-prefixed reply.
func (s *Server) request(req string) (string, error) {
	c, err := net.DialTimeout("tcp", s.Addr(), 2*time.Second)
	if err != nil {
		return "", err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := fmt.Fprintf(c, "%04x%s", len(req), req); err != nil {
		return "", err
	}
	var status [4]byte
	if _, err := readFull(c, status[:]); err != nil {
		return "", err
	}
	var n [4]byte
	if _, err := readFull(c, n[:]); err != nil {
		return "", err
	}
	size, err := strconv.ParseUint(string(n[:]), 16, 32)
	if err != nil {
		return "", fmt.Errorf("bad reply length %q", n)
	}
	body := make([]byte, size)
	if _, err := readFull(c, body); err != nil {
		return "", err
	}
	if string(status[:]) != "OKAY" {
		return "", fmt.Errorf("%s: %s", req, body)
	}
	return string(body), nil
}

func readFull(c net.Conn, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := c.Read(b[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// seedKeys has adb generate a key pair (by starting and stopping a server in a
// temporary HOME) and returns the files, for every later server to reuse.
func seedKeys(adb string) map[string][]byte {
	home, err := os.MkdirTemp("", "adbtest-keys-")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(home)
	s, err := launch(adb, home)
	if err != nil {
		return nil
	}
	s.Kill()
	files := map[string][]byte{}
	for _, name := range []string{"adbkey", "adbkey.pub"} {
		data, err := os.ReadFile(filepath.Join(home, ".android", name))
		if err != nil {
			return nil
		}
		files[name] = data
	}
	return files
}

func writeKeys(files map[string][]byte, dir string) {
	if len(files) == 0 || os.MkdirAll(dir, 0o700) != nil {
		return
	}
	for name, data := range files {
		os.WriteFile(filepath.Join(dir, name), data, 0o600)
	}
}

// Device starts a device stand-in, attaches it to a new real adb server and returns
// both, with the serial the server gives the device.
func Device(t testing.TB, cfg adbd.Config) (*Server, *adbd.Device, string) {
	t.Helper()
	s := Start(t)
	dev := adbd.Start(t, cfg)
	serial := s.Connect(t, dev)
	return s, dev, serial
}
