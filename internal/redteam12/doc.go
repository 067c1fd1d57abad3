// Package redteam12 is the twelfth blind held-out corpus for the judges, for tests only, and the
// seventh drawn at random from AndroidWorld's task list (after redteam6 to redteam11): it
// measures what a user meets, AndroidWorld's tasks as agents in its harnesses run them, rather
// than tasks picked to be novel. It was written from how the apps behave and from AndroidWorld's
// evaluators, by someone who had not read the judges' rules (only judge/evidence's published
// table), and committed before any judge read it.
//
// # The sample
//
// The 22 tasks were drawn, and are used in the order drawn, with Debian's Python 3.11:
//
//	/usr/bin/python3 -c "import json,random; t=sorted(x['task_name'] for x in json.load(open('/work/shared/data/androidworld/task_metadata.json'))); print(random.Random(20261132).sample(t, 22))"
//
// which gives OsmAndMarker, SystemWifiTurnOnVerify, SystemBluetoothTurnOn, BrowserMultiply,
// MarkorCreateFolder, NotesTodoItemCount, SportsTrackerActivityDuration, RetroCreatePlaylist,
// ClockTimerEntry, BrowserMaze, SystemBrightnessMin, SimpleCalendarAddOneEvent,
// SimpleCalendarLocationOfEvent, TasksHighPriorityTasksDueOnDate, SystemBluetoothTurnOff,
// RecipeAddMultipleRecipesFromImage, ExpenseAddSingle, OsmAndFavorite, MarkorMergeNotes,
// ExpenseDeleteSingle, SystemBluetoothTurnOffVerify, ExpenseDeleteMultiple. None was skipped:
// each task's outcome, as its evaluator decides it, can be shown on UI-tree screens or is, for
// a few runs, naturally not shown (a brightness slider without a value, a picture's text, a
// priority's colour); draws 23 to 30 of sample(t, 30) were not needed. Several tasks were
// drawn for earlier corpora too (MarkorCreateFolder, SportsTrackerActivityDuration,
// ExpenseDeleteSingle and ExpenseDeleteMultiple for redteam11, among others); their runs here
// are written afresh, with other parameters, and end and fail differently.
//
// Each task's parameters were picked as its generator picks them: OsmAnd's locations from
// _PRELOADED_MAP_LOCATIONS, as coordinates (Planken's) for the marker and as a name (Bendern,
// Liechtenstein) for the favourite; task.html's numbers as the page's seeded generator gives
// them (the first at load, four more on clicks); Markor's folder as folder_ and a date and
// time, file names as generate_random_file_name makes them; a Joplin folder and titles from
// the textproto's lists; an OpenTracks duration, category and date, a calendar title and
// location, and a Tasks date from information_retrieval_tasks.textproto (today is Sunday
// October 15 2023); a Retro Music playlist name from _generate_playlist_name's themes and songs
// from _SONGS; hours, minutes and seconds as ClockTimerEntry's randint ranges allow; a
// calendar event as events_generator makes them (October 2023, a 45-minute duration); recipe
// titles from recipe.py's list; an expense in the goal's csv form (name|amount_dollars|
// category_name|note, amount as $ and cents/100).
//
// Facts of the evaluators decide some labels. The *Verify tasks start in the goal's state, so
// a run that leaves it succeeds and one that toggles it fails. BrowserTask wants Chrome in
// front and an element whose text is "Success!"; a wrong product leaves the result empty.
// ClockTimerEntry reads the screen: DeskClock in front with "03h 52m 09s" (or its
// description); a started timer no longer shows it. RetroCreatePlaylist checks the playlist's
// songs in order. MarkorMergeNotes wants the new file's text within difflib ratio 0.9 of the
// three contents joined by blank lines (two of three: 0.79). An information-retrieval answer
// is matched by difflib ratio 0.9 after lower-casing ('Coffee Bean' against 'The Coffee Bean':
// 0.846), a list needing as many items as titles, a number by float(); a run that claims done
// without an answer action has nothing to match. SimpleCalendarAddOneEvent compares the new
// row's start and end: an event left at the default end (one hour after 16:00) is 60 minutes.
//
// # The runs
//
// 30 of part A's 66 runs (45%) succeed by AndroidWorld's reward, on the common path or on
// another valid one (the shade's tile or Settings' switch, a glance at a state already right,
// rows deleted one by one, ending on a list, a detail page, a folder, My places or the home
// screen). The failures come in the proportions agents make them (Case.Failure): stopping or
// claiming done before the last step most often (12), then a wrong value typed, picked or
// answered (11), the wrong item or button (6), a form left unsaved or a deletion cancelled
// (3), a loop that runs out of steps and a run lost on an edit page; 5 of the 36 are subtle
// near misses (Case.Subtle). Five runs never show their outcome (kind "unseen"): brightness
// slid down in the shade (the SeekBar carries no value), a Bluetooth-off verify claimed from
// the home screen, a priority guessed from a list whose priorities are check-box colours, and
// two runs adding the recipes of a picture whose text is pixels only (one of them adds two of
// its three). Runs have a budget of 30 steps, or AndroidWorld's ten times the task's complexity
// where it matters: 20 for the maze, 60 for the recipes, 78 for the merge.
//
// Like internal/redteam11 it has two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, its kind, how it failed,
//     and what a careful person concludes from the screens;
//   - 20 screenshot-only final screens of runs of the same tasks (Shots), six of them
//     successes, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the judges are measured on. Measure with it;
// never tune rules to it.
package redteam12
