package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Progress is what a resumable job saved: its current state, small and rewritten in place,
// and the log of its finished steps (for the judge, one per frame), appended to and never
// rewritten. Saving a step therefore costs the step, not the job so far.
type Progress struct {
	State []byte
	Steps [][]byte
}

// LoadProgress returns the saved progress of job, or ErrNotFound. Steps beyond the count
// the state was saved with are not part of it.
func (s *DB) LoadProgress(ctx context.Context, job string) (*Progress, error) {
	var state string
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT state, steps FROM progress WHERE job=?`, job).Scan(&state, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("reading progress of %s: %w", job, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seq, data FROM progress_steps WHERE job=? AND seq<? ORDER BY seq`, job, n)
	if err != nil {
		return nil, fmt.Errorf("reading progress of %s: %w", job, err)
	}
	defer rows.Close()
	p := &Progress{State: []byte(state), Steps: make([][]byte, 0, n)}
	for rows.Next() {
		var seq int
		var data string
		if err := rows.Scan(&seq, &data); err != nil {
			return nil, fmt.Errorf("reading progress of %s: %w", job, err)
		}
		if seq != len(p.Steps) {
			return nil, fmt.Errorf("progress of %s: step %d is missing", job, len(p.Steps))
		}
		p.Steps = append(p.Steps, []byte(data))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading progress of %s: %w", job, err)
	}
	if len(p.Steps) != n {
		return nil, fmt.Errorf("progress of %s: %d of its %d steps are stored", job, len(p.Steps), n)
	}
	return p, nil
}

// SaveProgress records steps as the job's steps first, first+1, ... and state as its state
// after them, in one transaction: a job killed at any moment resumes from a state and the
// steps it was saved with.
func (s *DB) SaveProgress(ctx context.Context, job string, state []byte, first int, steps [][]byte) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("saving progress of %s: %w", job, err)
	}
	defer tx.Rollback()
	if len(steps) > 0 {
		st, err := tx.PrepareContext(ctx, `INSERT INTO progress_steps(job, seq, data) VALUES (?,?,?)
			ON CONFLICT(job, seq) DO UPDATE SET data=excluded.data`)
		if err != nil {
			return fmt.Errorf("saving progress of %s: %w", job, err)
		}
		defer st.Close()
		for i, data := range steps {
			if _, err := st.ExecContext(ctx, job, first+i, string(data)); err != nil {
				return fmt.Errorf("saving progress of %s: %w", job, err)
			}
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO progress(job, state, steps, updated_at) VALUES (?,?,?,?)
		ON CONFLICT(job) DO UPDATE SET state=excluded.state, steps=excluded.steps, updated_at=excluded.updated_at`,
		job, string(state), first+len(steps), now()); err != nil {
		return fmt.Errorf("saving progress of %s: %w", job, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("saving progress of %s: %w", job, err)
	}
	return nil
}

// ClearProgress forgets the job's progress.
func (s *DB) ClearProgress(ctx context.Context, job string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, q := range []string{`DELETE FROM progress_steps WHERE job=?`, `DELETE FROM progress WHERE job=?`} {
		if _, err := tx.ExecContext(ctx, q, job); err != nil {
			return fmt.Errorf("clearing progress of %s: %w", job, err)
		}
	}
	return tx.Commit()
}
