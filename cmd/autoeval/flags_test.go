package main

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Each command lists only the flags it honours: the model, database and pixel flags were
// global, so devices --help listed twelve flags devices ignores.
func TestFlagGroupsOnlyWhereUsed(t *testing.T) {
	t.Parallel()
	model := []string{"model", "base-url", "no-cache", "prices", "model-timeout", "model-retries", "model-concurrency",
		"model-rpm", "model-tpm", "reasoning-effort"}
	capture := []string{"capture-model", "capture-base-url"}
	want := map[string][]string{
		"decompose":      append(slices.Clone(model), "db"),
		"judge":          append(append(slices.Clone(model), capture...), "db", "max-pixels"),
		"run":            append(append(slices.Clone(model), capture...), "db", "max-pixels"),
		"trace validate": {"max-pixels"},
		"report":         {"max-pixels"},
	}
	groups := append(append(slices.Clone(model), capture...), "db", "max-pixels")
	root := testRoot()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if !c.Runnable() || c.Name() == "help" || strings.HasPrefix(c.CommandPath(), "autoeval completion") {
			return
		}
		name := strings.TrimPrefix(c.CommandPath(), "autoeval ")
		for _, g := range groups {
			has := c.Flags().Lookup(g) != nil
			if has != slices.Contains(want[name], g) {
				t.Errorf("%s: --%s registered %v, want %v", name, g, has, !has)
			}
		}
		if q := c.InheritedFlags().Lookup("quiet"); q == nil {
			t.Errorf("%s: no --quiet", name)
		}
	}
	walk(root)
}

// A flag's 0 means none, as the packages read it: what the command line says reaches the
// options unchanged, with no patch from 0 to -1.
func TestZeroMeansNoneReachesTheOptions(t *testing.T) {
	t.Parallel()
	f := &Factory{IO: NewIOStreams(io.Discard, io.Discard, false), Getenv: func(string) string { return "" }}
	var judgeOpts *JudgeOptions
	cmd := NewCmdJudge(f, func(_ context.Context, o *JudgeOptions) error { judgeOpts = o; return nil })
	cmd.SetArgs([]string{"--trace", "x", "--retries", "0", "--model-retries", "0"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if judgeOpts.Retries != 0 || judgeOpts.Model.calls.MaxRetries != 0 || judgeOpts.Model.calls.Timeout <= 0 {
		t.Errorf("judge: retries %d, model retries %d, timeout %v", judgeOpts.Retries, judgeOpts.Model.calls.MaxRetries, judgeOpts.Model.calls.Timeout)
	}
	// Rate limits: unset, a model at OpenAI's own endpoint gets its tier-1 limits; 0 is none.
	if cfg := judgeOpts.Model.config("openai:gpt-4o", "", "--base-url", nil); cfg.RequestsPerMinute != 500 || cfg.TokensPerMinute != 30000 {
		t.Errorf("default limits %d rpm, %d tpm; want OpenAI's tier 1 (500, 30000)", cfg.RequestsPerMinute, cfg.TokensPerMinute)
	}
	cmd = NewCmdJudge(f, func(_ context.Context, o *JudgeOptions) error { judgeOpts = o; return nil })
	cmd.SetArgs([]string{"--trace", "x", "--model-rpm", "0", "--model-tpm", "0"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if cfg := judgeOpts.Model.config("openai:gpt-4o", "", "--base-url", nil); cfg.RequestsPerMinute != 0 || cfg.TokensPerMinute != 0 {
		t.Errorf("--model-rpm 0 --model-tpm 0: %d rpm, %d tpm; want no limits", cfg.RequestsPerMinute, cfg.TokensPerMinute)
	}
	var dec *DecomposeOptions
	cmd = NewCmdDecompose(f, func(_ context.Context, o *DecomposeOptions) error { dec = o; return nil })
	cmd.SetArgs([]string{"--task", "x", "--repairs", "0"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if dec.Repairs != 0 || dec.Model.calls.MaxRetries != 4 {
		t.Errorf("decompose: repairs %d, model retries %d", dec.Repairs, dec.Model.calls.MaxRetries)
	}
	var obs *ObserveOptions
	cmd = NewCmdObserve(f, func(_ context.Context, o *ObserveOptions) error { obs = o; return nil })
	cmd.SetArgs([]string{"--task", "x", "--out", "o", "--dedup-threshold", "0", "--", "agent"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if obs.Device.thresh != 0 || !slices.Equal(obs.Agent, []string{"agent"}) {
		t.Errorf("observe: threshold %v, agent %q", obs.Device.thresh, obs.Agent)
	}
}
