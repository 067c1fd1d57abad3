package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// A task may pick its item by age ("reply to the most recent text message"): the newest is
// the row whose time is latest, whatever the list's order, and the pick holds when the result
// is reached on that row's item's page (C5). These tests read times as chat and file apps
// write them, and judge whole runs through a conversation list and its threads, and a list of
// notes dated in their rows' descriptions. Apps and names are this test's own.

// chatRow is a conversation list's row: who, the time of the last message, and its text.
type chatRow struct{ who, when, last string }

// chatList is the chat app's list of conversations, rows in the order given.
func chatList(rows ...chatRow) []trace.UIElement {
	els := judgetest.Page(chatter, "Chats")
	for i, r := range rows {
		y := 300 + i*200
		els = append(els,
			judgetest.UI{Pkg: chatter, Text: r.who, ID: "conversation_address", Y1: y, Y2: y + 80, X1: 160, X2: 800}.Element(),
			judgetest.UI{Pkg: chatter, Text: r.when, ID: "conversation_date", Y1: y, Y2: y + 80, X1: 820, X2: 1040}.Element(),
			judgetest.UI{Pkg: chatter, Text: r.last, ID: "conversation_body_short", Y1: y + 80, Y2: y + 150, X1: 160, X2: 1040}.Element())
	}
	return els
}

// tapChat opens the list's row i.
func tapChat(i int) *trace.Action { return judgetest.TapOn(160, 300+i*200, 800, 380+i*200) }

var (
	recentTask = `Reply to the most recent text message in the Chatter app with "on my way".`
	oldestTask = `Reply to the oldest text message in the Chatter app with "on my way".`
)

// replyFrom opens row i of the list (after any steps before) and sends the reply in who's
// thread.
func replyFrom(list []trace.UIElement, i int, who string, before ...act) []act {
	out := append([]act{}, before...)
	return append(out, act{list, tapChat(i)},
		act{chatThread(who, "on my way", "earlier"), tapSend}, act{chatThread(who, "", "earlier", "on my way"), nil})
}

// noteRow is a file list's row: the note's name and the date and time its description writes.
type noteRow struct{ name, when string }

// datedNotes is a notes app's file list: each row's container describes it ("File
// budget.md 10/15/2023, 15:34") and its title shows the name.
func datedNotes(rows ...noteRow) []trace.UIElement {
	els := judgetest.Page(jotter, "Jotter")
	for i, r := range rows {
		y := 300 + i*150
		els = append(els,
			judgetest.UI{Pkg: jotter, Class: "android.widget.LinearLayout", Desc: "File " + r.name + " " + r.when, ID: "item_root", Y1: y, Y2: y + 140}.Element(),
			judgetest.UI{Pkg: jotter, Text: r.name, ID: "item_title", Y1: y + 10, Y2: y + 80, X1: 150, X2: 900}.Element())
	}
	return els
}

func TestRowAgeOrdersTheTimesListsWrite(t *testing.T) {
	// Each pair: the first is older than the second.
	for _, c := range [][2]string{
		{"Oct 12", "Yesterday"},
		{"Yesterday", "9:05 AM"},
		{"Yesterday 23:59", "0:01"},
		{"9:05 AM", "15:34"},
		{"15:34", "just now"},
		{"12:05 AM", "1:00 AM"},
		{"11:59 AM", "12:05 PM"},
		{"Oct 12", "Oct 13"},
		{"Sep 30", "Oct 1"},
		{"10/14/2023, 18:00", "10/15/2023, 15:34"},
		{"10/15/2023, 09:00", "10/15/2023, 15:34"},
		{"12/31/2022, 23:00", "01/01/2023, 08:00"},
	} {
		older, ok1 := rowAge(c[0])
		newer, ok2 := rowAge(c[1])
		if !ok1 || !ok2 || older >= newer {
			t.Errorf("rowAge(%q) = %d, %v and rowAge(%q) = %d, %v: want the first older", c[0], older, ok1, c[1], newer, ok2)
		}
	}
	// The same time written two ways is one age.
	for _, c := range [][2]string{{"3:34 PM", "15:34"}, {"3:34 p.m.", "15:34"}, {"12:00 AM", "0:00"}} {
		a, _ := rowAge(c[0])
		b, _ := rowAge(c[1])
		if a != b {
			t.Errorf("rowAge(%q) = %d, rowAge(%q) = %d: one time", c[0], a, c[1], b)
		}
	}
	for _, s := range []string{"", "ok", "see you at eight", "Draft", "Mon"} {
		if a, ok := rowAge(s); ok {
			t.Errorf("rowAge(%q) = %d: a row writing no time has no age", s, a)
		}
	}
}

func TestWantsNewestReadsThePick(t *testing.T) {
	for phrase, newest := range map[string]bool{"most recent": true, "most recently": true, "newest": true, "latest": true, "Oldest": false, "earliest": false} {
		got, ok := wantsNewest(phrase)
		if !ok || got != newest {
			t.Errorf("wantsNewest(%q) = %v, %v; want %v", phrase, got, ok, newest)
		}
	}
	if _, ok := wantsNewest("the first"); ok {
		t.Error(`"the first" is a pick by place, not by age`)
	}
}

func TestListAgesNeedsEveryRowTimed(t *testing.T) {
	// screen is a list page as the describer gives it: each row's name and time side by side,
	// elements of one id per column.
	screen := func(rows ...[2]string) *judge.Screen {
		sc := &judge.Screen{Package: chatter, Title: "Chats"}
		for i, r := range rows {
			y := 300 + i*200
			sc.Elements = append(sc.Elements,
				judge.Element{Package: chatter, Text: r[0], ID: "conversation_address", HasBounds: true, Y1: y, Y2: y + 80, X1: 160, X2: 800},
				judge.Element{Package: chatter, Text: r[1], ID: "conversation_date", HasBounds: true, Y1: y, Y2: y + 80, X1: 820, X2: 1040})
		}
		return sc
	}
	names, ages := listAges(screen([2]string{"Tom", "Yesterday"}, [2]string{"Mira", "15:34"}))
	if len(names) != 2 || names[0] != "tom" || names[1] != "mira" || ages[0] >= ages[1] {
		t.Errorf("listAges = %q, %v; want tom older than mira", names, ages)
	}
	if names, _ := listAges(screen([2]string{"Tom", "Yesterday"}, [2]string{"Mira", "Draft"})); names != nil {
		t.Errorf("a row writing no time: listAges = %q, want none", names)
	}
	if names, _ := listAges(screen([2]string{"Mira", "15:34"})); names != nil {
		t.Errorf("one row: listAges = %q, want none (no pick among one)", names)
	}
}

func recencyCases() []ruleCase {
	three := chatList(chatRow{"Tom", "Yesterday", "ok"}, chatRow{"Mira", "15:34", "see you"}, chatRow{"Ana", "Oct 12", "hi"})
	oldestFirst := chatList(chatRow{"Ana", "Oct 12", "hi"}, chatRow{"Tom", "Yesterday", "ok"}, chatRow{"Mira", "3:34 PM", "see you"})
	notes := []noteRow{{"trip.md", "10/14/2023, 18:00"}, {"budget.md", "10/15/2023, 15:34"}, {"ideas.md", "10/13/2023, 09:00"}}
	return []ruleCase{
		{rule: "C5", name: "the reply sent in the thread of the row whose time is latest", task: recentTask,
			steps: replyFrom(three, 1, "Mira"), want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the reply sent in the thread of another row", task: recentTask,
			steps: replyFrom(three, 0, "Tom"), want: trace.RunCannotTell},
		{rule: "C5", name: "the list sorted oldest first: the last row is the newest", task: recentTask,
			steps: replyFrom(oldestFirst, 2, "Mira"), want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the list sorted oldest first: its first row is not the newest", task: recentTask,
			steps: replyFrom(oldestFirst, 0, "Ana"), want: trace.RunCannotTell},
		{rule: "C5", name: "just now is newer than any time of the day", task: recentTask,
			steps: replyFrom(chatList(chatRow{"Mira", "15:34", "see you"}, chatRow{"Tom", "just now", "ok"}), 1, "Tom"), want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", name: "the oldest asked: the row of the earliest date", task: oldestTask,
			steps: replyFrom(three, 2, "Ana"), want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the oldest asked, the newest answered", task: oldestTask,
			steps: replyFrom(three, 1, "Mira"), want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "a row that writes no time: no row is known newest", task: recentTask,
			steps: replyFrom(chatList(chatRow{"Tom", "Yesterday", "ok"}, chatRow{"Mira", "Draft", "see you"}), 1, "Mira"), want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "two rows at the same latest time", task: recentTask,
			steps: replyFrom(chatList(chatRow{"Tom", "15:34", "ok"}, chatRow{"Mira", "3:34 PM", "see you"}, chatRow{"Ana", "Oct 12", "hi"}), 1, "Mira"), want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "no list of the conversations seen: the thread alone", task: recentTask,
			steps: []act{{chatThread("Mira", "on my way", "earlier"), tapSend}, {chatThread("Mira", "", "earlier", "on my way"), nil}}, want: trace.RunCannotTell},

		// A notes list dated in its rows' descriptions, full dates and times.
		{rule: "C5", hold: true, name: "the newest note of a dated list: a deletion names no item, so nothing compares", task: "Delete the newest note in the Jotter app.",
			steps: []act{{datedNotes(notes...), nil}, {datedNotes(notes[0], notes[2]), nil}}, want: trace.RunCannotTell, cite: "C3"},
	}
}

func TestPickByAge(t *testing.T) {
	runRuleCases(t, recencyCases())
}

// The judge notes a list's newest row once while the same list shows again frame after
// frame, and the page a result is on once while it stays: the notes are memory a model
// judge's run carries too, and a long run repeated them on every frame.
func TestRecencyNotesAreNotRepeated(t *testing.T) {
	// The same list under a status bar whose clock moves: frames that differ, so each is read.
	list := func(clock string) []trace.UIElement {
		return judgetest.Concat(chatList(chatRow{"Tom", "Yesterday", "ok"}, chatRow{"Mira", "15:34", "see you"}),
			[]trace.UIElement{judgetest.UI{Pkg: "com.android.systemui", Text: clock, ID: "clock", Y1: 0, Y2: 60, X1: 20, X2: 140}.Element()})
	}
	steps := []act{{list("15:35"), nil}, {list("15:36"), nil}, {list("15:37"), judgetest.TapOn(0, 420, 1080, 560)}}
	steps = append(steps, act{chatThread("Mira", "on my way", "see you"), tapSend},
		act{chatThread("Mira", "", "see you", "on my way"), nil}, act{chatThread("Mira", "", "see you", "on my way"), nil})
	j := heuristicRun(t, stepsTrace(t, recentTask, steps...), nil)
	count := map[string]int{}
	for _, f := range j.Frames {
		count["newest"] += len(recencyNoteRe.FindAllString(f.CriticalInfo, -1))
		count["result page"] += len(resultPageRe.FindAllString(f.CriticalInfo, -1))
	}
	if count["newest"] != 1 || count["result page"] > 1 {
		t.Fatalf("notes %v, want one of each:\n%s", count, describeLog(t, j))
	}
	if o := j.RunVerdict(); o.Verdict != trace.RunSuccess {
		t.Fatalf("verdict %s (%s)", o.Verdict, o.Reason)
	}
}
