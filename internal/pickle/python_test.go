package pickle

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// Pickles written by CPython 3.11 (pickle.dumps, the protocol given), which Python reads
// back as shown: they must read here too, never fail with an interpreter's panic text.
var pythonPickles = []struct {
	name, hex string
	want      any
}{
	// pickle.dumps({b'a', b'bc'}, 4): EMPTY_SET, ADDITEMS of bytes (the interpreter's sets
	// are Go maps, which cannot hold bytes: it panicked).
	{"set of bytes", "8004950e000000000000008f9428430161944302626394902e", []any{[]byte("a"), []byte("bc")}},
	// pickle.dumps(frozenset({b'x'}), 4): FROZENSET.
	{"frozenset of bytes", "8004950800000000000000284301789491942e", []any{[]byte("x")}},
	// pickle.dumps({'k': {1, 2}}, 2): set([1, 2]) through __builtin__.set.
	{"protocol 2 set", "80027d710058010000006b7101635f5f6275696c74696e5f5f0a7365740a71025d7103284b014b0265857104527105732e", map[string]any{"k": []any{1, 2}}},
	// pickle.loads(b'\x80\x02\x8a\x00.') == 0: a zero-length LONG1 (the interpreter
	// indexed its last byte).
	{"zero-length LONG1", "80028a002e", 0},
	{"zero-length LONG4", "80028b000000002e", 0},
	{"zero-length LONG1 in a list", "80025d7100288a004b078a00652e", []any{0, 7, 0}},
	// pickle.dumps([0, 1<<70], 2): a LONG1 of 9 bytes.
	{"a 71-bit integer", "80025d7100284b008a09000000000000000040652e", []any{0, float64(1 << 70)}},
}

func TestReadsWhatPythonReads(t *testing.T) {
	for _, c := range pythonPickles {
		data, _ := hex.DecodeString(c.hex)
		for _, oneByte := range []bool{false, true} {
			// One byte per read puts every rewritten opcode across read boundaries.
			open := func() (io.ReadCloser, error) {
				var r io.Reader = bytes.NewReader(data)
				if oneByte {
					r = iotest.OneByteReader(r)
				}
				return io.NopCloser(r), nil
			}
			v, err := Decode(context.Background(), open, DefaultLimits)
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			if l, ok := v.([]any); ok && len(l) == 2 {
				if b, ok := l[0].([]byte); ok && string(b) == "bc" { // set order is not kept
					l[0], l[1] = l[1], l[0]
				}
			}
			if !reflect.DeepEqual(v, c.want) {
				t.Errorf("%s: read %#v, want %#v", c.name, v, c.want)
			}
		}
	}
}

// A LONG4 of 1 MB took minutes (decoding is quadratic in its length) and Ctrl-C could not
// stop it: integers are bounded by their length before any is decoded.
func TestHugeIntegers(t *testing.T) {
	long4 := append([]byte{0x80, 4, 0x8b}, binary.LittleEndian.AppendUint32(nil, 1<<20)...)
	long4 = append(append(long4, make([]byte, 1<<20)...), '.')
	start := time.Now()
	_, err := load(long4)
	if err == nil || !strings.Contains(err.Error(), "an integer of 1048576 bytes at offset 2, over the limit of 64 bytes") {
		t.Errorf("LONG4 of 1 MiB: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	text := append([]byte("I"), bytes.Repeat([]byte("9"), 5000)...)
	text = append(text, "\n."...)
	if _, err := load(text); err == nil || !strings.Contains(err.Error(), "an integer of 5000 digits at offset 0, over the limit of 192 digits") {
		t.Errorf("INT of 5000 digits: %v", err)
	}
	ok := append([]byte{0x80, 4, 0x8b}, binary.LittleEndian.AppendUint32(nil, 64)...)
	ok = append(append(ok, make([]byte, 64)...), '.')
	if v, err := load(ok); err != nil || v != 0 {
		t.Errorf("LONG4 of 64 zero bytes: %v %v", v, err)
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	data := []byte{0x80, 2, 'N', '.'}
	_, err := Decode(ctx, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }, DefaultLimits)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
