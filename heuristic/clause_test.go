package heuristic

import (
	"reflect"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/substate"
)

func TestDeriveSubstates(t *testing.T) {
	s := DeriveSubstates("Open the Clock app and set an alarm for 7:30 AM", "")
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	var contents []string
	for _, n := range s.Nodes {
		contents = append(contents, n.Content)
	}
	want := []string{"The Clock app is open", "The screen shows the result of: set an alarm for 7:30 AM"}
	if !reflect.DeepEqual(contents, want) {
		t.Fatalf("%q, want %q", contents, want)
	}
	if s.Nodes[1].Kind != substate.Unit || s.Nodes[1].ParentID() != 0 {
		t.Fatalf("%+v", s.Nodes[1])
	}
	s = DeriveSubstates("delete location history", "")
	if s.Nodes[0].Content != noAppContent || len(s.Nodes) != 2 {
		t.Fatalf("%+v", s.Nodes)
	}
	// Deterministic: the same task gives the same substates.
	if !reflect.DeepEqual(DeriveSubstates("Create a new contact for Amir Muller. Their number is +19328020043.", ""),
		DeriveSubstates("Create a new contact for Amir Muller. Their number is +19328020043.", "")) {
		t.Fatal("not deterministic")
	}
}

// An app is named only when the task writes it as the app to use (evidence rule E4): a
// common word that is also an app's name ("phone", "files", "settings") names no app in
// "their phone number" or "delete the files", nor as a field's label.
func TestAppsNamedOnlyAsApps(t *testing.T) {
	cases := []struct {
		task string
		want string // the first page's content
	}{
		{"Create a new contact for Amir Muller. Their phone number is +19328020043.", noAppContent},
		{"Share the note with the phone number 5550142 via SMS using Simple SMS Messenger", "The Simple Sms app is open"},
		{"Enter the following details: First Name: Ana, Last Name: Lee, Phone: 555, Phone Label: Work.", noAppContent},
		{"Delete the files in the Downloads folder.", noAppContent},
		{"Phone the office and ask for Sam.", noAppContent},
		{"Open the Phone app and call 555.", "The Phone app is open"},
		{"Open Settings and turn on Wi-Fi.", "The Settings app is open"},
		{"In Contacts, add Bob.", "The Contacts app is open"},
		{"Add a favorite for Paris in the OsmAnd maps app.", "The Osmand app is open"},
		{"Create a note in Markor named a.md.", "The Markor app is open"},
		// A word of a quoted value, or one opening a noun phrase in a list of items, names
		// no app; a name followed by a stop word or "app" still does.
		{"Create a note titled 'Camera settings and lenses' with the text 'Clean the sensor'.", noAppContent},
		{"Remove these items from the inventory: Garden hose, Phone charger, Desk lamp.", noAppContent},
		{"Create a note in Markor with the description 'Photos and old letters'.", "The Markor app is open"},
		{"Open Contacts and add Bob.", "The Contacts app is open"},
		{"Call 555 with the 'Phone' app.", "The Phone app is open"},
	}
	for _, c := range cases {
		s := DeriveSubstates(c.task, "")
		if got := s.Nodes[0].Content; got != c.want {
			t.Errorf("%q: first page %q, want %q", c.task, got, c.want)
		}
		for _, n := range s.Nodes[1:] {
			if n.Kind == substate.Page && c.want == noAppContent {
				t.Errorf("%q: a second page %q", c.task, n.Content)
			}
		}
	}
	// The suite names the app to use: it is the first page whatever the task says.
	if got := DeriveSubstates("Create a new contact for Amir Muller.", "contacts").Nodes[0].Content; got != "The Contacts app is open" {
		t.Errorf("suite app: %q", got)
	}
}

// unitValues are the values of each unit DeriveSubstates gives a task, in order.
func unitValues(task string) [][]string {
	var out [][]string
	for _, n := range DeriveSubstates(task, "").Nodes {
		if n.Kind != substate.Unit {
			continue
		}
		var vs []string
		for _, v := range parseSpec(n.Content).Values {
			vs = append(vs, v.Text)
		}
		out = append(out, vs)
	}
	return out
}

// The text after a label of one text ("with the following text:", "with message:") is one
// value to the end of the sentence, whatever "and", commas or stops it holds; a plural label
// ("the following books ...:") introduces a list; a field list's "Label: value" items give
// their values; the place after the text ("in the X app") is no part of it.
func TestTextAfterALabelIsOneValue(t *testing.T) {
	cases := []struct {
		task string
		want [][]string
	}{
		{"Create a note named pack.md in the Jotter app with the following text: Socks, a torch and the blue map. Bring it.",
			[][]string{{"Socks, a torch and the blue map. Bring it", "pack.md"}}},
		{"Send a message to 5550142 with message: running late, and sorry in the Chatter app.",
			[][]string{{"running late, and sorry", "5550142"}}},
		{"Delete the following books from the Bookshelf app: Dune, Emma and Walden.", [][]string{{"Dune", "Emma", "Walden"}}},
		{"In the Phonebook app enter the following details: First Name: Ana, Last Name: Lee, Phone: 555-0100.",
			[][]string{{"Ana", "Lee", "555-0100"}}},
	}
	for _, c := range cases {
		if got := unitValues(c.task); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: values %q, want %q", c.task, got, c.want)
		}
	}
}

// AndroidWorld writes the rows a task adds in two formats (get_text_representation_of_rows):
// text blocks ("Expense: Lamp" then " amount_dollars: $12.00" lines) and a table (a header
// of column names over rows of cells split by "|"). Each row is one clause with every value
// of the row, also when the line introducing the rows carries the first field.
func TestAndroidWorldRowGoals(t *testing.T) {
	want := [][]string{{"Lamp", "$12.00", "Home", "desk light"}, {"Rug", "$80.50", "Home", "hall"}}
	for _, task := range []string{
		"Add the following expenses into the ledger app:\nExpense: Lamp\n amount_dollars: $12.00\n category_name: Home\n note: desk light\n\nExpense: Rug\n amount_dollars: $80.50\n category_name: Home\n note: hall\n",
		"Add the following expenses into the ledger app: Expense: Lamp\n amount_dollars: $12.00\n category_name: Home\n note: desk light\n\nExpense: Rug\n amount_dollars: $80.50\n category_name: Home\n note: hall\n",
		"Add the following expenses into the ledger app:\nname|amount_dollars|category_name|note\nLamp|$12.00|Home|desk light\nRug|$80.50|Home|hall",
	} {
		if got := unitValues(task); !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n units' values %q,\n want %q", task, got, want)
		}
	}
}

// A clause acting on "it" names the result of the clause before when that one has no name
// of its own: "record a clip and save it as X" is one clause about X. A clause before with
// a name of its own keeps its clause.
func TestItNamesWhatTheClauseBeforeMade(t *testing.T) {
	units := func(task string) []string {
		var out []string
		for _, n := range DeriveSubstates(task, "").Nodes {
			if n.Kind == substate.Unit {
				out = append(out, strings.TrimPrefix(n.Content, resultPrefix))
			}
		}
		return out
	}
	if got := units(`Record a voice memo in the Memo app and save it as harbour_walk.`); len(got) != 1 || !strings.Contains(got[0], "harbour_walk") {
		t.Errorf("units %q", got)
	}
	if got := units(`Create a note named plan.md in the Jotter app and share it with 5550142.`); len(got) != 2 {
		t.Errorf("units %q", got)
	}
}

// A number of units the question asks for is the length of time a screen writes in
// another form, counted whole or rounded; another number is not.
func TestDurationsAsAppsWriteThem(t *testing.T) {
	cases := []struct {
		number, unit, text string
		want               bool
	}{
		{"42", "minute", "0:42:10", true},
		{"43", "minute", "0:42:40", true},
		{"42", "minute", "0:42:40", true},
		{"44", "minute", "0:42:40", false},
		{"72", "minute", "1:12:05", true},
		{"65", "minute", "1h 05m", true},
		{"42", "minute", "42 min", true},
		{"2", "hour", "2:10:00", true},
		{"42", "minute", "42.1 km", false},
		{"42", "minute", "10/12/2023", false},
	}
	for _, c := range cases {
		if got := sameDuration(c.number, c.unit, c.text); got != c.want {
			t.Errorf("%s %ss as %q: %v, want %v", c.number, c.unit, c.text, got, c.want)
		}
	}
}

// Task texts come from outside (episode goals, suites): whatever they hold, the derived
// substates are valid, the same twice, and every content reads as a spec without a panic.
func FuzzDeriveSubstates(f *testing.F) {
	for _, seed := range []string{
		"Create a timer for 25 minutes and 30 seconds in the Clockwork app. Do not start the timer.",
		"Add the following expenses into the ledger app: Expense: Lamp\n amount_dollars: $12.00\n note: desk",
		"Add the following expenses:\nname|amount_dollars\nLamp|$12.00\nRug|",
		"What tasks do I have due October 16 2023 in Tasks app? Answer with the titles only.",
		"Is the note titled 'X' in the Joplin app marked as a todo item? Respond with either 'True' or 'False'.",
		"Copy the following text to the clipboard: a: b: c",
		"Record a clip and save it as \"x\". Don't hit save.",
		"Create a new folder in Markor named a.b_c",
		"with message: \"",
		": :\n|\n||",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, task string) {
		s := DeriveSubstates(task, "")
		if err := s.Validate(); err != nil {
			t.Fatalf("%q: %v", task, err)
		}
		if !reflect.DeepEqual(s, DeriveSubstates(task, "")) {
			t.Fatalf("%q: not deterministic", task)
		}
		for _, n := range s.Nodes {
			parseSpec(n.Content)
		}
		forbidden(task)
		// The constraints the task states (C5) are read off the same text, and compared on
		// a screen built from it.
		sc := &judge.Screen{Package: "com.x", Title: task, Elements: []judge.Element{{Package: "com.x", Text: task, HasBounds: true, X2: 1000, Y2: 100}}}
		for _, c := range taskConstraints(task) {
			c.observe(sc, task)
			c.unverified(notShown)
		}
	})
}

// An app the task names is shown by its own package: Simple SMS Messenger
// (com.simplemobiletools.smsmessenger) is not Google's Messages
// (com.google.android.apps.messaging), another SMS app on the same device, though both send
// texts; a reply sent from Messages was taken for one sent in Simple SMS Messenger, whose
// database AndroidWorld reads. A task that names Messages is shown by Google's.
func TestAppShownByItsOwnPackage(t *testing.T) {
	for _, c := range []struct {
		app, pkg string
		want     bool
	}{
		{"simple sms", "com.simplemobiletools.smsmessenger", true},
		{"simple sms", "com.google.android.apps.messaging", false},
		{"messages", "com.google.android.apps.messaging", true},
		{"simple calendar", "com.simplemobiletools.calendar.pro", true},
	} {
		if got, why := appShown(c.app, &judge.Screen{Package: c.pkg}); got != c.want {
			t.Errorf("the %s app on a screen of %s: %v (%s), want %v", c.app, c.pkg, got, why, c.want)
		}
	}
}

// A recurring event's task: the word after a quoted title is no name ("titled 'X' starting
// on ..."), how often it recurs is a value its form shows ("Weekly", "Forever"), a quoted
// description holding a full stop is one value, and a clause carrying an earlier verb is
// never folded into the next (only a clause of its own verb, the next going on about "it").
func TestRecurringEventClauses(t *testing.T) {
	task := "In Simple Calendar Pro, create a recurring calendar event titled 'Workshop on Budget' starting on 2023-10-19 at 15h. " +
		"The event recurs weekly, forever, and lasts for 45 minutes each occurrence. The event description should be 'We will meet. Snacks will be provided.'."
	var all []string
	for _, n := range DeriveSubstates(task, "").Nodes {
		for _, v := range parseSpec(n.Content).Values {
			all = append(all, v.Text)
		}
	}
	got := strings.Join(all, "|")
	for _, want := range []string{"Workshop on Budget", "weekly", "forever", "We will meet. Snacks will be provided"} {
		if !strings.Contains(got, want) {
			t.Errorf("values %q lack %q", got, want)
		}
	}
	if strings.Contains(got, "starting") {
		t.Errorf("values %q hold the word after the quoted title", got)
	}
}
