// Package redteam8 is the eighth blind held-out corpus for the judges, for tests only, and the
// third drawn at random from AndroidWorld's task list (after redteam6 and redteam7): it
// measures what a user meets, AndroidWorld's tasks as agents in its harnesses run them, rather
// than tasks picked to be novel. It was written from how the apps behave and from AndroidWorld's
// evaluators, by someone who had not read the judges' rules (only judge/evidence's published
// table), and committed before any judge read it.
//
// # The sample
//
// The 22 tasks were drawn, and are used in the order drawn, with Debian's Python 3.11:
//
//	/usr/bin/python3 -c "import json,random; t=sorted(x['task_name'] for x in json.load(open('/work/shared/data/androidworld/task_metadata.json'))); print(random.Random(20261128).sample(t, 22))"
//
// which gives RetroCreatePlaylist, ExpenseAddMultipleFromMarkor, SystemBluetoothTurnOff,
// SystemBrightnessMin, ExpenseAddMultiple, AudioRecorderRecordAudioWithFileName,
// SimpleSmsReply, RecipeDeleteDuplicateRecipes, RecipeAddSingleRecipe,
// RecipeAddMultipleRecipesFromImage, SimpleCalendarDeleteEventsOnRelativeDay,
// SportsTrackerActivityDuration, ClockStopWatchPausedVerify, MarkorDeleteAllNotes,
// SystemBluetoothTurnOn, RecipeAddMultipleRecipes, TasksIncompleteTasksOnDate,
// SimpleSmsReplyMostRecent, SimpleCalendarAddOneEvent, MarkorChangeNoteContent,
// RetroSavePlaylist, MarkorMoveNote. None was skipped: each task's outcome, as its evaluator
// decides it, can be shown on UI-tree screens, or for a few runs is naturally not shown (a
// slider's value, a picture's text, a list's unscrolled rest). Draws 23 to 30 (sample(t, 30))
// were not needed. RecipeDeleteDuplicateRecipes, SystemBluetoothTurnOn and MarkorMoveNote were
// drawn for redteam7 too; their runs here are written afresh and end and fail differently.
//
// Each task's parameters were picked as its generator picks them: songs and a "theme number"
// playlist name from retro_music.py's lists, expenses (name by category, amount in cents, note)
// from expense.py's lists and written as the goal or my_expenses.txt writes them, a file name
// modified by generate_modified_file_name, +1 and ten digits for numbers and messages from
// RANDOM_SENTENCES, recipes from recipe.py's list with its descriptions, servings, times,
// ingredient phrases and direction additions, event titles and descriptions from
// events_generator.py, dates reworded relative to Sunday, October 15 2023 ("this Thursday",
// "yesterday"), and titles, dates and durations from information_retrieval_tasks.textproto.
//
// Two facts of the evaluators decide some labels. MarkorChangeNoteContent's goal is the one its
// class in task_evals/single/markor.py builds ("... and change its name to ..."), which asks
// for a rename that task_metadata.json's older template leaves out; the evaluator checks the old
// name is gone and the new one holds the content. ExpenseAddMultipleFromMarkor compares each
// logged note with the row's note before the file added ". Reimbursable." to it (fuzzy ratio
// 0.9), so the successful run types the note without that tag. AudioRecorder's check looks for
// the given name with .m4a appended, so the name is typed as the goal gives it, .m4a and all.
//
// # The runs
//
// 30 of part A's 66 runs (45%) succeed by AndroidWorld's reward, on the common path or on
// another valid one (a quick settings tile, a multi-selection delete, a start-then-pause,
// a check in the destination folder, ending on a list, a detail page or the home screen). The
// failures come in the proportions agents make them (Case.Failure): stopping or claiming done
// before the last step most often, then the wrong item, a wrong value, forms left unsaved, the
// wrong screen, loops that run out of steps; 11 of the 36 are subtle near misses
// (Case.Subtle). Three runs never show their outcome (kind "unseen"): a brightness slider whose
// value the tree does not carry, recipes typed from a picture whose text the tree does not
// carry, and an answer read from a list that scrolls on unseen. RetroSavePlaylist scores 0.5
// with the playlist right and no export; such a run counts as failed. The long recipe runs use
// AndroidWorld's own step budget, ten times the task's complexity (60).
//
// Like internal/redteam7 it has two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, its kind, how it failed,
//     and what a careful person concludes from the screens;
//   - 21 screenshot-only final screens of runs of the same tasks (Shots), six of them
//     successes, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the judges are measured on. Measure with it;
// never tune rules to it.
package redteam8
