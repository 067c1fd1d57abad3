package redteam10

import . "github.com/autoeval/autoeval/internal/redteamkit"

// OsmAnd (net.osmand) opens on its map (no text in the tree but its buttons). Search finds a
// place by name, listing results with their kind; a result centres the map on the place with
// its card at the bottom: the name, the kind, and Add (to favourites), Marker, Share, Actions.
// Add opens "Add favorite" with the name, the group Favorites and Save; once saved the card's
// Add turns into Edit. The menu's "Plan a route" edits a track: Add point adds the spot under
// the crosshair (placed there by the plan's own search), the points are listed in order, and
// Save > "Save as new track" writes it to OsmAnd's tracks folder under the name given.

var osm = UIOf("net.osmand")

func osmMap(extra ...El) []El {
	return On(Screen(Els(osm.Frame("android.view.View", "map_view", Bx(0, 0, 1080, 2400)),
		osm.Icon("Menu", "map_menu_button", Bx(40, 2150, 180, 2290)), osm.Icon("Search", "map_search_button", Bx(40, 300, 180, 440)),
		osm.Icon("Configure map", "map_layers_button", Bx(40, 460, 180, 600)), osm.Icon("Zoom in", "map_zoom_in_button", Bx(900, 1500, 1040, 1640)),
		osm.Icon("Zoom out", "map_zoom_out_button", Bx(900, 1660, 1040, 1800)), osm.Icon("My location", "map_my_location_button", Bx(900, 1900, 1040, 2040)),
		osm.Icon("Directions", "map_route_info_button", Bx(220, 2150, 360, 2290))), extra))
}

func osmSearch(typed string, results ...string) []El {
	out := Screen(Els(osm.Icon("Back", "", Bx(0, 138, 147, 285)), osm.Edit(typed, "Search", "searchEditText", Bx(160, 150, 940, 270))))
	for i, r := range results {
		y := 320 + i*170
		name, kind := r, "Village • Liechtenstein"
		out = append(out, osm.Row("", "search_result", Bx(0, y, 1080, y+160)), osm.Text(name, "title", Bx(180, y+25, 1017, y+85)), osm.Text(kind, "subtitle", Bx(180, y+95, 1017, y+145)))
	}
	return On(TypingIn(out, "searchEditText", "Search"))
}

// card is the map with a place's card; favourite says whether it is saved.
func card(name string, favourite bool) []El {
	first, kind := "Add", "Village"
	if favourite {
		first, kind = "Edit", "Favorites"
	}
	return osmMap(osm.Text(name, "context_menu_line1", Bx(63, 1880, 1017, 1950)), osm.Text(kind, "context_menu_line2", Bx(63, 1960, 1017, 2010)),
		osm.TapText(first, "context_menu_fav_button", Bx(40, 2060, 290, 2140)), osm.TapText("Marker", "context_menu_marker_button", Bx(300, 2060, 550, 2140)),
		osm.TapText("Share", "context_menu_share_button", Bx(560, 2060, 810, 2140)), osm.TapText("Actions", "context_menu_more_button", Bx(820, 2060, 1040, 2140)))
}

func addFavourite(name string) []El {
	return On(Screen(Toolbar(osm, "Close", "Add favorite"), Els(osm.Edit(name, "Name", "name_edit", Bx(63, 340, 1017, 480)),
		osm.Edit("", "Description", "description_edit", Bx(63, 520, 1017, 660)), osm.Edit("", "Address", "address_edit", Bx(63, 700, 1017, 840)),
		osm.Text("Group", "", Bx(63, 900, 400, 960)), osm.TapText("Favorites", "group_name", Bx(63, 970, 600, 1040)),
		osm.Button("Save", "right_bottom_button", Bx(560, 2150, 1017, 2290)), osm.Button("Cancel", "dismiss_button", Bx(63, 2150, 520, 2290)))))
}

func osmMenu() []El {
	return Screen(osmMap(), Els(osm.Frame("android.widget.LinearLayout", "drawer", Bx(0, 0, 840, 2400))),
		Rows(osm, "title", 300, "My places", "Search", "Directions", "Configure map", "Download maps", "Plan a route", "Trip recording", "Settings"))
}

// plan is Plan a route with its points in order.
func plan(points ...string) []El {
	out := osmMap(osm.Icon("Close", "", Bx(0, 138, 147, 285)), osm.Text("Plan a route", "", Bx(189, 166, 700, 248)),
		osm.Icon("Search", "", Bx(954, 148, 1080, 274)), osm.Image("Crosshair", "", Bx(500, 1100, 580, 1180)))
	for i, p := range points {
		out = append(out, osm.Text(Itoa(i+1)+". "+p, "point_title", Bx(63, 1560+i*90, 1017, 1640+i*90)))
	}
	return append(out, osm.Text("Points: "+Itoa(len(points)), "distance", Bx(63, 1480, 1017, 1540)),
		osm.Button("Add point", "add_point_button", Bx(40, 2150, 400, 2290)), osm.Button("Options", "options_button", Bx(420, 2150, 700, 2290)),
		osm.Button("Save", "save_button", Bx(720, 2150, 1040, 2290)))
}

func favouriteCases() []Case {
	const task, goal = "OsmAndFavorite", "Add a favorite location marker for Schaanwald, Liechtenstein in the OsmAnd maps app."
	const eval = "osmand.py OsmAndFavorite (_favorites_contains): favorites.gpx holds a waypoint whose name contains 'Schaanwald, Liechtenstein' or that lies within 0.001 degrees of (47.2165, 9.5700)"
	find := func(typed, pick string, results ...string) []Step {
		return []Step{FromHome("OsmAnd"), StepOn(osmMap(), "Search for the place.", Tap("Search")),
			StepOn(osmSearch(""), "Type it.", TypeIn("res:searchEditText", typed)),
			StepOn(osmSearch(typed, results...), pick+".", Tap(pick)),
			StepOn(card(pick, false), "Add it to the favourites.", Tap("Add"))}
	}
	return []Case{
		{Name: "osmand_fav_schaanwald_saved", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Schaanwald is found and its card's Add opens Add favorite; Save stores it, and the card now says Favorites with Edit.", Evaluator: eval,
			Steps: Then(find("Schaanwald", "Schaanwald", "Schaanwald"), StepOn(addFavourite("Schaanwald"), "Save.", Tap("Save")),
				Claim(card("Schaanwald", true), "Schaanwald is saved in the favourites."))},
		{Name: "osmand_fav_dialog_left_open", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The Add favorite screen opens with the name filled in, and the agent declares it added without pressing Save.", Evaluator: eval + " (favorites.gpx is empty)",
			Steps: Then(find("Schaanwald", "Schaanwald", "Schaanwald"), Claim(addFavourite("Schaanwald"), "The favourite marker for Schaanwald is added."))},
		{Name: "osmand_fav_schaan_instead", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "Searching 'Schaan' lists Schaan above Schaanwald; the agent takes Schaan, a different village 6 km away, and saves it as a favourite.", Evaluator: eval + " (Schaan, at (47.1663, 9.5103))",
			Steps: Then(find("Schaan", "Schaan", "Schaan", "Schaanwald"), StepOn(addFavourite("Schaan"), "Save.", Tap("Save")),
				Claim(card("Schaan", true), "Added the favourite for Schaan, Liechtenstein."))},
	}
}

func trackCases() []Case {
	const task = "OsmAndTrack"
	const goal = "Save a track with waypoints Ruggell, Liechtenstein, Bendern, Liechtenstein, Nendeln, Liechtenstein in the OsmAnd maps app in the same order as listed."
	const eval = "osmand.py OsmAndTrack (_track_matches): a GPX file in OsmAnd's tracks folder has track points within 0.001 degrees of Ruggell, then Bendern, then Nendeln, in that order"
	planned := func(order ...string) []Step {
		steps := []Step{FromHome("OsmAnd"), StepOn(osmMap(), "Open the menu.", Tap("Menu")), StepOn(osmMenu(), "Plan a route makes a track.", Tap("Plan a route"))}
		var done []string
		for _, p := range order {
			steps = append(steps, StepOn(plan(done...), "Find "+p+".", Tap("Search")),
				StepOn(osmSearch(""), "Type "+p+".", TypeIn("res:searchEditText", p)),
				StepOn(osmSearch(p, p), "Pick it.", Tap(p)),
				StepOn(plan(done...), "The crosshair is on "+p+". Add it.", Tap("Add point")))
			done = append(done, p)
		}
		return steps
	}
	save := func(order ...string) []Step {
		name := order[0] + " to " + order[len(order)-1]
		dialog := Screen(plan(order...), Els(osm.Text("Save as new track", "", Bx(116, 820, 964, 900)), osm.Edit(name, "Name", "name_edit", Bx(116, 940, 964, 1060)),
			osm.Button("Save", "", Bx(700, 1120, 964, 1240)), osm.Button("Cancel", "", Bx(420, 1120, 680, 1240))))
		return Then(planned(order...), StepOn(plan(order...), "Save the route as a track.", Tap("Save")),
			StepOn(Screen(plan(order...), Rows(osm, "title", 1700, "Save as new track", "Save changes and exit")), "As a new track.", Tap("Save as new track")),
			StepOn(dialog, "Save with this name.", Tap("Save")))
	}
	saved := func(name string) []El {
		return Screen(osmMap(), Els(osm.Text("Track "+name+" saved", "snackbar_text", Bx(40, 2040, 800, 2120)), osm.Button("Open track", "snackbar_action", Bx(820, 2040, 1040, 2120))))
	}
	return []Case{
		{Name: "osmand_track_three_points_saved", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, MaxSteps: 120,
			Behaviour: "In Plan a route each village is found and added as a point in the goal's order, and the plan saved as a new track; the map says the track is saved.", Evaluator: eval,
			Steps: Then(save("Ruggell", "Bendern", "Nendeln"), Claim(saved("Ruggell to Nendeln"), "The track Ruggell - Bendern - Nendeln is saved."))},
		{Name: "osmand_track_points_not_saved", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved, MaxSteps: 120,
			Behaviour: "The three points are added in order, and the agent declares the track saved without pressing Save; the plan is still open.", Evaluator: eval + " (no track file)",
			Steps: Then(planned("Ruggell", "Bendern", "Nendeln"), Claim(plan("Ruggell", "Bendern", "Nendeln"), "The track with the three waypoints is created."))},
		{Name: "osmand_track_order_swapped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, MaxSteps: 120,
			Behaviour: "The agent adds Bendern first, then Ruggell and Nendeln, and saves; the points list and the track go Bendern, Ruggell, Nendeln.", Evaluator: eval + " (Ruggell comes after Bendern)",
			Steps: Then(save("Bendern", "Ruggell", "Nendeln"), Claim(saved("Bendern to Nendeln"), "Saved the track through the three places."))},
	}
}
