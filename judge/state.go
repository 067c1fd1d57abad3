package judge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// ProgressStore is what the judge keeps in the database (*store.DB is one): each job's
// progress, saved as it goes so that a killed run resumes where it stopped; the final
// verdict per substate; and claims on traces, so that processes sharing the database
// judge each trace once.
type ProgressStore interface {
	LoadProgress(ctx context.Context, job string) (*store.Progress, error)
	SaveProgress(ctx context.Context, job string, state []byte, first int, steps [][]byte) error
	ClearProgress(ctx context.Context, job string) error
	SaveJudgment(ctx context.Context, j store.Judgment) error
	store.Claimer
}

// state is the judge's progress after a frame: all a resumed run needs to continue
// exactly where the killed one stopped. It is saved as the store's progress of the job: the
// results of the frames (with the facts they added) as steps appended once each, the rest,
// whose size does not grow with the frames, as the current state rewritten in place.
type state struct {
	Satisfied map[int]hit `json:"satisfied"`
	// Last is the latest analysis of each substate not yet satisfied (why it was not).
	Last map[int]hit `json:"last,omitempty"`
	// Facts are saved with the steps; Frames are the steps: one result per frame judged,
	// from the trace's first frame on, so the next frame to judge is len(Frames).
	Facts  []fact              `json:"-"`
	Frames []trace.FrameResult `json:"-"`
	// Sums are the digests of what each frame in Frames was judged from, saved with its
	// step: a saved frame is reused only while they hold (savedStillHolds).
	Sums []trace.FrameSums `json:"-"`
	// EndSums are the digests of the frames after an early stop that the last look read
	// (Outcome was decided from them too), in order from len(Frames).
	EndSums []trace.FrameSums `json:"end_sums,omitempty"`
	// LastDesc is the description of the screen last judged, "" when the frame that showed
	// it had every answer rejected (a screen never judged must be asked again).
	LastDesc string      `json:"last_desc,omitempty"`
	Usage    trace.Usage `json:"usage"`
	// Decompose is the usage of decomposing the task, added to the judgment's usage.
	Decompose trace.Usage `json:"decompose,omitempty"`
	Started   time.Time   `json:"started"`
	// Listings remembers what earlier frames listed (evidence of absence); bounded, so it
	// stays in the current state.
	Listings *Listings `json:"listings,omitempty"`
	// Forms remembers the form last filled in and the forms committed (saved form values);
	// bounded, so it stays in the current state.
	Forms *Forms `json:"forms,omitempty"`
	// Outcome is the run's verdict, once every frame is judged and the last look taken.
	Outcome *trace.Outcome `json:"outcome,omitempty"`

	// savedFrames and savedFacts count the frames and facts already in the store.
	savedFrames, savedFacts int
}

// step is one saved frame: its result and the facts added since the step before it.
type step struct {
	Result trace.FrameResult `json:"result"`
	Facts  []fact            `json:"facts,omitempty"`
	Sums   *trace.FrameSums  `json:"sums,omitempty"`
}

func newState() *state {
	return &state{Satisfied: map[int]hit{}, Last: map[int]hit{}, Listings: newListings(), Forms: newForms()}
}

// lastShown is the frame whose screen LastDesc describes: the latest one not skipped
// (frames skipped since could not be described and leave LastDesc as it was).
func (s *state) lastShown() int {
	for k := len(s.Frames) - 1; k >= 0; k-- {
		if !s.Frames[k].Skipped {
			return s.Frames[k].Index
		}
	}
	return 0
}

func (s *state) satisfiedSet() map[int]bool {
	m := make(map[int]bool, len(s.Satisfied))
	for id := range s.Satisfied {
		m[id] = true
	}
	return m
}

// save appends the frames finished since the last save and replaces the current state.
func (s *state) save(ctx context.Context, db ProgressStore, job string) error {
	cur, err := json.Marshal(s)
	if err != nil {
		return err
	}
	steps := make([][]byte, 0, len(s.Frames)-s.savedFrames)
	for k := s.savedFrames; k < len(s.Frames); k++ {
		st := step{Result: s.Frames[k], Sums: &s.Sums[k]}
		if k == len(s.Frames)-1 {
			st.Facts = s.Facts[s.savedFacts:]
		}
		data, err := json.Marshal(st)
		if err != nil {
			return err
		}
		steps = append(steps, data)
	}
	if len(steps) == 0 && len(s.Facts) > s.savedFacts {
		// Facts come only from reasoning over a frame, which is a step; never reached.
		return fmt.Errorf("saving judge progress: %d facts without a frame", len(s.Facts)-s.savedFacts)
	}
	if err := db.SaveProgress(ctx, job, cur, s.savedFrames, steps); err != nil {
		return fmt.Errorf("saving judge progress: %w", err)
	}
	s.savedFrames, s.savedFacts = len(s.Frames), len(s.Facts)
	return nil
}

// load restores the saved progress of job, if any.
func (s *state) load(ctx context.Context, db ProgressStore, job string) error {
	p, err := db.LoadProgress(ctx, job)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading judge progress: %w", err)
	}
	got, ok := decodeState(p)
	if !ok {
		// Progress this build cannot read is not worth failing over: judge afresh.
		return clearJob(ctx, db, job)
	}
	*s = *got
	return nil
}

func decodeState(p *store.Progress) (*state, bool) {
	got := newState()
	if err := json.Unmarshal(p.State, got); err != nil {
		return nil, false
	}
	if got.Satisfied == nil {
		got.Satisfied = map[int]hit{}
	}
	if got.Last == nil { // progress saved before Last existed
		got.Last = map[int]hit{}
	}
	if got.Listings == nil {
		got.Listings = newListings()
	}
	if got.Forms == nil {
		got.Forms = newForms()
	}
	got.Frames = make([]trace.FrameResult, 0, len(p.Steps))
	for _, data := range p.Steps {
		var st step
		if err := json.Unmarshal(data, &st); err != nil {
			return nil, false
		}
		got.Frames = append(got.Frames, st.Result)
		got.Facts = append(got.Facts, st.Facts...)
		if st.Sums != nil {
			got.Sums = append(got.Sums, *st.Sums)
		}
	}
	got.savedFrames, got.savedFacts = len(got.Frames), len(got.Facts)
	return got, true
}

func clearJob(ctx context.Context, db ProgressStore, job string) error {
	if err := db.ClearProgress(ctx, job); err != nil {
		return fmt.Errorf("clearing judge progress: %w", err)
	}
	return nil
}

// saveJudgments replaces the per-substate rows of the job.
func saveJudgments(ctx context.Context, db ProgressStore, job, traceName, judge string, j *trace.Judgment) error {
	rows := store.Judgment{Job: job, Trace: traceName, Judge: judge, Substates: make([]store.SubstateVerdict, len(j.Substates))}
	for i, r := range j.Substates {
		rows.Substates[i] = store.SubstateVerdict{ID: r.ID, Satisfied: r.Satisfied, Frame: r.Frame, Analysis: r.Analysis}
	}
	return db.SaveJudgment(ctx, rows)
}
