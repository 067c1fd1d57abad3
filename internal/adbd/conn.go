package adbd

import (
	"crypto/rand"
	"net"
	"strings"
	"sync"
)

// conn is one transport connection from an adb server.
type conn struct {
	dev *Device
	nc  net.Conn

	wmu sync.Mutex // one message on the wire at a time

	mu      sync.Mutex
	version uint32 // negotiated protocol version; 0 until the host's CONNECT
	maxData uint32 // negotiated maxdata
	online  bool   // our CONNECT has been sent
	streams map[uint32]*stream
	nextID  uint32
	closed  bool
}

// checked reports whether payload checksums are computed and verified: always before
// the version is settled, and afterwards only under the original version.
func (c *conn) checked() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.version < VersionSkipChecksum
}

func (c *conn) send(m message) error {
	b := m.encode(c.checked())
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.nc.Write(b)
	return err
}

func (c *conn) close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	streams := c.streams
	c.streams = map[uint32]*stream{}
	c.mu.Unlock()
	c.nc.Close()
	for _, s := range streams {
		s.hangUp()
	}
}

// serve reads messages until the connection ends or breaks the protocol, which closes it.
func (c *conn) serve() {
	defer c.close()
	for {
		c.mu.Lock()
		limit := c.dev.cfg.MaxData
		if c.online {
			limit = c.maxData
		}
		c.mu.Unlock()
		m, err := readMessage(c.nc, c.checked(), max(limit, MaxDataV1))
		if err != nil {
			return
		}
		if !c.handle(m) {
			return
		}
	}
}

// handle acts on one message; false closes the connection.
func (c *conn) handle(m message) bool {
	c.mu.Lock()
	online := c.online
	c.mu.Unlock()
	switch m.command {
	case cmdCNXN:
		return c.connect(m)
	case cmdAUTH:
		return c.auth(m)
	case cmdOPEN, cmdOKAY, cmdWRTE, cmdCLSE:
		if !online {
			return true // "Any messages received before a CONNECT message MUST be ignored."
		}
	default:
		return false // an unrecognised command closes the connection
	}
	switch m.command {
	case cmdOPEN:
		return c.open(m)
	case cmdOKAY:
		if s := c.stream(m.arg1); s != nil {
			s.ready(m.arg0)
		}
	case cmdWRTE:
		s := c.stream(m.arg1)
		if s == nil {
			return true // the stream may have closed while this was in flight
		}
		if s.remote != m.arg0 {
			return false
		}
		s.received(m.payload)
		// The far side may answer READY as soon as it receives a WRITE.
		return c.send(message{command: cmdOKAY, arg0: s.local, arg1: s.remote}) == nil
	case cmdCLSE:
		if s := c.stream(m.arg1); s != nil {
			c.forget(s)
			s.hangUp() // the recipient does not answer a CLOSE
		}
	}
	return true
}

// connect answers the host's CONNECT: settle version and maxdata, then announce the
// device (or ask for authentication).
func (c *conn) connect(m message) bool {
	cfg := c.dev.cfg
	if m.arg0 < VersionMin || m.arg1 < MaxDataV1 {
		return false // unknown version or too small maxdata: close
	}
	if !strings.HasPrefix(string(m.payload), "host:") {
		return false
	}
	c.mu.Lock()
	if c.online {
		// A new CONNECT on a live transport starts it afresh, as adbd does.
		streams := c.streams
		c.streams = map[uint32]*stream{}
		c.mu.Unlock()
		for _, s := range streams {
			s.hangUp()
		}
		c.mu.Lock()
	}
	c.version = min(m.arg0, cfg.Version)
	c.maxData = min(m.arg1, cfg.MaxData)
	c.mu.Unlock()
	if cfg.Unauthorized {
		return c.sendToken()
	}
	c.dev.mu.Lock()
	hold := c.dev.hold
	c.dev.mu.Unlock()
	if hold != nil {
		select {
		case <-hold:
		case <-c.dev.done:
			return false
		}
	}
	c.mu.Lock()
	maxData := c.maxData
	c.online = true
	c.mu.Unlock()
	return c.send(message{command: cmdCNXN, arg0: cfg.Version, arg1: maxData, payload: []byte(c.dev.banner())}) == nil
}

// auth refuses every signature with a fresh token and waits forever on a public key
// (the confirmation dialog nobody answers).
func (c *conn) auth(m message) bool {
	if !c.dev.cfg.Unauthorized {
		return true
	}
	switch m.arg0 {
	case authSignature:
		return c.sendToken()
	case authRSAPublicKey:
		return true
	}
	return false
}

func (c *conn) sendToken() bool {
	token := make([]byte, 20)
	rand.Read(token)
	return c.send(message{command: cmdAUTH, arg0: authToken, payload: token}) == nil
}

func (c *conn) stream(local uint32) *stream {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.streams[local]
}

func (c *conn) forget(s *stream) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.streams[s.local] == s {
		delete(c.streams, s.local)
	}
}

// open starts the named service on a new stream, or closes it at once when the device
// does not know it.
func (c *conn) open(m message) bool {
	if m.arg0 == 0 {
		return false // "The local-id may not be zero."
	}
	if m.arg1 != 0 {
		return true // not OPEN(local-id, 0, ...): adbd's handle_packet ignores it
	}
	name := strings.TrimSuffix(string(m.payload), "\x00")
	d := c.dev
	d.mu.Lock()
	d.services = append(d.services, name)
	delay := d.delay
	d.mu.Unlock()
	run := d.service(name)
	if run == nil {
		d.refuse("service " + name)
		return c.send(message{command: cmdCLSE, arg0: 0, arg1: m.arg0}) == nil
	}
	c.mu.Lock()
	c.nextID++
	s := newStream(c, c.nextID, m.arg0, c.maxData)
	c.streams[s.local] = s
	c.mu.Unlock()
	go func() {
		if d.sleep(delay, s.hungUp) != nil {
			c.forget(s)
			c.send(message{command: cmdCLSE, arg0: s.local, arg1: s.remote})
			return
		}
		if c.send(message{command: cmdOKAY, arg0: s.local, arg1: s.remote}) != nil {
			return
		}
		run(s)
		s.finish()
	}()
	return true
}
