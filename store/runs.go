package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
)

// Item statuses of a batch run.
const (
	ItemDone   = "done"
	ItemFailed = "failed"
)

// BeginRun creates the run or, when it exists, marks it running again (a resume).
func (s *DB) BeginRun(ctx context.Context, id, kind, agent string, config any) error {
	cfg, err := json.Marshal(config)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO runs(id, kind, agent, config, status, started_at) VALUES (?,?,?,?, 'running', ?)
		ON CONFLICT(id) DO UPDATE SET status='running', finished_at=NULL`, id, kind, agent, string(cfg), now())
	return err
}

// FinishRun records the run's final status.
func (s *DB) FinishRun(ctx context.Context, id, status string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE runs SET status=?, finished_at=? WHERE id=?`, status, now(), id)
	return err
}

// PutItem records an item's outcome; result is stored as JSON.
func (s *DB) PutItem(ctx context.Context, runID, item, status string, result any, itemErr string) error {
	data, err := json.Marshal(result)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO run_items(run_id, item, status, result, error, updated_at) VALUES (?,?,?,?,?,?)
		ON CONFLICT(run_id, item) DO UPDATE SET status=excluded.status, result=excluded.result, error=excluded.error, updated_at=excluded.updated_at`,
		runID, item, status, string(data), itemErr, now())
	return err
}

// GetItem returns an item's status and decodes its result into out (when out is non-nil).
// It returns ErrNotFound when the item was never recorded.
func (s *DB) GetItem(ctx context.Context, runID, item string, out any) (string, error) {
	status, _, err := s.GetItemStamped(ctx, runID, item, out)
	return status, err
}

// ItemStamps returns, for every recorded item of the run, when it was last written: a
// stamp that changes with every PutItem. A process that read them when it started knows
// which items others wrote while it ran.
func (s *DB) ItemStamps(ctx context.Context, runID string) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT item, updated_at FROM run_items WHERE run_id=?`, runID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var item, at string
		if err := rows.Scan(&item, &at); err != nil {
			return nil, err
		}
		out[item] = at
	}
	return out, rows.Err()
}

// GetItemStamped is GetItem that also returns the item's stamp (see ItemStamps).
func (s *DB) GetItemStamped(ctx context.Context, runID, item string, out any) (status, stamp string, err error) {
	var result string
	err = s.db.QueryRowContext(ctx, `SELECT status, result, updated_at FROM run_items WHERE run_id=? AND item=?`, runID, item).Scan(&status, &result, &stamp)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", ErrNotFound
	}
	if err != nil {
		return "", "", err
	}
	if out != nil {
		if err := json.Unmarshal([]byte(result), out); err != nil {
			return "", "", err
		}
	}
	return status, stamp, nil
}

// PutKV stores a JSON value under (ns, key).
func (s *DB) PutKV(ctx context.Context, ns, key string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO kv(ns, key, value, updated_at) VALUES (?,?,?,?)
		ON CONFLICT(ns, key) DO UPDATE SET value=excluded.value, updated_at=excluded.updated_at`, ns, key, string(data), now())
	return err
}
