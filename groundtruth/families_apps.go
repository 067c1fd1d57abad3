package groundtruth

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Database locations and tables, as AndroidWorld reads them.
const (
	CalendarDB = "/data/data/com.simplemobiletools.calendar.pro/databases/events.db"
	ExpenseDB  = "/data/data/com.arduia.expense/databases/accounting.db"
	RecipeDB   = "/data/data/com.flauschcode.broccoli/databases/broccoli"
	TasksDB    = "/data/data/org.tasks/databases/database"
	TracksDB   = "/data/data/de.dennisguse.opentracks/databases/database.db"
	JoplinDB   = "/data/data/net.cozic.joplin/databases/joplin.sqlite"
	VLCDB      = "/data/data/org.videolan.vlc/app_db/vlc_media.db"
)

// DeviceNow is AndroidWorld's frozen device clock: 2023-10-15 15:34 UTC (a Sunday).
var DeviceNow = time.Date(2023, 10, 15, 15, 34, 0, 0, time.UTC)

func init() {
	calendarFamilies()
	expenseFamilies()
	recipeFamilies()
	vlcFamilies()
}

// ---- Simple Calendar Pro ----------------------------------------------------

var calendarTable = tableRef{CalendarDB, "events", "id"}

// calendarDay resolves the task's date: explicit year/month/day, else the relative
// wording of the task name (tomorrow, in two weeks, this <weekday>).
func calendarDay(task string, p Params) (time.Time, error) {
	if p.has("day") {
		y, err := p.IntOr("year", int64(DeviceNow.Year()))
		if err != nil {
			return time.Time{}, err
		}
		m, err := p.IntOr("month", int64(DeviceNow.Month()))
		if err != nil {
			return time.Time{}, err
		}
		d, err := p.Int("day")
		if err != nil {
			return time.Time{}, err
		}
		if m < 1 || m > 12 || d < 1 || d > 31 {
			return time.Time{}, fmt.Errorf("parameters year/month/day = %d-%d-%d is not a date", y, m, d)
		}
		return time.Date(int(y), time.Month(m), int(d), 0, 0, 0, 0, time.UTC), nil
	}
	today := time.Date(DeviceNow.Year(), DeviceNow.Month(), DeviceNow.Day(), 0, 0, 0, 0, time.UTC)
	switch {
	case strings.HasSuffix(task, "Tomorrow"):
		return today.AddDate(0, 0, 1), nil
	case strings.HasSuffix(task, "InTwoWeeks"):
		return today.AddDate(0, 0, 14), nil
	case strings.Contains(task, "RelativeDay"):
		wd, err := p.String("day_of_week")
		if err != nil {
			return time.Time{}, fmt.Errorf("needs day, or day_of_week: %w", err)
		}
		// "this <weekday>": the next such day after today (Sunday Oct 15).
		for i := 1; i <= 7; i++ {
			d := today.AddDate(0, 0, i)
			if strings.EqualFold(d.Weekday().String(), strings.TrimSpace(wd)) {
				return d, nil
			}
		}
		return time.Time{}, fmt.Errorf("parameter day_of_week %q is not a weekday name", wd)
	}
	return time.Time{}, fmt.Errorf("%w \"day\"", ErrMissingParam)
}

func calendarAdd(name string) *Family {
	return &Family{
		Name: name, App: "Simple Calendar Pro", Diff: true, tables: []tableRef{calendarTable},
		Checks: "events.db: a new event with start_ts/end_ts, title, description (fuzzy) and repeat fields; nothing else changed",
		Params: []string{"year", "month", "day", "hour", "duration_mins", "event_title", "event_description", "repeat_rule?", "day_of_week?"},
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			day, err := calendarDay(name, p)
			if err != nil {
				return nil, err
			}
			hour, err := p.Int("hour")
			if err != nil {
				return nil, err
			}
			dur, err := p.Int("duration_mins")
			if err != nil {
				return nil, err
			}
			title, err := p.String("event_title")
			if err != nil {
				return nil, err
			}
			desc, err := p.String("event_description")
			if err != nil {
				return nil, err
			}
			start := day.Add(time.Duration(hour) * time.Hour).Unix()
			interval, rule := int64(0), int64(0)
			switch rr := strings.ToLower(p.StringOr("repeat_rule", "")); rr {
			case "":
			case "daily":
				interval = 24 * 3600
			case "weekly":
				interval = 7 * 24 * 3600
				rule = 1 << (isoWeekday(day) - 1) // Simple Calendar's weekday bitmask
			default:
				return nil, fmt.Errorf("parameter repeat_rule %q: want daily or weekly", rr)
			}
			want := []Field{
				{Column: "start_ts", Want: start},
				{Column: "end_ts", Want: start + dur*60},
				{Column: "title", Want: title, Kind: Fuzzy},
				{Column: "description", Want: desc, Kind: Fuzzy},
				{Column: "location", Want: p.StringOr("location", ""), Kind: Fuzzy},
				{Column: "repeat_interval", Want: interval},
				{Column: "repeat_rule", Want: rule},
			}
			after, prior, have, err := tableBeforeAfter(ctx, dev, before, CalendarDB, "events")
			if err != nil {
				return nil, err
			}
			label := func(int) string {
				return fmt.Sprintf("%q at %s for %d min", title, time.Unix(start, 0).UTC().Format("2006-01-02 15:04"), dur)
			}
			return allOf(name, addedRowsParts("event", prior, have, after, "id", [][]Field{want}, label)...), nil
		},
	}
}

func isoWeekday(t time.Time) int {
	if t.Weekday() == time.Sunday {
		return 7
	}
	return int(t.Weekday())
}

func calendarDelete(name string, one bool) *Family {
	params := []string{"year", "month", "day"}
	if one {
		params = append(params, "hour", "event_title")
	} else if strings.Contains(name, "Relative") {
		params = []string{"day_of_week", "day?"}
	}
	return &Family{
		Name: name, App: "Simple Calendar Pro", Diff: true, tables: []tableRef{calendarTable},
		Checks: "events.db: the events on the day are gone (with the title and hour, for one event); nothing else changed",
		Params: params,
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			day, err := calendarDay(name, p)
			if err != nil {
				return nil, err
			}
			from, to := day.Unix(), day.AddDate(0, 0, 1).Unix()
			what := "on " + day.Format("2006-01-02")
			var title string
			var hour int64 = -1
			if one {
				if title, err = p.String("event_title"); err != nil {
					return nil, err
				}
				if hour, err = p.Int("hour"); err != nil {
					return nil, err
				}
				what = fmt.Sprintf("%q %s at %dh", title, what, hour)
			}
			target := func(r Row) bool {
				ts, ok := Num(r["start_ts"])
				if !ok || int64(ts) < from || int64(ts) >= to {
					return false
				}
				if one {
					return int64(ts) == from+hour*3600 && FuzzyMatch(Str(r["title"]), title)
				}
				return true
			}
			after, prior, have, err := tableBeforeAfter(ctx, dev, before, CalendarDB, "events")
			if err != nil {
				return nil, err
			}
			parts, err := removedRowsParts("event", prior, have, after, "id", target, what)
			if err != nil {
				return nil, err
			}
			return allOf(name, parts...), nil
		},
	}
}

func calendarFamilies() {
	for _, n := range []string{"SimpleCalendarAddOneEvent", "SimpleCalendarAddOneEventRelativeDay", "SimpleCalendarAddOneEventTomorrow",
		"SimpleCalendarAddOneEventInTwoWeeks", "SimpleCalendarAddRepeatingEvent"} {
		register(calendarAdd(n))
	}
	register(calendarDelete("SimpleCalendarDeleteEvents", false))
	register(calendarDelete("SimpleCalendarDeleteEventsOnRelativeDay", false))
	register(calendarDelete("SimpleCalendarDeleteOneEvent", true))
}

// ---- Pro Expense ------------------------------------------------------------

var expenseTable = tableRef{ExpenseDB, "expense", "expense_id"}

// ExpenseCategories maps Pro Expense's category ids to names.
var ExpenseCategories = map[int64]string{1: "Others", 2: "Income", 3: "Food", 4: "Housing", 5: "Social",
	6: "Entertainment", 7: "Transportation", 8: "Clothes", 9: "Health Care", 10: "Education", 11: "Donation"}

func expenseFields(e Params) ([]Field, string, error) {
	name, err := e.String("name")
	if err != nil {
		return nil, "", err
	}
	var cents int64
	switch {
	case e.has("amount"):
		if cents, err = e.Int("amount"); err != nil {
			return nil, "", fmt.Errorf("%w (amount is in cents)", err)
		}
	case e.has("amount_dollars"):
		s, _ := e.String("amount_dollars")
		var f float64
		if _, err := fmt.Sscanf(strings.TrimPrefix(strings.TrimSpace(s), "$"), "%g", &f); err != nil {
			return nil, "", fmt.Errorf("parameter amount_dollars %q is not an amount", s)
		}
		cents = int64(f*100 + 0.5)
	default:
		return nil, "", fmt.Errorf("expense %q: missing amount (cents) or amount_dollars", name)
	}
	// _ExpenseAddMultiple.validate_addition_integrity compares name, amount, category
	// and note, name and note fuzzily; every reference row has all four.
	if !e.has("category") {
		return nil, "", fmt.Errorf("expense %q: %w \"category\" (an id 1-11 or a name)", name, ErrMissingParam)
	}
	cat, err := expenseCategory(e)
	if err != nil {
		return nil, "", err
	}
	// An empty note is a note: fuzzy_match("", "") is 1.0, so AndroidWorld wants the row's
	// note empty too. A null one (None) matches nothing.
	note, ok := e["note"]
	if !ok {
		return nil, "", fmt.Errorf("expense %q: %w \"note\"", name, ErrMissingParam)
	}
	if note != nil {
		note = e.StringOr("note", "")
	}
	fields := []Field{{Column: "name", Want: name, Kind: Fuzzy}, {Column: "amount", Want: cents},
		{Column: "category", Want: cat}, {Column: "note", Want: note, Kind: Fuzzy}}
	return fields, fmt.Sprintf("%q $%.2f", name, float64(cents)/100), nil
}

func expenseCategory(e Params) (int64, error) {
	if n, err := e.Int("category"); err == nil {
		return n, nil
	}
	s, _ := e.String("category")
	for id, name := range ExpenseCategories {
		if strings.EqualFold(name, strings.TrimSpace(s)) {
			return id, nil
		}
	}
	return 0, fmt.Errorf("parameter category %q: not a Pro Expense category id or name", s)
}

// rowObjects reads the rows a task adds from the plural or single parameter: JSON
// objects, or the text AndroidWorld renders into goals (text blocks or CSV).
func rowObjects(p Params, plural, single, titleKey string) ([]Params, error) {
	for _, k := range []string{plural, single, "row_objects"} {
		if !p.has(k) {
			continue
		}
		if text, isText := p[k].(string); isText {
			rows, err := parseRowsText(text, titleKey)
			if err != nil {
				return nil, fmt.Errorf("parameter %q: %w", k, err)
			}
			return rows, nil
		}
		return p.Objects(k)
	}
	return nil, fmt.Errorf("%w %q (a list of objects, or the rows as text)", ErrMissingParam, plural)
}

func addRowsFamily(name, app, noun string, t tableRef, checks string, params []string, plural, single, titleKey string,
	fields func(Params) ([]Field, string, error)) *Family {
	return &Family{
		Name: name, App: app, Diff: true, tables: []tableRef{t}, Checks: checks, Params: params,
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			objs, err := rowObjects(p, plural, single, titleKey)
			if err != nil {
				return nil, err
			}
			var want [][]Field
			var labels []string
			for i, o := range objs {
				f, l, err := fields(o)
				if err != nil {
					return nil, fmt.Errorf("%s item %d: %w", plural, i, err)
				}
				want = append(want, f)
				labels = append(labels, l)
			}
			after, prior, have, err := tableBeforeAfter(ctx, dev, before, t.DB, t.Table)
			if err != nil {
				return nil, err
			}
			return allOf(name, addedRowsParts(noun, prior, have, after, t.Key, want, func(i int) string { return labels[i] })...), nil
		},
	}
}

func deleteByNameFamily(name, app, noun string, t tableRef, column, param string) *Family {
	return &Family{
		Name: name, App: app, Diff: true, tables: []tableRef{t},
		Checks: fmt.Sprintf("%s: rows whose %s is one of the %s are gone; nothing else changed", t.Table, column, param),
		Params: []string{param},
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			names, err := targetNames(p, param)
			if err != nil {
				return nil, err
			}
			target := func(r Row) bool {
				for _, n := range names {
					if strings.EqualFold(strings.TrimSpace(Str(r[column])), n) {
						return true
					}
				}
				return false
			}
			after, prior, have, err := tableBeforeAfter(ctx, dev, before, t.DB, t.Table)
			if err != nil {
				return nil, err
			}
			parts, err := removedRowsParts(noun, prior, have, after, t.Key, target, "named "+quoteList(names))
			if err != nil {
				return nil, err
			}
			return allOf(name, parts...), nil
		},
	}
}

// targetNames reads the names to delete: a list of text, a comma-separated text, or
// a list of objects with a name/title.
func targetNames(p Params, key string) ([]string, error) {
	key = p.first(key, "row_objects")
	if objs, err := p.Objects(key); err == nil {
		var out []string
		for i, o := range objs {
			n := o.StringOr("name", o.StringOr("title", ""))
			if n == "" {
				return nil, fmt.Errorf("parameter %q item %d has no name or title", key, i)
			}
			out = append(out, n)
		}
		return out, nil
	}
	names, err := p.Strings(key)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("parameter %q is empty", key)
	}
	return names, nil
}

func quoteList(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

func dedupFamily(name, app, noun string, t tableRef) *Family {
	return &Family{
		Name: name, App: app, Diff: true, tables: []tableRef{t},
		Checks: t.Table + ": each group of exact duplicates (all columns but the id) keeps one row; nothing else changed",
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			after, prior, have, err := tableBeforeAfter(ctx, dev, before, t.DB, t.Table)
			if err != nil {
				return nil, err
			}
			parts, err := dedupParts(noun, prior, have, after, t.Key)
			if err != nil {
				return nil, err
			}
			return allOf(name, parts...), nil
		},
	}
}

func expenseFamilies() {
	for _, n := range []string{"ExpenseAddSingle", "ExpenseAddMultiple", "ExpenseAddMultipleFromGallery", "ExpenseAddMultipleFromMarkor"} {
		register(addRowsFamily(n, "Pro Expense", "expense", expenseTable,
			"accounting.db expense: new rows with name (fuzzy), amount in cents, category, note (fuzzy); nothing else changed",
			[]string{"expenses: [{name, amount (cents) | amount_dollars, category (id or name), note}]"}, "expenses", "expense", "name", expenseFields))
	}
	for _, n := range []string{"ExpenseDeleteSingle", "ExpenseDeleteMultiple", "ExpenseDeleteMultiple2"} {
		register(deleteByNameFamily(n, "Pro Expense", "expense", expenseTable, "name", "expenses"))
	}
	for _, n := range []string{"ExpenseDeleteDuplicates", "ExpenseDeleteDuplicates2"} {
		register(dedupFamily(n, "Pro Expense", "expenses", expenseTable))
	}
}

// ---- Broccoli recipes -------------------------------------------------------

var recipeTable = tableRef{RecipeDB, "recipes", "recipeId"}

func recipeFields(r Params) ([]Field, string, error) {
	title, err := r.String("title")
	if err != nil {
		return nil, "", err
	}
	// _RecipeAddMultipleRecipes.validate_addition_integrity compares title,
	// description, servings, preparationTime, source, ingredients and directions
	// fuzzily and favorite exactly, always: a field the parameters leave out takes the
	// Recipe dataclass's default ("" and 0), as AndroidWorld's reference rows do.
	fields := []Field{{Column: "title", Want: title, Kind: Fuzzy}}
	for _, c := range []string{"description", "servings", "preparationTime", "source", "ingredients", "directions"} {
		fields = append(fields, Field{Column: c, Want: r.StringOr(c, ""), Kind: Fuzzy})
	}
	fav, err := r.IntOr("favorite", 0)
	if err != nil {
		return nil, "", err
	}
	fields = append(fields, Field{Column: "favorite", Want: fav})
	return fields, fmt.Sprintf("%q", title), nil
}

func recipeFamilies() {
	for _, n := range []string{"RecipeAddSingleRecipe", "RecipeAddMultipleRecipes", "RecipeAddMultipleRecipesFromImage",
		"RecipeAddMultipleRecipesFromMarkor", "RecipeAddMultipleRecipesFromMarkor2"} {
		register(addRowsFamily(n, "Broccoli", "recipe", recipeTable,
			"broccoli recipes: new rows with title, description, servings, preparationTime, ingredients, directions (fuzzy); nothing else changed",
			[]string{"recipes: [{title, description, servings, preparationTime, ingredients, directions}]"}, "recipes", "recipe", "title", recipeFields))
	}
	for _, n := range []string{"RecipeDeleteSingleRecipe", "RecipeDeleteMultipleRecipes", "RecipeDeleteMultipleRecipesWithNoise",
		"RecipeDeleteSingleWithRecipeWithNoise"} {
		register(deleteByNameFamily(n, "Broccoli", "recipe", recipeTable, "title", "titles"))
	}
	register(&Family{
		Name: "RecipeDeleteMultipleRecipesWithConstraint", App: "Broccoli", Diff: true, tables: []tableRef{recipeTable},
		Checks: "broccoli recipes: every recipe whose directions mention the ingredient is gone; nothing else changed",
		Params: []string{"ingredient"},
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			ing, err := p.String("ingredient")
			if err != nil {
				return nil, err
			}
			// The targets are the rows generate_random_params drew with the filter
			// `ingredient in r.directions.lower()`: the ingredient as given (not lower-
			// cased) in the lower-cased directions.
			target := func(r Row) bool { return strings.Contains(pyLower(Str(r["directions"])), ing) }
			after, prior, have, err := tableBeforeAfter(ctx, dev, before, RecipeDB, "recipes")
			if err != nil {
				return nil, err
			}
			if have && !slices.ContainsFunc(prior, target) {
				// No recipe qualified, so AndroidWorld kept no targets (its loop lowers
				// n_rows to 0) and validate_rows_removal_integrity(before, after, []) asks
				// only that nothing changed: AndroidWorld's verdict, though the goal's words
				// ask for a deletion.
				d := DiffRows(prior, after, "recipeId")
				r := allOf("RecipeDeleteMultipleRecipesWithConstraint", Part{Name: "no recipe deleted, changed or added",
					Pass: len(d.Added) == 0 && len(d.Removed) == 0 && len(d.Changed) == 0, Detail: d.Summary()})
				r.Explanation += fmt.Sprintf("\n(AndroidWorld's rule differs from the goal's words: no recipe's directions, lower-cased, contain %q, so AndroidWorld has no recipe to delete and scores leaving them all as they were)", ing)
				return r, nil
			}
			parts, err := removedRowsParts("recipe", prior, have, after, "recipeId", target, "using "+ing)
			if err != nil {
				return nil, err
			}
			return allOf("RecipeDeleteMultipleRecipesWithConstraint", parts...), nil
		},
	})
	for _, n := range []string{"RecipeDeleteDuplicateRecipes", "RecipeDeleteDuplicateRecipes2", "RecipeDeleteDuplicateRecipes3"} {
		register(dedupFamily(n, "Broccoli", "recipes", recipeTable))
	}
}

// ---- VLC playlists ----------------------------------------------------------

const vlcPlaylistQuery = `SELECT Playlist.name AS playlist_name, Media.filename AS media_file_name,
  PlaylistMediaRelation.position AS order_in_playlist
FROM PlaylistMediaRelation
JOIN Playlist ON Playlist.id_playlist = PlaylistMediaRelation.playlist_id
JOIN Media ON Media.id_media = PlaylistMediaRelation.media_id
ORDER BY Playlist.name, PlaylistMediaRelation.position`

// playlistResult: the playlist (name matched fuzzily) holds exactly the files, in
// order, at positions 0..n-1.
func playlistResult(task string, rows []Row, name string, files []string) *Result {
	var in []Row
	for _, r := range rows {
		if FuzzyMatch(Str(r["playlist_name"]), name) { // verify_playlist: fuzzy_match(actual, candidate)
			in = append(in, r)
		}
	}
	parts := []Part{{Name: fmt.Sprintf("playlist %q holds %d files", name, len(files)), Pass: len(in) == len(files),
		Detail: fmt.Sprintf("found %d entries", len(in))}}
	for i, f := range files {
		p := Part{Name: fmt.Sprintf("%q at position %d", f, i+1)}
		for _, r := range in {
			pos, _ := Num(r["order_in_playlist"])
			if Str(r["media_file_name"]) == f && int(pos) == i {
				p.Pass = true
			}
		}
		if !p.Pass {
			var got []string
			for _, r := range in {
				got = append(got, fmt.Sprintf("%s@%s", Str(r["media_file_name"]), Str(r["order_in_playlist"])))
			}
			p.Detail = "playlist has " + strings.Join(got, ", ")
			if len(got) == 0 {
				p.Detail = "playlist is empty or absent"
			}
		}
		parts = append(parts, p)
	}
	return allOf(task, parts...)
}

func readPlaylists(ctx context.Context, dev Device) ([]Row, error) {
	db, err := OpenDB(ctx, dev, VLCDB)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return db.Query(ctx, vlcPlaylistQuery)
}

func vlcFamilies() {
	register(&Family{
		Name: "VlcCreatePlaylist", App: "VLC",
		Checks: "vlc_media.db: Playlist/Media/PlaylistMediaRelation hold the named playlist with the files in order",
		Params: []string{"playlist_name", "files"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			name, err := p.String("playlist_name")
			if err != nil {
				return nil, err
			}
			files, err := p.Strings("files")
			if err != nil {
				return nil, err
			}
			rows, err := readPlaylists(ctx, dev)
			if err != nil {
				return nil, err
			}
			return playlistResult("VlcCreatePlaylist", rows, name, files), nil
		},
	})
	register(&Family{
		Name: "VlcCreateTwoPlaylists", App: "VLC",
		Checks: "vlc_media.db: both playlists with their files in order; reward is the mean of the two",
		Params: []string{"playlist_name1", "files1", "playlist_name2", "files2"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			var subs []*Result
			rows, err := readPlaylists(ctx, dev)
			if err != nil {
				return nil, err
			}
			for _, i := range []string{"1", "2"} {
				name, err := p.String("playlist_name" + i)
				if err != nil {
					return nil, err
				}
				files, err := p.Strings("files" + i)
				if err != nil {
					return nil, err
				}
				subs = append(subs, playlistResult("playlist "+i, rows, name, files))
			}
			return Composite("VlcCreateTwoPlaylists", subs...), nil
		},
	})
}
