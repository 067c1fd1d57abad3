package groundtruth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/autoeval/autoeval/internal/strictjson"
)

// AndroidWorldClient talks to AndroidWorld's HTTP server (server/android_server.py),
// making AndroidWorld itself the ground-truth oracle: initialize a task instance
// before the agent runs, score it after, tear it down.
//
// Scalar arguments travel as query parameters (FastAPI's default for plain
// arguments); /execute_action takes the action as a JSON body.
type AndroidWorldClient struct {
	BaseURL string       // e.g. http://localhost:5000
	HTTP    *http.Client // nil: a client with a 5-minute timeout (initialize can be slow)
}

// AndroidWorldSource marks ground truth that came from AndroidWorld's own scorer
// (its server's /task/score).
const AndroidWorldSource = "androidworld:score"

// NativeSource marks ground truth computed by this package's checks.
const NativeSource = "autoeval:groundtruth"

// AndroidWorldError is a non-2xx reply from the server.
type AndroidWorldError struct {
	Method, Path string
	Status       int
	Detail       string
}

func (e *AndroidWorldError) Error() string {
	return fmt.Sprintf("androidworld %s %s: HTTP %d: %s", e.Method, e.Path, e.Status, e.Detail)
}

func (c *AndroidWorldClient) client() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 5 * time.Minute}
}

// do sends a request and decodes a JSON reply into out (when non-nil).
func (c *AndroidWorldClient) do(ctx context.Context, method, path string, q url.Values, body any, out any) error {
	if c.BaseURL == "" {
		return fmt.Errorf("androidworld: no server URL")
	}
	u, err := url.Parse(strings.TrimRight(c.BaseURL, "/") + path)
	if err != nil {
		return fmt.Errorf("androidworld: bad server URL %q: %v", c.BaseURL, err)
	}
	if len(q) > 0 {
		u.RawQuery = q.Encode()
	}
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.client().Do(req)
	if err != nil {
		return fmt.Errorf("androidworld %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 512<<20))
	if err != nil {
		return fmt.Errorf("androidworld %s %s: reading reply: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		detail := strings.TrimSpace(string(data))
		var fe struct {
			Detail any `json:"detail"`
		}
		if strictjson.UnmarshalPython(data, &fe) == nil && fe.Detail != nil {
			if s, ok := fe.Detail.(string); ok {
				detail = s
			} else {
				b, _ := json.Marshal(fe.Detail)
				detail = string(b)
			}
		}
		return &AndroidWorldError{Method: method, Path: path, Status: resp.StatusCode, Detail: clip(detail, 300)}
	}
	if out == nil {
		return nil
	}
	// The server is Python's: keys exact, NaN allowed (read as null).
	if err := strictjson.UnmarshalPython(data, out); err != nil {
		return fmt.Errorf("androidworld %s %s: reply is not the expected JSON: %v (%q)", method, path, err, clip(string(data), 120))
	}
	return nil
}

func taskQuery(taskType string, idx int) url.Values {
	return url.Values{"task_type": {taskType}, "task_idx": {strconv.Itoa(idx)}}
}

// Health checks that the server has an environment.
func (c *AndroidWorldClient) Health(ctx context.Context) error {
	return c.do(ctx, http.MethodGet, "/health", nil, nil, nil)
}

// InitializeTask sets the device up for instance idx of taskType (call before the agent runs).
func (c *AndroidWorldClient) InitializeTask(ctx context.Context, taskType string, idx int) error {
	return c.do(ctx, http.MethodPost, "/task/initialize", taskQuery(taskType, idx), nil, nil)
}

// Goal returns the instance's natural-language goal.
func (c *AndroidWorldClient) Goal(ctx context.Context, taskType string, idx int) (string, error) {
	var out struct {
		Goal string `json:"goal"`
	}
	err := c.do(ctx, http.MethodGet, "/task/goal", taskQuery(taskType, idx), nil, &out)
	return out.Goal, err
}

// Score asks AndroidWorld for the instance's reward (call after the agent finished).
func (c *AndroidWorldClient) Score(ctx context.Context, taskType string, idx int) (float64, error) {
	var out struct {
		Score *float64 `json:"score"`
	}
	if err := c.do(ctx, http.MethodGet, "/task/score", taskQuery(taskType, idx), nil, &out); err != nil {
		return 0, err
	}
	if out.Score == nil {
		return 0, fmt.Errorf("androidworld /task/score: reply has no score")
	}
	if *out.Score < 0 || *out.Score > 1 {
		return 0, fmt.Errorf("androidworld /task/score: score %v is outside [0,1]", *out.Score)
	}
	return *out.Score, nil
}

// TearDown cleans the instance's state off the device.
func (c *AndroidWorldClient) TearDown(ctx context.Context, taskType string, idx int) error {
	return c.do(ctx, http.MethodPost, "/task/tear_down", taskQuery(taskType, idx), nil, nil)
}

// ExecuteAction performs one AndroidWorld JSONAction, e.g.
// {"action_type": "click", "x": 100, "y": 200} or {"action_type": "status", "goal_status": "complete"}.
func (c *AndroidWorldClient) ExecuteAction(ctx context.Context, action map[string]any) error {
	if _, ok := action["action_type"]; !ok {
		return fmt.Errorf("androidworld: action has no action_type")
	}
	return c.do(ctx, http.MethodPost, "/execute_action", nil, action, nil)
}

// Oracle runs one task instance through AndroidWorld: Begin initializes it (and
// returns its goal); End scores it and tears it down, returning the ground truth.
// TearDown runs even when scoring fails, so the device is left clean.
type Oracle struct {
	Client   *AndroidWorldClient
	TaskType string
	Index    int
}

// Begin initializes the task instance and returns its goal text.
func (o *Oracle) Begin(ctx context.Context) (string, error) {
	if err := o.Client.InitializeTask(ctx, o.TaskType, o.Index); err != nil {
		return "", err
	}
	return o.Client.Goal(ctx, o.TaskType, o.Index)
}

// End scores the instance, then tears it down. The result carries the score as its
// reward (Source AndroidWorldSource in trace.GroundTruth). When scoring succeeded but
// tear-down failed, both the result and the error are returned.
func (o *Oracle) End(ctx context.Context) (*Result, error) {
	score, scoreErr := o.Client.Score(ctx, o.TaskType, o.Index)
	tdErr := o.Abort(ctx)
	if scoreErr != nil {
		if tdErr != nil {
			return nil, fmt.Errorf("%w (tear-down also failed: %v)", scoreErr, tdErr)
		}
		return nil, scoreErr
	}
	r := &Result{Task: o.TaskType, Reward: score,
		Parts:       []Part{{Name: "AndroidWorld is_successful", Pass: score >= 1, Detail: fmt.Sprintf("score %g", score)}},
		Explanation: fmt.Sprintf("AndroidWorld scored %s instance %d: %g", o.TaskType, o.Index, score)}
	if tdErr != nil {
		return r, fmt.Errorf("scored %g, but tear-down failed: %w", score, tdErr)
	}
	return r, nil
}

// tearDownTimeout bounds the tear-down that runs even after the caller was cancelled.
const tearDownTimeout = 2 * time.Minute

// Abort tears the instance down without scoring it (the agent was interrupted, or
// Begin failed half-way). It runs even when ctx is already cancelled: an instance left
// initialized would spoil the next task on the device.
func (o *Oracle) Abort(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), tearDownTimeout)
	defer cancel()
	return o.Client.TearDown(tctx, o.TaskType, o.Index)
}

// AndroidWorld is the Source that makes AndroidWorld's server the judge of each task:
// Begin initializes instance Index of the task type named by the task's id and
// returns its goal, Score asks /task/score and tears the instance down.
type AndroidWorld struct {
	Client *AndroidWorldClient
	Index  int // the instance of each task type (its parameter combination)
}

// Label implements Source.
func (a *AndroidWorld) Label() string { return AndroidWorldSource }

// SetsGoals implements Source: the server chooses the instance.
func (a *AndroidWorld) SetsGoals() bool { return true }

// Begin implements Source. An instance that fails to initialize is torn down again.
func (a *AndroidWorld) Begin(ctx context.Context, t Task) (Instance, error) {
	o := &Oracle{Client: a.Client, TaskType: t.ID, Index: a.Index}
	goal, err := o.Begin(ctx)
	if err != nil {
		var awErr *AndroidWorldError
		if errors.As(err, &awErr) && awErr.Status == 500 {
			// The server answers an unknown task type with a bare KeyError 500.
			err = fmt.Errorf("%w (is %q an AndroidWorld task type, and --task-index %d within its instances?)", err, t.ID, a.Index)
		}
		if tdErr := o.Abort(ctx); tdErr != nil {
			err = fmt.Errorf("%w (tear-down also failed: %v)", err, tdErr)
		}
		return nil, err
	}
	return &oracleInstance{o: o, goal: goal}, nil
}

// Begun is instance Index of taskType when it was initialized before (the agent has run
// on it already): its Score is the one Begin's instance has, answer and tear-down included.
func (a *AndroidWorld) Begun(taskType string) Instance {
	return &oracleInstance{o: &Oracle{Client: a.Client, TaskType: taskType, Index: a.Index}}
}

type oracleInstance struct {
	o    *Oracle
	goal string
}

func (i *oracleInstance) Goal() string { return i.goal }

// Score scores and tears down; a failure to score is ErrUnscored (the server may
// answer next time), a failed tear-down after a score keeps the score. An answer is
// given to the server first as the agent's answer action, which AndroidWorld keeps as
// the interaction cache its question tasks score (env/interface.py execute_action); an
// empty one is not sent, since an agent driving the server may have answered there.
func (i *oracleInstance) Score(ctx context.Context, answer string) (*Result, error) {
	if answer != "" {
		if err := i.o.Client.ExecuteAction(ctx, map[string]any{"action_type": "answer", "text": answer}); err != nil {
			err = fmt.Errorf("giving AndroidWorld the agent's answer: %w", err)
			if tdErr := i.o.Abort(ctx); tdErr != nil {
				err = fmt.Errorf("%w (tear-down also failed: %v)", err, tdErr)
			}
			return nil, unscored{err}
		}
	}
	r, err := i.o.End(ctx)
	if err != nil && r == nil {
		return nil, unscored{err}
	}
	return r, err
}

func (i *oracleInstance) Abort(ctx context.Context) error {
	if err := i.o.Abort(ctx); err != nil {
		return fmt.Errorf("androidworld tear-down: %w", err)
	}
	return nil
}
