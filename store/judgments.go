package store

import (
	"context"
	"fmt"
)

// Judgment is the final verdict on each substate of one judged trace, as the judgments
// table keeps it (the trace's judgment.json holds the whole judgment).
type Judgment struct {
	Job       string // the judging job (see Progress)
	Trace     string // the trace's name
	Judge     string // the judge's label (model, or heuristic)
	Substates []SubstateVerdict
}

// SubstateVerdict is one substate's row of a Judgment.
type SubstateVerdict struct {
	ID        int
	Satisfied bool
	Frame     *int // the frame that satisfied it, if any
	Analysis  string
}

// SaveJudgment replaces the rows of j's job with j's, in one transaction.
func (s *DB) SaveJudgment(ctx context.Context, j Judgment) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("saving judgments: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM judgments WHERE job=?`, j.Job); err != nil {
		return fmt.Errorf("saving judgments: %w", err)
	}
	at := now()
	for _, v := range j.Substates {
		var frame any
		if v.Frame != nil {
			frame = *v.Frame
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO judgments(job, trace, judge, substate_id, satisfied, frame, analysis, created_at) VALUES (?,?,?,?,?,?,?,?)`,
			j.Job, j.Trace, j.Judge, v.ID, boolInt(v.Satisfied), frame, v.Analysis, at); err != nil {
			return fmt.Errorf("saving judgments: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("saving judgments: %w", err)
	}
	return nil
}
