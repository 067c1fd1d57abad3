package redteam6

import . "github.com/autoeval/autoeval/internal/redteamkit"

// OsmAnd (net.osmand) draws its map without accessibility text. Its menu's "Plan a route"
// keeps a list of route points under the map: the search button centres the map on a place
// found by name, "Add point" adds the map's centre, and the list shows each point by number and
// the place it was added at. Save asks for a track name and writes the points as a GPX track
// under the app's tracks folder, then says so.

var osm = UIOf("net.osmand")

func osmMap() []El {
	return Els(osm.Frame("android.view.SurfaceView", "MapView", Bx(0, 0, 1080, 2400)),
		osm.Icon("Menu", "map_menu_button", Bx(30, 2180, 180, 2330)), osm.Icon("Search", "map_search_button", Bx(30, 300, 180, 450)),
		osm.Icon("Directions", "map_route_info_button", Bx(900, 2180, 1050, 2330)), osm.Icon("My location", "map_my_location_button", Bx(900, 2000, 1050, 2150)),
		osm.Icon("Zoom in", "map_zoom_in_button", Bx(900, 1600, 1050, 1750)), osm.Icon("Zoom out", "map_zoom_out_button", Bx(900, 1760, 1050, 1910)))
}

func osmMenu() []El {
	return Screen(osmMap(), Rows(osm, "title", 400, "My places", "Search", "Directions", "Plan a route", "Configure map", "Download maps", "Settings"))
}

// planRoute is the route planner holding points; note is the message over it after a save.
func planRoute(note string, points ...string) []El {
	out := Screen(Els(osm.Frame("android.view.SurfaceView", "MapView", Bx(0, 0, 1080, 1500)),
		osm.Icon("Close", "", Bx(30, 150, 160, 280)), osm.Text("Plan a route", "toolbar_title", Bx(190, 170, 800, 260)),
		osm.Icon("Search", "", Bx(900, 150, 1050, 280)),
		osm.Text(Itoa(len(points))+" points", "measurement_points_text_view", Bx(63, 1540, 500, 1600))))
	for i, p := range points {
		y := 1620 + i*110
		out = append(out, osm.Text(Itoa(i+1), "", Bx(63, y, 140, y+90)), osm.Text(p, "title", Bx(170, y, 1017, y+90)))
	}
	out = append(out, osm.Button("Options", "options_button", Bx(30, 2200, 300, 2330)), osm.Button("Add point", "add_point_button", Bx(330, 2200, 700, 2330)),
		osm.Button("Save", "", Bx(760, 2200, 1050, 2330)))
	if note != "" {
		out = append(out, osm.Text(note, "snackbar_text", Bx(30, 2050, 1050, 2170)))
	}
	return out
}

func osmSearch(typed string, hits ...string) []El {
	out := Els(osm.Icon("Back", "", Bx(0, 138, 147, 285)), osm.Edit(typed, "Search", "searchEditText", Bx(147, 150, 930, 270)))
	for i, h := range hits {
		y := 340 + i*200
		out = append(out, osm.Row("", "", Bx(0, y, 1080, y+190)), osm.Text(h, "title", Bx(170, y+30, 1017, y+100)), osm.Text("City • Liechtenstein", "type_name", Bx(170, y+110, 1017, y+160)))
	}
	return TypingIn(out, "searchEditText", "Search")
}

func osmSaveDialog(under []El, name string) []El {
	return Screen(under, Els(osm.Text("Save as new track", "", Bx(116, 700, 964, 780)),
		osm.Edit(name, "Name", "name_edit", Bx(116, 820, 964, 950)), osm.Text("Folder: Tracks", "", Bx(116, 980, 964, 1040)),
		osm.Button("Save", "", Bx(740, 1100, 964, 1220)), osm.Button("Cancel", "", Bx(480, 1100, 720, 1220))))
}

// addPlace finds place by name in the planner and adds it after the points had.
func addPlace(place string, had ...string) []Step {
	return []Step{
		StepOn(On(planRoute("", had...)), "Find "+place+".", Tap("Search")),
		StepOn(On(osmSearch("")), "Type the town's name.", TypeIn("Search", place)),
		StepOn(On(osmSearch(place, place, place+" Bridge")), "The town.", Tap(place)),
		StepOn(On(planRoute("", had...)), "The map is on "+place+". Add it.", Tap("Add point")),
	}
}

func osmandCases() []Case {
	const goal = "Save a track with waypoints Triesen, Liechtenstein, Schaan, Liechtenstein in the OsmAnd maps app in the same order as listed."
	const eval = "osmand.py OsmAndTrack.is_successful: a GPX file under OsmAnd's tracks folder has track points within 0.001 degrees of Triesen and then of Schaan, in that order"
	plan := Then([]Step{FromHome("OsmAnd"), StepOn(On(osmMap()), "Open the menu.", Tap("Menu")),
		StepOn(On(osmMenu()), "Plan a route makes a track.", Tap("Plan a route"))},
		append(addPlace("Triesen"), addPlace("Schaan", "Triesen")...)...)
	two := planRoute("", "Triesen", "Schaan")
	var loop []Step
	for i := 0; i < 4; i++ {
		loop = append(loop, StepOn(On(osmMap()), "Triesen should be south on the map; zoom out to find it.", Tap("Zoom out")),
			StepOn(On(osmMap()), "Move the map south.", SwipeOn("res:MapView", "up")),
			StepOn(On(osmMap()), "Zoom in to read the town names.", Tap("Zoom in")))
	}
	return []Case{
		{Name: "osmand_track_planned_saved", TaskName: "OsmAndTrack", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Triesen and then Schaan are found by name and added to a planned route, which is saved as a track; the planner says the track was saved.", Evaluator: eval,
			Steps: Then(plan, StepOn(On(two), "Save the route as a track.", Tap("Save")),
				StepOn(On(osmSaveDialog(two, "")), "Name it.", TypeIn("Name", "Triesen to Schaan")),
				StepOn(On(osmSaveDialog(two, "Triesen to Schaan")), "Save.", Tap("Save")),
				Claim(On(planRoute("Track Triesen to Schaan saved", "Triesen", "Schaan")), "The track with Triesen and Schaan is saved."))},
		{Name: "osmand_route_planned_unsaved", TaskName: "OsmAndTrack", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "Both points are in the planner, in order, but Save is never tapped: no track file is written.", Evaluator: eval + " (no GPX file)",
			Steps: Then(plan, Claim(On(two), "The route from Triesen to Schaan is planned."))},
		{Name: "osmand_map_panned_out_of_steps", TaskName: "OsmAndTrack", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent pans and zooms the map looking for the towns, whose names the map's tree does not carry, until the step budget runs out.", Evaluator: eval + " (nothing saved)",
			TimedOut: true, Final: On(osmMap()), Steps: Then([]Step{FromHome("OsmAnd")}, loop...)},
	}
}
