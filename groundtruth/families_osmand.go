package groundtruth

import (
	"context"
	"encoding/xml"
	"fmt"
	"math"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// OsmAnd locations: favorites and tracks are GPX files, markers a SQLite table.
const (
	OsmAndFiles     = "/data/media/0/Android/data/net.osmand/files"
	OsmAndFavorites = OsmAndFiles + "/favorites/favorites.gpx"
	OsmAndMarkersDB = "/data/data/net.osmand/databases/map_markers_db"
)

// osmandPlaces are the named places AndroidWorld's tasks use, on its preloaded
// Liechtenstein map, as (lat, lon).
var osmandPlaces = map[string][2]float64{
	"Balzers, Liechtenstein": {47.0688832, 9.5061564}, "Bendern, Liechtenstein": {47.2122151, 9.5062101},
	"Malbun, Liechtenstein": {47.1026191, 9.6083057}, "Nendeln, Liechtenstein": {47.1973857, 9.5430636},
	"Oberplanken, Liechtenstein": {47.1784977, 9.5450163}, "Planken, Liechtenstein": {47.1858882, 9.5452201},
	"Rotenboden, Liechtenstein": {47.1275785, 9.5387131}, "Ruggell, Liechtenstein": {47.23976, 9.5262837},
	"Schaan, Liechtenstein": {47.1663432, 9.5103085}, "Schaanwald, Liechtenstein": {47.2165476, 9.5699984},
	"Schönberg, Liechtenstein": {47.1303814, 9.5930117}, "Triesen, Liechtenstein": {47.106997, 9.5274854},
}

// osmandDelta is how close (degrees, per axis) a point must be: 50-100 m.
const osmandDelta = 0.001

var coordRe = regexp.MustCompile(`-?\d*\.?\d+`)

// parseCoords reads "lat, lon" from text holding exactly two numbers.
func parseCoords(s string) ([2]float64, bool) {
	m := coordRe.FindAllString(s, -1)
	if len(m) != 2 {
		return [2]float64{}, false
	}
	lat, err1 := strconv.ParseFloat(m[0], 64)
	lon, err2 := strconv.ParseFloat(m[1], 64)
	return [2]float64{lat, lon}, err1 == nil && err2 == nil
}

// placeCoords is osmand._marker_matches_location's lookup: a known place name, else
// the two numbers in the text.
func placeCoords(s string) ([2]float64, bool) {
	if c, ok := osmandPlaces[s]; ok {
		return c, true
	}
	return parseCoords(s)
}

func near(a, b [2]float64) bool {
	return math.Abs(a[0]-b[0]) < osmandDelta && math.Abs(a[1]-b[1]) < osmandDelta
}

// GPX is the part of a GPX 1.1 file the checks read. Like AndroidWorld's ElementTree
// lookups ('gpx:wpt' with gpx = the GPX 1.1 namespace), elements outside that
// namespace are not seen.
type GPX struct {
	Waypoints []struct {
		Lat  float64 `xml:"lat,attr"`
		Lon  float64 `xml:"lon,attr"`
		Name string  `xml:"http://www.topografix.com/GPX/1/1 name"`
	} `xml:"http://www.topografix.com/GPX/1/1 wpt"`
	Tracks []struct {
		Segments []struct {
			Points []struct {
				Lat float64 `xml:"lat,attr"`
				Lon float64 `xml:"lon,attr"`
			} `xml:"http://www.topografix.com/GPX/1/1 trkpt"`
		} `xml:"http://www.topografix.com/GPX/1/1 trkseg"`
	} `xml:"http://www.topografix.com/GPX/1/1 trk"`
}

// ParseGPX decodes a GPX document; src names it in errors.
func ParseGPX(data []byte, src string) (*GPX, error) {
	var g GPX
	if err := xml.Unmarshal(data, &g); err != nil {
		return nil, fmt.Errorf("%s: not a GPX file: %v", src, err)
	}
	return &g, nil
}

func init() {
	const app = "OsmAnd"
	register(&Family{Name: "OsmAndFavorite", App: app, Params: []string{"location"},
		Checks: "favorites.gpx: a waypoint whose name contains the location, or within 0.001° of its coordinates",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			loc, err := p.String("location")
			if err != nil {
				return nil, err
			}
			part := Part{Name: fmt.Sprintf("favorite for %q", loc)}
			data, ok, err := PullFile(ctx, dev, OsmAndFavorites)
			if err != nil {
				return nil, err
			}
			if !ok {
				part.Detail = OsmAndFavorites + " does not exist"
				return allOf("OsmAndFavorite", part), nil
			}
			g, err := ParseGPX(data, OsmAndFavorites)
			if err != nil {
				return nil, err
			}
			// _waypoint_matches_location: the name contains the location, or the point is
			// within 0.001° of the place's (or the text's) coordinates.
			want, haveCoords := placeCoords(loc)
			for _, w := range g.Waypoints {
				if strings.Contains(w.Name, loc) || (haveCoords && near([2]float64{w.Lat, w.Lon}, want)) {
					part.Pass, part.Detail = true, fmt.Sprintf("waypoint %q at %.5f, %.5f", w.Name, w.Lat, w.Lon)
					break
				}
			}
			if !part.Pass {
				part.Detail = fmt.Sprintf("none of %d favorites match", len(g.Waypoints))
			}
			return allOf("OsmAndFavorite", part), nil
		}})
	register(&Family{Name: "OsmAndMarker", App: app, Params: []string{"location"},
		Checks: "map_markers_db map_markers: a marker within 0.001° of the location (a known place or coordinates)",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			loc, err := p.String("location")
			if err != nil {
				return nil, err
			}
			want, ok := placeCoords(loc)
			if !ok {
				return nil, fmt.Errorf("parameter location %q: neither coordinates nor a known place", loc)
			}
			rows, err := ReadTable(ctx, dev, OsmAndMarkersDB, "map_markers")
			if err != nil {
				return nil, err
			}
			part := Part{Name: fmt.Sprintf("marker at %q", loc), Detail: fmt.Sprintf("none of %d markers within %g°", len(rows), osmandDelta)}
			for _, r := range rows {
				lat, ok1 := Num(r["marker_lat"])
				lon, ok2 := Num(r["marker_lon"])
				if ok1 && ok2 && near([2]float64{lat, lon}, want) {
					part.Pass, part.Detail = true, fmt.Sprintf("marker %s at %.5f, %.5f", Str(r["marker_id"]), lat, lon)
					break
				}
			}
			return allOf("OsmAndMarker", part), nil
		}})
	register(&Family{Name: "OsmAndTrack", App: app, Params: []string{"waypoints"},
		Checks: "a GPX file in files/tracks passes through the waypoints in order (within 0.001°)",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			// A list, not comma-separated text: place names contain commas.
			if _, isList := p["waypoints"].([]any); !isList {
				return nil, fmt.Errorf("parameter waypoints: want a JSON list of place names or coordinates")
			}
			wps, err := p.Strings("waypoints")
			if err != nil {
				return nil, err
			}
			if len(wps) < 2 {
				return nil, fmt.Errorf("parameter waypoints: want at least two")
			}
			var targets [][2]float64
			for _, w := range wps {
				c, ok := placeCoords(w)
				if !ok {
					return nil, fmt.Errorf("parameter waypoints: %q is neither coordinates nor a known place", w)
				}
				targets = append(targets, c)
			}
			dir := OsmAndFiles + "/tracks"
			entries, err := ListDir(ctx, dev, dir)
			if err != nil {
				return nil, err
			}
			part := Part{Name: "a track through " + quoteList(wps) + " in order", Detail: fmt.Sprintf("no matching track among %d files", len(entries))}
			for _, e := range entries {
				if e.Dir {
					continue
				}
				full := path.Join(dir, e.Name)
				data, ok, err := PullFile(ctx, dev, full)
				if err != nil {
					return nil, err
				}
				if !ok {
					continue
				}
				g, err := ParseGPX(data, full)
				if err != nil {
					return nil, err
				}
				if trackPasses(g, targets) {
					part.Pass, part.Detail = true, "track "+e.Name
					break
				}
			}
			return allOf("OsmAndTrack", part), nil
		}})
}

// trackPasses reports whether the track points visit every target in order.
func trackPasses(g *GPX, targets [][2]float64) bool {
	i := 0
	for _, t := range g.Tracks {
		for _, s := range t.Segments {
			for _, pt := range s.Points {
				if i < len(targets) && near([2]float64{pt.Lat, pt.Lon}, targets[i]) {
					i++
				}
			}
		}
	}
	return i == len(targets)
}
