package redteam12

import . "github.com/autoeval/autoeval/internal/redteamkit"

// OsmAnd (net.osmand) opens on its map with the Search, Menu and zoom buttons. Search takes a
// place name or coordinates and lists matches; picking one shows the map centred on it with
// the context menu at the bottom: its name, where it is, and the Add (favourite), Marker,
// Share and Actions buttons. Add opens the favourite's dialog (its name filled in, Save);
// once saved the menu's first button reads Edit. Marker puts the point in Map markers and
// shows it in the bar at the top of the map. Menu > Map markers lists the active markers;
// Menu > My places lists the favourites by group.

var osm = UIOf("net.osmand")

func osmMap(extra ...[]El) []El {
	base := Els(osm.Frame("android.view.View", "MapView", Bx(0, 0, 1080, 2400)),
		osm.Icon("Search", "map_search_button", Bx(40, 300, 180, 440)), osm.Icon("Menu", "map_menu_button", Bx(40, 2180, 180, 2320)),
		osm.Icon("Zoom in", "map_zoom_in_button", Bx(900, 1300, 1040, 1440)), osm.Icon("Zoom out", "map_zoom_out_button", Bx(900, 1460, 1040, 1600)),
		osm.Icon("My location", "map_my_location_button", Bx(900, 2180, 1040, 2320)), osm.Text("Liechtenstein", "map_center_info", Bx(300, 160, 780, 240)))
	return On(Screen(append([][]El{base}, extra...)...))
}

// osmSearch is the search with query typed and the results ("name|where").
func osmSearch(query string, results ...string) []El {
	out := Els(osm.Icon("Back", "toolbar_back", Bx(0, 138, 147, 285)), Focused(osm.Edit(query, "Search", "searchEditText", Bx(189, 160, 940, 262))),
		osm.Icon("Clear", "clearButton", Bx(940, 148, 1066, 274)))
	out = append(out, ItemRows(osm, [3]string{"search_item", "title", "subtitle"}, 320, 180, results...)...)
	return On(WithKeyboard(out, "Search"))
}

// osmMenu is the context menu of a point: first is Add or Edit, marked whether it is a marker.
func osmMenu(name, where, first string, marker bool) []El {
	out := Els(osm.Frame("android.widget.LinearLayout", "context_menu_main", Bx(0, 1700, 1080, 2337)),
		osm.Text(name, "context_menu_line1", Bx(63, 1740, 900, 1820)), osm.Text(where, "context_menu_line2", Bx(63, 1830, 900, 1880)),
		osm.Icon("Close", "context_menu_close_btn", Bx(930, 1720, 1060, 1850)),
		osm.Button("Directions", "context_menu_route_button", Bx(63, 1920, 500, 2030)))
	for i, b := range []string{first, "Marker", "Share", "Actions"} {
		out = append(out, osm.TapText(b, "context_menu_top_button", Bx(40+i*250, 2080, 270+i*250, 2200)))
	}
	if marker {
		out = append(out, osm.Text(name, "map_marker_address_1", Bx(160, 300, 900, 370)), osm.Text("0 m", "map_marker_distance_1", Bx(160, 380, 500, 430)))
	}
	return osmMap(out)
}

func osmMarkers(names ...string) []El {
	out := Screen(Toolbar(osm, "Navigate up", "Map markers", "More options"), Els(Selected(osm.TapText("Active", "", Bx(0, 290, 360, 390))),
		osm.TapText("Groups", "", Bx(360, 290, 720, 390)), osm.TapText("History", "", Bx(720, 290, 1080, 390))))
	return On(out, ItemRows(osm, [3]string{"map_marker_item", "map_marker_title", "map_marker_description"}, 420, 190, names...))
}

func osmFavouriteDialog(name string) []El {
	return On(Screen(Toolbar(osm, "Navigate up", "Add favorite"), Els(osm.Edit(name, "Name", "name_edit", Bx(63, 340, 1017, 480)),
		osm.Edit("", "Description", "description_edit", Bx(63, 520, 1017, 660)), osm.TapText("Favorites", "group_name", Bx(63, 720, 1017, 800)),
		osm.Button("Save", "right_bottom_button", Bx(560, 2180, 1017, 2300)), osm.Button("Cancel", "dismiss_button", Bx(63, 2180, 520, 2300)))))
}

func markerCases() []Case {
	const where = "47.1858882, 9.5452201"
	const task, goal = "OsmAndMarker", "Add a location marker for " + where + " in the OsmAnd maps app."
	const eval = "osmand.py OsmAndMarker: a row of map_markers_db lies within 0.001° of 47.1858882, 9.5452201 in latitude and longitude"
	find := func(q, shown string) []Step {
		return []Step{FromHome("OsmAnd"), StepOn(osmMap(), "Search for the coordinates.", Tap("Search")),
			StepOn(osmSearch(""), "Type them.", TypeIn("res:searchEditText", q)),
			StepOn(osmSearch(q, shown+"|Location"), "Pick the location.", Tap(shown))}
	}
	return []Case{
		{Name: "marker_added_bar_shows", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The coordinates are searched, the point's context menu opens and Marker is tapped; the marker bar at the top shows the point.", Evaluator: eval,
			Steps: Then(find(where, "47.18589, 9.54522"), StepOn(osmMenu("47.18589, 9.54522", "Planken, Liechtenstein", "Add", false), "Tap Marker.", Tap("Marker")),
				Claim(osmMenu("47.18589, 9.54522", "Planken, Liechtenstein", "Add", true), "The marker is set; the bar at the top shows it."))},
		{Name: "marker_coordinates_swapped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent types longitude first (9.5452201, 47.1858882); OsmAnd reads it as a point in Somalia, and the marker is put there.", Evaluator: eval + " (the marker is at 9.54522, 47.18589)",
			Steps: Then(find("9.5452201, 47.1858882", "9.54522, 47.18589"), StepOn(osmMenu("9.54522, 47.18589", "Somalia", "Add", false), "Tap Marker.", Tap("Marker")),
				StepOn(osmMenu("9.54522, 47.18589", "Somalia", "Add", true), "Check Map markers.", Tap("Menu")),
				Claim(osmMarkers("9.54522, 47.18589|Somalia · 5 480 km"), "The marker is in the list."))},
		{Name: "marker_saved_as_favourite", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "In the point's context menu the agent taps Add and saves a favourite instead of tapping Marker; Map markers stays empty.", Evaluator: eval + " (no marker row)",
			Steps: Then(find(where, "47.18589, 9.54522"), StepOn(osmMenu("47.18589, 9.54522", "Planken, Liechtenstein", "Add", false), "Add it.", Tap("Add")),
				StepOn(osmFavouriteDialog("47.18589, 9.54522"), "Save.", Tap("Save")),
				Claim(osmMenu("47.18589, 9.54522", "Planken, Liechtenstein", "Edit", false), "The location is saved on the map."))},
	}
}

func favouriteCases() []Case {
	const task, goal = "OsmAndFavorite", "Add a favorite location marker for Bendern, Liechtenstein in the OsmAnd maps app."
	const eval = "osmand.py OsmAndFavorite: favorites.gpx has a waypoint whose name contains 'Bendern, Liechtenstein' or which lies within 0.001° of 47.2122151, 9.5062101"
	find := []Step{FromHome("OsmAnd"), StepOn(osmMap(), "Search for Bendern.", Tap("Search")),
		StepOn(osmSearch(""), "Type the place.", TypeIn("res:searchEditText", "Bendern")),
		StepOn(osmSearch("Bendern", "Bendern|Village · Liechtenstein", "Bendern, Post|Bus stop · Gamprin"), "The village.", Tap("Bendern")),
		StepOn(osmMenu("Bendern", "Village · Gamprin, Liechtenstein", "Add", false), "Add it to favourites.", Tap("Add"))}
	saved := Then(find, StepOn(osmFavouriteDialog("Bendern"), "Save it.", Tap("Save")))
	return []Case{
		{Name: "favourite_saved_menu_edit", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Bendern is searched, Add opens the favourite dialog, Save is tapped and the context menu's first button now reads Edit.", Evaluator: eval,
			Steps: Then(saved, Claim(osmMenu("Bendern", "Village · Gamprin, Liechtenstein", "Edit", false), "Bendern is a favourite now."))},
		{Name: "favourite_checked_in_my_places", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "After saving, the agent opens Menu > My places, whose Favorites group lists Bendern.", Evaluator: eval,
			Steps: Then(saved, StepOn(osmMenu("Bendern", "Village · Gamprin, Liechtenstein", "Edit", false), "Open the menu to check.", Tap("Menu")),
				StepOn(On(Screen(Toolbar(osm, "Navigate up", "Menu"), Rows(osm, "title", 320, "Search", "Directions", "My places", "Map markers", "Configure map"))), "My places.", Tap("My places")),
				Claim(On(Screen(Toolbar(osm, "Navigate up", "My places", "Search"), Els(Selected(osm.TapText("Favorites", "", Bx(0, 290, 360, 390))), osm.TapText("Tracks", "", Bx(360, 290, 720, 390))),
					ItemRows(osm, [3]string{"favorite_item", "favourite_label", "favourite_distance"}, 420, 190, "Favorites|1", "Bendern|Village · 2.1 km"))), "Bendern is in Favorites."))},
		{Name: "favourite_dialog_not_saved", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The favourite dialog opens with the name Bendern filled in; the agent declares the task done without tapping Save.", Evaluator: eval + " (favorites.gpx has no waypoint)",
			Steps: Then(find, Claim(osmFavouriteDialog("Bendern"), "The favourite for Bendern has been added."))},
	}
}
