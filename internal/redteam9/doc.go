// Package redteam9 is the ninth blind held-out corpus for the judges, for tests only, and the
// fourth drawn at random from AndroidWorld's task list (after redteam6, redteam7 and redteam8):
// it measures what a user meets, AndroidWorld's tasks as agents in its harnesses run them,
// rather than tasks picked to be novel. It was written from how the apps behave and from
// AndroidWorld's evaluators, by someone who had not read the judges' rules (only
// judge/evidence's published table), and committed before any judge read it.
//
// # The sample
//
// The 22 tasks were drawn, and are used in the order drawn, with Debian's Python 3.11:
//
//	/usr/bin/python3 -c "import json,random; t=sorted(x['task_name'] for x in json.load(open('/work/shared/data/androidworld/task_metadata.json'))); print(random.Random(20261129).sample(t, 22))"
//
// which gives BrowserDraw, RecipeDeleteMultipleRecipesWithConstraint,
// SimpleSmsSendReceivedAddress, NotesIsTodo, ExpenseDeleteSingle, TasksHighPriorityTasks,
// CameraTakePhoto, RecipeDeleteDuplicateRecipes, NotesRecipeIngredientCount,
// SportsTrackerTotalDurationForCategoryThisWeek, SystemBrightnessMaxVerify,
// TasksIncompleteTasksOnDate, MarkorChangeNoteContent, SimpleDrawProCreateDrawing, BrowserMaze,
// ContactsAddContact, RetroSavePlaylist, ExpenseDeleteMultiple, CameraTakeVideo,
// MarkorDeleteNewestNote, RecipeAddMultipleRecipesFromMarkor2, SimpleCalendarAddRepeatingEvent.
// None was skipped: each task's outcome, as its evaluator decides it, can be shown on UI-tree
// screens (the browser tasks by Chrome showing "Success!", the camera tasks by the recording's
// timer or the filmstrip), or for a few runs is naturally not shown. Draws 23 to 30
// (sample(t, 30)) were not needed. RecipeDeleteDuplicateRecipes, MarkorChangeNoteContent and
// RetroSavePlaylist were drawn for redteam8 too (and others for redteam6 and redteam7); their
// runs here are written afresh and end and fail differently.
//
// Each task's parameters were picked as its generator picks them: for the browser tasks a
// seeded page (a 4x4 maze with a path to the goal; three target colours of the 24); cucumber from
// recipe.py's common ingredients, with the three recipes whose directions hold it among 29 others
// and a duplicated Quick Fried Rice among five others (one a same-titled Bruschetta with another
// description); names from user_data_generation's lists, +1 and ten digits for numbers, and
// one of its addresses for the received text; titles, bodies, quantities, categories, dates and
// durations from information_retrieval_tasks.textproto (this week is Monday October 9 to Sunday
// October 15 2023); a playlist named by theme and number from retro_music.py's songs; notes
// named by generate_random_file_name with .md or .txt and a 20-character content string; a
// drawing named word_adjective_noun_modifier with an extension; the repeating event's title and
// description as events_generator.py makes them, weekly, 45 minutes.
//
// Facts of the evaluators decide some labels. The SMS check also requires Simple SMS Messenger
// in front at the end, so a message sent before pressing Home fails. ExpenseDeleteSingle and
// ExpenseDeleteMultiple start the app holding only the expenses to delete. A contact's number is
// compared digits only with the goal's, +1 included, and the display name whole, so the full
// name typed into First name passes. An information-retrieval answer is split at commas and
// must have as many items as the expected titles, each fuzzily equal to one; a number answer
// must parse as one. MarkorChangeNoteContent's goal is its class's (with the rename), and the
// file checks compare exact paths, so a name missing its extension, or carrying two, fails.
// RetroSavePlaylist scores 0.5 with the playlist right and no export (or exported out of order);
// such a run counts as failed. MarkorDeleteNewestNote orders files by change time, while
// Markor lists them by name and its Sort by Date puts the oldest first.
//
// # The runs
//
// 29 of part A's 66 runs (44%) succeed by AndroidWorld's reward, on the common path or on
// another valid one (the full name in one field, a duplicate compared before deleting, a delete
// per row, ending on a detail page, a list or the home screen). The failures come in the
// proportions agents make them (Case.Failure): stopping or claiming done before the last step
// most often, then a wrong value or format, the wrong item, forms left unsaved, the wrong app or
// screen, loops that run out of steps; 12 of the 37 are subtle near misses (Case.Subtle). Three
// runs never show their outcome (kind "unseen"): a photo taken with nothing in the viewfinder's
// tree to show it, a brightness slider whose value the tree does not carry, and a priority
// answered from a list whose tree carries no priority. The long runs use AndroidWorld's step
// budget, ten times the task's complexity.
//
// Like internal/redteam8 it has two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, its kind, how it failed,
//     and what a careful person concludes from the screens;
//   - 22 screenshot-only final screens of runs of the same tasks (Shots), seven of them
//     successes, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the judges are measured on. Measure with it;
// never tune rules to it.
package redteam9
