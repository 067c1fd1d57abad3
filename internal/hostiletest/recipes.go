package hostiletest

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
)

// Recipes of the small corpus files (TestWriteCorpus keeps corpus/ equal to them).

// pngHeader is a PNG whose header declares w x h RGBA pixels, with one tiny IDAT.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	chunk(&b, "IHDR", ihdr)
	chunk(&b, "IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk(&b, "IEND", nil)
	return b.Bytes()
}

func chunk(b *bytes.Buffer, typ string, data []byte) {
	binary.Write(b, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	b.WriteString(typ)
	b.Write(data)
	binary.Write(b, binary.BigEndian, crc.Sum32())
}

// referenceBomb is a "billion laughs" pickle: level k is a list holding level k-1 width
// times (memo references), so a few hundred bytes name width^depth values.
func referenceBomb(width, depth int) []byte {
	b := []byte{0x80, 2, ']', 'N', 'a', 'q', 0} // L0 = [None], memo 0
	for k := 1; k <= depth; k++ {
		b = append(b, ']', '(')
		for i := 0; i < width; i++ {
			b = append(b, 'h', byte(k-1)) // BINGET level k-1
		}
		b = append(b, 'e', 'q', byte(k)) // APPENDS, BINPUT k
	}
	return append(b, '.')
}

// pythonSetOfBytes is what CPython 3.11 writes for pickle.dumps([{b'a', b'bc'}, 0], 4),
// with its 0 written as a zero-length LONG1 (8a 00) instead of BININT1 (4b 00): Python
// reads it back as [{b'a', b'bc'}, 0].
func pythonSetOfBytes() []byte {
	b, _ := hex.DecodeString("80049514000000000000005d94288f9428430161944302626394908a00652e")
	return b
}
