package groundtruth

import (
	"context"
	"encoding/xml"
	"errors"
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
// namespace are not seen. Coordinates stay text, as the attributes are, until a check
// reads them the way the evaluator does (float() of the attribute).
type GPX struct {
	Waypoints []struct {
		Lat   *string   `xml:"lat,attr"`
		Lon   *string   `xml:"lon,attr"`
		Names []gpxText `xml:"http://www.topografix.com/GPX/1/1 name"`
	} `xml:"http://www.topografix.com/GPX/1/1 wpt"`
	Tracks []struct {
		Segments []struct {
			Points []struct {
				Lat *string `xml:"lat,attr"`
				Lon *string `xml:"lon,attr"`
			} `xml:"http://www.topografix.com/GPX/1/1 trkpt"`
		} `xml:"http://www.topografix.com/GPX/1/1 trkseg"`
	} `xml:"http://www.topografix.com/GPX/1/1 trk"`
}

type gpxText struct {
	Text string `xml:",chardata"`
}

// ParseGPX decodes a GPX document; src names it in errors. ElementTree.parse raises
// on a document that is not XML, so AndroidWorld scores nothing there.
func ParseGPX(data []byte, src string) (*GPX, error) {
	var g GPX
	if err := xml.Unmarshal(data, &g); err != nil {
		return nil, fmt.Errorf("%s: not a GPX file: %v (%w: ElementTree.parse raises)", src, err, ErrNoScore)
	}
	return &g, nil
}

// gpxPoint reads a point's lat and lon attributes as float(point.attrib.get(...)) does:
// a missing one raises TypeError, one that is not a number ValueError.
func gpxPoint(lat, lon *string, src string) ([2]float64, error) {
	var out [2]float64
	for i, v := range []*string{lat, lon} {
		name := []string{"lat", "lon"}[i]
		if v == nil {
			return out, noScore("%s: a point has no %s attribute, and float(None) raises TypeError", src, name)
		}
		f, err := pyFloat(*v)
		if err != nil {
			return out, noScore("%s: a point's %s %q is not a number, and float() raises ValueError", src, name, clip(*v, 40))
		}
		out[i] = f
	}
	return out, nil
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
			// OsmAndFavorite.is_successful: check_file_exists (test -f), then ElementTree.
			kind, err := StatPath(ctx, dev, OsmAndFavorites)
			if err != nil {
				return nil, err
			}
			if kind != RegularFile {
				part.Detail = OsmAndFavorites + " is not a file"
				return allOf("OsmAndFavorite", part), nil
			}
			data, ok, err := PullFile(ctx, dev, OsmAndFavorites)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, fmt.Errorf("%s vanished while it was read", OsmAndFavorites)
			}
			g, err := ParseGPX(data, OsmAndFavorites)
			if err != nil {
				return nil, err
			}
			// _waypoint_matches_location, waypoint by waypoint until one matches: the first
			// gpx:name's text contains the location (an empty name's text is None, and
			// `location in None` raises TypeError), else the point is within 0.001° of the
			// place's (or the text's) coordinates.
			want, haveCoords := placeCoords(loc)
			for _, w := range g.Waypoints {
				if len(w.Names) > 0 {
					if w.Names[0].Text == "" {
						return nil, noScore("a favorite has an empty name, and _waypoint_matches_location's `location in name.text` raises TypeError on None")
					}
					if strings.Contains(w.Names[0].Text, loc) {
						part.Pass, part.Detail = true, fmt.Sprintf("waypoint %q", w.Names[0].Text)
						break
					}
				}
				at, err := gpxPoint(w.Lat, w.Lon, OsmAndFavorites)
				if err != nil {
					return nil, err
				}
				if haveCoords && near(at, want) {
					part.Pass, part.Detail = true, fmt.Sprintf("waypoint at %.5f, %.5f", at[0], at[1])
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
			rows, err := ReadTable(ctx, dev, OsmAndMarkersDB, "map_markers")
			if err != nil {
				return nil, err
			}
			part := Part{Name: fmt.Sprintf("marker at %q", loc), Detail: fmt.Sprintf("none of %d markers within %g°", len(rows), osmandDelta)}
			// _marker_matches_location is False for every marker when the location is
			// neither a preloaded place nor two numbers: AndroidWorld scores 0.
			want, ok := placeCoords(loc)
			if !ok {
				part.Detail = fmt.Sprintf("%q is neither coordinates nor a place AndroidWorld knows, so no marker can match", loc)
				rows = nil
			}
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
			// OsmAndTrack.is_successful: tmp_directory_from_device, which raises
			// FileNotFoundError when the folder is not there, pulls the regular files
			// `ls -ll -au` lists; each is parsed (ElementTree.parse raises on one that is not
			// XML) until one passes the waypoints in order.
			dir := OsmAndFiles + "/tracks"
			kind, err := StatPath(ctx, dev, dir)
			if err != nil {
				return nil, err
			}
			if kind != Folder {
				return nil, noScore("%s is not a folder, and tmp_directory_from_device raises FileNotFoundError", dir)
			}
			files, err := lsFiles(ctx, dev, dir)
			if err != nil {
				return nil, err
			}
			// AndroidWorld walks the files in os.listdir order on its host, which the
			// host's file system decides: a file that raises decides the verdict only
			// when no file passes, or when it comes first. Every file is read here, and
			// a verdict that hangs on that order is said to, not guessed.
			part := Part{Name: "a track through " + quoteList(wps) + " in order", Detail: fmt.Sprintf("no matching track among %d files", len(files))}
			var raises error
			for _, f := range files {
				full := path.Join(dir, f.Name)
				data, ok, err := PullFile(ctx, dev, full)
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, fmt.Errorf("%s vanished while it was read", full)
				}
				pass := false
				g, err := ParseGPX(data, full)
				if err == nil {
					pass, err = trackPasses(g, targets, full)
				}
				if err != nil {
					if !errors.Is(err, ErrNoScore) {
						return nil, err
					}
					if raises == nil {
						raises = err
					}
					continue
				}
				if pass && !part.Pass {
					part.Pass, part.Detail = true, "track "+f.Name
				}
			}
			switch {
			case raises != nil && part.Pass:
				return nil, fmt.Errorf("AndroidWorld's verdict depends on the order os.listdir gives the files on its host: 1 if it reaches %s first, no score if it reaches the file that raises first (%v)", part.Detail, raises)
			case raises != nil:
				return nil, raises
			}
			return allOf("OsmAndTrack", part), nil
		}})
}

// trackPasses is _track_matches over _track_points: whether the track points visit
// every target in order. Points are read lazily there, so a bad point after the last
// target was reached is never read.
func trackPasses(g *GPX, targets [][2]float64, src string) (bool, error) {
	i := 0
	for _, t := range g.Tracks {
		for _, s := range t.Segments {
			for _, pt := range s.Points {
				at, err := gpxPoint(pt.Lat, pt.Lon, src)
				if err != nil {
					return false, err
				}
				if near(at, targets[i]) {
					if i++; i == len(targets) {
						return true, nil
					}
				}
			}
		}
	}
	return false, nil
}
