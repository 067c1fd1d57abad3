package groundtruth

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Information-retrieval tasks (Tasks, Joplin, OpenTracks): the reward depends on the
// agent's answer, compared with what the app's database says. The answer comes from
// the "answer" parameter (the agent's final reply).

func init() {
	tasksFamilies()
	joplinFamilies()
	tracksFamilies()
}

// parseDay reads a day the way the task texts write it ("October 15 2023",
// "2023-10-15", "today", "tomorrow").
func parseDay(s string) (time.Time, error) {
	t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "on "))
	today := time.Date(DeviceNow.Year(), DeviceNow.Month(), DeviceNow.Day(), 0, 0, 0, 0, time.UTC)
	switch strings.ToLower(t) {
	case "today":
		return today, nil
	case "tomorrow":
		return today.AddDate(0, 0, 1), nil
	case "yesterday":
		return today.AddDate(0, 0, -1), nil
	}
	for _, layout := range []string{"January 2 2006", "January 2, 2006", "2006-01-02", "Jan 2 2006", "Jan 2, 2006"} {
		if d, err := time.Parse(layout, t); err == nil {
			return d, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a date (want e.g. \"October 15 2023\")", s)
}

func dayParam(p Params, key string) (time.Time, error) {
	s, err := p.String(key)
	if err != nil {
		return time.Time{}, err
	}
	d, err := parseDay(s)
	if err != nil {
		return time.Time{}, fmt.Errorf("parameter %s: %w", key, err)
	}
	return d, nil
}

func msDay(v any) (time.Time, bool) {
	ms, ok := Num(v)
	if !ok || ms <= 0 {
		return time.Time{}, false
	}
	t := time.UnixMilli(int64(ms)).UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), true
}

var answerSplit = regexp.MustCompile(`\s*(?:,|;|\n|\band\b)\s*`)

// listAnswerPart: the answer's comma-separated items equal the expected set (each
// item fuzzy-matched, case ignored, order free).
func listAnswerPart(p Params, expected []string) (Part, error) {
	ans, err := p.String("answer")
	if err != nil {
		return Part{}, fmt.Errorf("%w (the agent's answer is what this task scores)", err)
	}
	var items []string
	for _, it := range answerSplit.Split(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ans), ".")), -1) {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
		}
	}
	exp := dedupeFold(expected)
	part := Part{Name: fmt.Sprintf("answer lists exactly %s", quoteList(exp))}
	if len(exp) == 0 {
		part.Name = "answer says there are none"
	}
	used := make([]bool, len(items))
	matched := 0
	for _, e := range exp {
		for i, it := range items {
			if !used[i] && FuzzyMatch(it, e) {
				used[i] = true
				matched++
				break
			}
		}
	}
	if len(exp) == 0 {
		low := strings.ToLower(ans)
		part.Pass = len(items) == 0 || strings.Contains(low, "no ") || strings.Contains(low, "none")
	} else {
		part.Pass = matched == len(exp) && len(dedupeFold(items)) == len(exp)
	}
	part.Detail = fmt.Sprintf("answer %q: %d of %d expected items, %d items given", clip(ans, 120), matched, len(exp), len(items))
	return part, nil
}

func dedupeFold(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		k := strings.ToLower(strings.TrimSpace(x))
		if !seen[k] {
			seen[k] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

var numberRe = regexp.MustCompile(`-?\d+(?:\.\d+)?`)

// numberAnswerPart: the first number in the answer equals want within tol.
func numberAnswerPart(p Params, want, tol float64, what string) (Part, error) {
	ans, err := p.String("answer")
	if err != nil {
		return Part{}, fmt.Errorf("%w (the agent's answer is what this task scores)", err)
	}
	part := Part{Name: fmt.Sprintf("answer gives %s = %s", what, strconv.FormatFloat(want, 'f', -1, 64))}
	m := numberRe.FindString(strings.ReplaceAll(ans, ",", ""))
	if m == "" {
		part.Detail = fmt.Sprintf("answer %q holds no number", clip(ans, 80))
		return part, nil
	}
	got, _ := strconv.ParseFloat(m, 64)
	part.Pass = math.Abs(got-want) <= tol
	part.Detail = fmt.Sprintf("answer %q reads as %s", clip(ans, 80), m)
	return part, nil
}

func irFamily(name, app, checks string, params []string, db, table string,
	expect func(rows []Row, p Params) (Part, error)) *Family {
	return &Family{Name: name, App: app, Checks: checks, Params: append(params, "answer"),
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			if !p.has("answer") {
				return nil, fmt.Errorf("%w \"answer\" (the agent's final answer, which this task scores)", ErrMissingParam)
			}
			rows, err := ReadTable(ctx, dev, db, table)
			if err != nil {
				return nil, err
			}
			part, err := expect(rows, p)
			if err != nil {
				return nil, err
			}
			return allOf(name, part), nil
		}}
}

func titles(rows []Row, keep func(Row) bool) []string {
	var out []string
	for _, r := range rows {
		if keep(r) {
			out = append(out, Str(r["title"]))
		}
	}
	return out
}

// ---- Tasks (org.tasks) -------------------------------------------------------

func tasksFamilies() {
	live := func(r Row) bool { d, _ := Num(r["deleted"]); return d == 0 }
	high := func(r Row) bool { i, ok := Num(r["importance"]); return ok && i == 0 } // 0 is high in Tasks
	done := func(r Row) bool { c, _ := Num(r["completed"]); return c > 0 }
	dueOn := func(d time.Time) func(Row) bool {
		return func(r Row) bool { t, ok := msDay(r["dueDate"]); return ok && t.Equal(d) }
	}
	const app = "Tasks"
	register(irFamily("TasksHighPriorityTasks", app, "tasks: titles with importance 0 (high), not deleted", nil, TasksDB, "tasks",
		func(rows []Row, p Params) (Part, error) {
			return listAnswerPart(p, titles(rows, func(r Row) bool { return live(r) && high(r) }))
		}))
	// onDate answers with the titles of live tasks that keep selects for the date parameter.
	onDate := func(keep func(d time.Time, r Row) bool) func([]Row, Params) (Part, error) {
		return func(rows []Row, p Params) (Part, error) {
			d, err := dayParam(p, "date")
			if err != nil {
				return Part{}, err
			}
			return listAnswerPart(p, titles(rows, func(r Row) bool { return live(r) && keep(d, r) }))
		}
	}
	register(irFamily("TasksDueOnDate", app, "tasks: titles due on the date", []string{"date"}, TasksDB, "tasks",
		onDate(func(d time.Time, r Row) bool { return dueOn(d)(r) })))
	register(irFamily("TasksHighPriorityTasksDueOnDate", app, "tasks: high-priority titles due on the date", []string{"date"}, TasksDB, "tasks",
		onDate(func(d time.Time, r Row) bool { return high(r) && dueOn(d)(r) })))
	register(irFamily("TasksCompletedTasksForDate", app, "tasks: completed titles due on the date", []string{"date"}, TasksDB, "tasks",
		onDate(func(d time.Time, r Row) bool { return done(r) && dueOn(d)(r) })))
	register(irFamily("TasksIncompleteTasksOnDate", app, "tasks: incomplete titles due on or before the date", []string{"date"}, TasksDB, "tasks",
		onDate(func(d time.Time, r Row) bool {
			t, ok := msDay(r["dueDate"])
			return !done(r) && ok && !t.After(d)
		})))
	register(irFamily("TasksDueNextWeek", app, "tasks: how many are due Monday Oct 16 to Sunday Oct 22 2023", nil, TasksDB, "tasks",
		func(rows []Row, p Params) (Part, error) {
			from := time.Date(2023, 10, 16, 0, 0, 0, 0, time.UTC)
			n := 0
			for _, r := range rows {
				if t, ok := msDay(r["dueDate"]); ok && live(r) && !t.Before(from) && t.Before(from.AddDate(0, 0, 7)) {
					n++
				}
			}
			return numberAnswerPart(p, float64(n), 0, "tasks due next week")
		}))
}

// ---- Joplin -------------------------------------------------------------------

func joplinFamilies() {
	register(irFamily("NotesIsTodo", "Joplin", "joplin notes: is_todo of the note with the title", []string{"title"}, JoplinDB, "notes",
		func(rows []Row, p Params) (Part, error) {
			title, err := p.String("title")
			if err != nil {
				return Part{}, err
			}
			var note Row
			for _, r := range rows {
				if strings.EqualFold(strings.TrimSpace(Str(r["title"])), strings.TrimSpace(title)) {
					note = r
					break
				}
			}
			if note == nil {
				return Part{}, fmt.Errorf("%s: no note titled %q, so there is no true answer", JoplinDB, title)
			}
			todo, _ := Num(note["is_todo"])
			want := "false"
			if todo == 1 {
				want = "true"
			}
			ans := strings.ToLower(strings.Trim(strings.TrimSpace(p.StringOr("answer", "")), ".!"))
			got := map[string]string{"true": "true", "yes": "true", "false": "false", "no": "false"}[ans]
			return Part{Name: fmt.Sprintf("answer is %s", want), Pass: got == want, Detail: fmt.Sprintf("note %q has is_todo=%s; answer %q", title, Str(note["is_todo"]), clip(p.StringOr("answer", ""), 60))}, nil
		}))
	// Counting to-dos needs the folder id, so this family reads two tables.
	register(&Family{Name: "NotesTodoItemCount", App: "Joplin", Checks: "joplin notes: how many to-dos (is_todo=1) sit in the folder with the title",
		Params: []string{"folder", "answer"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			folder, err := p.String("folder")
			if err != nil {
				return nil, err
			}
			if !p.has("answer") {
				return nil, fmt.Errorf("%w \"answer\" (the agent's final answer, which this task scores)", ErrMissingParam)
			}
			db, err := OpenDB(ctx, dev, JoplinDB)
			if err != nil {
				return nil, err
			}
			defer db.Close()
			if err := db.requireTables(ctx, "notes", "folders"); err != nil {
				return nil, err
			}
			rows, err := db.Query(ctx, `SELECT count(*) AS n FROM notes JOIN folders ON notes.parent_id = folders.id
				WHERE notes.is_todo = 1 AND lower(trim(folders.title)) = lower(trim(?))`, folder)
			if err != nil {
				return nil, err
			}
			n, _ := Num(rows[0]["n"])
			part, err := numberAnswerPart(p, n, 0, fmt.Sprintf("to-dos in %q", folder))
			if err != nil {
				return nil, err
			}
			return allOf("NotesTodoItemCount", part), nil
		}})
}

// ---- OpenTracks -----------------------------------------------------------------

func tracksFamilies() {
	register(irFamily("SportsTrackerActivitiesOnDate", "OpenTracks", "tracks: categories of activities started on the date", []string{"date"}, TracksDB, "tracks",
		func(rows []Row, p Params) (Part, error) {
			d, err := dayParam(p, "date")
			if err != nil {
				return Part{}, err
			}
			var cats []string
			for _, r := range rows {
				if t, ok := msDay(r["starttime"]); ok && t.Equal(d) {
					cats = append(cats, Str(r["category"]))
				}
			}
			return listAnswerPart(p, cats)
		}))
	register(irFamily("SportsTrackerLongestDistanceActivity", "OpenTracks",
		"tracks: the longest totaldistance (m, rounded) of the category this week (Mon Oct 9 to Sun Oct 15 2023)", []string{"category"}, TracksDB, "tracks",
		func(rows []Row, p Params) (Part, error) {
			cat, err := p.String("category")
			if err != nil {
				return Part{}, err
			}
			from, to := time.Date(2023, 10, 9, 0, 0, 0, 0, time.UTC), time.Date(2023, 10, 16, 0, 0, 0, 0, time.UTC)
			best, found := 0.0, false
			for _, r := range rows {
				t, ok := msDay(r["starttime"])
				dist, okd := Num(r["totaldistance"])
				if ok && okd && !t.Before(from) && t.Before(to) && strings.Contains(strings.ToLower(Str(r["category"])), strings.ToLower(cat)) {
					if !found || dist > best {
						best, found = dist, true
					}
				}
			}
			if !found {
				return Part{}, fmt.Errorf("%s: no %q activity this week, so there is no true answer", TracksDB, cat)
			}
			return numberAnswerPart(p, math.Round(best), 0.5, "longest "+cat+" distance in m")
		}))
}

// ---- Simple Calendar Pro questions ----------------------------------------------

// parseClock reads a time of day as the task texts write it: "11:00am", "4pm",
// "21:45", "12am".
func parseClock(s string) (h, m int, err error) {
	t := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	for _, layout := range []string{"3:04pm", "3pm", "15:04", "15"} {
		if d, e := time.Parse(layout, t); e == nil {
			return d.Hour(), d.Minute(), nil
		}
	}
	return 0, 0, fmt.Errorf("%q is not a time of day (want e.g. 11:00am, 4pm or 21:45)", s)
}

// singleAnswerPart: the whole answer matches want fuzzily (values that may hold commas).
func singleAnswerPart(p Params, want, what string) (Part, error) {
	ans, err := p.String("answer")
	if err != nil {
		return Part{}, fmt.Errorf("%w (the agent's answer is what this task scores)", err)
	}
	got := strings.TrimSuffix(strings.TrimSpace(ans), ".")
	return Part{Name: fmt.Sprintf("answer gives %s %q", what, want), Pass: FuzzyMatch(got, want),
		Detail: fmt.Sprintf("answer %q", clip(ans, 100))}, nil
}

func init() {
	onDay := func(d time.Time) func(Row) bool {
		return func(r Row) bool {
			ts, ok := Num(r["start_ts"])
			return ok && int64(ts) >= d.Unix() && int64(ts) < d.AddDate(0, 0, 1).Unix()
		}
	}
	for _, n := range []string{"SimpleCalendarEventsOnDate", "SimpleCalendarAnyEventsOnDate"} {
		register(irFamily(n, "Simple Calendar Pro", "events.db: titles of the events starting on the date", []string{"date"}, CalendarDB, "events",
			func(rows []Row, p Params) (Part, error) {
				d, err := dayParam(p, "date")
				if err != nil {
					return Part{}, err
				}
				return listAnswerPart(p, titles(rows, onDay(d)))
			}))
	}
	register(irFamily("SimpleCalendarEventOnDateAtTime", "Simple Calendar Pro", "events.db: titles of the events starting on the date at the time",
		[]string{"date", "time"}, CalendarDB, "events",
		func(rows []Row, p Params) (Part, error) {
			d, err := dayParam(p, "date")
			if err != nil {
				return Part{}, err
			}
			ts, err := p.String("time")
			if err != nil {
				return Part{}, err
			}
			h, m, err := parseClock(ts)
			if err != nil {
				return Part{}, fmt.Errorf("parameter time: %w", err)
			}
			at := d.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute).Unix()
			return listAnswerPart(p, titles(rows, func(r Row) bool { v, ok := Num(r["start_ts"]); return ok && int64(v) == at }))
		}))
	register(irFamily("SimpleCalendarLocationOfEvent", "Simple Calendar Pro", "events.db: the location of the event whose title contains the title",
		[]string{"title"}, CalendarDB, "events",
		func(rows []Row, p Params) (Part, error) {
			title, err := p.String("title")
			if err != nil {
				return Part{}, err
			}
			for _, r := range rows {
				if strings.Contains(strings.ToLower(Str(r["title"])), strings.ToLower(title)) {
					return singleAnswerPart(p, Str(r["location"]), "the location")
				}
			}
			return Part{}, fmt.Errorf("%s: no event titled %q, so there is no true answer", CalendarDB, title)
		}))
}

// ---- more OpenTracks and calendar questions --------------------------------------

// thisWeek is Monday Oct 9 to Sunday Oct 15 2023, the device's week.
var thisWeekFrom, thisWeekTo = time.Date(2023, 10, 9, 0, 0, 0, 0, time.UTC), time.Date(2023, 10, 16, 0, 0, 0, 0, time.UTC)

// trackSum sums f over the category's tracks starting in [from, to); n counts them.
func trackSum(rows []Row, cat string, from, to time.Time, f func(Row) float64) (sum float64, n int) {
	for _, r := range rows {
		t, ok := msDay(r["starttime"])
		if ok && !t.Before(from) && t.Before(to) && strings.Contains(strings.ToLower(Str(r["category"])), strings.ToLower(cat)) {
			sum += f(r)
			n++
		}
	}
	return sum, n
}

func trackMinutes(r Row) float64 { ms, _ := Num(r["totaltime"]); return ms / 60000 }
func trackMeters(r Row) float64  { m, _ := Num(r["totaldistance"]); return m }

func init() {
	const app = "OpenTracks"
	register(irFamily("SportsTrackerActivitiesCountForWeek", app, "tracks: how many of the category started Mon Oct 9 to Sun Oct 15 2023",
		[]string{"category"}, TracksDB, "tracks",
		func(rows []Row, p Params) (Part, error) {
			cat, err := p.String("category")
			if err != nil {
				return Part{}, err
			}
			_, n := trackSum(rows, cat, thisWeekFrom, thisWeekTo, trackMinutes)
			return numberAnswerPart(p, float64(n), 0, cat+" activities this week")
		}))
	register(irFamily("SportsTrackerTotalDurationForCategoryThisWeek", app, "tracks: total totaltime (minutes, rounded) of the category this week",
		[]string{"category"}, TracksDB, "tracks",
		func(rows []Row, p Params) (Part, error) {
			cat, err := p.String("category")
			if err != nil {
				return Part{}, err
			}
			sum, _ := trackSum(rows, cat, thisWeekFrom, thisWeekTo, trackMinutes)
			return numberAnswerPart(p, math.Round(sum), 0.5, "total "+cat+" minutes this week")
		}))
	register(irFamily("SportsTrackerActivityDuration", app, "tracks: totaltime (minutes, rounded) of the category's activity on the date",
		[]string{"category", "date"}, TracksDB, "tracks",
		func(rows []Row, p Params) (Part, error) {
			cat, err := p.String("category")
			if err != nil {
				return Part{}, err
			}
			d, err := dayParam(p, "date")
			if err != nil {
				return Part{}, err
			}
			sum, n := trackSum(rows, cat, d, d.AddDate(0, 0, 1), trackMinutes)
			if n == 0 {
				return Part{}, fmt.Errorf("%s: no %q activity on %s, so there is no true answer", TracksDB, cat, d.Format("2006-01-02"))
			}
			return numberAnswerPart(p, math.Round(sum), 0.5, cat+" minutes")
		}))
	register(irFamily("SportsTrackerTotalDistanceForCategoryOverInterval", app, "tracks: total totaldistance (m, rounded) of the category from start_date to end_date",
		[]string{"category", "start_date", "end_date"}, TracksDB, "tracks",
		func(rows []Row, p Params) (Part, error) {
			cat, err := p.String("category")
			if err != nil {
				return Part{}, err
			}
			from, err := dayParam(p, "start_date")
			if err != nil {
				return Part{}, err
			}
			to, err := dayParam(p, "end_date")
			if err != nil {
				return Part{}, err
			}
			sum, _ := trackSum(rows, cat, from, to.AddDate(0, 0, 1), trackMeters)
			return numberAnswerPart(p, math.Round(sum), 0.5, "total "+cat+" meters")
		}))

	register(irFamily("SimpleCalendarEventsInNextWeek", "Simple Calendar Pro", "events.db: titles of the events from Sun Oct 15 to Sun Oct 22 2023",
		nil, CalendarDB, "events",
		func(rows []Row, p Params) (Part, error) {
			from, to := time.Date(2023, 10, 15, 0, 0, 0, 0, time.UTC), time.Date(2023, 10, 23, 0, 0, 0, 0, time.UTC)
			return listAnswerPart(p, titles(rows, func(r Row) bool {
				ts, ok := Num(r["start_ts"])
				return ok && int64(ts) >= from.Unix() && int64(ts) < to.Unix()
			}))
		}))
	register(irFamily("SimpleCalendarNextEvent", "Simple Calendar Pro", "events.db: the title(s) of the earliest event starting at or after 15:30 on Oct 15 2023",
		nil, CalendarDB, "events",
		func(rows []Row, p Params) (Part, error) {
			now := time.Date(2023, 10, 15, 15, 30, 0, 0, time.UTC).Unix()
			next := int64(-1)
			for _, r := range rows {
				if ts, ok := Num(r["start_ts"]); ok && int64(ts) >= now && (next < 0 || int64(ts) < next) {
					next = int64(ts)
				}
			}
			if next < 0 {
				return Part{}, fmt.Errorf("%s: no upcoming event, so there is no true answer", CalendarDB)
			}
			return listAnswerPart(p, titles(rows, func(r Row) bool { ts, _ := Num(r["start_ts"]); return int64(ts) == next }))
		}))
}

// clockParam resolves a time-of-day parameter on a day to a Unix time.
func clockParam(p Params, key string, day time.Time) (int64, error) {
	s, err := p.String(key)
	if err != nil {
		return 0, err
	}
	h, m, err := parseClock(s)
	if err != nil {
		return 0, fmt.Errorf("parameter %s: %w", key, err)
	}
	return day.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute).Unix(), nil
}

func init() {
	const app = "Simple Calendar Pro"
	startTS := func(r Row) int64 { v, _ := Num(r["start_ts"]); return int64(v) }
	register(irFamily("SimpleCalendarEventsInTimeRange", app, "events.db: titles of the events on the date starting between start_time and 8pm",
		[]string{"date", "start_time"}, CalendarDB, "events",
		func(rows []Row, p Params) (Part, error) {
			d, err := dayParam(p, "date")
			if err != nil {
				return Part{}, err
			}
			from, err := clockParam(p, "start_time", d)
			if err != nil {
				return Part{}, err
			}
			to := d.Add(20 * time.Hour).Unix()
			return listAnswerPart(p, titles(rows, func(r Row) bool { ts := startTS(r); return ts >= from && ts <= to }))
		}))
	register(irFamily("SimpleCalendarFirstEventAfterStartTime", app, "events.db: the title(s) of the earliest event on the date starting at or after the time",
		[]string{"date", "time"}, CalendarDB, "events",
		func(rows []Row, p Params) (Part, error) {
			d, err := dayParam(p, "date")
			if err != nil {
				return Part{}, err
			}
			from, err := clockParam(p, "time", d)
			if err != nil {
				return Part{}, err
			}
			end := d.AddDate(0, 0, 1).Unix()
			first := int64(-1)
			for _, r := range rows {
				if ts := startTS(r); ts >= from && ts < end && (first < 0 || ts < first) {
					first = ts
				}
			}
			if first < 0 {
				return Part{}, fmt.Errorf("%s: no event after that time, so there is no true answer", CalendarDB)
			}
			return listAnswerPart(p, titles(rows, func(r Row) bool { return startTS(r) == first }))
		}))
}
