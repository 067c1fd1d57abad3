// Package observer runs a GUI agent as a black box and records what it does on an Android
// device: screenshots (plus, when asked, the UI hierarchy and the foreground activity) at
// an interval, near-duplicates dropped, written as a native trace directory that is valid
// after every frame, so a crash of either side keeps what was seen.
package observer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/trace"
	"github.com/autoeval/autoeval/uixml"
)

// Device is what the observer needs from a device; *device.Device provides it.
type Device interface {
	Serial() string
	Addr() string
	Info() device.Info
	Screenshot(ctx context.Context) ([]byte, error)
	ScreenshotRaw(ctx context.Context) (*image.RGBA, error)
	UIXML(ctx context.Context) (string, error)
	ForegroundActivity(ctx context.Context) (string, error)
}

// Capture modes.
const (
	CaptureAuto = "auto" // measure both once, use the faster
	CapturePNG  = "png"  // screencap -p: the device encodes PNG
	CaptureRaw  = "raw"  // raw framebuffer, converted to PNG on the host
)

// File names inside the trace directory.
const (
	StdoutLog = "agent.stdout.log"
	StderrLog = "agent.stderr.log"
	// AnswerFile is the copy, in the trace, of the answer the agent wrote to its private
	// answer file ($AUTOEVAL_ANSWER_FILE, outside the trace folder).
	AnswerFile = "answer.txt"
)

// EnvTask carries the task text to the agent.
const EnvTask = "AUTOEVAL_TASK"

// EnvAnswerFile names the file in which the agent (or a wrapper around it) reports its
// answer to a question task: what it holds when the agent ends becomes the trace's Answer,
// which the judge and ground truth read. A black-box agent needs no code change beyond
// writing its final reply there (e.g. `my-agent {task} | tail -n 1 > "$AUTOEVAL_ANSWER_FILE"`).
// The file is in a private folder outside the trace, made for this one run and removed after.
const EnvAnswerFile = "AUTOEVAL_ANSWER_FILE"

// EnvTraceDir names the trace folder for the commands around a task (the runner's hooks);
// the agent is not told it.
const EnvTraceDir = "AUTOEVAL_TRACE_DIR"

// MaxAnswerBytes bounds the answer file: answers are a word or a list of titles; a file
// larger than a task text may be is not taken as one.
const MaxAnswerBytes = trace.MaxTaskBytes

// Options configure one observation.
type Options struct {
	Task      string
	TaskName  string
	App       string
	Agent     []string // command and arguments; "{task}" in an argument is replaced by the task (in a shell's -c script, by "$AUTOEVAL_TASK": ShellScript)
	AgentName string   // label for the trace (default: the command's base name)
	Dir       string   // trace directory to create
	Timeout   time.Duration
	Interval  time.Duration // between capture starts (default 500ms)
	XML       bool          // capture uiautomator dumps
	Activity  bool          // capture the foreground activity
	Capture   string        // auto, png or raw (default auto)
	Threshold float64       // dedup threshold (0 drops exact repeats only, < 0 keeps every frame; the CLI's default is DefaultThreshold)
	StopGrace time.Duration // SIGTERM to SIGKILL (default 3s)
	Params    map[string]any
	Env       []string // extra NAME=value pairs for the agent's environment
	// Logf, when set, receives notable events (mode chosen, failures, the end).
	Logf func(format string, args ...any)
	// OnFrame, when set, is called after each kept frame is on disk.
	OnFrame func(f trace.Frame, captured, dropped int)
}

// Result summarises an observation.
type Result struct {
	Trace       *trace.Trace
	Status      string
	Captured    int // screenshots taken (kept + dropped)
	Dropped     int // near-duplicates left out (the trace's DroppedFrames)
	ExitCode    int // agent's exit status; -1 when it was stopped or never ran
	CaptureMode string
}

func (o *Options) defaults() {
	if o.Interval <= 0 {
		o.Interval = 500 * time.Millisecond
	}
	if o.Capture == "" {
		o.Capture = CaptureAuto
	}
	if o.StopGrace <= 0 {
		o.StopGrace = 3 * time.Second
	}
	if o.AgentName == "" && len(o.Agent) > 0 {
		o.AgentName = filepath.Base(o.Agent[0])
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
}

// Observe runs the agent and records the device until the agent exits, the timeout, ctx is
// cancelled (status stopped) or the device is lost. The trace is returned and written even
// when err is non-nil, as long as its directory could be created.
func Observe(ctx context.Context, dev Device, opts Options) (*Result, error) {
	opts.defaults()
	if len(opts.Agent) == 0 {
		return nil, errors.New("no agent command given")
	}
	switch opts.Capture {
	case CaptureAuto, CapturePNG, CaptureRaw:
	default:
		return nil, fmt.Errorf("capture mode %q: want auto, png or raw", opts.Capture)
	}
	if err := prepareDir(opts.Dir); err != nil {
		return nil, err
	}
	info := dev.Info()
	now := time.Now().UTC()
	tr := &trace.Trace{
		Version: trace.FormatVersion, Task: opts.Task, TaskName: opts.TaskName, App: opts.App,
		Agent:  opts.AgentName,
		Device: trace.Device{Serial: dev.Serial(), Width: info.Width, Height: info.Height, Android: info.Android},
		// Until the run ends the status says nothing is known: a trace left behind by a
		// crash of autoeval itself is honest about it.
		Started: &now, Status: trace.StatusUnknown, Frames: []trace.Frame{}, Params: opts.Params,
		Metadata: map[string]any{"agent_command": opts.Agent},
		Dir:      opts.Dir,
	}
	res := &Result{Trace: tr, ExitCode: -1}
	if err := tr.WriteManifest(); err != nil {
		return nil, fmt.Errorf("%s: %w", opts.Dir, err)
	}
	r := &recorder{dev: dev, opts: opts, tr: tr, res: res, written: map[string]bool{}}

	// Frame 1 is the screen the agent starts from, taken before it starts (in auto mode
	// by the probe that chooses the capture method). A device that fails here means the
	// agent never runs.
	mode, probe, err := r.chooseMode(ctx)
	res.CaptureMode = mode
	tr.Metadata["capture_mode"] = mode
	if probe != nil {
		tr.Metadata["capture_probe_ms"] = probe
	}
	if err != nil {
		r.opts.Logf("the agent was not started: %v", err)
		return r.finish(notStartedStatus(ctx, err), err)
	}

	answerDir, err := os.MkdirTemp("", "autoeval-answer-")
	if err != nil {
		return r.finish(trace.StatusNotStarted, fmt.Errorf("a private folder for the agent's answer: %w", err))
	}
	defer os.RemoveAll(answerDir)
	r.answerPath = filepath.Join(answerDir, AnswerFile)
	// An answer left in the folder before the agent ran is not the agent's.
	if err := os.Remove(filepath.Join(opts.Dir, AnswerFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return r.finish(trace.StatusNotStarted, err)
	}
	r.before = snapshotDir(opts.Dir)
	agent, err := startAgent(opts, dev, r.answerPath)
	if err != nil {
		r.opts.Logf("agent did not start: %v", err)
		return r.finish(trace.StatusNotStarted, err)
	}
	tr.Metadata["agent_stdout"], tr.Metadata["agent_stderr"] = StdoutLog, StderrLog
	// Offered to the agent: without the file afterwards, the agent gave no answer.
	tr.Metadata["answer_file"] = AnswerFile
	var timeoutC <-chan time.Time
	if opts.Timeout > 0 {
		t := time.NewTimer(opts.Timeout)
		defer t.Stop()
		timeoutC = t.C
	}
	next := time.Now()
	for {
		next = next.Add(opts.Interval)
		wait := time.Until(next)
		if wait < 0 {
			// Capture is slower than the interval: start the next one now, do not queue up.
			next, wait = time.Now(), 0
		}
		select {
		case <-agent.done:
			// The agent's last action deserves a frame of its own.
			r.settleAndCapture(ctx)
			st := trace.StatusCompleted
			if agent.exitCode != 0 {
				st = trace.StatusCrashed
			}
			return r.finishAgent(agent, st, nil)
		case <-timeoutC:
			r.opts.Logf("timeout after %s: stopping the agent", opts.Timeout)
			agent.stop(opts.StopGrace)
			r.settleAndCapture(ctx)
			return r.finishAgent(agent, trace.StatusTimeout, nil)
		case <-ctx.Done():
			r.opts.Logf("interrupted: stopping the agent")
			agent.stop(opts.StopGrace)
			r.settleAndCapture(context.Background())
			return r.finishAgent(agent, trace.StatusStopped, nil)
		case <-time.After(wait):
		}
		if err := r.captureOnce(ctx); err != nil {
			switch {
			case ctx.Err() != nil:
				// Interrupted mid-capture: handled as an interrupt at the next turn.
			case errors.Is(err, device.ErrDeviceLost):
				agent.stop(opts.StopGrace)
				return r.finishAgent(agent, trace.StatusDeviceLost, err)
			default:
				r.opts.Logf("capture failed, continuing: %v", err)
			}
		}
	}
}

// notStartedStatus is the status of a run whose device failed before the agent could
// start: device_lost when the device went away, stopped after Ctrl-C, else not_started.
func notStartedStatus(ctx context.Context, err error) string {
	switch {
	case errors.Is(err, device.ErrDeviceLost):
		return trace.StatusDeviceLost
	case ctx.Err() != nil:
		return trace.StatusStopped
	}
	return trace.StatusNotStarted
}

// prepareDir creates dir, refusing to overwrite an existing trace.
func prepareDir(dir string) error {
	if dir == "" {
		return errors.New("no output directory given")
	}
	if _, err := os.Stat(filepath.Join(dir, trace.ManifestName)); err == nil {
		return fmt.Errorf("%s already holds a trace; choose another --out or remove it", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	return nil
}

type recorder struct {
	dev      Device
	opts     Options
	tr       *trace.Trace
	res      *Result
	mode     string
	last     *Signature
	failures int
	// lastExtra is the last UI XML / activity failure logged: a screen that has none
	// (a wallpaper, a lock screen) would otherwise repeat it on every frame.
	lastExtra string
	// written are the files of the trace folder the recorder wrote (the frames'); before
	// is what the folder held when the agent started (see seal).
	written map[string]bool
	before  dirState
	// answerPath is the agent's private answer file, outside the trace folder.
	answerPath string
}

// chooseMode settles the capture mode and records the first frames with it, before the
// agent starts: in auto it times one full capture each way (device work, transfer, host
// decode and encode) and keeps the faster; the probe's screenshots are frames like any
// other (the second usually a duplicate), not thrown away.
func (r *recorder) chooseMode(ctx context.Context) (string, map[string]int64, error) {
	if r.opts.Capture != CaptureAuto {
		r.mode = r.opts.Capture
		at := time.Now().UTC()
		s, err := r.grab(ctx, r.mode, true)
		if err != nil {
			return r.mode, nil, fmt.Errorf("no screenshot before the agent starts: %w", err)
		}
		r.res.Captured++
		return r.mode, nil, r.keep(ctx, at, s)
	}
	probe := map[string]int64{}
	var best string
	var bestD time.Duration
	var firstErr error
	for _, m := range []string{CapturePNG, CaptureRaw} {
		at := time.Now().UTC()
		s, err := r.grab(ctx, m, true)
		d := time.Since(at)
		if err != nil {
			if errors.Is(err, device.ErrDeviceLost) || ctx.Err() != nil {
				return m, nil, err
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		probe[m] = d.Milliseconds()
		if best == "" || d < bestD {
			best, bestD = m, d
		}
		// The dump and activity belong to this screenshot: record it before the next.
		r.res.Captured++
		if err := r.keep(ctx, at, s); err != nil {
			return m, probe, err
		}
	}
	if best == "" {
		return CapturePNG, probe, fmt.Errorf("no way to take a screenshot: %w", firstErr)
	}
	r.mode = best
	r.opts.Logf("capture mode %s (png %d ms, raw %d ms per frame)", best, probe[CapturePNG], probe[CaptureRaw])
	return best, probe, nil
}

// shot is one screenshot: the PNG to store and the decoded image for the signature.
type shot struct {
	png []byte
	img image.Image
}

// grab takes a screenshot in the given mode; encode says whether raw frames need a PNG now.
func (r *recorder) grab(ctx context.Context, mode string, encode bool) (shot, error) {
	cctx, cancel := context.WithTimeout(ctx, captureTimeout(r.opts.Interval))
	defer cancel()
	if mode == CaptureRaw {
		img, err := r.dev.ScreenshotRaw(cctx)
		if err != nil {
			return shot{}, err
		}
		if b := img.Bounds(); trace.CheckPixels(b.Dx(), b.Dy()) != nil {
			return shot{}, fmt.Errorf("screenshot from %s: %w", r.dev.Serial(), trace.CheckPixels(b.Dx(), b.Dy()))
		}
		s := shot{img: img}
		if encode {
			s.png, err = encodePNG(img)
		}
		return s, err
	}
	data, err := r.dev.Screenshot(cctx)
	if err != nil {
		return shot{}, err
	}
	// The header first: a PNG claiming 1,000,000 x 1,000,000 pixels is refused before any
	// pixel memory is taken (decoding it killed observe and run with "out of memory").
	img, _, err := trace.DecodeImage(data)
	if err != nil {
		return shot{}, fmt.Errorf("screenshot from %s is not a readable PNG: %v", r.dev.Serial(), err)
	}
	return shot{png: data, img: img}, nil
}

func captureTimeout(interval time.Duration) time.Duration {
	return max(15*time.Second, 4*interval)
}

// fastPNG trades file size for speed: raw frames are encoded on the host every frame.
var fastPNG = png.Encoder{CompressionLevel: png.BestSpeed}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := fastPNG.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// captureOnce takes a screenshot and keeps it unless it is a near-duplicate of the last
// kept frame; a kept frame gets its UI dump and activity and is on disk before it returns.
func (r *recorder) captureOnce(ctx context.Context) error {
	at := time.Now().UTC()
	s, err := r.grab(ctx, r.mode, false)
	if err != nil {
		r.failures++
		r.tr.Metadata["capture_errors"] = r.failures
		return err
	}
	r.res.Captured++
	return r.keep(ctx, at, s)
}

func (r *recorder) keep(ctx context.Context, at time.Time, s shot) error {
	sig := Sign(s.img)
	if r.last != nil && r.opts.Threshold >= 0 && Distance(*r.last, sig) <= r.opts.Threshold {
		r.tr.DroppedFrames++
		return nil
	}
	if s.png == nil {
		var err error
		if s.png, err = encodePNG(s.img); err != nil {
			return err
		}
	}
	index := len(r.tr.Frames) + 1
	name := trace.FrameName(index)
	f := trace.Frame{Index: index, Time: &at, Image: name + ".png"}
	if err := writeOwn(filepath.Join(r.tr.Dir, f.Image), s.png); err != nil {
		return fmt.Errorf("%s: %w", r.tr.Dir, err)
	}
	r.written[f.Image] = true
	cctx, cancel := context.WithTimeout(ctx, captureTimeout(r.opts.Interval))
	defer cancel()
	var extraErr error
	if r.opts.XML {
		x, err := r.dev.UIXML(cctx)
		if err == nil {
			err = checkDump(x)
		}
		if err == nil {
			f.XML = name + ".xml"
			if err := writeOwn(filepath.Join(r.tr.Dir, f.XML), []byte(x)); err != nil {
				return fmt.Errorf("%s: %w", r.tr.Dir, err)
			}
			r.written[f.XML] = true
		} else {
			extraErr = err
		}
		f.SHA256 = frameSums(s.png, x, f.XML != "")
	} else {
		f.SHA256 = frameSums(s.png, "", false)
	}
	if r.opts.Activity && extraErr == nil {
		if a, err := r.dev.ForegroundActivity(cctx); err == nil {
			f.Activity = a
		} else {
			extraErr = err
		}
	}
	b := s.img.Bounds()
	if r.tr.Device.Width == 0 || r.tr.Device.Width != b.Dx() {
		// Screenshots are the truth about the frame size (rotation, overrides).
		r.tr.Device.Width, r.tr.Device.Height = b.Dx(), b.Dy()
	}
	r.tr.Frames = append(r.tr.Frames, f)
	r.last = &sig
	if err := r.tr.WriteManifest(); err != nil {
		return fmt.Errorf("%s: %w", r.tr.Dir, err)
	}
	if r.opts.OnFrame != nil {
		r.opts.OnFrame(f, r.res.Captured, r.tr.DroppedFrames)
	}
	if extraErr != nil && (errors.Is(extraErr, device.ErrDeviceLost) || ctx.Err() != nil) {
		return extraErr
	}
	if extraErr != nil && extraErr.Error() != r.lastExtra {
		r.opts.Logf("frame %d: %v (not repeated for the next frames while it stays the same)", index, extraErr)
	}
	r.lastExtra = ""
	if extraErr != nil {
		r.lastExtra = extraErr.Error()
	}
	return nil
}

// writeOwn writes a file of autoeval's into the trace folder as a new file: whatever the
// agent put at that name before (a named pipe, on which a write blocks forever; a link,
// through which autoeval would write outside the trace) is removed first, and one made
// again meanwhile makes the write fail instead of going through it.
func writeOwn(path string, data []byte) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// settleAndCapture takes the closing frame after a moment for the last action's
// animation to finish; failures only leave it out.
func (r *recorder) settleAndCapture(ctx context.Context) {
	select {
	case <-time.After(min(time.Second, max(r.opts.Interval, 300*time.Millisecond))):
	case <-ctx.Done():
	}
	cctx, cancel := context.WithTimeout(ctx, captureTimeout(r.opts.Interval))
	defer cancel()
	if err := r.captureOnce(cctx); err != nil {
		r.opts.Logf("closing capture failed: %v", err)
	}
}

func (r *recorder) finishAgent(a *agentProc, status string, err error) (*Result, error) {
	<-a.done
	// What the agent left running in its process group is stopped with it: it could write
	// into the trace folder after the folder is checked (seal), or change the device.
	stopLeftovers(a.cmd)
	r.res.ExitCode = a.exitCode
	r.tr.Metadata["agent_exit_code"] = a.exitCode
	if a.signal != "" {
		r.tr.Metadata["agent_signal"] = a.signal
	}
	r.readAnswer()
	r.seal(r.before)
	if r.tr.Answer != "" {
		// autoeval's copy of the answer it took, beside the trace.
		if werr := writeOwn(filepath.Join(r.tr.Dir, AnswerFile), []byte(r.tr.Answer+"\n")); werr != nil {
			r.opts.Logf("keeping a copy of the agent's answer: %v", werr)
		}
	}
	return r.finish(status, err)
}

// readAnswer takes what the agent wrote to its private answer file as the trace's Answer
// (copied into the trace as answer.txt, see finishAgent). One that cannot be taken (too
// large, unreadable, not a regular file) is named in metadata.answer_error and the trace
// has no answer.
func (r *recorder) readAnswer() {
	answer, err := ReadAnswerFile(r.answerPath)
	if err != nil {
		r.opts.Logf("the agent's answer: %v", err)
		r.tr.Metadata["answer_error"] = err.Error()
		return
	}
	r.tr.Answer = answer
}

// ReadAnswerFile reads the answer an agent left at path: "" without error when there is no
// file (no answer). The agent under test wrote it, so it is read as hostile input: a
// regular file (a named pipe left there would block the read forever), not a symbolic link
// (which could show autoeval's own files as the answer), at most MaxAnswerBytes of UTF-8
// text. Errors name the file by its base name and say the answer was not taken.
func ReadAnswerFile(path string) (string, error) {
	name := filepath.Base(path)
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("%s: %v: not taken", name, unwrapPathErr(err))
	case st.Mode()&os.ModeSymlink != 0:
		return "", fmt.Errorf("%s is a symbolic link, not a file the agent wrote: not taken", name)
	}
	data, err := safefile.ReadFile(path, MaxAnswerBytes)
	var se *safefile.SizeError
	switch {
	case errors.As(err, &se):
		return "", fmt.Errorf("%s is over the limit of %d KiB for an answer: not taken", name, MaxAnswerBytes>>10)
	case err != nil:
		return "", fmt.Errorf("%s: %v: not taken", name, unwrapPathErr(err))
	case !utf8.Valid(data):
		return "", fmt.Errorf("%s is not UTF-8 text: not taken", name)
	}
	return strings.TrimSpace(string(data)), nil
}

func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// checkDump refuses a UI dump beyond uixml's limits on size, depth and nodes: the frame
// is kept without it (a 378 MB dump was stored, and cost gigabytes to judge).
func checkDump(x string) error {
	if len(x) > uixml.MaxBytes {
		return fmt.Errorf("UI dump: %s, over the limit of %s", safefile.Size(int64(len(x))), safefile.Size(uixml.MaxBytes))
	}
	var le *uixml.LimitError
	if _, err := uixml.Parse([]byte(x)); errors.As(err, &le) {
		return fmt.Errorf("UI dump: %w", err)
	}
	return nil
}

func (r *recorder) finish(status string, err error) (*Result, error) {
	end := time.Now().UTC()
	r.tr.Ended = &end
	r.tr.Status = status
	r.res.Status = status
	r.res.Dropped = r.tr.DroppedFrames
	r.tr.Metadata["captured"] = r.res.Captured
	if err != nil {
		r.tr.Metadata["error"] = err.Error()
	}
	if werr := r.tr.WriteManifest(); werr != nil && err == nil {
		err = fmt.Errorf("%s: %w", r.tr.Dir, werr)
	}
	r.opts.Logf("%s: %d frames kept, %d dropped (%s)", status, len(r.tr.Frames), r.tr.DroppedFrames, r.tr.Dir)
	return r.res, err
}

// agentProc is the running agent.
type agentProc struct {
	cmd      *exec.Cmd
	done     chan struct{}
	exitCode int
	signal   string
}

// AgentEnv is the environment autoeval adds for the commands it runs around a task (the
// suite's hooks in the runner), so each of them finds the task, the trace directory and the
// same device and adb server. The agent gets the same but the trace directory (agentEnv).
func AgentEnv(task string, dev Device, dir string) []string {
	return []string{
		EnvTask + "=" + task,
		"ANDROID_SERIAL=" + dev.Serial(),
		device.EnvServerSocket + "=tcp:" + dev.Addr(),
		EnvTraceDir + "=" + dir,
	}
}

// agentEnv is the agent's environment: autoeval's own, AgentEnv without the trace directory
// (an inherited one removed too: the agent has no business there), the caller's extra
// variables and the private answer file.
func agentEnv(opts Options, dev Device, answerFile string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, EnvTraceDir+"=") && !strings.HasPrefix(kv, EnvAnswerFile+"=") {
			env = append(env, kv)
		}
	}
	for _, kv := range AgentEnv(opts.Task, dev, "") {
		if !strings.HasPrefix(kv, EnvTraceDir+"=") {
			env = append(env, kv)
		}
	}
	for _, kv := range opts.Env {
		if !strings.HasPrefix(kv, EnvTraceDir+"=") && !strings.HasPrefix(kv, EnvAnswerFile+"=") {
			env = append(env, kv)
		}
	}
	return append(env, EnvAnswerFile+"="+answerFile)
}

// startAgent starts the agent with the task in its arguments, environment and stdin, its
// output going to files in the trace directory, in a process group of its own so that
// stopping it also stops what it spawned.
func startAgent(opts Options, dev Device, answerFile string) (*agentProc, error) {
	args, err := agentArgs(opts.Agent, opts.Task)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = agentEnv(opts, dev, answerFile)
	cmd.Stdin = strings.NewReader(opts.Task + "\n")
	stdout, err := os.Create(filepath.Join(opts.Dir, StdoutLog))
	if err != nil {
		return nil, err
	}
	stderr, err := os.Create(filepath.Join(opts.Dir, StderrLog))
	if err != nil {
		stdout.Close()
		os.Remove(stdout.Name())
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	setProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		stdout.Close()
		stderr.Close()
		// Nothing ran, so nothing was logged: leave no empty logs behind.
		os.Remove(stdout.Name())
		os.Remove(stderr.Name())
		return nil, fmt.Errorf("agent command %q: %w", args[0], err)
	}
	a := &agentProc{cmd: cmd, done: make(chan struct{}), exitCode: -1}
	go func() {
		err := cmd.Wait()
		stdout.Close()
		stderr.Close()
		a.exitCode = cmd.ProcessState.ExitCode()
		if err != nil && a.exitCode == -1 {
			a.signal = exitSignal(cmd.ProcessState)
		}
		close(a.done)
	}()
	return a, nil
}

// stop asks the agent to end (SIGTERM to its group), then kills it after grace.
func (a *agentProc) stop(grace time.Duration) {
	select {
	case <-a.done:
		return
	default:
	}
	terminate(a.cmd)
	select {
	case <-a.done:
	case <-time.After(grace):
		kill(a.cmd)
	}
}

// KillGroupOnCancel makes cmd the leader of its own process group and, when its context
// is cancelled, kills the whole group: a shell hook's children (adb, python) go with it.
func KillGroupOnCancel(cmd *exec.Cmd) {
	setProcessGroup(cmd)
	cmd.Cancel = func() error { kill(cmd); return nil }
}
