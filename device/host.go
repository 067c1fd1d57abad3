package device

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	adb "github.com/zach-klippenstein/goadb"
	"github.com/zach-klippenstein/goadb/wire"
)

// The host protocol: requests to the adb server itself, each a 4-hex-digit length and
// the request text, answered OKAY or FAIL (SERVICES.TXT, HOST SERVICES).

// Host requests this package sends.
const (
	hostDevicesL  = "host:devices-l"
	hostTransport = "host:transport:" // + serial: the connection now talks to that device
)

// EnvServerSocket is adb's own variable for the server address ("tcp:host:port").
const EnvServerSocket = "ADB_SERVER_SOCKET"

// DefaultAddr is where adb servers listen unless told otherwise.
const DefaultAddr = "localhost:5037"

// ResolveAddr picks the adb server address: the flag value (host:port), else
// $ADB_SERVER_SOCKET (tcp:host:port or tcp:port), else localhost:5037. getenv reads the
// environment (nil: os.Getenv).
func ResolveAddr(flag string, getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if flag != "" {
		if _, _, err := net.SplitHostPort(flag); err != nil {
			return "", fmt.Errorf("--adb %q: want host:port", flag)
		}
		return flag, nil
	}
	if v := getenv(EnvServerSocket); v != "" {
		rest, ok := strings.CutPrefix(v, "tcp:")
		if !ok {
			return "", fmt.Errorf("%s=%q: only tcp:host:port is supported", EnvServerSocket, v)
		}
		if _, err := strconv.Atoi(rest); err == nil {
			return "localhost:" + rest, nil
		}
		if _, _, err := net.SplitHostPort(rest); err != nil {
			return "", fmt.Errorf("%s=%q: want tcp:host:port", EnvServerSocket, v)
		}
		return rest, nil
	}
	return DefaultAddr, nil
}

// transport dials the server and switches the connection to this device.
func (d *Device) transport(ctx context.Context, op string) (*wire.Conn, error) {
	client, err := newClient(ctx, d.addr)
	if err != nil {
		return nil, err
	}
	conn, err := client.Dial()
	if err != nil {
		return nil, d.classify(ctx, op, err)
	}
	req := hostTransport + d.serial
	if err := wire.SendMessageString(conn, req); err != nil {
		conn.Close()
		return nil, d.classify(ctx, op, err)
	}
	if _, err := conn.ReadStatus(req); err != nil {
		conn.Close()
		return nil, d.classify(ctx, op, err)
	}
	return conn, nil
}

// goadb returns a goadb device bound to ctx: cancelling ctx closes its connections.
func (d *Device) goadb(ctx context.Context) (*adb.Device, error) {
	client, err := newClient(ctx, d.addr)
	if err != nil {
		return nil, err
	}
	return client.Device(adb.DeviceWithSerial(d.serial)), nil
}

func noServer(ctx context.Context, addr string, err error) error {
	why := adbMessage(err)
	// goadb reports the failed start of its stand-in executable ("exit status 1"), not
	// why the server was unreachable; a dial of our own names the real cause.
	dctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var nd net.Dialer
	if c, derr := nd.DialContext(dctx, "tcp", addr); derr != nil {
		why = derr.Error()
		var op *net.OpError
		if errors.As(derr, &op) && op.Err != nil {
			why = op.Err.Error()
		}
	} else {
		c.Close()
	}
	return fmt.Errorf("%w at %s (start one with `adb start-server`, or pass --adb host:port): %s", ErrNoServer, addr, why)
}

// newClient builds a goadb client whose connections die with ctx. goadb insists on an adb
// executable even to reach a running server, and runs it to start a server when a dial
// fails: /bin/false (or similar) makes that a clean "no server" error instead of a surprise
// daemon, and keeps goadb from panicking on a raw dial error.
func newClient(ctx context.Context, addr string) (*adb.Adb, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("adb address %q: want host:port", addr)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return nil, fmt.Errorf("adb address %q: bad port", addr)
	}
	c, err := adb.NewWithConfig(adb.ServerConfig{Host: host, Port: port, PathToAdb: noStartExe(), Dialer: ctxDialer{ctx}})
	if err != nil {
		return nil, fmt.Errorf("adb client for %s: %s", addr, adbMessage(err))
	}
	return c, nil
}

var noStart struct {
	once sync.Once
	path string
}

func noStartExe() string {
	noStart.once.Do(func() {
		if p, err := exec.LookPath("false"); err == nil {
			noStart.path = p
			return
		}
		noStart.path, _ = os.Executable()
	})
	return noStart.path
}

// ctxDialer dials the adb server and closes the connection when ctx ends, so a hung
// device cannot block a caller past its deadline.
type ctxDialer struct{ ctx context.Context }

func (d ctxDialer) Dial(addr string) (*wire.Conn, error) {
	var nd net.Dialer
	c, err := nd.DialContext(d.ctx, "tcp", addr)
	if err != nil {
		return nil, err // goadb retries after its (failing) start step and wraps that error
	}
	cc := &ctxConn{Conn: c}
	cc.stop = context.AfterFunc(d.ctx, func() { c.Close() })
	return &wire.Conn{Scanner: &streamScanner{Scanner: wire.NewScanner(cc), r: cc}, Sender: wire.NewSender(cc)}, nil
}

// streamScanner is goadb's scanner, which reads the connection unbuffered, with the
// connection itself at hand: what a service sends after its status is read from it with a
// limit (readLimited), where goadb's ReadUntilEof reads all there is.
type streamScanner struct {
	wire.Scanner
	r io.Reader
}

type ctxConn struct {
	net.Conn
	stop func() bool
	once sync.Once
	err  error
}

func (c *ctxConn) Close() error {
	c.once.Do(func() {
		c.stop()
		c.err = c.Conn.Close()
	})
	return c.err
}
