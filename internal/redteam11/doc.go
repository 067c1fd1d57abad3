// Package redteam11 is the eleventh blind held-out corpus for the judges, for tests only, and the
// sixth drawn at random from AndroidWorld's task list (after redteam6 to redteam10): it measures
// what a user meets, AndroidWorld's tasks as agents in its harnesses run them, rather than tasks
// picked to be novel. It was written from how the apps behave and from AndroidWorld's
// evaluators, by someone who had not read the judges' rules (only judge/evidence's published
// table), and committed before any judge read it.
//
// # The sample
//
// The 22 tasks were drawn, and are used in the order drawn, with Debian's Python 3.11:
//
//	/usr/bin/python3 -c "import json,random; t=sorted(x['task_name'] for x in json.load(open('/work/shared/data/androidworld/task_metadata.json'))); print(random.Random(20261131).sample(t, 22))"
//
// which gives SystemCopyToClipboard, SystemWifiTurnOff, RecipeDeleteMultipleRecipesWithNoise,
// SimpleCalendarEventsInNextWeek, SaveCopyOfReceiptTaskEval, MarkorCreateNoteAndSms,
// SimpleCalendarDeleteOneEvent, SystemWifiTurnOn, ExpenseDeleteSingle, MarkorCreateFolder,
// TasksHighPriorityTasks, SimpleDrawProCreateDrawing, SimpleSmsSendReceivedAddress,
// ExpenseDeleteMultiple, RetroSavePlaylist, RetroPlayingQueue, MarkorMoveNote,
// ExpenseAddMultipleFromGallery, SportsTrackerActivityDuration, TasksIncompleteTasksOnDate,
// RecipeDeleteDuplicateRecipes, SimpleCalendarDeleteEventsOnRelativeDay. None was skipped: each
// task's outcome, as its evaluator decides it, can be shown on UI-tree screens or is, for a few
// runs, naturally not shown (a clipboard, a picture's text, a priority's colour); draws 23 to 30
// of sample(t, 30) were not needed. SystemWifiTurnOff, SystemWifiTurnOn and
// SimpleSmsSendReceivedAddress were drawn for redteam10 too (and other tasks for redteam6 to
// redteam9); their runs here are written afresh, with other parameters, and end and fail
// differently.
//
// Each task's parameters were picked as its generator picks them: a clipboard text from
// SystemCopyToClipboard's list; recipe titles from recipe.py's list (three targets among 29
// noise recipes; one recipe twice among five); event titles as events_generator makes them
// (a prefix, a name or subject) on October 2023 days, "this Thursday" being October 19 from
// Sunday October 15; file names as generate_random_file_name makes them (adjective_noun with a
// date prefix or a fixed suffix) with Markor's and Simple Draw Pro's extensions and the
// receipt_ prefix; Markor's folder name as folder_ and the generating host's date and time;
// note text from RANDOM_SENTENCES; numbers as +1 and ten digits; an address from
// generate_random_address's list; subfolders from MarkorMoveNote's list; expense names,
// amounts and categories from expense.py's lists; Retro Music's songs from _SONGS and a
// playlist name from _generate_playlist_name's themes; titles, dates, durations and priorities
// from information_retrieval_tasks.textproto (today is Sunday October 15 2023; "next week" is
// Monday October 16 to Sunday October 22; importance 0 is high).
//
// Facts of the evaluators decide some labels. A composite's score is the mean of its parts, and
// AndroidWorld counts a run successful only above 0.5: MarkorCreateNoteAndSms with the note but
// no SMS, and RetroSavePlaylist with the playlist but no exported file, score 0.5 and fail.
// SimpleSMSSendSms (in MarkorCreateNoteAndSms and SimpleSmsSendReceivedAddress) wants the
// messenger in front at the end and the body within difflib ratio 0.9 of the goal's: the
// address without its ZIP code scores 0.885. MarkorCreateFolder and SimpleDrawProCreateDrawing
// look for the exact path under `find`, so a file folder_….md is no folder and a .jpg is no
// .png. SaveCopyOfReceiptTaskEval only checks the file in Download. RetroPlayingQueue wants the
// queue equal to the three titles, so tapping a song (which queues the whole list) fails.
// ExpenseDeleteSingle and ExpenseDeleteMultiple start with the target rows only. An
// information-retrieval answer is split at commas and must have as many items as the expected
// titles, each fuzzily equal to one; a number answer is cast with float(), so 0:45:00 scores 0.
//
// # The runs
//
// 30 of part A's 66 runs (45%) succeed by AndroidWorld's reward, on the common path or on
// another valid one (the shade's tile or Settings' switch, a selection bar instead of an edit
// page, rows deleted one by one, ending on a list, a detail page, the month grid or the home
// screen). The failures come in the proportions agents make them (Case.Failure): stopping or
// claiming done before the last step most often (11, one of them unseen), then a wrong value
// typed, picked or answered (10), the wrong item (10), loops that run out of steps (3), a
// drawing never saved and one run lost in the wrong Settings page; 10 of the 36 are subtle near
// misses (Case.Subtle). Five runs never show their outcome (kind "unseen"): a copy followed at
// once by Home (the clipboard overlay never captured), an answer read off the calendar's month
// grid, whose events are pictures, priorities read off check-box colours the tree does not
// carry, and two runs adding the expenses of a picture whose text is pixels only (one of them
// adds two of its three). Runs have a budget of 30 steps, or AndroidWorld's ten times the
// task's complexity where it matters: 34 for the recipes, 32 for the queue, 50 for the
// playlist, 60 for the expenses from the gallery.
//
// Like internal/redteam10 it has two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, its kind, how it failed,
//     and what a careful person concludes from the screens;
//   - 22 screenshot-only final screens of runs of the same tasks (Shots), seven of them
//     successes, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the judges are measured on. Measure with it;
// never tune rules to it.
package redteam11
