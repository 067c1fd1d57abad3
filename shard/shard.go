// Package shard splits a list of work (traces to judge, tasks to decompose or run) among
// the processes of a job on a cluster: shard I of N owns the items whose id hashes to I. The
// assignment depends only on the item's id and N, so every process agrees on it without
// talking to the others, and a rerun or a resumed shard finds the same items it had.
//
// A shard comes from --shard I/N, or with --shard auto from the environment a cluster
// engine gives each process: a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with
// JOB_COMPLETIONS set in the manifest) or a Slurm job array (SLURM_ARRAY_TASK_ID and
// SLURM_ARRAY_TASK_COUNT).
package shard

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard is one part of N; the zero value is the whole (no sharding).
type Shard struct {
	Index, Count int
}

// All is the whole: every item.
var All = Shard{}

// Sharded reports whether s is a part rather than the whole.
func (s Shard) Sharded() bool { return s.Count > 1 }

// String is "I/N", or "all".
func (s Shard) String() string {
	if s.Count == 0 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Owns reports whether the item with id belongs to this shard: the FNV-1a 64-bit hash of id,
// modulo N, is I. Ids should not depend on where the data is mounted (a path relative to the
// root the user named, a task id).
func (s Shard) Owns(id string) bool {
	if s.Count <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()%uint64(s.Count) == uint64(s.Index)
}

// Environment variables read by Parse("auto").
const (
	EnvK8sIndex       = "JOB_COMPLETION_INDEX" // set by Kubernetes in every pod of an Indexed Job
	EnvK8sCompletions = "JOB_COMPLETIONS"      // not set by Kubernetes: the manifest sets it to spec.completions
	EnvSlurmID        = "SLURM_ARRAY_TASK_ID"
	EnvSlurmCount     = "SLURM_ARRAY_TASK_COUNT"
	EnvSlurmMin       = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmMax       = "SLURM_ARRAY_TASK_MAX"
	EnvSlurmStep      = "SLURM_ARRAY_TASK_STEP"
)

// Parse reads a --shard value: "" (the whole), "I/N" with 0 <= I < N, or "auto", which takes
// the shard from getenv (os.Getenv in the commands): a Kubernetes Indexed Job first, else a
// Slurm array; with neither, ErrNoCluster.
func Parse(spec string, getenv func(string) string) (Shard, error) {
	spec = strings.TrimSpace(spec)
	switch spec {
	case "":
		return All, nil
	case "auto":
		return fromEnv(getenv)
	}
	i, n, ok := strings.Cut(spec, "/")
	if !ok {
		return All, fmt.Errorf("--shard %q: want I/N (e.g. 0/4, the first of four), or auto", spec)
	}
	return newShard("--shard "+spec, i, n)
}

func newShard(what, index, count string) (Shard, error) {
	i, err1 := strconv.Atoi(strings.TrimSpace(index))
	n, err2 := strconv.Atoi(strings.TrimSpace(count))
	switch {
	case err1 != nil || err2 != nil:
		return All, fmt.Errorf("%s: want two whole numbers I/N", what)
	case n < 1:
		return All, fmt.Errorf("%s: the number of shards must be 1 or more", what)
	case i < 0 || i >= n:
		return All, fmt.Errorf("%s: the shard index must be from 0 to %d (shards are numbered from 0)", what, n-1)
	}
	return Shard{Index: i, Count: n}, nil
}

// ErrNoCluster is returned by Parse("auto") outside a cluster job: a process meant to be
// one shard of many must not quietly do all the work.
var ErrNoCluster = errors.New("--shard auto: neither a Kubernetes Indexed Job (" + EnvK8sIndex + ") nor a Slurm job array (" + EnvSlurmID + ") in the environment")

func fromEnv(getenv func(string) string) (Shard, error) {
	if idx := getenv(EnvK8sIndex); idx != "" {
		n := getenv(EnvK8sCompletions)
		if n == "" {
			return All, fmt.Errorf("--shard auto: %s=%s but %s is not set; Kubernetes sets only the index: set %s in the pod to the Job's spec.completions",
				EnvK8sIndex, idx, EnvK8sCompletions, EnvK8sCompletions)
		}
		return newShard(fmt.Sprintf("--shard auto (%s=%s, %s=%s)", EnvK8sIndex, idx, EnvK8sCompletions, n), idx, n)
	}
	if id := getenv(EnvSlurmID); id != "" {
		what := fmt.Sprintf("--shard auto (%s=%s, %s=%s)", EnvSlurmID, id, EnvSlurmCount, getenv(EnvSlurmCount))
		task, err := strconv.Atoi(id)
		if err != nil {
			return All, fmt.Errorf("%s: the task id is not a number", what)
		}
		first, step := 0, 1
		if v := getenv(EnvSlurmMin); v != "" {
			if first, err = strconv.Atoi(v); err != nil {
				return All, fmt.Errorf("%s: %s=%q is not a number", what, EnvSlurmMin, v)
			}
		}
		if v := getenv(EnvSlurmStep); v != "" {
			if step, err = strconv.Atoi(v); err != nil || step < 1 {
				return All, fmt.Errorf("%s: %s=%q is not a positive number", what, EnvSlurmStep, v)
			}
		}
		// --array=1-8 numbers tasks from 1, --array=0-30:10 in steps: the shard is the
		// task's position in the array. An array given as a list (0,3,7) has no position
		// to compute and is refused rather than guessed, by every task: a range from MIN to
		// MAX in steps of STEP has exactly COUNT tasks.
		notRange := fmt.Errorf("%s: the array is not a range: use --array=0-%s or --shard I/N", what, "N-1")
		if (task-first)%step != 0 {
			return All, notRange
		}
		if v := getenv(EnvSlurmMax); v != "" {
			last, err := strconv.Atoi(v)
			if err != nil {
				return All, fmt.Errorf("%s: %s=%q is not a number", what, EnvSlurmMax, v)
			}
			count, err := strconv.Atoi(getenv(EnvSlurmCount))
			if err == nil && (last < first || (last-first)%step != 0 || (last-first)/step+1 != count) {
				return All, notRange
			}
		}
		return newShard(what, strconv.Itoa((task-first)/step), getenv(EnvSlurmCount))
	}
	return All, ErrNoCluster
}
