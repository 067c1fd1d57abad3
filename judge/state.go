package judge

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// state is the judge's progress after a frame: all a resumed run needs to continue
// exactly where the killed one stopped. Each judge_frames row holds the state after its
// frame; the row of the last frame is the whole truth.
type state struct {
	Next      int         `json:"next"` // position in trace.Frames of the next frame to judge
	Satisfied map[int]hit `json:"satisfied"`
	// Last is the latest analysis of each substate not yet satisfied (why it was not).
	Last      map[int]hit         `json:"last,omitempty"`
	Facts     []fact              `json:"facts,omitempty"`
	Frames    []trace.FrameResult `json:"frames"`
	HasLast   bool                `json:"has_last,omitempty"`
	LastDesc  string              `json:"last_desc,omitempty"`
	LastIndex int                 `json:"last_index,omitempty"`
	Usage     trace.Usage         `json:"usage"`
	// Decompose is the usage of decomposing the task, added to the judgment's usage.
	Decompose trace.Usage `json:"decompose,omitempty"`
	Started   time.Time   `json:"started"`
}

func newState() *state { return &state{Satisfied: map[int]hit{}, Last: map[int]hit{}} }

func (s *state) satisfiedSet() map[int]bool {
	m := make(map[int]bool, len(s.Satisfied))
	for id := range s.Satisfied {
		m[id] = true
	}
	return m
}

func (s *state) save(ctx context.Context, db *store.DB, job string, frame int) error {
	data, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO judge_frames(job, frame, state, created_at) VALUES (?,?,?,?)
		ON CONFLICT(job, frame) DO UPDATE SET state=excluded.state, created_at=excluded.created_at`,
		job, frame, string(data), time.Now().UTC().Format(time.RFC3339Nano))
	if err != nil {
		return fmt.Errorf("saving judge progress: %w", err)
	}
	return nil
}

// load restores the state of the latest finished frame of job, if any.
func (s *state) load(ctx context.Context, db *store.DB, job string) error {
	var data string
	err := db.QueryRowContext(ctx, `SELECT state FROM judge_frames WHERE job=? ORDER BY frame DESC LIMIT 1`, job).Scan(&data)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return fmt.Errorf("reading judge progress: %w", err)
	}
	var got state
	if err := json.Unmarshal([]byte(data), &got); err != nil {
		// A row this build cannot read is not worth failing over: judge afresh.
		return nil
	}
	if got.Satisfied == nil {
		got.Satisfied = map[int]hit{}
	}
	if got.Last == nil { // progress saved before Last existed
		got.Last = map[int]hit{}
	}
	*s = got
	return nil
}

func clearJob(ctx context.Context, db *store.DB, job string) error {
	if _, err := db.ExecContext(ctx, `DELETE FROM judge_frames WHERE job=?`, job); err != nil {
		return fmt.Errorf("clearing judge progress: %w", err)
	}
	return nil
}

// saveJudgments replaces the per-substate rows of the job.
func saveJudgments(ctx context.Context, db *store.DB, job, traceName, judge string, j *trace.Judgment) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM judgments WHERE job=?`, job); err != nil {
		return err
	}
	now := time.Now().UTC().Format(time.RFC3339Nano)
	for _, r := range j.Substates {
		var frame any
		if r.Frame != nil {
			frame = *r.Frame
		}
		sat := 0
		if r.Satisfied {
			sat = 1
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO judgments(job, trace, judge, substate_id, satisfied, frame, analysis, created_at) VALUES (?,?,?,?,?,?,?,?)`,
			job, traceName, judge, r.ID, sat, frame, r.Analysis, now); err != nil {
			return fmt.Errorf("saving judgments: %w", err)
		}
	}
	return tx.Commit()
}

// jobKey identifies a judging job: the same trace, task, substates, judge and prompts
// resume the same progress; any change starts a new job. task is the one judged (the
// trace's, else the substates'), so a trace without task text is keyed by its substates'.
func jobKey(t *trace.Trace, task string, subs *substate.List, info trace.JudgeInfo, retries int) (string, error) {
	dir := t.Dir
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	type frameID struct {
		Index               int
		Image, XML, Elems   string
		Activity            string
		ElementsN, ImageLen int
	}
	frames := make([]frameID, len(t.Frames))
	for i, f := range t.Frames {
		frames[i] = frameID{f.Index, f.Image, f.XML, f.Elements, f.Activity, len(f.ElementsData), len(f.ImageData)}
	}
	key := struct {
		Dir     string
		Source  *trace.Source
		Task    string
		Frames  []frameID
		Subs    []substate.Node
		Judge   trace.JudgeInfo
		Retries int
	}{dir, t.Source, task, frames, subs.Nodes, info, retries}
	key.Judge.Notice = "" // wording of a notice does not change the verdicts
	data, err := json.Marshal(key)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return "judge:" + hex.EncodeToString(sum[:16]), nil
}
