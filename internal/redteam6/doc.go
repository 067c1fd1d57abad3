// Package redteam6 is the sixth blind held-out corpus for the judges, for tests only. The
// first five were each written to cover tasks the earlier ones left out, which measures the
// judges on deliberately novel tasks; this one measures what a user meets: a random sample of
// AndroidWorld's tasks, each run three times the way agents in AndroidWorld's harnesses run
// them. It was written from how the apps behave and from AndroidWorld's evaluators, by someone
// who had not read the judges' rules (only judge/evidence's published table), and committed
// before any judge read it.
//
// # The sample
//
// The 22 tasks were drawn, and are used in the order drawn, with Debian's Python 3.11:
//
//	/usr/bin/python3 -c "import json,random; t=sorted(x['task_name'] for x in json.load(open('/work/shared/data/androidworld/task_metadata.json'))); print(random.Random(20261126).sample(t, 22))"
//
// which gives RetroPlaylistDuration, RecipeDeleteSingleRecipe, BrowserMultiply,
// SimpleCalendarNextMeetingWithPerson, SimpleSmsSendClipboardContent, ContactsAddContact,
// TasksHighPriorityTasks, NotesIsTodo, OpenAppTaskEval, SimpleSmsReply,
// MarkorCreateNoteFromClipboard, SimpleDrawProCreateDrawing, SystemWifiTurnOn, TasksDueOnDate,
// ExpenseAddMultipleFromGallery, RecipeDeleteDuplicateRecipes3, OsmAndTrack, MarkorDeleteNote,
// SimpleCalendarDeleteEvents, ExpenseDeleteDuplicates, SimpleCalendarAnyEventsOnDate,
// SimpleSmsResend. None was skipped: each task's outcome, as its evaluator decides it, can be
// shown (or, for a few runs, is naturally not shown) on UI-tree screens. Draws 23 to 30
// (sample(t, 30)) were not needed. Some tasks repeat ones of earlier corpora; a random sample
// repeats tasks, which is the point.
//
// Each task's parameters were picked as its generator picks them (AndroidWorld's
// generate_random_params and information_retrieval_tasks.textproto): a playlist "theme NNN",
// a +1 and ten digits, a name, a date reworded relative to Sunday, October 15 2023 ("this
// Thursday", "the Tuesday after next"), a file name of adjective_noun with a date or suffix, a
// clipboard string of random letters and digits, recipes and expenses from the generators'
// lists, towns of the preloaded Liechtenstein map.
//
// # The runs
//
// About 44% of part A's 66 runs succeed by AndroidWorld's reward, on the common path or on
// another valid one (a quick settings panel, a clipboard chip, an event deleted from its own
// screen, an extra step home after a delete). The failures come in the proportions agents make
// them (Case.Failure): stopping or claiming done before the last step most often, then a wrong
// value, a wrong item, a form left unsaved, the wrong app or screen, and loops that run out of
// steps; at most a third are subtle near misses (Case.Subtle). A few runs never show their
// outcome (kind "unseen"): a question answered from a screen that does not hold the answer, an
// expense list filled from a picture whose text the tree does not carry.
//
// Like internal/redteam5 it has two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, its kind, how it failed,
//     and what a careful person concludes from the screens;
//   - twenty screenshot-only final screens of runs of the same tasks (Shots), labelled the same
//     way.
//
// MeasuredHash (corpus_test.go) pins the content the judges are measured on. Measure with it;
// never tune rules to it.
package redteam6
