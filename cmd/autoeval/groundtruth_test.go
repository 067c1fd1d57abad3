package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/trace"
)

const gtExpenseSchema = "CREATE TABLE `expense` (`expense_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `name` TEXT, `amount` INTEGER NOT NULL, " +
	"`category` INTEGER NOT NULL, `note` TEXT, `created_date` INTEGER NOT NULL DEFAULT 0, `modified_date` INTEGER NOT NULL DEFAULT 0)"

func gtExpenseDB(t *testing.T, rows ...string) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), "accounting.db")
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append([]string{gtExpenseSchema}, rows...) {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func gtWriteTrace(t *testing.T, taskName string, params map[string]any) string {
	t.Helper()
	dir := t.TempDir()
	tr := &trace.Trace{Task: "task text", TaskName: taskName, Params: params, Status: trace.StatusCompleted, Dir: dir}
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestGroundtruthList(t *testing.T) {
	t.Parallel()
	code, out, _ := evalCapture(t, "groundtruth", "--list")
	if code != 0 || !strings.Contains(out, "SimpleCalendarAddOneEvent") || !strings.Contains(out, "TurnOffWifiAndTurnOnBluetooth") {
		t.Fatalf("list (%d):\n%s", code, out)
	}
	code, out, _ = evalCapture(t, "groundtruth", "--list", "--json")
	var fams []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &fams) != nil || len(fams) != len(groundtruth.Families()) {
		t.Fatalf("list json (%d): %s", code, out)
	}
}

// The whole diff-based flow: snapshot before, the "agent" changes the database,
// check with --before, reward written into the trace.
func TestGroundtruthSnapshotCheckAndTrace(t *testing.T) {
	t.Parallel()
	s, dev := testDevice(t)
	ins := func(id int, name string, cents int) string {
		return "INSERT INTO expense (expense_id, name, amount, category, note) VALUES (" + itoa(id) + ", '" + name + "', " + itoa(cents) + ", 3, 'n')"
	}
	dev.PutFile(groundtruth.ExpenseDB, gtExpenseDB(t, ins(1, "Groceries", 4250), ins(2, "Taxi Fare", 1800)))

	params := filepath.Join(t.TempDir(), "p.json")
	os.WriteFile(params, []byte(`{"expenses": ["Taxi Fare"]}`), 0o644)
	before := t.TempDir()
	code, out, errOut := evalCapture(t, "groundtruth", "--adb", s.Addr(), "--task", "ExpenseDeleteSingle", "--params", params, "--snapshot-before", before)
	if code != 0 || !strings.Contains(out, "2 rows") {
		t.Fatalf("snapshot (%d): %s %s", code, out, errOut)
	}
	// The agent deleted the wrong expense.
	dev.PutFile(groundtruth.ExpenseDB, gtExpenseDB(t, ins(2, "Taxi Fare", 1800)))
	dir := gtWriteTrace(t, "", nil)
	code, out, errOut = evalCapture(t, "groundtruth", "--adb", s.Addr(), "--task", "ExpenseDeleteSingle", "--params", params, "--before", before, "--trace", dir)
	if code != 0 || !strings.Contains(out, "reward 0.00") || !strings.Contains(out, "still present") {
		t.Fatalf("check (%d): %s %s", code, out, errOut)
	}
	tr, err := trace.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tr.GroundTruth == nil || tr.GroundTruth.Reward != 0 || tr.GroundTruth.Source != groundtruth.NativeSource ||
		!strings.Contains(tr.GroundTruth.Details, "FAIL") || tr.TaskName != "ExpenseDeleteSingle" {
		t.Fatalf("trace ground truth: %+v %q", tr.GroundTruth, tr.TaskName)
	}
	// Right deletion, task name and params taken from the trace this time.
	dev.PutFile(groundtruth.ExpenseDB, gtExpenseDB(t, ins(1, "Groceries", 4250)))
	dir2 := gtWriteTrace(t, "ExpenseDeleteSingle", map[string]any{"expenses": []any{"Taxi Fare"}})
	code, out, errOut = evalCapture(t, "groundtruth", "--adb", s.Addr(), "--before", before, "--trace", dir2, "--json")
	var res struct {
		Reward float64 `json:"reward"`
		Source string  `json:"source"`
		Parts  []struct {
			Pass bool `json:"pass"`
		} `json:"parts"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || res.Reward != 1 || len(res.Parts) != 2 {
		t.Fatalf("json check (%d): %s %s", code, out, errOut)
	}
	if tr, _ := trace.ReadManifest(dir2); tr.GroundTruth == nil || tr.GroundTruth.Reward != 1 {
		t.Fatalf("trace 2: %+v", tr.GroundTruth)
	}
}

// Rescoring a trace 'run' recorded compares with the groundtruth-before.json it saved
// there; a trace without one is shown its after-state reward but never given it.
func TestGroundtruthTraceUsesItsBeforeSnapshot(t *testing.T) {
	t.Parallel()
	s, stand, serial := adbtest.Device(t, adbd.Config{})
	ins := func(id int, name string) string {
		return "INSERT INTO expense (expense_id, name, amount, category, note) VALUES (" + itoa(id) + ", '" + name + "', 100, 3, 'n')"
	}
	ctx := context.Background()
	dev, err := device.Connect(ctx, device.Options{Addr: s.Addr(), Serial: serial})
	if err != nil {
		t.Fatal(err)
	}
	stand.PutFile(groundtruth.ExpenseDB, gtExpenseDB(t, ins(1, "Groceries"), ins(2, "Taxi Fare")))
	params := map[string]any{"expenses": []any{"Taxi Fare"}}
	dir := gtWriteTrace(t, "ExpenseDeleteSingle", params)
	snap, err := groundtruth.TakeSnapshot(ctx, dev, "ExpenseDeleteSingle", groundtruth.Params(params))
	if err != nil {
		t.Fatal(err)
	}
	if err := snap.Save(dir); err != nil {
		t.Fatal(err)
	}
	// The agent deleted every expense: Taxi Fare is gone, and so is Groceries.
	stand.PutFile(groundtruth.ExpenseDB, gtExpenseDB(t))
	code, out, errOut := evalCapture(t, "groundtruth", "--adb", s.Addr(), "--device", serial, "--trace", dir)
	if code != 0 || !strings.Contains(out, "reward 0.00") || !strings.Contains(out, "1 deleted that were not targets") {
		t.Fatalf("with the trace's snapshot (%d): %s %s", code, out, errOut)
	}
	if tr, _ := trace.ReadManifest(dir); tr.GroundTruth == nil || tr.GroundTruth.Reward != 0 {
		t.Fatalf("trace ground truth: %+v", tr.GroundTruth)
	}
	// Without a snapshot the after-state alone passes; that reward is shown, not stored.
	bare := gtWriteTrace(t, "ExpenseDeleteSingle", params)
	code, out, errOut = evalCapture(t, "groundtruth", "--adb", s.Addr(), "--device", serial, "--trace", bare)
	if code != 1 || !strings.Contains(out, "reward 1.00") || !strings.Contains(errOut, "not written") || !strings.Contains(errOut, groundtruth.SnapshotFile) {
		t.Fatalf("without a snapshot (%d): %s %s", code, out, errOut)
	}
	if tr, _ := trace.ReadManifest(bare); tr.GroundTruth != nil {
		t.Fatalf("a lenient reward was written: %+v", tr.GroundTruth)
	}
}

func TestGroundtruthErrors(t *testing.T) {
	t.Parallel()
	s, _ := testDevice(t)
	params := filepath.Join(t.TempDir(), "p.json")
	os.WriteFile(params, []byte(`{"expenses": "Taxi Fare"}`), 0o644)
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`[1,2]`), 0o644)
	wifiSnap := t.TempDir()
	if err := (&groundtruth.Snapshot{Task: "SystemWifiTurnOn"}).Save(wifiSnap); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"groundtruth"}, 2, "--task is required"},
		{[]string{"groundtruth", "--task", "NoSuchTask"}, 2, "no check for task"},
		{[]string{"groundtruth", "--task", "ExpenseDeleteSingle", "--params", bad}, 2, "bad.json"},
		{[]string{"groundtruth", "--task", "ExpenseDeleteSingle", "--params", params, "--before", t.TempDir(), "--adb", s.Addr()}, 2, "take one with --snapshot-before"},
		{[]string{"groundtruth", "--task", "ExpenseDeleteSingle", "--params", params, "--before", wifiSnap, "--adb", s.Addr()}, 2, "holds a snapshot for task SystemWifiTurnOn, not ExpenseDeleteSingle"},
		{[]string{"groundtruth", "--androidworld", "http://127.0.0.1:1", "--task", "SystemWifiTurnOn", "--task-index", "-1"}, 2, "--task-index -1"},
		// Missing database: exit 1 with the path, never "reward 0".
		{[]string{"groundtruth", "--task", "ExpenseDeleteSingle", "--params", params, "--adb", s.Addr()}, 1, groundtruth.ExpenseDB},
		{[]string{"groundtruth", "--task", "SimpleSmsSend", "--params", params, "--adb", s.Addr()}, 1, `missing parameter "number"`},
	}
	for _, c := range cases {
		code, out, errOut := evalCapture(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) || strings.Contains(out, "reward") {
			t.Errorf("%v: code %d, stdout %q, stderr %q; want %d and %q", c.args, code, out, errOut, c.code, c.msg)
		}
	}
}

func TestGroundtruthSettingsAndAndroidWorldOracle(t *testing.T) {
	t.Parallel()
	s, dev := testDevice(t)
	dev.SetSetting("global", "wifi_on", "1")
	dev.SetSetting("global", "bluetooth_on", "1")
	code, out, errOut := evalCapture(t, "groundtruth", "--adb", s.Addr(), "--device", dev.Serial(), "--task", "TurnOffWifiAndTurnOnBluetooth")
	if code != 0 || !strings.Contains(out, "reward 0.50") || !strings.Contains(out, "wifi_on") {
		t.Fatalf("composite (%d): %s %s", code, out, errOut)
	}

	var calls []string
	aw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls = append(calls, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		switch r.URL.Path {
		case "/task/score":
			w.Write([]byte(`{"score": 1.0}`))
		default:
			w.Write([]byte(`{"status": "success"}`))
		}
	}))
	defer aw.Close()
	dir := gtWriteTrace(t, "SystemWifiTurnOn", nil)
	code, out, errOut = evalCapture(t, "groundtruth", "--androidworld", aw.URL, "--task-index", "1", "--trace", dir)
	if code != 0 || !strings.Contains(out, "reward 1.00 (androidworld:score)") {
		t.Fatalf("oracle (%d): %s %s", code, out, errOut)
	}
	if len(calls) != 2 || calls[0] != "GET /task/score?task_idx=1&task_type=SystemWifiTurnOn" || !strings.HasPrefix(calls[1], "POST /task/tear_down") {
		t.Errorf("oracle calls: %v", calls)
	}
	if tr, _ := trace.ReadManifest(dir); tr.GroundTruth == nil || tr.GroundTruth.Source != groundtruth.AndroidWorldSource {
		t.Errorf("oracle trace: %+v", tr.GroundTruth)
	}
}

// Asked of AndroidWorld's server, a question task is scored on the answer the trace holds:
// the server gets it as the agent's answer action before /task/score, as 'run' gives it
// (AndroidWorld keeps it as the interaction cache its question tasks read).
func TestGroundtruthAndroidWorldGetsTheTracesAnswer(t *testing.T) {
	t.Parallel()
	var calls []string
	aw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		calls = append(calls, r.Method+" "+r.URL.Path+" "+strings.TrimSpace(string(body)))
		switch r.URL.Path {
		case "/task/score":
			w.Write([]byte(`{"score": 1.0}`))
		default:
			w.Write([]byte(`{"status": "success"}`))
		}
	}))
	defer aw.Close()
	dir := t.TempDir()
	tr := &trace.Trace{Task: "How many tasks are due next week?", TaskName: "TasksDueNextWeek", Status: trace.StatusCompleted, Dir: dir,
		Answer: "3", Metadata: map[string]any{"answer_file": "answer.txt"}}
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := evalCapture(t, "groundtruth", "--androidworld", aw.URL, "--trace", dir)
	if code != 0 || !strings.Contains(out, "reward 1.00 (androidworld:score)") {
		t.Fatalf("oracle (%d): %s %s", code, out, errOut)
	}
	if len(calls) != 3 || calls[0] != `POST /execute_action {"action_type":"answer","text":"3"}` ||
		!strings.HasPrefix(calls[1], "GET /task/score") || !strings.HasPrefix(calls[2], "POST /task/tear_down") {
		t.Errorf("calls: %q", calls)
	}
}

// An information-retrieval task scores the answer the agent gave in the trace.
func TestGroundtruthAnswerFromTrace(t *testing.T) {
	t.Parallel()
	s, dev := testDevice(t)
	p := filepath.Join(t.TempDir(), "joplin.sqlite")
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"CREATE TABLE notes (id TEXT PRIMARY KEY, parent_id TEXT, title TEXT, body TEXT, is_todo INT NOT NULL DEFAULT 0)",
		"INSERT INTO notes (id, title, is_todo) VALUES ('a', 'Ship release', 1)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	data, _ := os.ReadFile(p)
	dev.PutFile(groundtruth.JoplinDB, data)
	dir := t.TempDir()
	tr := &trace.Trace{Task: "Is the note titled 'Ship release' a todo?", TaskName: "NotesIsTodo", Params: map[string]any{"title": "Ship release"},
		Status: trace.StatusCompleted, Dir: dir, Frames: []trace.Frame{
			{Index: 1, Action: &trace.Action{Type: "other", Text: "True", Raw: `{"action_type": "answer", "text": "True"}`}},
			{Index: 2, Action: &trace.Action{Type: "done", Text: "complete"}},
		}}
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	// The true answer comes from the state at setup, which 'run' saves beside the trace.
	conn, err := device.Connect(context.Background(), device.Options{Addr: s.Addr(), Serial: dev.Serial()})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := groundtruth.TakeSnapshot(context.Background(), conn, "NotesIsTodo", groundtruth.Params(tr.Params))
	if err != nil {
		t.Fatal(err)
	}
	if err := snap.Save(dir); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := evalCapture(t, "groundtruth", "--adb", s.Addr(), "--device", dev.Serial(), "--trace", dir)
	if code != 0 || !strings.Contains(out, "reward 1.00") {
		t.Fatalf("answer from trace (%d): %s %s", code, out, errOut)
	}
	// The reward is written into trace.json; the agent's answer is not written among the
	// parameters autoeval was given (it was, and was scored from there ever after).
	paramsKept := func() {
		t.Helper()
		got, err := trace.ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]any{"title": "Ship release"}; !reflect.DeepEqual(got.Params, want) || got.GroundTruth == nil {
			t.Fatalf("trace.json's params %v (ground truth %+v), want %v", got.Params, got.GroundTruth, want)
		}
	}
	paramsKept()
	// An observed trace: the answer the agent wrote to $AUTOEVAL_ANSWER_FILE; offered the
	// file but silent, it gave none (0, not a missing parameter).
	for _, c := range []struct{ answer, reward string }{{"True", "reward 1.00"}, {"", "reward 0.00"}} {
		tr.Frames, tr.Answer, tr.GroundTruth = nil, c.answer, nil
		tr.Metadata = map[string]any{"answer_file": "answer.txt"}
		if err := tr.WriteManifest(); err != nil {
			t.Fatal(err)
		}
		code, out, errOut = evalCapture(t, "groundtruth", "--adb", s.Addr(), "--device", dev.Serial(), "--trace", dir)
		if code != 0 || !strings.Contains(out, c.reward) {
			t.Fatalf("observed answer %q (%d): %s %s", c.answer, code, out, errOut)
		}
		paramsKept()
	}
	// A trace.json an earlier autoeval wrote the answer into: the agent's answer is the one
	// scored, and checking again twice gives the same reward.
	tr.Answer, tr.GroundTruth = "True", nil
	tr.Params = map[string]any{"title": "Ship release", "answer": "False"}
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		code, out, errOut = evalCapture(t, "groundtruth", "--adb", s.Addr(), "--device", dev.Serial(), "--trace", dir)
		if code != 0 || !strings.Contains(out, "reward 1.00") {
			t.Fatalf("answer among an older trace's params (%d): %s %s", code, out, errOut)
		}
	}
}

// Parameters read off the goal with the task's template, from --templates.
func TestGroundtruthParamsFromGoal(t *testing.T) {
	t.Parallel()
	s := contactsDevice(t)
	meta := contactsMeta(t)
	code, out, errOut := evalCapture(t, "groundtruth", "--adb", s.Addr(), "--task", "ContactsAddContact", "--templates", meta,
		"--goal", "Create a new contact for Amir Muller. Their number is +19328020043.")
	if code != 0 || !strings.Contains(out, "reward 1.00") {
		t.Fatalf("from goal (%d): %s %s", code, out, errOut)
	}
	code, _, errOut = evalCapture(t, "groundtruth", "--adb", s.Addr(), "--task", "ContactsAddContact", "--template", "Call {name} at {number}.", "--goal", "Something else")
	if code != 2 || !strings.Contains(errOut, "does not fit the template") {
		t.Fatalf("unfit goal (%d): %s", code, errOut)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// A trace with only its goal text (an AndroidWorld instance) gets its parameters off that
// goal with --templates; with no source of parameters at all, the error says where they come from.
func TestGroundtruthTraceGoalParams(t *testing.T) {
	t.Parallel()
	s := contactsDevice(t)
	dir := t.TempDir()
	tr := &trace.Trace{Task: "Create a new contact for Amir Muller. Their number is +19328020043.", TaskName: "ContactsAddContact",
		Status: trace.StatusCompleted, Dir: dir}
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := evalCapture(t, "groundtruth", "--adb", s.Addr(), "--trace", dir)
	if code != 2 || !strings.Contains(errOut, `missing parameter "name"`) || !strings.Contains(errOut, "--templates") {
		t.Fatalf("no params (%d): %s", code, errOut)
	}
	meta := contactsMeta(t)
	code, out, errOut := evalCapture(t, "groundtruth", "--adb", s.Addr(), "--trace", dir, "--templates", meta)
	if code != 0 || !strings.Contains(out, "reward 1.00") {
		t.Fatalf("params off the trace's goal (%d): %s %s", code, out, errOut)
	}
	if tr, _ := trace.ReadManifest(dir); tr.GroundTruth == nil || tr.GroundTruth.Reward != 1 || tr.GroundTruth.Source != groundtruth.NativeSource {
		t.Fatalf("trace ground truth: %+v", tr.GroundTruth)
	}
	// The parameters read off the goal were kept: the next check needs no template.
	code, out, errOut = evalCapture(t, "groundtruth", "--adb", s.Addr(), "--trace", dir)
	if code != 0 || !strings.Contains(out, "reward 1.00") {
		t.Fatalf("params kept in the trace (%d): %s %s", code, out, errOut)
	}
}

// contactsDevice is a real adb server with a device stand-in whose contacts provider
// lists Amir Muller.
func contactsDevice(t *testing.T) *adbtest.Server {
	s, dev := testDevice(t)
	dev.SetContent("content://contacts/phones/", adbd.R("_id", 1, "display_name", "Amir Muller", "number", "+1 932-802-0043"))
	return s
}

// contactsMeta writes a task_metadata.json with ContactsAddContact's template.
func contactsMeta(t *testing.T) string {
	meta := filepath.Join(t.TempDir(), "task_metadata.json")
	os.WriteFile(meta, []byte(`[{"task_name": "ContactsAddContact", "task_template": "Create a new contact for {name}. Their number is {number}."}]`), 0o644)
	return meta
}

// A missing parameter is reported before connecting: no adb server is needed to learn it.
func TestGroundtruthMissingParamsBeforeDevice(t *testing.T) {
	t.Parallel()
	dead := "127.0.0.1:1" // nothing listens here
	params := filepath.Join(t.TempDir(), "p.json")
	os.WriteFile(params, []byte(`{"message": "hi"}`), 0o644)
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"groundtruth", "--task", "SimpleSmsSend", "--adb", dead, "--wait", "0"}, 2, `missing parameter "number"; give --params FILE`},
		{[]string{"groundtruth", "--task", "SimpleSmsSend", "--params", params, "--adb", dead, "--wait", "0"}, 1, `missing parameter "number"`},
		{[]string{"groundtruth", "--task", "ExpenseDeleteSingle", "--adb", dead, "--wait", "0"}, 2, `missing parameter "expenses"`},
	}
	for _, c := range cases {
		code, out, errOut := evalCapture(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) || strings.Contains(out, "reward") {
			t.Errorf("%v: code %d, stdout %q, stderr %q; want %d and %q", c.args, code, out, errOut, c.code, c.msg)
		}
	}
	// Checks that read the device before their parameters still go to the device.
	code, _, errOut := evalCapture(t, "groundtruth", "--task", "SystemWifiTurnOn", "--adb", dead, "--wait", "0")
	if code == 0 || strings.Contains(errOut, "missing parameter") {
		t.Errorf("SystemWifiTurnOn with no device: code %d, stderr %q", code, errOut)
	}
}
