package pickle

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// Decode reads the stream twice and keeps nothing from the first pass; limits stop it as
// soon as they are passed.
func TestDecodeLimits(t *testing.T) {
	list := []byte{0x80, 2, ']', '(', 'N', 'N', 'N', 'e', '.'} // [None, None, None]
	opens := 0
	open := func() (io.ReadCloser, error) { opens++; return io.NopCloser(bytes.NewReader(list)), nil }
	v, err := Decode(context.Background(), open, DefaultLimits)
	if err != nil || len(v.([]any)) != 3 || opens != 2 {
		t.Fatalf("Decode = %v, %v after %d opens", v, err, opens)
	}
	for _, c := range []struct {
		lim  Limits
		want string
	}{
		{Limits{MaxBytes: 5, MaxMemory: 1 << 20}, "larger than the limit"},
		{Limits{MaxBytes: 1 << 20, MaxMemory: 4 * valueCost}, "would take more than"},
	} {
		if _, err := Decode(context.Background(), open, c.lim); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.lim, err, c.want)
		}
	}
	// A frame announcing more bytes than the pickle holds is refused before it is read.
	frame := []byte{0x80, 4, 0x95, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 'N', '.'}
	if _, err := load(frame); err == nil || !strings.Contains(err.Error(), "frame at offset 2 needs") {
		t.Errorf("short frame: %v", err)
	}
	// Read errors of the stream (a corrupt gzip) come back as they are.
	boom := errors.New("boom")
	_, err = Decode(context.Background(), func() (io.ReadCloser, error) {
		return io.NopCloser(io.MultiReader(bytes.NewReader([]byte{0x80, 2}), errReader{boom})), nil
	}, DefaultLimits)
	if !errors.Is(err, boom) {
		t.Errorf("read error: %v", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// BenchmarkDecodeScreenshots measures what the scan pass costs on a checkpoint with
// screenshots (30 arrays of 1080 x 2400 x 3 bytes, 222 MB unpickled): "scan" is the first
// pass alone (gunzip, keeping nothing), "decode" both passes and the conversion.
func BenchmarkDecodeScreenshots(b *testing.B) {
	const shots, size = 30, 1080 * 2400 * 3
	px := make([]byte, size)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range px {
		if i%64 < 8 { // some noise, so gzip works about as hard as on real screens
			px[i] = byte(rng.IntN(256))
		} else {
			px[i] = byte(i >> 12)
		}
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte{0x80, 4, ']', '('})
	for i := 0; i < shots; i++ {
		zw.Write(append([]byte{0x8e}, binary.LittleEndian.AppendUint64(nil, size)...)) // BYTES8
		zw.Write(px)
	}
	zw.Write([]byte{'e', '.'})
	zw.Close()
	open := func() (io.ReadCloser, error) { return gzip.NewReader(bytes.NewReader(gz.Bytes())) }
	b.Run("scan", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			r, _ := open()
			if _, err := scan(bufio.NewReaderSize(r, 64<<10), DefaultLimits); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := Decode(context.Background(), open, DefaultLimits); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// load reads one pickle held in memory with DefaultLimits, as the checkpoint importer does.
func load(data []byte) (any, error) {
	return Decode(context.Background(), func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }, DefaultLimits)
}
