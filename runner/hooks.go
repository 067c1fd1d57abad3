package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/suite"
)

// taskEnv is the environment of a task's agent and hooks: autoeval's own plus the
// task's id, text, device and trace directory.
func taskEnv(dev observer.Device, task suite.Task, text, dir string) []string {
	return append(append(os.Environ(), observer.AgentEnv(text, dev, dir)...), "AUTOEVAL_TASK_ID="+task.ID)
}

// runHook runs a setup or teardown shell command; its output goes to DIR/NAME.log.
func runHook(ctx context.Context, name, command string, env []string, dir string, timeout time.Duration) error {
	hctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	logf, err := os.Create(filepath.Join(dir, name+".log"))
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd := exec.CommandContext(hctx, "/bin/sh", "-c", command)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Stdin = strings.NewReader("")
	observer.KillGroupOnCancel(cmd)
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Run(); err != nil {
		if hctx.Err() == context.DeadlineExceeded {
			return fmt.Errorf("%s command timed out after %s (see %s)", name, timeout, filepath.Join(dir, name+".log"))
		}
		return fmt.Errorf("%s command failed: %v (see %s)", name, err, filepath.Join(dir, name+".log"))
	}
	return nil
}
