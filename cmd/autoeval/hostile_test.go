package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/hostiletest"
)

// hostileCeiling is the most memory (peak resident set, test binary included) a command
// may use on any input of the hostile corpus. Without the limits of issue 15 the same
// inputs took 0.4 to 2.9 GB, or ran for many minutes.
const hostileCeiling = 192 << 20

// TestHostileInputs runs every case of the hostile corpus through the CLI, each in a
// process of its own (this test binary again), and checks its exit status, its message
// and the process's peak memory as the kernel measured it.
func TestHostileInputs(t *testing.T) {
	t.Parallel()
	if name := os.Getenv("AUTOEVAL_HOSTILE_CASE"); name != "" {
		hostileChild(t, name)
		return
	}
	if raceEnabled {
		// What this test checks is time and memory, which the race detector multiplies
		// (its 20,000-frame case alone ran past three minutes); the commands' concurrency is
		// raced by the other tests.
		t.Skip("hostile inputs are bounds on time and memory: not run under -race")
	}
	for _, c := range hostiletest.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			dir := t.TempDir()
			path, err := c.Build(dir)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "out")
			os.Mkdir(out, 0o755)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHostileInputs$")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "AUTOEVAL_HOSTILE_CASE="+c.Name, "AUTOEVAL_HOSTILE_PATH="+path,
				"AUTOEVAL_HOSTILE_OUT="+out, "AUTOEVAL_DB="+filepath.Join(dir, "db.sqlite"), "AUTOEVAL_MODEL=")
			raw, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("still running after %v", 3*time.Minute)
			}
			var res hostileResult
			i := strings.LastIndex(string(raw), hostileMarker)
			if i < 0 || json.NewDecoder(strings.NewReader(string(raw[i+len(hostileMarker):]))).Decode(&res) != nil {
				t.Fatalf("the command died (%v):\n%s", err, tail(string(raw), 2000))
			}
			if res.Exit != c.Exit || !strings.Contains(res.Output, c.Want) {
				t.Errorf("exit %d, want %d; output does not say %q:\n%s", res.Exit, c.Exit, c.Want, tail(res.Output, 2000))
			}
			t.Logf("peak memory %d MiB: %s", res.PeakRSS>>20, tail(strings.TrimSpace(res.Output), 300))
			if !raceEnabled && res.PeakRSS > hostileCeiling {
				t.Errorf("peak memory %d MiB, over the ceiling of %d MiB", res.PeakRSS>>20, hostileCeiling>>20)
			}
		})
	}
}

const hostileMarker = "\nHOSTILE-RESULT "

type hostileResult struct {
	Exit    int
	Output  string
	PeakRSS int64 // bytes: the process's high-water mark of resident memory (VmHWM)
}

// peakRSS reads this process's resident-memory high-water mark from /proc (Linux). A
// child's rusage would not do: Linux carries the parent's peak over into it.
func peakRSS(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status to measure memory: %v", err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	t.Skip("no VmHWM in /proc/self/status")
	return 0
}

// hostileChild runs one case's command in this process and prints its result.
func hostileChild(t *testing.T, name string) {
	var c *hostiletest.Case
	for _, k := range hostiletest.Cases() {
		if k.Name == name {
			c = &k
		}
	}
	if c == nil {
		t.Fatalf("no case %q", name)
	}
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		a = strings.ReplaceAll(a, "PATH", os.Getenv("AUTOEVAL_HOSTILE_PATH"))
		args[i] = strings.ReplaceAll(a, "OUT", os.Getenv("AUTOEVAL_HOSTILE_OUT"))
	}
	var out, errOut bytes.Buffer
	code := run(context.Background(), &Factory{IO: NewIOStreams(&out, &errOut, false), Getenv: os.Getenv}, args)
	o, e := out.Bytes(), errOut.Bytes()
	b, _ := json.Marshal(hostileResult{Exit: code, Output: string(o) + string(e), PeakRSS: peakRSS(t)})
	os.Stdout.WriteString(hostileMarker + string(b) + "\n")
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
