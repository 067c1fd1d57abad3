package shard

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		spec string
		env  func(string) string
		want Shard
		err  string
	}{
		{"", env(), All, ""},
		{"0/1", env(), Shard{0, 1}, ""},
		{"2/8", env(), Shard{2, 8}, ""},
		{" 3 / 4 ", env(), Shard{3, 4}, ""},
		{"4/4", env(), All, "from 0 to 3"},
		{"-1/4", env(), All, "from 0 to 3"},
		{"1/0", env(), All, "1 or more"},
		{"a/b", env(), All, "whole numbers"},
		{"3", env(), All, "want I/N"},
		{"auto", env(EnvK8sIndex, "5", EnvK8sCompletions, "8"), Shard{5, 8}, ""},
		{"auto", env(EnvK8sIndex, "5"), All, "set JOB_COMPLETIONS in the pod"},
		{"auto", env(EnvK8sIndex, "8", EnvK8sCompletions, "8"), All, "from 0 to 7"},
		// Kubernetes wins when both are set (a Slurm job that starts a kind cluster...).
		{"auto", env(EnvK8sIndex, "1", EnvK8sCompletions, "2", EnvSlurmID, "0", EnvSlurmCount, "4"), Shard{1, 2}, ""},
		{"auto", env(EnvSlurmID, "3", EnvSlurmCount, "4", EnvSlurmMin, "0"), Shard{3, 4}, ""},
		{"auto", env(EnvSlurmID, "3", EnvSlurmCount, "4"), Shard{3, 4}, ""},
		{"auto", env(EnvSlurmID, "1", EnvSlurmCount, "8", EnvSlurmMin, "1", EnvSlurmStep, "1"), Shard{0, 8}, ""}, // --array=1-8
		{"auto", env(EnvSlurmID, "8", EnvSlurmCount, "8", EnvSlurmMin, "1"), Shard{7, 8}, ""},
		{"auto", env(EnvSlurmID, "20", EnvSlurmCount, "4", EnvSlurmMin, "0", EnvSlurmStep, "10"), Shard{2, 4}, ""}, // --array=0-30:10
		{"auto", env(EnvSlurmID, "7", EnvSlurmCount, "3", EnvSlurmMin, "0"), All, "from 0 to 2"},                   // --array=0,3,7
		// --array=0,1,5: every task is refused, not only the one past the end.
		{"auto", env(EnvSlurmID, "1", EnvSlurmCount, "3", EnvSlurmMin, "0", EnvSlurmMax, "5", EnvSlurmStep, "1"), All, "not a range"},
		{"auto", env(EnvSlurmID, "0", EnvSlurmCount, "3", EnvSlurmMin, "0", EnvSlurmMax, "5", EnvSlurmStep, "1"), All, "not a range"},
		{"auto", env(EnvSlurmID, "21", EnvSlurmCount, "4", EnvSlurmMin, "1", EnvSlurmMax, "31", EnvSlurmStep, "10"), Shard{2, 4}, ""}, // --array=1-31:10
		{"auto", env(EnvSlurmID, "x", EnvSlurmCount, "3"), All, "not a number"},
		{"auto", env(), All, "neither a Kubernetes Indexed Job"},
	} {
		got, err := Parse(c.spec, c.env)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Parse(%q): %v, want an error with %q", c.spec, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.spec, got, err, c.want)
		}
	}
	if _, err := Parse("auto", env()); !errors.Is(err, ErrNoCluster) {
		t.Errorf("auto outside a cluster: %v, want ErrNoCluster", err)
	}
}

// Every id belongs to exactly one shard, the same on every call, and shards are of similar
// size.
func TestOwnsPartitions(t *testing.T) {
	const n, items = 5, 2000
	sizes := make([]int, n)
	for k := 0; k < items; k++ {
		id := fmt.Sprintf("episodes/run_%d.json#%d", k, k%3)
		owners := 0
		for i := 0; i < n; i++ {
			if (Shard{i, n}).Owns(id) {
				owners++
				sizes[i]++
			}
		}
		if owners != 1 {
			t.Fatalf("%s is owned by %d shards", id, owners)
		}
	}
	for i, s := range sizes {
		if s < items/n*8/10 || s > items/n*12/10 {
			t.Errorf("shard %d has %d of %d items: %v", i, s, items, sizes)
		}
	}
	if !All.Owns("x") || !(Shard{0, 1}).Owns("x") {
		t.Error("the whole does not own everything")
	}
	// The assignment is a documented function of the id: FNV-1a 64 modulo N. Pinned on the
	// published test vector (FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c), so a change that would
	// move items between the shards of a running job fails here.
	for n, want := range map[int]int{3: 1, 4: 0, 7: 5} {
		if !(Shard{want, n}).Owns("a") {
			t.Errorf(`"a" is not in shard %d/%d`, want, n)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "auto", "0/1", "7/8", "8/8", "-1/2", "1/-2", "x", "1/2/3", "99999999999999999999/1"} {
		f.Add(s, "", "", "", "")
	}
	f.Fuzz(func(t *testing.T, spec, idx, count, min, step string) {
		s, err := Parse(spec, env(EnvSlurmID, idx, EnvSlurmCount, count, EnvSlurmMin, min, EnvSlurmStep, step))
		if err != nil {
			return
		}
		if s.Count < 0 || (s.Count > 0 && (s.Index < 0 || s.Index >= s.Count)) {
			t.Fatalf("Parse(%q) = %+v", spec, s)
		}
	})
}
