package adbd

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Message commands (protocol.txt, "message command constants").
const (
	cmdCNXN = 0x4e584e43
	cmdAUTH = 0x48545541
	cmdOPEN = 0x4e45504f
	cmdOKAY = 0x59414b4f
	cmdCLSE = 0x45534c43
	cmdWRTE = 0x45545257
	cmdSTLS = 0x534c5453
	cmdSYNC = 0x434e5953 // obsolete; never valid on the wire
)

// Protocol versions: the original one, whose payloads carry a checksum, and the one
// that skips it (adb.h: "0x01000001: skip checksum (Dec 2017)").
const (
	VersionMin          = 0x01000000
	VersionSkipChecksum = 0x01000001
)

// MaxDataV1 is the payload limit of CONNECT and AUTH messages: older adb hard-coded
// maxdata=4096, and they are sent before the other side has said what it accepts.
const MaxDataV1 = 4096

// AUTH message types.
const (
	authToken        = 1
	authSignature    = 2
	authRSAPublicKey = 3
)

const headerSize = 24

// message is one transport message: a 24-byte little-endian header and its payload.
type message struct {
	command    uint32
	arg0, arg1 uint32
	payload    []byte
}

func commandName(c uint32) string {
	switch c {
	case cmdCNXN:
		return "CNXN"
	case cmdAUTH:
		return "AUTH"
	case cmdOPEN:
		return "OPEN"
	case cmdOKAY:
		return "OKAY"
	case cmdCLSE:
		return "CLSE"
	case cmdWRTE:
		return "WRTE"
	case cmdSTLS:
		return "STLS"
	case cmdSYNC:
		return "SYNC"
	}
	return fmt.Sprintf("0x%08x", c)
}

// checksum is the data_crc32 of protocol version 0x01000000: despite its name, the
// sum of the payload's bytes.
func checksum(payload []byte) uint32 {
	var s uint32
	for _, b := range payload {
		s += uint32(b)
	}
	return s
}

// errBadMessage is a header or payload the protocol says must close the connection.
var errBadMessage = errors.New("invalid message")

// readMessage reads one message. checked says whether the payload's checksum must be
// verified (every message before the handshake settles a version that skips it).
// maxData bounds the payload.
func readMessage(r io.Reader, checked bool, maxData uint32) (message, error) {
	var h [headerSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return message{}, err
	}
	le := binary.LittleEndian
	m := message{command: le.Uint32(h[0:]), arg0: le.Uint32(h[4:]), arg1: le.Uint32(h[8:])}
	n, sum, magic := le.Uint32(h[12:]), le.Uint32(h[16:]), le.Uint32(h[20:])
	if magic != m.command^0xffffffff {
		return m, fmt.Errorf("%w: magic 0x%08x does not match command %s", errBadMessage, magic, commandName(m.command))
	}
	if n > maxData {
		return m, fmt.Errorf("%w: %s payload of %d bytes exceeds maxdata %d", errBadMessage, commandName(m.command), n, maxData)
	}
	m.payload = make([]byte, n)
	if _, err := io.ReadFull(r, m.payload); err != nil {
		return m, err
	}
	if checked && checksum(m.payload) != sum {
		return m, fmt.Errorf("%w: %s payload checksum 0x%08x, header says 0x%08x", errBadMessage, commandName(m.command), checksum(m.payload), sum)
	}
	return m, nil
}

// encode lays out a message; withChecksum fills data_crc32 (version 0x01000000),
// otherwise it is 0 as adbd sends it once checksums are skipped.
func (m message) encode(withChecksum bool) []byte {
	b := make([]byte, headerSize+len(m.payload))
	le := binary.LittleEndian
	le.PutUint32(b[0:], m.command)
	le.PutUint32(b[4:], m.arg0)
	le.PutUint32(b[8:], m.arg1)
	le.PutUint32(b[12:], uint32(len(m.payload)))
	if withChecksum {
		le.PutUint32(b[16:], checksum(m.payload))
	}
	le.PutUint32(b[20:], m.command^0xffffffff)
	copy(b[headerSize:], m.payload)
	return b
}
