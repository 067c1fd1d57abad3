package store

import (
	"context"
	"database/sql"
	"errors"
)

// Decomposition is a task's substates as the substates table caches them: the same task,
// app, knowledge, model, endpoint and prompt version (hashed into Key by the decomposer)
// decompose once.
type Decomposition struct {
	Key           string
	Task          string
	Model         string
	PromptVersion string
	Nodes         []byte // JSON of the substate list
}

// CachedDecomposition returns the nodes cached under key, if any.
func (s *DB) CachedDecomposition(ctx context.Context, key string) ([]byte, bool, error) {
	var nodes string
	err := s.db.QueryRowContext(ctx, `SELECT nodes FROM substates WHERE key=?`, key).Scan(&nodes)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return []byte(nodes), true, nil
}

// PutDecomposition caches d, replacing what was cached under its key.
func (s *DB) PutDecomposition(ctx context.Context, d Decomposition) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO substates(key, task, model, prompt_version, nodes, created_at) VALUES (?,?,?,?,?,?)
		ON CONFLICT(key) DO UPDATE SET nodes=excluded.nodes, created_at=excluded.created_at`,
		d.Key, d.Task, d.Model, d.PromptVersion, string(d.Nodes), now())
	return err
}
