package groundtruth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeAndroidWorld imitates server/android_server.py: FastAPI routes, scalar
// arguments as query parameters, 422 for a missing one, 500 for an unknown task.
type fakeAndroidWorld struct {
	mu      sync.Mutex
	calls   []string
	score   any
	tasks   []string
	actions []map[string]any
	failOn  string
}

func (f *fakeAndroidWorld) handler(t *testing.T) http.Handler {
	mux := http.NewServeMux()
	need := func(w http.ResponseWriter, r *http.Request, keys ...string) bool {
		for _, k := range keys {
			if r.URL.Query().Get(k) == "" {
				w.WriteHeader(http.StatusUnprocessableEntity)
				json.NewEncoder(w).Encode(map[string]any{"detail": []map[string]any{{"loc": []string{"query", k}, "msg": "Field required"}}})
				return false
			}
		}
		return true
	}
	task := func(w http.ResponseWriter, r *http.Request) bool {
		if !need(w, r, "task_type", "task_idx") {
			return false
		}
		tt := r.URL.Query().Get("task_type")
		for _, k := range f.tasks {
			if k == tt {
				return true
			}
		}
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte("Internal Server Error"))
		return false
	}
	route := func(method, path string, h func(w http.ResponseWriter, r *http.Request)) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			f.mu.Lock()
			f.calls = append(f.calls, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
			fail := f.failOn == path
			f.mu.Unlock()
			if r.Method != method {
				w.WriteHeader(http.StatusMethodNotAllowed)
				json.NewEncoder(w).Encode(map[string]string{"detail": "Method Not Allowed"})
				return
			}
			if fail {
				w.WriteHeader(http.StatusInternalServerError)
				w.Write([]byte("Internal Server Error"))
				return
			}
			h(w, r)
		})
	}
	ok := func(w http.ResponseWriter, msg string) {
		json.NewEncoder(w).Encode(map[string]string{"status": "success", "message": msg})
	}
	route("GET", "/health", func(w http.ResponseWriter, r *http.Request) { ok(w, "") })
	route("POST", "/reset", func(w http.ResponseWriter, r *http.Request) {
		if need(w, r, "go_home") {
			ok(w, "Environment reset with go_home="+r.URL.Query().Get("go_home"))
		}
	})
	route("POST", "/task/initialize", func(w http.ResponseWriter, r *http.Request) {
		if task(w, r) {
			ok(w, "initialized")
		}
	})
	route("POST", "/task/tear_down", func(w http.ResponseWriter, r *http.Request) {
		if task(w, r) {
			ok(w, "torn down")
		}
	})
	route("GET", "/task/score", func(w http.ResponseWriter, r *http.Request) {
		if task(w, r) {
			json.NewEncoder(w).Encode(map[string]any{"score": f.score})
		}
	})
	route("GET", "/task/goal", func(w http.ResponseWriter, r *http.Request) {
		if task(w, r) {
			json.NewEncoder(w).Encode(map[string]any{"goal": "Turn wifi on."})
		}
	})
	route("POST", "/execute_action", func(w http.ResponseWriter, r *http.Request) {
		var a map[string]any
		if err := json.NewDecoder(r.Body).Decode(&a); err != nil {
			w.WriteHeader(http.StatusUnprocessableEntity)
			return
		}
		f.mu.Lock()
		f.actions = append(f.actions, a)
		f.mu.Unlock()
		ok(w, "done")
	})
	return mux
}

func newFakeAW(t *testing.T) (*fakeAndroidWorld, *AndroidWorldClient) {
	f := &fakeAndroidWorld{score: 1.0, tasks: []string{"SystemWifiTurnOn", "ContactsAddContact"}}
	srv := httptest.NewServer(f.handler(t))
	t.Cleanup(srv.Close)
	return f, &AndroidWorldClient{BaseURL: srv.URL + "/"}
}

func TestAndroidWorldClient(t *testing.T) {
	f, c := newFakeAW(t)
	ctx := ctxT(t)
	if err := c.Health(ctx); err != nil {
		t.Fatal(err)
	}
	o := &Oracle{Client: c, TaskType: "SystemWifiTurnOn", Index: 1}
	goal, err := o.Begin(ctx)
	if err != nil || goal != "Turn wifi on." {
		t.Fatalf("begin: %q %v", goal, err)
	}
	if err := c.ExecuteAction(ctx, map[string]any{"action_type": "click", "x": 10, "y": 20}); err != nil {
		t.Fatal(err)
	}
	f.score = 0.5
	res, err := o.End(ctx)
	if err != nil || res.Reward != 0.5 {
		t.Fatalf("end: %+v %v", res, err)
	}
	want := []string{
		"GET /health?",
		"POST /task/initialize?task_idx=1&task_type=SystemWifiTurnOn", "GET /task/goal?task_idx=1&task_type=SystemWifiTurnOn",
		"POST /execute_action?",
		"GET /task/score?task_idx=1&task_type=SystemWifiTurnOn", "POST /task/tear_down?task_idx=1&task_type=SystemWifiTurnOn",
	}
	if strings.Join(f.calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(f.calls, "\n"), strings.Join(want, "\n"))
	}
	if f.actions[0]["action_type"] != "click" || f.actions[0]["x"] != 10.0 {
		t.Errorf("action body: %v", f.actions)
	}
}

func TestAndroidWorldClientErrors(t *testing.T) {
	f, c := newFakeAW(t)
	ctx := ctxT(t)
	// Unknown task: the server's 500 comes back as a typed error.
	_, err := c.Score(ctx, "NoSuchTask", 0)
	var awErr *AndroidWorldError
	if !errors.As(err, &awErr) || awErr.Status != 500 || !strings.Contains(err.Error(), "/task/score") {
		t.Fatalf("unknown task: %v", err)
	}
	// A score outside [0,1] or missing is refused, not stored.
	f.score = 3.0
	if _, err := c.Score(ctx, "SystemWifiTurnOn", 0); err == nil {
		t.Error("score 3 accepted")
	}
	f.score = nil
	if _, err := c.Score(ctx, "SystemWifiTurnOn", 0); err == nil {
		t.Error("missing score accepted")
	}
	// Tear-down still runs when scoring fails.
	f.mu.Lock()
	f.calls = nil
	f.failOn = "/task/score"
	f.mu.Unlock()
	if _, err := (&Oracle{Client: c, TaskType: "SystemWifiTurnOn"}).End(ctx); err == nil {
		t.Error("failed score gave no error")
	}
	if n := len(f.calls); n != 2 || !strings.HasPrefix(f.calls[1], "POST /task/tear_down") {
		t.Errorf("tear-down after failed score: %v", f.calls)
	}
	// Tear-down failure keeps the score and reports the error.
	f.score, f.failOn = 1.0, "/task/tear_down"
	res, err := (&Oracle{Client: c, TaskType: "SystemWifiTurnOn"}).End(ctx)
	if err == nil || res == nil || res.Reward != 1 {
		t.Errorf("tear-down failure: %v %v", res, err)
	}
	// Abort tears down even when the caller was already cancelled (Ctrl-C mid-task).
	cctx, ccancel := context.WithCancel(ctx)
	ccancel()
	f.mu.Lock()
	f.calls, f.failOn = nil, ""
	f.mu.Unlock()
	if err := (&Oracle{Client: c, TaskType: "SystemWifiTurnOn", Index: 1}).Abort(cctx); err != nil {
		t.Errorf("abort after cancel: %v", err)
	}
	if len(f.calls) != 1 || f.calls[0] != "POST /task/tear_down?task_idx=1&task_type=SystemWifiTurnOn" {
		t.Errorf("abort calls: %v", f.calls)
	}
	// FastAPI validation errors are decoded.
	if err := c.do(ctx, http.MethodPost, "/reset", nil, nil, nil); err == nil || !strings.Contains(err.Error(), "Field required") {
		t.Errorf("422: %v", err)
	}
	if err := c.ExecuteAction(ctx, map[string]any{"x": 1}); err == nil {
		t.Error("action without action_type accepted")
	}
	// Unreachable server and timeouts are errors naming the route.
	dead := &AndroidWorldClient{BaseURL: "http://127.0.0.1:1"}
	if err := dead.Health(ctx); err == nil || !strings.Contains(err.Error(), "/health") {
		t.Errorf("dead server: %v", err)
	}
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { time.Sleep(2 * time.Second) }))
	defer slow.Close()
	sctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if err := (&AndroidWorldClient{BaseURL: slow.URL}).InitializeTask(sctx, "X", 0); err == nil {
		t.Error("timeout not reported")
	}
	if _, err := (&AndroidWorldClient{}).Score(ctx, "X", 0); err == nil {
		t.Error("empty URL accepted")
	}
}
