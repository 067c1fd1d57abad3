package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"
)

func TestDecompositionCachedAndReplaced(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if _, ok, err := db.CachedDecomposition(ctx, "k"); ok || err != nil {
		t.Fatalf("empty cache: ok %v, %v", ok, err)
	}
	d := Decomposition{Key: "k", Task: "Open the Clock", Model: "m", PromptVersion: "v1", Nodes: []byte(`{"nodes":[1]}`)}
	if err := db.PutDecomposition(ctx, d); err != nil {
		t.Fatal(err)
	}
	d.Nodes = []byte(`{"nodes":[2]}`)
	if err := db.PutDecomposition(ctx, d); err != nil {
		t.Fatal(err)
	}
	got, ok, err := db.CachedDecomposition(ctx, "k")
	if err != nil || !ok || string(got) != `{"nodes":[2]}` {
		t.Fatalf("cached %q, ok %v, %v; want the second", got, ok, err)
	}
}

func TestSaveJudgmentReplacesTheJobsRows(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	three := 3
	first := Judgment{Job: "j1", Trace: "t", Judge: "heuristic", Substates: []SubstateVerdict{
		{ID: 0, Satisfied: true, Frame: &three, Analysis: "seen"}, {ID: 1, Analysis: "never"}, {ID: 2}}}
	other := Judgment{Job: "j2", Trace: "u", Judge: "heuristic", Substates: []SubstateVerdict{{ID: 0}}}
	for _, j := range []Judgment{first, other} {
		if err := db.SaveJudgment(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	first.Substates = first.Substates[:2]
	first.Substates[1].Satisfied = true
	if err := db.SaveJudgment(ctx, first); err != nil {
		t.Fatal(err)
	}
	rows, err := db.db.QueryContext(ctx, `SELECT job, substate_id, satisfied, frame, analysis FROM judgments ORDER BY job, substate_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var job, analysis string
		var id, sat int
		var frame sql.NullInt64
		if err := rows.Scan(&job, &id, &sat, &frame, &analysis); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmtRow(job, id, sat, frame, analysis))
	}
	want := []string{"j1 0 1 3 seen", "j1 1 1 - never", "j2 0 0 - "}
	if !slices.Equal(got, want) {
		t.Fatalf("rows %q, want %q", got, want)
	}
}

func TestPutTraceReplacesByPath(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	one := 1.0
	tr := Trace{Path: "/t/a", Task: "a", Status: "completed", Frames: 4, Reward: &one, RewardSource: "native", RunID: "r"}
	if err := db.PutTrace(ctx, tr); err != nil {
		t.Fatal(err)
	}
	tr.Reward, tr.RewardSource, tr.Frames = nil, "", 5
	if err := db.PutTrace(ctx, tr); err != nil {
		t.Fatal(err)
	}
	var n, frames int
	var reward sql.NullFloat64
	if err := db.db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(frames), MAX(reward) FROM traces`).Scan(&n, &frames, &reward); err != nil {
		t.Fatal(err)
	}
	if n != 1 || frames != 5 || reward.Valid {
		t.Fatalf("%d rows, %d frames, reward %v; want one row, 5 frames, no reward", n, frames, reward)
	}
}

func fmtRow(job string, id, sat int, frame sql.NullInt64, analysis string) string {
	f := "-"
	if frame.Valid {
		f = fmt.Sprint(frame.Int64)
	}
	return fmt.Sprintf("%s %d %d %s %s", job, id, sat, f, analysis)
}
