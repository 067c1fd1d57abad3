// Package redteam7 is the seventh blind held-out corpus for the judges, for tests only, and the
// second drawn at random from AndroidWorld's task list (redteam6 was the first): it measures
// what a user meets, AndroidWorld's tasks as agents in its harnesses run them, rather than tasks
// picked to be novel. It was written from how the apps behave and from AndroidWorld's
// evaluators, by someone who had not read the judges' rules (only judge/evidence's published
// table), and committed before any judge read it.
//
// # The sample
//
// The 22 tasks were drawn, and are used in the order drawn, with Debian's Python 3.11:
//
//	/usr/bin/python3 -c "import json,random; t=sorted(x['task_name'] for x in json.load(open('/work/shared/data/androidworld/task_metadata.json'))); print(random.Random(20261127).sample(t, 22))"
//
// which gives BrowserMultiply, SimpleCalendarEventsOnDate, MarkorMergeNotes, SystemWifiTurnOn,
// NotesMeetingAttendeeCount, SimpleCalendarDeleteEvents, TasksDueNextWeek,
// ExpenseDeleteMultiple, FilesDeleteFile, MarkorTranscribeVideo, RecipeDeleteDuplicateRecipes,
// MarkorDeleteNewestNote, MarkorMoveNote, ContactsNewContactDraft, SystemCopyToClipboard,
// ExpenseDeleteSingle, RetroPlayingQueue, VlcCreateTwoPlaylists, SystemBrightnessMinVerify,
// SystemBluetoothTurnOn, MarkorCreateNote, CameraTakePhoto. None was skipped: each task's
// outcome, as its evaluator decides it, can be shown on UI-tree screens, or for a few runs is
// naturally not shown (a video's frames, a slider's value). Draws 23 to 30 (sample(t, 30)) were
// not needed. BrowserMultiply, SystemWifiTurnOn and SimpleCalendarDeleteEvents were drawn for
// redteam6 too; their runs here are written afresh and end and fail differently.
//
// Each task's parameters were picked as its generator picks them: a date reworded relative to
// Sunday, October 15 2023 ("this Wednesday"), titles, bodies and counts from
// information_retrieval_tasks.textproto, notes named adjective_noun with a date or suffix and
// contents of twenty random letters and digits, expenses, recipes, songs, video and playlist
// names from the generators' lists, a first and last name, a ddd-ddd-dddd number and the Work
// label, a clipboard string from SystemCopyToClipboard's list. Where a task clears its table
// first (ExpenseDeleteSingle, ExpenseDeleteMultiple) the list holds only the task's rows.
//
// # The runs
//
// 29 of part A's 66 runs (44%) succeed by AndroidWorld's reward, on the common path or on
// another valid one (a quick settings tile, a copy from Settings' search field, an event list
// cleared by selection, an extra look at the list, ending on the home screen). The failures
// come in the proportions agents make them (Case.Failure): stopping or claiming done before the
// last step most often, then a wrong value, a wrong item, loops that run out of steps, the
// wrong screen, a dialog dismissed unsaved; fewer than a third are subtle near misses
// (Case.Subtle). A few runs never show their outcome (kind "unseen"): a video transcribed whose
// frames the tree does not carry, a brightness slider whose value it does not carry, a count
// answered from a list of titles.
// VlcCreateTwoPlaylists scores 0.5 with one playlist right; such a run counts as failed.
//
// Like internal/redteam6 it has two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, its kind, how it failed,
//     and what a careful person concludes from the screens;
//   - twenty screenshot-only final screens of runs of the same tasks (Shots), six of them
//     successes, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the judges are measured on. Measure with it;
// never tune rules to it.
package redteam7
