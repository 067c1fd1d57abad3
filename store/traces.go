package store

import "context"

// Trace lists one recorded trace in the traces table, so later commands find every trace
// a run produced with its status and reward.
type Trace struct {
	Path     string // the trace's folder, absolute
	Task     string
	TaskName string
	Agent    string
	Status   string
	Frames   int
	// Reward is the ground truth, nil when unknown; RewardSource says where it came from.
	Reward       *float64
	RewardSource string
	RunID        string
}

// PutTrace lists t, replacing what was listed under its path.
func (s *DB) PutTrace(ctx context.Context, t Trace) error {
	var reward any
	if t.Reward != nil {
		reward = *t.Reward
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO traces(path, task, task_name, agent, status, frames, reward, reward_source, run_id, updated_at)
		VALUES (?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT(path) DO UPDATE SET task=excluded.task, task_name=excluded.task_name, agent=excluded.agent, status=excluded.status,
			frames=excluded.frames, reward=excluded.reward, reward_source=excluded.reward_source, run_id=excluded.run_id, updated_at=excluded.updated_at`,
		t.Path, t.Task, t.TaskName, t.Agent, t.Status, t.Frames, reward, t.RewardSource, t.RunID, now())
	return err
}
