package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	_ "image/png" // frames are PNG screenshots

	"github.com/autoeval/autoeval/trace"
)

// DefaultThumbWidth keeps a filmstrip frame readable while a 50-frame trace stays well under
// a few megabytes of HTML.
const DefaultThumbWidth = 270

// Thumbnail decodes a PNG or JPEG frame, scales it to width pixels wide (never up) by
// averaging the source pixels each thumbnail pixel covers, and encodes it as JPEG.
func Thumbnail(data []byte, width, quality int, lim trace.Limits) ([]byte, error) {
	// Header first: a frame over lim is refused before its pixels are allocated.
	src, _, err := lim.DecodeImage(data)
	if err != nil {
		return nil, fmt.Errorf("decode image: %w", err)
	}
	b := src.Bounds()
	if b.Dx() <= 0 || b.Dy() <= 0 {
		return nil, fmt.Errorf("empty image")
	}
	// The averaging loop reads 4-byte pixels directly instead of calling At per pixel.
	// PNG screenshots decode to RGBA or NRGBA, used as they are (for the opaque pixels of a
	// screen both layouts hold the same bytes, and JPEG drops alpha anyway); anything else
	// is converted once (image/draw has fast paths for the common types).
	var rgba *image.RGBA
	switch im := src.(type) {
	case *image.RGBA:
		rgba = im
	case *image.NRGBA:
		rgba = &image.RGBA{Pix: im.Pix, Stride: im.Stride, Rect: im.Rect}
	}
	if rgba == nil || rgba.Rect.Min != (image.Point{}) {
		rgba = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(rgba, rgba.Bounds(), src, b.Min, draw.Src)
	}
	dst := downscale(rgba, width)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func downscale(src *image.RGBA, width int) *image.RGBA {
	sw, sh := src.Bounds().Dx(), src.Bounds().Dy()
	if width <= 0 || width >= sw {
		return src
	}
	height := max(1, sh*width/sw)
	dst := image.NewRGBA(image.Rect(0, 0, width, height))
	for y := 0; y < height; y++ {
		y0, y1 := y*sh/height, max((y+1)*sh/height, y*sh/height+1)
		for x := 0; x < width; x++ {
			x0, x1 := x*sw/width, max((x+1)*sw/width, x*sw/width+1)
			var r, g, bl, a, n uint32
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[sy*src.Stride:]
				for sx := x0; sx < x1; sx++ {
					p := row[sx*4 : sx*4+4]
					r, g, bl, a = r+uint32(p[0]), g+uint32(p[1]), bl+uint32(p[2]), a+uint32(p[3])
					n++
				}
			}
			o := dst.Pix[y*dst.Stride+x*4:]
			o[0], o[1], o[2], o[3] = uint8(r/n), uint8(g/n), uint8(bl/n), uint8(a/n)
		}
	}
	return dst
}

// DataURI renders JPEG bytes as a data: URI.
func DataURI(jpegData []byte) string {
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(jpegData)
}
