package adbd

import (
	"bytes"
	"errors"
	"io"
	"sync"
)

// stream is one open service: an io.ReadWriter for the service's code. Writes become
// WRTE messages of at most maxdata bytes, each sent only after the host's READY for
// the previous one; data the host writes is buffered for Read.
type stream struct {
	c             *conn
	local, remote uint32
	maxData       uint32

	mu       sync.Mutex
	cond     *sync.Cond
	in       bytes.Buffer
	canWrite bool // a READY arrived for the last WRTE (an OPEN counts as one)
	gone     bool // the host closed the stream or the connection ended
	finished bool
	hungUp   chan struct{}
}

func newStream(c *conn, local, remote, maxData uint32) *stream {
	s := &stream{c: c, local: local, remote: remote, maxData: maxData, canWrite: true, hungUp: make(chan struct{})}
	s.cond = sync.NewCond(&s.mu)
	return s
}

var errStreamClosed = errors.New("stream closed by the host")

// received queues data the host wrote.
func (s *stream) received(p []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.gone {
		s.in.Write(p)
		s.cond.Broadcast()
	}
}

// ready notes the host's READY: the next WRTE may go.
func (s *stream) ready(remote uint32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.remote == remote {
		s.canWrite = true
		s.cond.Broadcast()
	}
}

// hangUp ends the stream from the host's side: reads drain then see EOF, writes fail.
func (s *stream) hangUp() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.gone {
		s.gone = true
		close(s.hungUp)
		s.cond.Broadcast()
	}
}

// Read returns what the host wrote; io.EOF once it closed the stream.
func (s *stream) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.in.Len() == 0 && !s.gone {
		s.cond.Wait()
	}
	if s.in.Len() > 0 {
		return s.in.Read(p)
	}
	return 0, io.EOF
}

// Write sends p in WRTE messages, waiting for READY between them.
func (s *stream) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		n := min(len(p), int(s.maxData))
		s.mu.Lock()
		for !s.canWrite && !s.gone {
			s.cond.Wait()
		}
		if s.gone {
			s.mu.Unlock()
			return written, errStreamClosed
		}
		s.canWrite = false
		s.mu.Unlock()
		if err := s.c.send(message{command: cmdWRTE, arg0: s.local, arg1: s.remote, payload: p[:n]}); err != nil {
			return written, err
		}
		written += n
		p = p[n:]
	}
	return written, nil
}

// finish closes the stream from the device's side once its service is done: the last
// WRTE is acknowledged first, so the host has read everything before the CLSE.
func (s *stream) finish() {
	s.mu.Lock()
	for !s.canWrite && !s.gone {
		s.cond.Wait()
	}
	gone := s.gone
	s.finished = true
	s.mu.Unlock()
	s.c.forget(s)
	if !gone {
		s.c.send(message{command: cmdCLSE, arg0: s.local, arg1: s.remote})
	}
}
