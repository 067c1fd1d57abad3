package importer

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"

	"github.com/autoeval/autoeval/trace"
)

// These tests read the real recordings in ../shared/data and check every item against
// facts obtained independently (the files' own JSON, instruction.txt, and for checkpoints
// a table produced once by Python's own unpickler: testdata/gbox_expected.json).

func TestRealLlamaTouch(t *testing.T) {
	root := testenv.SharedData(t, "traces/llamatouch")
	paths, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 {
		t.Fatalf("Discover found %d traces, want 2: %v", len(paths), paths)
	}
	for _, p := range paths {
		tr, err := Open(p)
		if err != nil {
			t.Fatal(err)
		}
		instr, _ := os.ReadFile(filepath.Join(p, "instruction.txt"))
		lines := strings.Split(strings.TrimSpace(string(instr)), "\n")
		if tr.Task != strings.TrimSpace(lines[1]) || tr.Metadata["llamatouch_id"] != strings.TrimSpace(lines[0]) {
			t.Errorf("%s: task %q id %v, want %q %q", p, tr.Task, tr.Metadata["llamatouch_id"], lines[1], lines[0])
		}
		pngs, _ := filepath.Glob(filepath.Join(p, "*.png"))
		if len(tr.Frames) != len(pngs) {
			t.Errorf("%s: %d frames, want %d", p, len(tr.Frames), len(pngs))
		}
		events, _ := readLines(filepath.Join(p, "eventStructs.txt"))
		for i, f := range tr.Frames {
			act, _ := os.ReadFile(filepath.Join(p, strings.TrimSuffix(f.Image, ".png")+".activity"))
			wantAct := firstLine(string(act))
			if wantAct == "null" { // the recorder's word for "unknown"
				wantAct = ""
			}
			if !strings.HasSuffix(f.Image, ".png") || !tr.HasXML(&f) || f.Activity != wantAct {
				t.Errorf("%s frame %d: image %q xml %q activity %q", p, f.Index, f.Image, f.XML, f.Activity)
			}
			if (i < len(events)) != (f.Action != nil) {
				t.Errorf("%s frame %d: action %v with %d events", p, f.Index, f.Action, len(events))
			}
		}
		if tr.Frames[0].Action.Type != "key" || tr.Frames[0].Action.Text != "home" {
			t.Errorf("%s: first action %+v, want the Home key", p, tr.Frames[0].Action)
		}
		if tr.Metadata["llamatouch_essential_states"] == nil {
			t.Errorf("%s: essential states (N.ess) not kept", p)
		}
		if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
			t.Error(err)
		}
		if filepath.Base(p) == "trace_7" {
			// "[Click] Screen Resolution (400, 720), Click Position (31, 53)" on a 1080x1918 screenshot.
			a := tr.Frames[2].Action
			if a.Type != "tap" || math.Abs(*a.X-31*1080.0/400) > 0.01 || math.Abs(*a.Y-53*1918.0/720) > 0.01 {
				t.Errorf("trace_7 frame 3 action %+v (x=%v y=%v)", a, deref(a.X), deref(a.Y))
			}
			if tr.Frames[0].Activity != "com.google.android.apps.photos/com.google.android.apps.photos.home.HomeActivity" {
				t.Errorf("trace_7 activity %q", tr.Frames[0].Activity)
			}
		}
	}
}

func deref(f *float64) float64 {
	if f == nil {
		return math.NaN()
	}
	return *f
}

func TestRealEpisodes(t *testing.T) {
	root := testenv.SharedData(t, "episodes/androidworld-json")
	paths, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "*.json"))
	if len(paths) != len(files) || len(files) != 12 {
		t.Fatalf("Discover found %d episodes, %d files on disk, want 12", len(paths), len(files))
	}
	succ, claimedFalsely := 0, 0
	for _, p := range paths {
		tr, err := Open(p)
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]any
		data, _ := os.ReadFile(p)
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		if tr.Task != strings.TrimSpace(raw["goal"].(string)) || tr.TaskName != raw["task_name"] {
			t.Errorf("%s: task %q / %q", p, tr.Task, tr.TaskName)
		}
		steps := raw["step_records"].([]any)
		if len(tr.Frames) != len(steps)+1 { // + the final state
			t.Errorf("%s: %d frames, want %d steps + final state", p, len(tr.Frames), len(steps))
		}
		for i, f := range tr.Frames[:len(steps)] {
			els := steps[i].(map[string]any)["state"].(map[string]any)["ui_elements"].([]any)
			if len(f.ElementsData) != len(els) || f.Action == nil {
				t.Errorf("%s frame %d: %d elements (want %d), action %v", p, f.Index, len(f.ElementsData), len(els), f.Action)
			}
		}
		wantOK := raw["task_actually_successful"].(bool)
		if tr.GroundTruth == nil || tr.GroundTruth.Success() != wantOK || tr.GroundTruth.Source != "androidworld:task_actually_successful" {
			t.Errorf("%s: ground truth %+v, want success=%v", p, tr.GroundTruth, wantOK)
		}
		if tr.AgentClaimedDone == nil || *tr.AgentClaimedDone != raw["agent_claimed_done"].(bool) {
			t.Errorf("%s: claim %v, want %v", p, tr.AgentClaimedDone, raw["agent_claimed_done"])
		}
		if wantOK {
			succ++
		} else if *tr.AgentClaimedDone {
			claimedFalsely++
		}
		if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
			t.Error(err)
		}
	}
	// The data README's facts: 4 of 12 succeeded; in 6 of the 8 failures the agent claimed success.
	if succ != 4 || claimedFalsely != 6 {
		t.Errorf("%d successes and %d false claims, want 4 and 6", succ, claimedFalsely)
	}
}

func TestRealCheckpointsAll116(t *testing.T) {
	root := testenv.SharedData(t, "checkpoints/androidworld-gbox")
	var want map[string][]struct {
		GoalSHA       string  `json:"goal_sha256"`
		IsSuccessful  float64 `json:"is_successful"`
		TaskTemplate  string  `json:"task_template"`
		EpisodeLength int     `json:"episode_length"`
		AgentName     string  `json:"agent_name"`
	}
	data, err := os.ReadFile("testdata/gbox_expected.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	paths, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 116 || len(want) != 116 {
		t.Fatalf("Discover found %d checkpoints, expectations list %d, want 116", len(paths), len(want))
	}
	for _, p := range paths {
		ts, err := OpenAll(p)
		if err != nil {
			t.Fatal(err)
		}
		w := want[filepath.Base(p)]
		if len(ts) != len(w) {
			t.Fatalf("%s: %d episodes, want %d", p, len(ts), len(w))
		}
		for i, tr := range ts {
			sum := sha256.Sum256([]byte(tr.Task))
			if hex.EncodeToString(sum[:]) != w[i].GoalSHA {
				t.Errorf("%s: goal %q does not match Python's", p, tr.Task)
			}
			if tr.GroundTruth == nil || tr.GroundTruth.Reward != w[i].IsSuccessful || tr.GroundTruth.Source != "androidworld:is_successful" {
				t.Errorf("%s: ground truth %+v, want reward %v", p, tr.GroundTruth, w[i].IsSuccessful)
			}
			if tr.TaskName != w[i].TaskTemplate || tr.Agent != w[i].AgentName || len(tr.Frames) != w[i].EpisodeLength {
				t.Errorf("%s: task name %q agent %q frames %d, want %q %q %d", p, tr.TaskName, tr.Agent, len(tr.Frames), w[i].TaskTemplate, w[i].AgentName, w[i].EpisodeLength)
			}
			if tr.Ended == nil || tr.Ended.Year() < 2020 {
				t.Errorf("%s: finish_dtime not read: %v", p, tr.Ended)
			}
		}
	}
}
