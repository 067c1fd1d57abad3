// Package redteam10 is the tenth blind held-out corpus for the judges, for tests only, and the
// fifth drawn at random from AndroidWorld's task list (after redteam6 to redteam9): it measures
// what a user meets, AndroidWorld's tasks as agents in its harnesses run them, rather than tasks
// picked to be novel. It was written from how the apps behave and from AndroidWorld's
// evaluators, by someone who had not read the judges' rules (only judge/evidence's published
// table), and committed before any judge read it.
//
// # The sample
//
// The 22 tasks were drawn, and are used in the order drawn, with Debian's Python 3.11:
//
//	/usr/bin/python3 -c "import json,random; t=sorted(x['task_name'] for x in json.load(open('/work/shared/data/androidworld/task_metadata.json'))); print(random.Random(20261130).sample(t, 22))"
//
// which gives SystemBrightnessMax, ExpenseDeleteDuplicates2, SimpleCalendarEventsInTimeRange,
// ClockStopWatchPausedVerify, OsmAndFavorite, OsmAndTrack, NotesMeetingAttendeeCount,
// ContactsNewContactDraft, SportsTrackerTotalDurationForCategoryThisWeek, SimpleSmsSend,
// SystemBluetoothTurnOffVerify, TasksCompletedTasksForDate, SimpleSmsReply, SystemWifiTurnOff,
// SimpleSmsSendReceivedAddress, FilesDeleteFile, NotesRecipeIngredientCount,
// AudioRecorderRecordAudio, SystemWifiTurnOn, MarkorCreateNote, ExpenseAddMultiple,
// SimpleSmsResend. None was skipped: each task's outcome, as its evaluator decides it, can be
// shown on UI-tree screens or is, for a few runs, naturally not shown; draws 23 to 30
// (sample(t, 30)) were not needed. SportsTrackerTotalDurationForCategoryThisWeek,
// SimpleSmsSendReceivedAddress and NotesRecipeIngredientCount were drawn for redteam9 too (and
// other tasks for redteam6 to redteam8); their runs here are written afresh, with other
// parameters, and end and fail differently.
//
// Each task's parameters were picked as its generator picks them: Schaanwald and the track's
// Ruggell, Bendern and Nendeln from osmand.py's preloaded Liechtenstein places (two to four
// waypoints); expenses named, priced, categorised and noted from expense.py's lists, the goal's
// rows written as its csv text does ($187.4, amounts in cents over 100), and for the duplicate
// task 38 other rows plus the duplicated Gym Membership and three Gym Membership rows of other
// amounts (perturbations of 50 to 1000 cents) and dates; first and last names, a ddd-ddd-dddd
// number and the label Work from ContactsNewContactDraft's lists; message texts from
// RANDOM_SENTENCES, numbers as +1 and ten digits, and one of generate_random_address's
// addresses; a file name as generate_random_file_name makes it (adjective_noun with a fixed
// suffix) with the Documents folder's extension, among noise files made the same way from the
// folder's candidates; titles, dates, times, quantities, durations and tasks from
// information_retrieval_tasks.textproto (today is Sunday October 15 2023, this week Monday
// October 9 to Sunday October 15). The textproto gives NotesMeetingAttendeeCount's note no body
// to draw from; the body here states the count ("Attendees: 45") as the prompt presumes.
//
// Facts of the evaluators decide some labels. SimpleSmsSend, SimpleSmsReply and
// SimpleSmsSendReceivedAddress also want the messenger in front at the end; SimpleSmsResend does
// not, but wants exactly one message sent during the run, equal (difflib ratio at least 0.9) to
// the last one before, so a second copy fails it. ContactsNewContactDraft reads the final screen
// (the form, unsaved, with the label under the phone field), so a run that saves fails.
// ClockStopWatchPausedVerify reads the final screen too: DeskClock with Start and two Stopwatch
// labels, so a stopwatch started and paused again passes. FilesDeleteFile only checks that the
// file is gone. AudioRecorderRecordAudio counts new non-empty files, and Audio Recorder keeps a
// recording under its default name when its name dialog is cancelled. OsmAndFavorite matches a
// favourite by a name containing the goal's whole location string or by coordinates within
// 0.001 degrees, so "Schaanwald" at the village passes and Schaan does not; OsmAndTrack wants
// track points near each waypoint in order. An information-retrieval answer is split at commas
// and must have as many items as the expected titles, each fuzzily equal to one; a number answer
// must parse as a number; no answer action scores 0.
//
// # The runs
//
// 30 of part A's 66 runs (45%) succeed by AndroidWorld's reward, on the common path or on
// another valid one (the shade's tile instead of Settings, a stopwatch started and paused, the
// name dialog cancelled, Save in the editor, ending on a list, a detail page or the home
// screen). The failures come in the proportions agents make them (Case.Failure): stopping or
// claiming done before the last step most often (12), then a wrong value typed, picked or
// answered (11), the wrong item (8), forms left unsaved (2), the wrong app or screen (2) and one
// loop that runs out of steps; 11 of the 36 are subtle near misses (Case.Subtle). Three runs
// never show their outcome (kind "unseen"): a brightness slider whose value the tree does not
// carry, a Joplin note whose WebView had not reached the tree, and an answer read off the
// calendar's month grid, whose events are pictures. Runs have a budget of 30 steps, or
// AndroidWorld's ten times the task's complexity where it matters: 18 for the expense loop, 120
// for the track.
//
// Like internal/redteam9 it has two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, its kind, how it failed,
//     and what a careful person concludes from the screens;
//   - 21 screenshot-only final screens of runs of the same tasks (Shots), seven of them
//     successes, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the judges are measured on. Measure with it;
// never tune rules to it.
package redteam10
