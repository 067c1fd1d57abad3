package groundtruth

import (
	"fmt"
	"testing"
)

// Apps whose state is an SQLite database (Calendar, Pro Expense, Broccoli, VLC, Retro
// Music, OsmAnd's markers) or a GPX file (OsmAnd).

const sqliteValidators = "task_evals/common_validators/sqlite_validators.py"

func dbState(t *testing.T, path, schema string, stmts ...string) *fakeState {
	return newState().putBytes(path, makeDB(t, schema, stmts...))
}

func calendarCases(t *testing.T) []awCase {
	const add = sqliteValidators + " validate_rows_addition_integrity via calendar_evaluators.validate_event_addition_integrity"
	base := []string{ev(1, oct(3, 9), 30, "Team lunch", "noise"), ev(2, oct(20, 14), 60, "Board meeting", "noise")}
	with := func(extra ...string) *fakeState {
		return dbState(t, CalendarDB, schemaEvents, append(append([]string{}, base...), extra...)...)
	}
	before := with()
	p := Params{"year": 2023, "month": 10, "day": 18, "hour": 10, "duration_mins": 45,
		"event_title": "Review session for Budget Planning", "event_description": "We will discuss annual budget. Snacks will be provided."}
	good := ev(3, oct(18, 10), 45, "Review session for Budget Planning", "We will discuss annual budget. Snacks will be provided.")
	addCases := []awCase{
		{name: "added", cite: add + ": start_ts, end_ts, title, location, description, repeat fields match; nothing else changed", params: p, before: before, after: with(good), reward: 1},
		{name: "an hour late", cite: add + ": start_ts differs", params: p, before: before, after: with(ev(3, oct(18, 11), 45, "Review session for Budget Planning", "We will discuss annual budget. Snacks will be provided.")), reward: 0},
		{name: "30 minutes long", cite: add + ": end_ts differs", params: p, before: before, after: with(ev(3, oct(18, 10), 30, "Review session for Budget Planning", "We will discuss annual budget. Snacks will be provided.")), reward: 0},
		{name: "title with a typo", cite: add + ": fuzzy_match(reference title, row title) >= 0.9", params: p, before: before, after: with(ev(3, oct(18, 10), 45, "Review sesion for Budget Planning", "We will discuss annual budget. Snacks will be provided.")), reward: 1},
		{name: "another title", cite: add + ": the title does not fuzzy-match", params: p, before: before, after: with(ev(3, oct(18, 10), 45, "Budget", "We will discuss annual budget. Snacks will be provided.")), reward: 0},
		{name: "no description", cite: add + ": the description does not fuzzy-match", params: p, before: before, after: with(ev(3, oct(18, 10), 45, "Review session for Budget Planning", "")), reward: 0},
		{name: "a location", cite: add + ": location '' (the reference's) does not match a location", params: p, before: before,
			after: with(good, "UPDATE events SET location = 'Room 4' WHERE id = 3"), reward: 0},
		{name: "added twice", cite: add + ": len(after) != len(before) + 1", params: p, before: before, after: with(good, ev(4, oct(18, 10), 45, "Review session for Budget Planning", "We will discuss annual budget. Snacks will be provided.")), reward: 0},
		{name: "another event deleted", cite: add + ": a row of before is missing from after", params: p, before: before,
			after: dbState(t, CalendarDB, schemaEvents, base[1], good), reward: 0},
		{name: "another event edited", cite: add + ": a row of before was altered", params: p, before: before,
			after: with(good, "UPDATE events SET title = 'Team brunch' WHERE id = 1"), reward: 0},
		{name: "repeating", cite: add + ": repeat_interval and repeat_rule are compared (0 for a one-off event)", params: p, before: before,
			after: with(good, "UPDATE events SET repeat_interval = 86400 WHERE id = 3"), reward: 0},
	}
	cs := each([]string{"SimpleCalendarAddOneEvent"}, addCases)
	tomorrow := Params{"hour": 9, "duration_mins": 30, "event_title": "Call with HR", "event_description": "We will plan team roles."}
	cs = append(cs,
		awCase{name: "tomorrow", task: "SimpleCalendarAddOneEventTomorrow", cite: add + ": the reference starts on Oct 16", params: tomorrow, before: before,
			after: with(ev(3, oct(16, 9), 30, "Call with HR", "We will plan team roles.")), reward: 1},
		awCase{name: "the day after", task: "SimpleCalendarAddOneEventTomorrow", cite: add + ": start_ts on Oct 17 differs", params: tomorrow, before: before,
			after: with(ev(3, oct(17, 9), 30, "Call with HR", "We will plan team roles.")), reward: 0},
		awCase{name: "in two weeks", task: "SimpleCalendarAddOneEventInTwoWeeks", cite: add + ": the reference starts on Oct 29", params: tomorrow, before: before,
			after: with(ev(3, oct(29, 9), 30, "Call with HR", "We will plan team roles.")), reward: 1},
		awCase{name: "in one week", task: "SimpleCalendarAddOneEventInTwoWeeks", cite: add + ": start_ts on Oct 22 differs", params: tomorrow, before: before,
			after: with(ev(3, oct(22, 9), 30, "Call with HR", "We will plan team roles.")), reward: 0},
		awCase{name: "this Thursday", task: "SimpleCalendarAddOneEventRelativeDay", cite: add + ": this Thursday is Oct 19", params: Params{"day_of_week": "Thursday", "hour": 9, "duration_mins": 30, "event_title": "Call with HR", "event_description": "We will plan team roles."}, before: before,
			after: with(ev(3, oct(19, 9), 30, "Call with HR", "We will plan team roles.")), reward: 1},
		awCase{name: "last Thursday", task: "SimpleCalendarAddOneEventRelativeDay", cite: add + ": Oct 12 differs", params: Params{"day_of_week": "Thursday", "hour": 9, "duration_mins": 30, "event_title": "Call with HR", "event_description": "We will plan team roles."}, before: before,
			after: with(ev(3, oct(12, 9), 30, "Call with HR", "We will plan team roles.")), reward: 0},
	)
	rp := Params{"year": 2023, "month": 10, "day": 18, "hour": 10, "duration_mins": 45, "repeat_rule": "weekly",
		"event_title": "Review session for Budget Planning", "event_description": "We will discuss annual budget. Snacks will be provided."}
	cs = append(cs,
		awCase{name: "weekly on Wednesday", task: "SimpleCalendarAddRepeatingEvent", cite: "task_evals/single/calendar/calendar.py SimpleCalendarAddRepeatingEvent: repeat_interval 604800, repeat_rule 1 << (isoweekday - 1)", params: rp, before: before,
			after: with(good, "UPDATE events SET repeat_interval = 604800, repeat_rule = 4 WHERE id = 3"), reward: 1},
		awCase{name: "weekly on Monday", task: "SimpleCalendarAddRepeatingEvent", cite: add + ": repeat_rule 1 is not Wednesday's 4", params: rp, before: before,
			after: with(good, "UPDATE events SET repeat_interval = 604800, repeat_rule = 1 WHERE id = 3"), reward: 0},
		awCase{name: "daily", task: "SimpleCalendarAddRepeatingEvent", cite: add + ": repeat_interval 86400 is not weekly", params: rp, before: before,
			after: with(good, "UPDATE events SET repeat_interval = 86400, repeat_rule = 4 WHERE id = 3"), reward: 0},
	)

	const del = sqliteValidators + " validate_rows_removal_integrity via calendar_evaluators.validate_event_removal_integrity"
	dayBase := append(append([]string{}, base...), ev(3, oct(22, 9), 30, "Call with Bob", ""), ev(4, oct(22, 17), 60, "Workshop on Campaign", ""))
	dayBefore := dbState(t, CalendarDB, schemaEvents, dayBase...)
	dp := Params{"year": 2023, "month": 10, "day": 22}
	delCases := []awCase{
		{name: "day cleared", cite: del + ": the day's events gone, the rest intact", params: dp, before: dayBefore, after: dbState(t, CalendarDB, schemaEvents, base...), reward: 1},
		{name: "one left", cite: del + ": a target is still in after", params: dp, before: dayBefore, after: dbState(t, CalendarDB, schemaEvents, dayBase[:3]...), reward: 0},
		{name: "another day too", cite: del + ": a non-target row is missing", params: dp, before: dayBefore, after: dbState(t, CalendarDB, schemaEvents, base[1]), reward: 0},
		{name: "nothing on that day", cite: del + `: "row ID not present in before" raises`, params: Params{"year": 2023, "month": 10, "day": 23}, before: dayBefore, after: dayBefore.clone(), wantErr: "existed before"},
	}
	cs = append(cs, each([]string{"SimpleCalendarDeleteEvents"}, delCases)...)
	rel := Params{"day_of_week": "Sunday"} // this Sunday is Oct 22
	cs = append(cs,
		awCase{name: "this Sunday cleared", task: "SimpleCalendarDeleteEventsOnRelativeDay", cite: del + ": this Sunday is Oct 22", params: rel, before: dayBefore, after: dbState(t, CalendarDB, schemaEvents, base...), reward: 1},
		awCase{name: "this Sunday kept", task: "SimpleCalendarDeleteEventsOnRelativeDay", cite: del + ": the targets are still there", params: rel, before: dayBefore, after: dayBefore.clone(), reward: 0},
	)
	op := Params{"year": 2023, "month": 10, "day": 22, "hour": 9, "event_title": "Call with Bob"}
	cs = append(cs,
		awCase{name: "deleted", task: "SimpleCalendarDeleteOneEvent", cite: del + ": the event gone, the rest intact", params: op, before: dayBefore, after: dbState(t, CalendarDB, schemaEvents, base[0], base[1], dayBase[3]), reward: 1},
		awCase{name: "whole day deleted", task: "SimpleCalendarDeleteOneEvent", cite: del + ": another event of that day is missing", params: op, before: dayBefore, after: dbState(t, CalendarDB, schemaEvents, base...), reward: 0},
		awCase{name: "kept", task: "SimpleCalendarDeleteOneEvent", cite: del + ": the target is still in after", params: op, before: dayBefore, after: dayBefore.clone(), reward: 0},
	)
	return cs
}

func expenseCases(t *testing.T) []awCase {
	const add = sqliteValidators + " validate_rows_addition_integrity via expense.py _ExpenseAddMultiple (name, amount, category, note; name and note fuzzy)"
	base := []string{expense(1, "Groceries", 4250, 3, "Paid by card"), expense(2, "Taxi Fare", 1800, 7, "Urgent")}
	with := func(extra ...string) *fakeState {
		return dbState(t, ExpenseDB, schemaExpense, append(append([]string{}, base...), extra...)...)
	}
	before := with()
	p := Params{"expenses": []any{map[string]any{"name": "Concert Tickets", "amount": 12000, "category": 6, "note": "Want to have"}}}
	good := expense(3, "Concert Tickets", 12000, 6, "Want to have")
	addCases := []awCase{
		{name: "added", cite: add, params: p, before: before, after: with(good), reward: 1},
		{name: "name with a typo", cite: add + ": fuzzy_match(name)", params: p, before: before, after: with(expense(3, "Concert Tickts", 12000, 6, "Want to have")), reward: 1},
		{name: "a final sigma typed as σ", cite: add + ": fuzzy_match lower-cases with str.lower(), which turns the word-final Σ of ΟΔΟΣ into ς, so 'οδοσ' is 0.75 of it",
			params: Params{"expenses": []any{map[string]any{"name": "ΟΔΟΣ", "amount": 12000, "category": 6, "note": "Want to have"}}}, before: before, after: with(expense(3, "οδοσ", 12000, 6, "Want to have")), reward: 0},
		{name: "a capital İ", cite: add + ": str.lower() turns İ into i and a combining dot, so 'Izmir' is 0.83 of 'İZMİR'",
			params: Params{"expenses": []any{map[string]any{"name": "İZMİR", "amount": 12000, "category": 6, "note": "Want to have"}}}, before: before, after: with(expense(3, "Izmir", 12000, 6, "Want to have")), reward: 0},
		{name: "amount off by a cent", cite: add + ": amount differs", params: p, before: before, after: with(expense(3, "Concert Tickets", 12001, 6, "Want to have")), reward: 0},
		{name: "another category", cite: add + ": category differs", params: p, before: before, after: with(expense(3, "Concert Tickets", 12000, 5, "Want to have")), reward: 0},
		{name: "another note", cite: add + ": note does not fuzzy-match", params: p, before: before, after: with(expense(3, "Concert Tickets", 12000, 6, "Urgent")), reward: 0},
		{name: "an extra row", cite: add + ": len(after) != len(before) + 1", params: p, before: before, after: with(good, expense(4, "Coffee", 450, 3, "A need")), reward: 0},
		{name: "an old row edited", cite: add + ": a row of before was altered", params: p, before: before, after: with(good, "UPDATE expense SET amount = 4300 WHERE expense_id = 1"), reward: 0},
		{name: "rows as AndroidWorld names them", cite: add + " (params[ROW_OBJECTS])", params: Params{"row_objects": p["expenses"]}, before: before, after: with(good), reward: 1},
		{name: "the goal's text block", cite: add + " (the goal renders rows as text blocks)", before: before, after: with(good),
			params: Params{"expenses": "Expense: Concert Tickets\n amount_dollars: $120.0\n category_name: Entertainment\n note: Want to have\n"}, reward: 1},
		{name: "an empty note", cite: add + ": fuzzy_match('', '') is 1.0, so an expense without a note is added by a row without one",
			params: Params{"expenses": []any{map[string]any{"name": "Concert Tickets", "amount": 12000, "category": 6, "note": ""}}}, before: before, after: with(expense(3, "Concert Tickets", 12000, 6, "")), reward: 1},
		{name: "an empty note given one", cite: add + ": fuzzy_match('', 'Want to have') is 0",
			params: Params{"expenses": []any{map[string]any{"name": "Concert Tickets", "amount": 12000, "category": 6, "note": ""}}}, before: before, after: with(good), reward: 0},
		{name: "no expenses", cite: "parameters: AndroidWorld's reference rows are never empty; an empty list would pass vacuously", params: Params{"expenses": []any{}}, before: before, after: with(good), wantErr: "empty"},
	}
	cs := each([]string{"ExpenseAddSingle", "ExpenseAddMultiple", "ExpenseAddMultipleFromGallery", "ExpenseAddMultipleFromMarkor"}, addCases)

	const del = sqliteValidators + " validate_rows_removal_integrity via expense.py _ExpenseDeleteMultiple"
	dp := Params{"expenses": "Taxi Fare"}
	delCases := []awCase{
		{name: "deleted", cite: del, params: dp, before: before, after: dbState(t, ExpenseDB, schemaExpense, base[0]), reward: 1},
		{name: "kept", cite: del + ": the target is still in after", params: dp, before: before, after: before.clone(), reward: 0},
		{name: "the other deleted too", cite: del + ": a non-target row is missing", params: dp, before: before, after: dbState(t, ExpenseDB, schemaExpense), reward: 0},
		{name: "the other edited", cite: del + ": a non-target row was altered", params: dp, before: before,
			after: dbState(t, ExpenseDB, schemaExpense, base[0], "UPDATE expense SET note = 'x' WHERE expense_id = 1"), reward: 0},
		{name: "an expense added", cite: del + ": a row not in before", params: dp, before: before, after: dbState(t, ExpenseDB, schemaExpense, base[0], good), reward: 0},
		{name: "no such expense", cite: del + `: "row ID not present in before" raises`, params: Params{"expenses": "Dinner"}, before: before, after: before.clone(), wantErr: "existed before"},
	}
	cs = append(cs, each([]string{"ExpenseDeleteSingle", "ExpenseDeleteMultiple", "ExpenseDeleteMultiple2"}, delCases)...)

	const dup = "task_evals/single/expense.py _ExpenseDeleteDuplicates.validate_deletion_integrity: removal of target1 or of target2"
	dupBefore := with(expense(3, "Groceries", 4250, 3, "Paid by card"), expense(4, "Museum Tickets", 2200, 6, "A need"), expense(5, "Museum Tickets", 2200, 6, "A need"))
	dupCases := []awCase{
		{name: "one copy deleted", cite: dup, before: dupBefore, after: with(expense(3, "Groceries", 4250, 3, "Paid by card"), expense(5, "Museum Tickets", 2200, 6, "A need")), reward: 1},
		{name: "the other copy deleted", cite: dup, before: dupBefore, after: with(expense(3, "Groceries", 4250, 3, "Paid by card"), expense(4, "Museum Tickets", 2200, 6, "A need")), reward: 1},
		{name: "both deleted", cite: dup + ": two rows removed", before: dupBefore, after: with(expense(3, "Groceries", 4250, 3, "Paid by card")), reward: 0},
		{name: "nothing deleted", cite: dup + ": the targets are still there", before: dupBefore, after: dupBefore.clone(), reward: 0},
		{name: "a noise duplicate deleted instead", cite: dup + ": the pair is the rows setup added last, not the Groceries twins", before: dupBefore,
			after: with(expense(4, "Museum Tickets", 2200, 6, "A need"), expense(5, "Museum Tickets", 2200, 6, "A need")), reward: 0},
	}
	cs = append(cs, each([]string{"ExpenseDeleteDuplicates", "ExpenseDeleteDuplicates2"}, dupCases)...)
	return cs
}

func recipeCases(t *testing.T) []awCase {
	const add = sqliteValidators + " validate_rows_addition_integrity via recipe.py _RecipeAddMultipleRecipes (title..directions fuzzy, favorite exact)"
	base := []string{recipe(1, "Avocado Toast with Egg", "10 mins", "Toast the bread, add avocado."), recipe(2, "Pasta Carbonara", "25 mins", "Boil pasta, mix eggs and bacon.")}
	with := func(extra ...string) *fakeState {
		return dbState(t, RecipeDB, schemaRecipes, append(append([]string{}, base...), extra...)...)
	}
	before := with()
	p := Params{"recipes": []any{map[string]any{"title": "Greek Salad", "description": "A quick dish", "servings": "2 servings",
		"preparationTime": "15 mins", "ingredients": "eggs, salt", "directions": "Chop vegetables, add feta."}}}
	good := recipe(3, "Greek Salad", "15 mins", "Chop vegetables, add feta.")
	addCases := []awCase{
		{name: "added", cite: add, params: p, before: before, after: with(good), reward: 1},
		{name: "other directions", cite: add + ": directions do not fuzzy-match", params: p, before: before, after: with(recipe(3, "Greek Salad", "15 mins", "Mix everything.")), reward: 0},
		{name: "other time", cite: add + ": preparationTime does not fuzzy-match", params: p, before: before, after: with(recipe(3, "Greek Salad", "1 hr", "Chop vegetables, add feta.")), reward: 0},
		{name: "a source", cite: add + ": source '' (the Recipe default) does not match a source", params: p, before: before,
			after: with(good, "UPDATE recipes SET source = 'grandma' WHERE recipeId = 3"), reward: 0},
		{name: "a favorite", cite: add + ": favorite 0 (the Recipe default) is not 1", params: p, before: before,
			after: with(good, "UPDATE recipes SET favorite = 1 WHERE recipeId = 3"), reward: 0},
		{name: "added twice", cite: add + ": len(after) != len(before) + 1", params: p, before: before, after: with(good, recipe(4, "Greek Salad", "15 mins", "Chop vegetables, add feta.")), reward: 0},
		{name: "another deleted", cite: add + ": a row of before is missing", params: p, before: before, after: dbState(t, RecipeDB, schemaRecipes, base[0], good), reward: 0},
	}
	cs := each([]string{"RecipeAddSingleRecipe", "RecipeAddMultipleRecipes", "RecipeAddMultipleRecipesFromImage", "RecipeAddMultipleRecipesFromMarkor", "RecipeAddMultipleRecipesFromMarkor2"}, addCases)

	const del = sqliteValidators + " validate_rows_removal_integrity via recipe.py _RecipeDeleteMultipleRecipes"
	dp := Params{"titles": "Pasta Carbonara"}
	delCases := []awCase{
		{name: "deleted", cite: del, params: dp, before: before, after: dbState(t, RecipeDB, schemaRecipes, base[0]), reward: 1},
		{name: "wrong one deleted", cite: del + ": the target is still there and another is missing", params: dp, before: before, after: dbState(t, RecipeDB, schemaRecipes, base[1]), reward: 0},
		{name: "kept", cite: del + ": the target is still there", params: dp, before: before, after: before.clone(), reward: 0},
	}
	cs = append(cs, each([]string{"RecipeDeleteSingleRecipe", "RecipeDeleteMultipleRecipes", "RecipeDeleteMultipleRecipesWithNoise", "RecipeDeleteSingleWithRecipeWithNoise"}, delCases)...)
	cp := Params{"ingredient": "eggs"}
	cs = append(cs,
		awCase{name: "deleted", task: "RecipeDeleteMultipleRecipesWithConstraint", cite: del + ": the recipes with eggs in the directions gone", params: cp, before: before, after: dbState(t, RecipeDB, schemaRecipes, base[0]), reward: 1},
		awCase{name: "kept", task: "RecipeDeleteMultipleRecipesWithConstraint", cite: del + ": a target is still there", params: cp, before: before, after: before.clone(), reward: 0},
		awCase{name: "both deleted", task: "RecipeDeleteMultipleRecipesWithConstraint", cite: del + ": a recipe without eggs is missing", params: cp, before: before, after: dbState(t, RecipeDB, schemaRecipes), reward: 0},
		awCase{name: "no recipe uses it, nothing done", task: "RecipeDeleteMultipleRecipesWithConstraint", cite: "recipe.py RecipeDeleteMultipleRecipesWithConstraint.generate_random_params: no recipe passes `ingredient in r.directions.lower()`, so n_rows drops to 0 and the targets are none; " + del + " with no ids: nothing may change",
			params: Params{"ingredient": "saffron"}, before: before, after: before.clone(), reward: 1},
		awCase{name: "no recipe uses it, one deleted", task: "RecipeDeleteMultipleRecipesWithConstraint", cite: del + " with no ids: a row of before is missing",
			params: Params{"ingredient": "saffron"}, before: before, after: dbState(t, RecipeDB, schemaRecipes, base[0]), reward: 0},
		awCase{name: "a capitalised ingredient", task: "RecipeDeleteMultipleRecipesWithConstraint", cite: "recipe.py generate_random_params: 'Eggs' is not in the lower-cased directions, so there are no targets and deleting the egg recipe fails",
			params: Params{"ingredient": "Eggs"}, before: before, after: dbState(t, RecipeDB, schemaRecipes, base[0]), reward: 0},
	)
	const dup = "task_evals/single/recipe.py RecipeDeleteDuplicateRecipes.validate_deletion_integrity: removal of target1 or of target2"
	dupBefore := with(recipe(3, "Pasta Carbonara", "25 mins", "Boil pasta, mix eggs and bacon."))
	dupCases := []awCase{
		{name: "one copy deleted", cite: dup, before: dupBefore, after: before.clone(), reward: 1},
		{name: "both deleted", cite: dup + ": two rows removed", before: dupBefore, after: dbState(t, RecipeDB, schemaRecipes, base[0]), reward: 0},
		{name: "nothing deleted", cite: dup + ": the targets are still there", before: dupBefore, after: dupBefore.clone(), reward: 0},
	}
	cs = append(cs, each([]string{"RecipeDeleteDuplicateRecipes", "RecipeDeleteDuplicateRecipes2", "RecipeDeleteDuplicateRecipes3"}, dupCases)...)
	return cs
}

func playlistCases(t *testing.T) []awCase {
	const vlc = sqliteValidators + " verify_playlist via vlc.py VlcCreatePlaylist"
	p := Params{"playlist_name": "Road Trips Favorites", "files": []any{"clip_3_HD.mp4", "scene_7_.mp4"}}
	vlcState := func(playlist string, files ...string) *fakeState {
		return newState().putBytes(VLCDB, vlcDB(t, playlist, files...))
	}
	cs := []awCase{
		{name: "created", task: "VlcCreatePlaylist", cite: vlc + ": the rows of the playlist hold the files at positions 0..n-1", params: p, after: vlcState("Road Trips Favorites", "clip_3_HD.mp4", "scene_7_.mp4"), reward: 1},
		{name: "name with a typo", task: "VlcCreatePlaylist", cite: vlc + ": fuzzy_match(playlist_name)", params: p, after: vlcState("Road Trip Favorites", "clip_3_HD.mp4", "scene_7_.mp4"), reward: 1},
		{name: "wrong order", task: "VlcCreatePlaylist", cite: vlc + ": order_in_playlist differs", params: p, after: vlcState("Road Trips Favorites", "scene_7_.mp4", "clip_3_HD.mp4"), reward: 0},
		{name: "one missing", task: "VlcCreatePlaylist", cite: vlc + ": total != len(files)", params: p, after: vlcState("Road Trips Favorites", "clip_3_HD.mp4"), reward: 0},
		{name: "one extra", task: "VlcCreatePlaylist", cite: vlc + ": total != len(files)", params: p, after: vlcState("Road Trips Favorites", "clip_3_HD.mp4", "scene_7_.mp4", "moment_9_raw.mp4"), reward: 0},
		{name: "no files", task: "VlcCreatePlaylist", cite: "parameters: verify_playlist passes an empty file list vacuously", params: Params{"playlist_name": "Road Trips Favorites", "files": []any{}},
			after: vlcState("Other"), wantErr: "empty"},
	}
	two := Params{"playlist_name1": "Road Trips Favorites", "files1": []any{"clip_3_HD.mp4", "scene_7_.mp4"}, "playlist_name2": "Comedy Marathon", "files2": []any{"moment_9_raw.mp4"}}
	both := newState().putBytes(VLCDB, makeDB(t, schemaVLC,
		"INSERT INTO Playlist (id_playlist, name) VALUES (1, 'Road Trips Favorites'), (2, 'Comedy Marathon')",
		"INSERT INTO Media (id_media, type, filename) VALUES (1, 1, 'clip_3_HD.mp4'), (2, 1, 'scene_7_.mp4'), (3, 1, 'moment_9_raw.mp4')",
		"INSERT INTO PlaylistMediaRelation (media_id, playlist_id, position) VALUES (1, 1, 0), (2, 1, 1), (3, 2, 0)"))
	cs = append(cs,
		awCase{name: "both", task: "VlcCreateTwoPlaylists", cite: "task_evals/single/vlc.py VlcCreateTwoPlaylists: (task1 + task2) / 2", params: two, after: both, reward: 1},
		awCase{name: "only the first", task: "VlcCreateTwoPlaylists", cite: "task_evals/single/vlc.py VlcCreateTwoPlaylists: the second playlist fails", params: two, after: vlcState("Road Trips Favorites", "clip_3_HD.mp4", "scene_7_.mp4"), reward: 0.5},
	)

	const retro = sqliteValidators + " verify_playlist via retro_music.py RetroCreatePlaylist (titles = file names before the first dot)"
	rp := Params{"playlist_name": "Jazz Lounge", "files": []any{"Night Drive.mp3", "Moments.mp3"}}
	retroState := func(playlist string, songs []string, mins int) *fakeState {
		return newState().putBytes(RetroPlaylistDB, retroDB(t, playlist, songs, mins))
	}
	createCases := []awCase{
		{name: "created", cite: retro, params: rp, after: retroState("Jazz Lounge", []string{"Night Drive", "Moments"}, 4), reward: 1},
		{name: "wrong order", cite: retro + ": order_in_playlist differs", params: rp, after: retroState("Jazz Lounge", []string{"Moments", "Night Drive"}, 4), reward: 0},
		{name: "one missing", cite: retro + ": total != len(files)", params: rp, after: retroState("Jazz Lounge", []string{"Night Drive"}, 4), reward: 0},
		{name: "other playlist", cite: retro + ": no row's playlist_name fuzzy-matches", params: rp, after: retroState("Party Mix", []string{"Night Drive", "Moments"}, 4), reward: 0},
	}
	cs = append(cs, each([]string{"RetroCreatePlaylist"}, createCases)...)
	m3u := EmulatorData + "/Download/Jazz Lounge.m3u"
	cs = append(cs,
		awCase{name: "created and exported", task: "RetroSavePlaylist", cite: "task_evals/single/retro_music.py RetroSavePlaylist: (playlist + check_file_exists(m3u)) / 2", params: rp,
			after: retroState("Jazz Lounge", []string{"Night Drive", "Moments"}, 4).put(m3u, "#EXTM3U\n"), reward: 1},
		awCase{name: "not exported", task: "RetroSavePlaylist", cite: "task_evals/single/retro_music.py RetroSavePlaylist: no m3u", params: rp,
			after: retroState("Jazz Lounge", []string{"Night Drive", "Moments"}, 4), reward: 0.5},
		awCase{name: "exported as a folder", task: "RetroSavePlaylist", cite: "task_evals/single/retro_music.py RetroSavePlaylist: check_file_exists is test -f", params: rp,
			after: retroState("Jazz Lounge", []string{"Night Drive", "Moments"}, 4).mkdir(m3u), reward: 0.5},
		awCase{name: "exported, wrong playlist", task: "RetroSavePlaylist", cite: "task_evals/single/retro_music.py RetroSavePlaylist: the playlist half fails", params: rp,
			after: retroState("Jazz Lounge", []string{"Moments"}, 4).put(m3u, "#EXTM3U\n"), reward: 0.5},
	)
	queue := func(titles ...string) *fakeState {
		stmts := []string{}
		for i, s := range titles {
			stmts = append(stmts, fmt.Sprintf("INSERT INTO playing_queue VALUES (%d, '%s', 1)", i+1, s))
		}
		return newState().putBytes(RetroPlaybackDB, makeDB(t, "CREATE TABLE playing_queue (_id INTEGER, title TEXT, duration INTEGER)", stmts...))
	}
	const q = "task_evals/single/retro_music.py RetroPlayingQueue: queue == expected"
	cs = append(cs,
		awCase{name: "queued", task: "RetroPlayingQueue", cite: q, params: rp, after: queue("Night Drive", "Moments"), reward: 1},
		awCase{name: "wrong order", task: "RetroPlayingQueue", cite: q + ": the order differs", params: rp, after: queue("Moments", "Night Drive"), reward: 0},
		awCase{name: "one extra", task: "RetroPlayingQueue", cite: q + ": the lists differ in length", params: rp, after: queue("Night Drive", "Moments", "Golden Days"), reward: 0},
	)
	const dur = "task_evals/single/retro_music.py RetroPlaylistDuration: every song in the playlist, 45 to 50 minutes in total"
	dp := Params{"playlist_name": "Party Mix"}
	songs := func(n int) []string {
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, fmt.Sprintf("Song %d", i))
		}
		return out
	}
	cs = append(cs,
		awCase{name: "48 minutes", task: "RetroPlaylistDuration", cite: dur, params: dp, after: retroState("Party Mix", songs(12), 4), reward: 1},
		awCase{name: "45 minutes", task: "RetroPlaylistDuration", cite: dur + ": 45 * 60 * 1000 <= total", params: dp, after: retroState("Party Mix", songs(9), 5), reward: 1},
		awCase{name: "44 minutes", task: "RetroPlaylistDuration", cite: dur + ": below 45", params: dp, after: retroState("Party Mix", songs(11), 4), reward: 0},
		awCase{name: "52 minutes", task: "RetroPlaylistDuration", cite: dur + ": above 50", params: dp, after: retroState("Party Mix", songs(13), 4), reward: 0},
		awCase{name: "another playlist's songs", task: "RetroPlaylistDuration", cite: dur + ": a song of another playlist returns False", params: dp, after: retroState("Party Mix 2", songs(12), 4), reward: 0},
	)
	return cs
}

func osmandCases(t *testing.T) []awCase {
	const fav = "task_evals/single/osmand.py OsmAndFavorite: a gpx:wpt whose name contains the location or lies within 0.001°"
	gpx := func(wpts string) *fakeState {
		return newState().put(OsmAndFavorites, `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">`+wpts+`</gpx>`)
	}
	cs := []awCase{
		{name: "named", task: "OsmAndFavorite", cite: fav, params: Params{"location": "Schaan, Liechtenstein"}, after: gpx(`<wpt lat="46" lon="9"><name>Schaan, Liechtenstein</name></wpt>`), reward: 1},
		{name: "a known place by its coordinates", task: "OsmAndFavorite", cite: fav + ": a preloaded place's coordinates", params: Params{"location": "Bendern, Liechtenstein"},
			after: gpx(`<wpt lat="47.2122" lon="9.5063"><name>Home</name></wpt>`), reward: 1},
		{name: "coordinates", task: "OsmAndFavorite", cite: fav + ": _parse_coords of the location", params: Params{"location": "47.2122151, 9.5062101"},
			after: gpx(`<wpt lat="47.2125" lon="9.5065"><name>Pin</name></wpt>`), reward: 1},
		{name: "too far", task: "OsmAndFavorite", cite: fav + ": 0.002° off", params: Params{"location": "47.2122151, 9.5062101"},
			after: gpx(`<wpt lat="47.2142" lon="9.5062"><name>Pin</name></wpt>`), reward: 0},
		{name: "without the GPX namespace", task: "OsmAndFavorite", cite: fav + ": findall('gpx:wpt') finds no waypoint outside the namespace", params: Params{"location": "Schaan, Liechtenstein"},
			after: newState().put(OsmAndFavorites, `<gpx><wpt lat="46" lon="9"><name>Schaan, Liechtenstein</name></wpt></gpx>`), reward: 0},
		{name: "no favorites file", task: "OsmAndFavorite", cite: fav + ": check_file_exists is false", params: Params{"location": "Schaan, Liechtenstein"}, after: newState(), reward: 0},
		{name: "an empty name", task: "OsmAndFavorite", cite: fav + ": name.text is None for <name></name>, and `location in name.text` raises TypeError before the coordinates are read",
			params: Params{"location": "47.2122151, 9.5062101"}, after: gpx(`<wpt lat="47.2122" lon="9.5062"><name></name></wpt>`), wantErr: "AndroidWorld would record no score"},
		{name: "no lat", task: "OsmAndFavorite", cite: fav + ": float(waypoint.attrib.get('lat')) raises TypeError", params: Params{"location": "Schaan, Liechtenstein"},
			after: gpx(`<wpt lon="9"><name>Home</name></wpt>`), wantErr: "AndroidWorld would record no score"},
		{name: "a matching name before a point without lat", task: "OsmAndFavorite", cite: fav + ": any() stops at the first waypoint that matches", params: Params{"location": "Schaan, Liechtenstein"},
			after: gpx(`<wpt lat="46" lon="9"><name>Schaan, Liechtenstein</name></wpt><wpt lon="9"><name>Home</name></wpt>`), reward: 1},
	}
	const mk = "task_evals/single/osmand.py OsmAndMarker: a map_markers row within 0.001° of the location"
	cs = append(cs,
		awCase{name: "placed", task: "OsmAndMarker", cite: mk, params: Params{"location": "Triesen, Liechtenstein"}, after: newState().putBytes(OsmAndMarkersDB, osmMarkers(t, 47.1072, 9.5276)), reward: 1},
		awCase{name: "too far", task: "OsmAndMarker", cite: mk + ": 0.01° off", params: Params{"location": "Triesen, Liechtenstein"}, after: newState().putBytes(OsmAndMarkersDB, osmMarkers(t, 47.117, 9.5276)), reward: 0},
		awCase{name: "an unknown place", task: "OsmAndMarker", cite: mk + ": _marker_matches_location is False when the location is neither a preloaded place nor coordinates",
			params: Params{"location": "Vaduz Castle"}, after: newState().putBytes(OsmAndMarkersDB, osmMarkers(t, 47.1072, 9.5276)), reward: 0},
	)
	const tr = "task_evals/single/osmand.py OsmAndTrack: a tracks file whose trkpts pass the waypoints in order"
	track := func(pts string) *fakeState {
		return newState().put(OsmAndFiles+"/tracks/t.gpx", `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>`+pts+`</trkseg></trk></gpx>`)
	}
	wp := Params{"waypoints": []any{"Ruggell, Liechtenstein", "Bendern, Liechtenstein"}}
	cs = append(cs,
		awCase{name: "in order", task: "OsmAndTrack", cite: tr, params: wp, after: track(`<trkpt lat="47.23976" lon="9.5262837"/><trkpt lat="47.22" lon="9.52"/><trkpt lat="47.2122151" lon="9.5062101"/>`), reward: 1},
		awCase{name: "reversed", task: "OsmAndTrack", cite: tr + ": Bendern comes first", params: wp, after: track(`<trkpt lat="47.2122151" lon="9.5062101"/><trkpt lat="47.23976" lon="9.5262837"/>`), reward: 0},
		awCase{name: "one waypoint missed", task: "OsmAndTrack", cite: tr + ": Bendern never reached", params: wp, after: track(`<trkpt lat="47.23976" lon="9.5262837"/><trkpt lat="47.22" lon="9.52"/>`), reward: 0},
		awCase{name: "no tracks folder", task: "OsmAndTrack", cite: tr + ": tmp_directory_from_device raises FileNotFoundError when check_directory_exists is false",
			params: wp, after: newState(), wantErr: "AndroidWorld would record no score"},
		awCase{name: "a point without lon", task: "OsmAndTrack", cite: tr + ": _track_points' float(point.attrib.get('lon')) raises TypeError",
			params: wp, after: track(`<trkpt lat="47.23976"/>`), wantErr: "AndroidWorld would record no score"},
		awCase{name: "not XML", task: "OsmAndTrack", cite: tr + ": ElementTree.parse raises ParseError",
			params: wp, after: newState().put(OsmAndFiles+"/tracks/t.gpx", "<gpx"), wantErr: "AndroidWorld would record no score"},
		awCase{name: "not XML beside a wrong track", task: "OsmAndTrack", cite: tr + ": no file passes, so the file that is not XML is reached whatever the order, and raises",
			params: wp, after: track(`<trkpt lat="47.2122151" lon="9.5062101"/>`).put(OsmAndFiles+"/tracks/z.txt", "notes"), wantErr: "AndroidWorld would record no score"},
		// The files are walked in os.listdir order on AndroidWorld's host, which its file
		// system decides: a passing track first scores 1, the other file first raises.
		awCase{name: "not XML beside a right track", task: "OsmAndTrack", cite: tr + ": returns 1 at the first passing file, raises at the first file that is not XML, in os.listdir order",
			params: wp, after: track(`<trkpt lat="47.23976" lon="9.5262837"/><trkpt lat="47.2122151" lon="9.5062101"/>`).put(OsmAndFiles+"/tracks/a.txt", "notes"), wantErr: "depends on the order os.listdir gives"},
	)
	return cs
}
