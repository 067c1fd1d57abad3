package view

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"

	"github.com/autoeval/autoeval/report"
	"github.com/autoeval/autoeval/trace"
)

// Thumbnail widths a page may ask for: a fixed few, so the cache holds one per frame.
var thumbWidths = map[int]bool{135: true, 270: true, 540: true}

// frameImage serves a frame's screenshot, whole or (w=) as a JPEG thumbnail, read through
// the trace (which keeps every path inside the trace folder) and never from a path the
// request names.
func (s *Server) frameImage(w http.ResponseWriter, r *http.Request) {
	sum, ok := s.lookup(w, r)
	if !ok {
		return
	}
	width, _ := strconv.Atoi(r.URL.Query().Get("w"))
	if width != 0 && !thumbWidths[width] {
		http.Error(w, "w: want 135, 270 or 540", http.StatusBadRequest)
		return
	}
	key := fmt.Sprintf("%s\x00%d\x00%s\x00%s\x00%d", sum.Path, sum.entry, sum.state, r.URL.Query().Get("i"), width)
	etag := fmt.Sprintf(`"%x"`, hashString(key))
	w.Header().Set("Cache-Control", "private, max-age=60")
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if width > 0 {
		if th, ok := s.thumbs.get(key); ok {
			w.Header().Set("Content-Type", "image/jpeg")
			w.Write(th)
			return
		}
	}
	t, f, ok := s.openFrame(w, r, sum)
	if !ok {
		return
	}
	data, mime, err := t.ReadImage(f)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	if width > 0 {
		th, err := report.Thumbnail(data, width, 75, trace.Limits{})
		if err != nil {
			http.Error(w, fmt.Sprintf("frame %d: %v", f.Index, err), http.StatusUnprocessableEntity)
			return
		}
		s.thumbs.put(key, th, len(th))
		data, mime = th, "image/jpeg"
	}
	w.Header().Set("Content-Type", mime) // ReadImage passes only PNG and JPEG
	w.Write(data)
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
