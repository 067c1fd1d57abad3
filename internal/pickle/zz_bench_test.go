package pickle

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"math/rand"
	"testing"
)

func bigCheckpoint(b *testing.B, shots, size int) []byte {
	var raw bytes.Buffer
	raw.Write([]byte{0x80, 4, ']', '('})
	rng := rand.New(rand.NewSource(1))
	px := make([]byte, size)
	for i := range px {
		if i%64 < 8 {
			px[i] = byte(rng.Intn(256))
		} else {
			px[i] = byte(i / 4096)
		}
	}
	for i := 0; i < shots; i++ {
		raw.WriteByte(0x8e)
		raw.Write(binary.LittleEndian.AppendUint64(nil, uint64(size)))
		raw.Write(px)
	}
	raw.Write([]byte{'e', '.'})
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw.Bytes())
	zw.Close()
	b.Logf("raw %d MB, gz %d MB", raw.Len()>>20, gz.Len()>>20)
	return gz.Bytes()
}

func BenchmarkTwoPass(b *testing.B) {
	gz := bigCheckpoint(b, 30, 1080*2400*3)
	open := func() (io.ReadCloser, error) { return gzip.NewReader(bytes.NewReader(gz)) }
	b.Run("scan only", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			r, _ := open()
			if _, err := scan(bufio.NewReaderSize(r, 64<<10), DefaultLimits); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode (scan + interpret)", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := Decode(open, DefaultLimits); err != nil {
				b.Fatal(err)
			}
		}
	})
}
