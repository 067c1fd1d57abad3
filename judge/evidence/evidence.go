// Package evidence is the one statement of what the judges count as evidence: what shows
// that an effect of a task happened, what never does, what shows a run failed, when the
// judge cannot tell, and what the last look at a run's end checks before a success. The
// model judge reads these rules in its prompts (package prompts renders them from this
// table) and the heuristic judge cites their ids in its analyses, so the two judges work
// from one text; a rule changed here changes both (bump heuristic.Version with it).
//
// The rules come from how the method judges (a substate holds when a screen shows it) and
// from how Android apps behave: an app shows its state as its own content; a field holds
// what is being typed until the app commits it; search boxes, keyboards, notifications and
// the home screen show what the agent was doing, not what it achieved.
package evidence

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// Kind groups the rules by what they decide.
type Kind string

const (
	// Shows: what shows that an effect happened (a substate may be true).
	Shows Kind = "shows"
	// Never: what never shows an effect, whatever it says.
	Never Kind = "never"
	// Against: evidence against the run; a failure needs one.
	Against Kind = "against"
	// Unknown: when the judge cannot tell, for want of the evidence the task needs.
	Unknown Kind = "cannot tell"
	// LastLook: what the last look at the run's end checks before a success.
	LastLook Kind = "last look"
)

// Rule is one rule: a stable id, what it decides and its statement, addressed to a judge.
type Rule struct {
	ID        string
	Kind      Kind
	Statement string
}

// Rules is the table, in the order the prompts list them. Ids never change meaning: a rule
// dropped leaves its id unused.
var Rules = []Rule{
	{"E1", Shows, `Content the app shows as its own state shows the effect: its text that is not in an editable field, list rows, page titles, and the checked, selected or on/off state of its controls, on the screen where they appear (on a screenshot, as drawn on the control's row: a switch is on with its thumb at the end and its track or thumb in the accent colour, off with its thumb at the start and all grey; a checkbox is checked when filled with a check mark, a radio button when it has its dot; a text that wraps is read line by line, and the lines of one paragraph, one under the other at the same start in the same font, are its text; an apostrophe or a quote is the same sign however it is drawn). A screen the task names by what it is ("the In-Call UI", "the settings page") shows by the content and controls the task says it has ("with options like 'Hold'"), never by the task's name for it.`},
	{"E2", Shows, `Text in an editable field shows the effect only once the app has committed it: after the agent used a save, done, add or OK control or the enter key (when the form stays on screen, the app must confirm the save or take its save control away, except in a document editor, which saves what it holds when its save control is tapped), or left with back an editor that saves as it is left (a document editor: one large text field, the screen's only one, and no control that sends it), and the app then showed no error and no save-or-discard question. The OK of a date or time picker over a form only sets the value picked: it commits nothing of the form; the date or time it set, shown as the form's text, is one of the form's values. When the task says not to save (do not hit save), the filled form is the goal: the values typed into its fields are the result while it stays open. The memory records each such commit as a "saved form:" note; its values count as shown on the frame the note names. A form left with back is saved when the page it returns to, seen before the form was opened without the item, then lists what the form held (an editor that saves as it is left). Without such a note, text in a field (marked "typed:") is still being typed. On a screenshot, whose fields read as plain text, a screen that asks whether to save (a save-or-discard question), or a dialog with its confirming and its leaving buttons both there and neither pressed, holds what it shows asked, not committed.`},
	{"E3", Shows, `A value the task gives whole may show in parts: the adjacent fields of one committed form (a first name and a last name make the full name), or adjacent texts on one row of the app's content; a file's name on the page of that file without the extension (an editor's title) when the committed form that made the file gave that name and that extension; a video, song or picture file's name as the whole text of a row without its extension, as players and galleries list files by title; a file's name as a committed save form gives it, the name typed and the file type picked among its options (a name typed with another extension than the type picked is saved with both), in the folder its path line showed when it was committed, or the system's save page titled (a path line shown in a form is the form's, not a result). Parts from two forms, or from texts apart from each other, do not make the value.`},
	{"E4", Shows, `An app is open when the foreground package (or activity) is that app's. A system prompt in front of an app (a permission request, a system dialog) is the foreground: the app under it is not shown. A screenshot read as text names no package: there the app counts when its name shows as the app's own text, and is otherwise assumed, and said to be, on any screen that is not the home screen or the app drawer. A substate names an app only when the task or the suite names it as the app to use ("in the Notes app", "using Chrome"); a common word such as "phone" in "their phone number" names no app.`},
	{"E5", Shows, `Something is gone (deleted, moved away, cleared) when a page listed it earlier and the same page later shows its place taken by another item (at the list's first or last place, its neighbour there, when the agent did not scroll in between), says the list is empty, or shows the list with nothing in it where the item was (nothing of the app's left where its row was, the page unscrolled and no keyboard over it, also where the app draws its rows with no list view); the memory records this as "... was listed on page ... and is not listed there ...". A list scrolled, or another page without it, shows nothing gone; a file list that titles every folder alike (with the app's name) names its folder in the path line under its app bar, and each folder is a page of its own. A task that removes every item of a kind and names none ("delete all my notes") is shown done when the page that listed them later lists none of them, each seen gone from its list (a button floating over the list is no row of it); an item still listed there is evidence against it, and a screenshot, whose text shows no list view, shows a list emptied only where the same page says it is empty ("No events"); there the page behind a dialog is unread, so a delete question naming an item ("Delete notes.md?") followed by a screen listing the app's items without it shows it gone. So is a task that removes every item on a day it gives as a date ("delete all the events on 2023-10-20"), on the page whose title names that day; another day's page emptied shows nothing. An item is the row of its own name: where the page listed it beside a row whose longer name holds it ("Parking meter" beside "Parking"), that row is another item, whose staying neither keeps the item listed nor, when it goes, shows the item gone. A task that deletes the copies of repeated items ("all but one of any recipes that are exact duplicates") is never shown done by a list alone, since rows that look alike may differ in fields the list does not show; but a row the page listed more than once and, the list not scrolled in between, lists no more shows every copy deleted, which is evidence against it.`},
	{"E6", Shows, `A substate with several constraints (an item, a source and a destination; a name and a number; a switch and its state) holds only when every one of them is shown; a partial match holds nothing. A move needs the item gone from its source (E5) as well as at its destination: an item listed at the destination alone may have been copied. The kind of item is a constraint where the app tells kinds apart: a folder the task names is not shown by a file of that name (the name with an extension, a row the app describes as a file, a form that made a file). How often an event recurs ("recurs weekly, forever") is a value its form shows in its repeat field; the time an item is at ("the event on 2023-10-24 at 14h") is shown with it, never a page it is on or an item of its own; Android's Download folder is "Downloads" in pickers and "Download" in its path, one folder. A value the task gives for a named field ("description X, directions Y") holds only in that field's role: not when it shows only under the heading of another field the task names, or in the app's element for another such field where the page has one for its own. A time with its half of the day ("7:30 AM") shows only with that half, in one text or beside it on its row (or as the 24-hour time); a time written without its half is a 24-hour time: "8:00" is the morning, never shown by "8:00 PM", and "20:00" shows as "8:00 PM". A state an edit sets its item to ("mark the task 'Pay rent' as high priority", "set its priority to high") holds only where the item shows in it as the app shows a state: a checked option or the state's own text with the item, or, for done and not done, the box on the item's row. An edit's old text ("rename X to Y") is rightly gone and not required; while it still shows, the edit is not shown done. A message the task names by where its text is ("share the content of the note") is that text: only a sent message holding it shows the send. So is one it names by whom it came from ("text the address to Oliver that Mei just sent me"): Mei's message as a page titled with her name showed it, whole, sent in the conversation titled with the recipient; part of it shows nothing, and without her message read the text is not named (C3).`},
	{"E7", Shows, `A substate about the agent's answer holds only when the agent reported an answer and a screen of the run shows the information that makes every part of it correct: each part with what the question asks about (its date, its name), on the same list item where the screen is a list; every item that qualifies when the question asks for all of them ("what tasks are due ..."), an item qualifying only as its row shows it (for "which tasks have I completed", its box ticked), and a part the screen shows whole on an item without what the question asks about being that item's, not an answer; for a question that picks items by a quality ("my high priority tasks"), each item of the answer shown with that quality as the app's state (plain text or a checked option, on the screen listing the answer's items or on the item's own page), and, for all of them, the page of every item of the list it picks from read, where a page showing the quality for an item the answer leaves out is against it; the answer read in the form the question asks for (items separated by commas when it asks for a comma-separated list: "A, B and C" is two items, the second "B and C"); a quantity in the unit the question asks for (a duration shown as 0:42:10 is 42 minutes); a quantity of a thing ("what quantity of tahini do I need for the recipe X") as the amount written with that thing, on its line or row (a recipe's line above names another ingredient), and a measure of one kind of activity ("my cycling activity") on that kind's row where the screen lists several; an answer asked as a number ("as a single integer") written as one (0:45:00 is none); a yes or no about an item's attribute as the item's row shows it (a to-do's checkbox).`},
	{"E8", Shows, `A state an app shows by the controls it offers: a timer, stopwatch, recorder or player that offers Pause or Stop is running; one that offers Start, Resume or Play beside Reset is paused (one never started offers Start alone); a task to pause it asks it not to run, which a paused one and one never started both show. On a screen showing the thing named, the controls offered show its state. A display at zero with no Pause offered shows it not running, on any screen. On a screenshot, whose play and pause buttons are icons its text never holds, a control is read by its caption (the whole of its line: "Start", "Reset"), and Reset offered without Pause (a clock app offers it only once stopped, Lap while it runs) shows it paused.`},
	{"E9", Shows, `A page that sets the task and judges the attempt itself (a web page's puzzle or quiz, a form that checks what was entered) shows the task done when it writes its own verdict, an element whose whole text is a word of success ("Success!", "Correct!", "Solved!"), and still shows it on the run's last screen (text a form the agent filled held, such as a note titled "Success!" and then listed, is the agent's, never the page's verdict): that verdict covers what the task asks (the counts, orders and places it states), whatever else the screens show of it; a run that leaves the page afterwards cannot be told.`},
	{"N1", Never, `Text being typed and not committed (marked "typed:") never shows an effect: the agent may still change it, cancel it or never save it. A message an app keeps as a draft (its row marked "Draft") was typed, not sent.`},
	{"N2", Never, `Search boxes, address bars and their suggestions (marked "search:"), and the hits a search lists, never show that what was searched for was made, saved or visited; while a search box or address bar holds text being typed, what is listed under it is its suggestions or hits, whatever it holds.`},
	{"N3", Never, `The keyboard, its suggestions and clipboard chips (listed under the keyboard, marked "keyboard:" or "clipboard:") never show an effect, except where the task's destination is the clipboard itself ("copy ... to the clipboard"): there the system's preview of what was copied, or a clipboard chip, holding the text shows it.`},
	{"N4", Never, `Notifications and the rest of the system UI (marked "notification:" or listed under the system UI) never show an effect in an app.`},
	{"N5", Never, `The home screen and the app drawer show no app open and nothing done: their labels are the names of apps.`},
	{"F1", Against, `An error or refusal the app shows after the agent's attempt (a save that failed, an invalid or missing value, a permission not granted), or beside the item itself (a message marked "Not sent"), is evidence against the run.`},
	{"F2", Against, `A form left by back, cancel or discard (or a save-or-discard question answered with discard) and never committed after is evidence against what it held: a form the agent changed whose text names an item the task names (a form left as it was opened, its text what the app listed before, was only read, and a form of an item the task does not name holds nothing of its result).`},
	{"F3", Against, `The page where the result must appear, shown after the attempt without it (the list without the new item, the item still listed after its delete, the switch in the other state), is evidence against the run; so is, for an answer, a screen showing what the question asks about with something other than the answer, or with more items that qualify than the answer names.`},
	{"F4", Against, `A run that ended normally (the agent stopped, or the step or time budget it was given ran out) with the goal never shown on any of its screens ended elsewhere: it failed.`},
	{"F5", Against, `An instruction not to do something ("do not start the timer", "do NOT hit save") broken on a screen of the run (the thing shown running, the form saved) is evidence against the run.`},
	{"F6", Against, `An item the task makes once shown twice as new (two items of one list with its name, which the app never showed before the agent saved it) was made twice: evidence against the run; so is a message the task sends once sent twice into one conversation (the same text sent again), unless the task asks for a count.`},
	{"F7", Against, `A page that judges the attempt itself and writes its verdict against it on the run's last screen (an element whose whole text is "Wrong answer", "Incorrect", "Try again") is evidence against the run.`},
	{"C1", Unknown, `When the recording ends before the run did (a crash, a lost device, an interruption), what it does not show cannot be told. A step or time budget that ran out cut nothing short: it ended the run, and the run's last screens are its end, as a benchmark scores it.`},
	{"C2", Unknown, `When the agent's last action could have produced the result (a save, a send) and no later screen shows what came of it, the judge cannot tell.`},
	{"C3", Unknown, `When the screens that would show the result cannot be read (no UI tree or text, frames skipped, text too garbled, a last screenshot with no readable text at all, a fact of a kind the judge cannot read off a screen, such as the level of a slider whose element writes no value, or on a screenshot a switch or checkbox whose drawing does not show its state), the judge cannot tell; so it does when the task names what an action makes only by where it comes from or goes (the recipient of "resend the message I just sent to Nadia", the picture of "add the expenses from expenses.jpg"): that place shows whether or not anything was made. A last screenshot that shows only the keyboard, text typed into a field or a system prompt is read: the run ended there with nothing committed.`},
	{"C4", Unknown, `When the screens show part of what the result needs and never show the rest, for it or against it (a moved item listed at its destination, its source never shown again; an answer's items shown without what the question asks of them), the judge cannot tell.`},
	{"C5", Unknown, `A task may state more of its result than the values it names: where in the result (at the top, at the end), in what order, how many times (once, twice), every item of a kind, which of several items (the most recent, the first, the one that ...), items by their mark (done, incomplete, checked), a time's AM or PM, a value's field (as the title, a record's "description: ..."), a day named from today (today, tomorrow, this Thursday, in two weeks), whose weekday alone is no value to find. Such a constraint holds only when a screen compares it: the text on the first (or last) line of what it was added to; the items listed in that order, on the last screen that lists them all; the time with its AM or PM in its text or beside it on its row (or as the 24-hour time); the value in the field of that name, not in another the task names; the item picked by age (the most recent, the oldest) as the page the result was reached on, when a list whose every row writes a time showed that item newest (oldest), whatever the list's order; the date the result shows (a saved form's date, the day page or the dated row that lists it, the one date of the page a number answered was worked out from; for a question about every item of that day, no item of the day left out of the answer), resolved against today's date as a screen of the run shows it (the home screen's date line, "Sun, Oct 15"), never against a form's default date, which is the day it was opened from: "this Thursday" is the first Thursday after today, "the Thursday after next" the one a week later, "in two weeks" fourteen days on; a phrase of another reading ("next Thursday", "next week") is not resolved. A success needs every constraint the task states to hold so; one that no screen compared leaves the judge unable to tell, whatever else the screens show.`},
	{"L1", LastLook, `Before a success, the result was not undone later: nothing it rests on was deleted, listed again after its delete, switched back, moved to another level or paused on a later screen (an item made with its own switch on, such as an alarm, then switched off); and when the result is an app open, the run does not end with another app, a system prompt or the home screen in front; when the task asks for a screen to be displayed ("ensure the in-call screen is displayed"), the run's last screen still shows it (a call ended, a page left undoes it).`},
	{"L2", LastLook, `Before a success, the form the result rests on was not discarded afterwards: left by back or cancel, or a save-or-discard question answered with discard.`},
	{"L3", LastLook, `Before a success, no error followed in the app after the result was shown.`},
}

// Get returns the rule with an id; it panics on an unknown id, a defect of the caller.
func Get(id string) Rule {
	for _, r := range Rules {
		if r.ID == id {
			return r
		}
	}
	panic("evidence: no rule " + id)
}

// Cite is the mark an analysis puts before what a rule found: "[E2]".
func Cite(id string) string { return "[" + Get(id).ID + "]" }

// Of lists the rules of the given kinds, in table order.
func Of(kinds ...Kind) []Rule {
	var out []Rule
	for _, r := range Rules {
		for _, k := range kinds {
			if r.Kind == k {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// Render lists rules as a prompt shows them, one per line: "- [E1] statement".
func Render(rules []Rule) string {
	var b strings.Builder
	for i, r := range rules {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "- [%s] %s", r.ID, r.Statement)
	}
	return b.String()
}

// Version names the table's text: a hash of every rule, so a prompt that renders the rules
// changes its version with them.
func Version() string {
	h := sha256.New()
	for _, r := range Rules {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00", r.ID, r.Kind, r.Statement)
	}
	return "evidence-" + hex.EncodeToString(h.Sum(nil))[:8]
}

// Cited returns the rule ids a text cites ("[E2] ..." gives E2), once each, in table order.
func Cited(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range Rules {
		if strings.Contains(text, "["+r.ID+"]") && !seen[r.ID] {
			seen[r.ID] = true
			out = append(out, r.ID)
		}
	}
	return out
}
