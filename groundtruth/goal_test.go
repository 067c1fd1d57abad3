package groundtruth

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
)

func TestParamsFromGoal(t *testing.T) {
	cases := []struct {
		template, goal string
		want           Params
	}{
		{"Create a new contact for {name}. Their number is {number}.", "Create a new contact for Amir Muller. Their number is +19328020043.",
			Params{"name": "Amir Muller", "number": "+19328020043"}},
		// A prefix and a different case before the template's first word.
		{"Copy {file_name} in DCIM and save a copy with the same name in Download", "In Simple Gallery Pro, copy receipt_good_cow_copy.jpg in DCIM and save a copy with the same name in Download",
			Params{"file_name": "receipt_good_cow_copy.jpg"}},
		{"In Markor, move the note {file_name} from {source_folder} to {destination_folder}.", "In Markor, move the note 2023_05_22_silly_zebra.txt from MeetingMinutes to FitnessPlans.",
			Params{"file_name": "2023_05_22_silly_zebra.txt", "source_folder": "MeetingMinutes", "destination_folder": "FitnessPlans"}},
		{"Turn brightness to the {max_or_min} value.", "Turn brightness to the min value.", Params{"max_or_min": "min"}},
		// The goal drifted from the template: slots found by their neighbours.
		{"Add the following expenses into the arduia pro expense: {expenses}", "Add the following expenses into the pro expense:\nExpense: A\n amount_dollars: $1.00\n",
			Params{"expenses": "Expense: A\n amount_dollars: $1.00"}},
		// A slot used twice.
		{"Reply to {number}. Yes, {number}.", "Reply to 555. Yes, 555.", Params{"number": "555"}},
		{"Turn off WiFi, then enable bluetooth", "Turn off WiFi, then enable bluetooth", Params{}},
	}
	for _, c := range cases {
		got, err := ParamsFromGoal(c.template, c.goal)
		if err != nil {
			t.Errorf("%q: %v", c.goal, err)
			continue
		}
		if a, b := jsonOf(got), jsonOf(c.want); a != b {
			t.Errorf("%q:\n got %s\nwant %s", c.goal, a, b)
		}
	}
	// A repeated slot must repeat the same text; here it does not, so the slots
	// are found one by one (the first occurrence wins).
	if p, err := ParamsFromGoal("Reply to {number}. Yes, {number}.", "Reply to 555. Yes, 556."); err != nil || p["number"] != "555" {
		t.Errorf("inconsistent repeat: %v %v", p, err)
	}
	if _, err := ParamsFromGoal("Delete the file {file_name} from {subfolder}.", "Something else entirely"); err == nil || !strings.Contains(err.Error(), "file_name") {
		t.Errorf("unrelated goal: %v", err)
	}
}

func jsonOf(v any) string { b, _ := json.Marshal(v); return string(b) }

func TestParseRowsText(t *testing.T) {
	rows, err := parseRowsText("Expense: Movie Night\n amount_dollars: $290.81\n category_name: Entertainment\n note: Paid by card\n\nExpense: Parking Fees\n amount_dollars: $338.62\n category_name: Transportation\n note: Remember", "name")
	if err != nil || len(rows) != 2 || rows[1]["name"] != "Parking Fees" || rows[0]["category"] != "Entertainment" {
		t.Fatalf("text block: %v %v", rows, err)
	}
	f, label, err := expenseFields(rows[0])
	if err != nil || label != `"Movie Night" $290.81` || len(f) != 4 {
		t.Fatalf("expense from text: %v %q %v", f, label, err)
	}
	rows, err = parseRowsText("title|description|servings|preparationTime|ingredients|directions\nGreek Salad|Fresh|2 servings|15 mins|feta, olives|Chop, mix.\n", "title")
	if err != nil || len(rows) != 1 || rows[0]["title"] != "Greek Salad" || rows[0]["ingredients"] != "feta, olives" {
		t.Fatalf("csv: %v %v", rows, err)
	}
	for _, bad := range []string{"", "a|b\n1|2|3", " indented: first"} {
		if _, err := parseRowsText(bad, "name"); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

// The real AndroidWorld episodes: every goal of a task with a check yields the
// parameters that check reads, from AndroidWorld's own templates.
func TestParamsFromRealEpisodeGoals(t *testing.T) {
	metaPath := testenv.SharedData(t, "androidworld/task_metadata.json")
	data := filepath.Dir(filepath.Dir(metaPath))
	raw, err := os.ReadFile(metaPath)
	if err != nil {
		t.Fatal(err)
	}
	var meta []struct {
		Name     string `json:"task_name"`
		Template string `json:"task_template"`
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		t.Fatal(err)
	}
	templates := map[string]string{}
	for _, m := range meta {
		templates[m.Name] = m.Template
	}
	files, _ := filepath.Glob(filepath.Join(data, "episodes", "androidworld-json", "*.json"))
	if len(files) == 0 {
		t.Skipf("no episodes under %s", filepath.Join(data, "episodes", "androidworld-json"))
	}
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ep struct {
			Task string `json:"task_name"`
			Goal string `json:"goal"`
		}
		if err := json.Unmarshal(b, &ep); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		fam, err := Lookup(ep.Task)
		if err != nil {
			t.Errorf("%s: task %s has no check", filepath.Base(f), ep.Task)
			continue
		}
		p, err := ParamsFromGoal(templates[ep.Task], ep.Goal)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		for _, want := range fam.Params {
			key := strings.Fields(strings.TrimSuffix(want, "?"))[0]
			key = strings.TrimSuffix(key, ":")
			if strings.HasSuffix(want, "?") || key == "answer" {
				continue
			}
			if _, ok := p[key]; !ok {
				t.Errorf("%s (%s): parameter %q not recovered from %q: %v", filepath.Base(f), ep.Task, key, clip(ep.Goal, 80), p)
			}
		}
		if ep.Task == "ExpenseAddMultiple" {
			rows, err := rowObjects(p, "expenses", "expense", "name")
			if err != nil || len(rows) != 3 {
				t.Errorf("expenses from the goal: %v %v", rows, err)
			}
			for _, r := range rows {
				if _, _, err := expenseFields(r); err != nil {
					t.Errorf("expense %v: %v", r, err)
				}
			}
		}
		checked++
	}
	t.Logf("%d episode goals turned into check parameters", checked)
}

func FuzzParamsFromGoal(f *testing.F) {
	f.Add("Create a new contact for {name}. Their number is {number}.", "Create a new contact for A. Their number is 1.")
	f.Add("{a}{b}{a}", "xyzxy")
	f.Add("Turn {x} value.", "")
	f.Fuzz(func(t *testing.T, template, goal string) {
		if len(template) > 500 || len(goal) > 2000 {
			return
		}
		ParamsFromGoal(template, goal)
	})
}
