package store

// migrations are applied in order, each once. Append only: never edit a released entry.
var migrations = []string{
	// 1: the initial schema.
	`
CREATE TABLE runs (
	id          TEXT PRIMARY KEY,           -- caller-chosen, stable across resumes (e.g. a hash of the suite and options)
	kind        TEXT NOT NULL,              -- decompose-suite | judge-batch | run | eval
	agent       TEXT NOT NULL DEFAULT '',
	config      TEXT NOT NULL DEFAULT '{}', -- JSON of the options that define the run
	status      TEXT NOT NULL DEFAULT 'running',
	started_at  TEXT NOT NULL,
	finished_at TEXT
);

-- run_items is per-task progress of a batch: a finished item is not redone on resume.
CREATE TABLE run_items (
	run_id      TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
	item        TEXT NOT NULL,              -- task key or trace path
	status      TEXT NOT NULL,              -- pending | done | failed
	result      TEXT NOT NULL DEFAULT '{}', -- JSON
	error       TEXT NOT NULL DEFAULT '',
	updated_at  TEXT NOT NULL,
	PRIMARY KEY (run_id, item)
);

CREATE TABLE traces (
	path        TEXT PRIMARY KEY,
	task        TEXT NOT NULL,
	task_name   TEXT NOT NULL DEFAULT '',
	agent       TEXT NOT NULL DEFAULT '',
	status      TEXT NOT NULL DEFAULT '',
	frames      INTEGER NOT NULL DEFAULT 0,
	reward      REAL,                       -- ground truth, when known
	reward_source TEXT NOT NULL DEFAULT '',
	run_id      TEXT,
	updated_at  TEXT NOT NULL
);

-- substates caches decompositions: the same task, model and prompt version decompose once.
CREATE TABLE substates (
	key         TEXT PRIMARY KEY,           -- hash of task, app, knowledge, model, prompt version
	task        TEXT NOT NULL,
	model       TEXT NOT NULL,
	prompt_version TEXT NOT NULL,
	nodes       TEXT NOT NULL,              -- JSON of substate.List
	created_at  TEXT NOT NULL
);

-- judge_frames is the judge's resumable progress: one row per finished frame of one judging job.
CREATE TABLE judge_frames (
	job         TEXT NOT NULL,              -- hash of trace, substates, judge configuration
	frame       INTEGER NOT NULL,
	state       TEXT NOT NULL,              -- JSON: the frame result and the judge state after it
	created_at  TEXT NOT NULL,
	PRIMARY KEY (job, frame)
);

-- judgments: the final verdict per substate of each judged trace.
CREATE TABLE judgments (
	job         TEXT NOT NULL,
	trace       TEXT NOT NULL,
	judge       TEXT NOT NULL,              -- judge label (model, or heuristic)
	substate_id INTEGER NOT NULL,
	satisfied   INTEGER NOT NULL,
	frame       INTEGER,
	analysis    TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL,
	PRIMARY KEY (job, substate_id)
);
CREATE INDEX judgments_trace ON judgments(trace);

-- llm_cache is content-addressed: key = hash(provider, model, parameters, prompt, image bytes).
CREATE TABLE llm_cache (
	key         TEXT PRIMARY KEY,
	provider    TEXT NOT NULL,
	model       TEXT NOT NULL,
	response    TEXT NOT NULL,
	input_tokens  INTEGER NOT NULL DEFAULT 0,
	output_tokens INTEGER NOT NULL DEFAULT 0,
	created_at  TEXT NOT NULL
);

-- llm_calls is the accounting ledger: one row per call made or served from cache.
CREATE TABLE llm_calls (
	id          INTEGER PRIMARY KEY AUTOINCREMENT,
	run_id      TEXT NOT NULL DEFAULT '',
	scope       TEXT NOT NULL DEFAULT '',   -- task key or trace path the call was made for
	purpose     TEXT NOT NULL DEFAULT '',   -- decompose | capture | reason | ...
	cache_key   TEXT NOT NULL,
	provider    TEXT NOT NULL,
	model       TEXT NOT NULL,
	prompt_version TEXT NOT NULL DEFAULT '',
	input_tokens  INTEGER NOT NULL DEFAULT 0,
	output_tokens INTEGER NOT NULL DEFAULT 0,
	latency_ms  INTEGER NOT NULL DEFAULT 0,
	cache_hit   INTEGER NOT NULL DEFAULT 0,
	cost_usd    REAL NOT NULL DEFAULT 0,
	error       TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL
);
CREATE INDEX llm_calls_run ON llm_calls(run_id);
CREATE INDEX llm_calls_scope ON llm_calls(scope);

-- kv holds small namespaced records that need no schema of their own.
CREATE TABLE kv (
	ns          TEXT NOT NULL,
	key         TEXT NOT NULL,
	value       TEXT NOT NULL,
	updated_at  TEXT NOT NULL,
	PRIMARY KEY (ns, key)
);
`,
	// 2: what the ledger needs to tell paid from uncached cost, unknown prices, and requests
	// that reached a provider without an answer.
	`
ALTER TABLE llm_calls ADD COLUMN uncached_cost_usd REAL NOT NULL DEFAULT 0; -- the answer's list price, also for a cache hit
ALTER TABLE llm_calls ADD COLUMN price_unknown INTEGER NOT NULL DEFAULT 0;  -- the model had no known price
ALTER TABLE llm_calls ADD COLUMN tokens_unknown INTEGER NOT NULL DEFAULT 0; -- sent, but cancelled or timed out before an answer
`,
	// 3: judging progress in space linear in the frames. judge_frames kept the whole state
	// after every frame, so n frames left n rows of O(n) each; now a job keeps one current
	// state (progress) and one row per finished frame (progress_steps). The last row of each
	// old job is split into the two: its "frames" become the steps, its "facts" ride on the
	// last step, the rest is the current state.
	`
CREATE TABLE progress (
	job         TEXT PRIMARY KEY,
	state       TEXT NOT NULL,              -- JSON: the job's state after its last saved step, without the steps
	steps       INTEGER NOT NULL,           -- how many progress_steps rows belong to this state
	updated_at  TEXT NOT NULL
);

-- progress_steps is the append-only log of a job's finished steps (the judge: one per frame).
CREATE TABLE progress_steps (
	job         TEXT NOT NULL,
	seq         INTEGER NOT NULL,           -- 0-based position in the job
	data        TEXT NOT NULL,              -- JSON
	PRIMARY KEY (job, seq)
);

CREATE TEMP TABLE last_frames AS
	SELECT f.job, f.state, f.created_at FROM judge_frames f
	WHERE json_valid(f.state) AND f.frame = (SELECT MAX(g.frame) FROM judge_frames g WHERE g.job = f.job);

INSERT INTO progress(job, state, steps, updated_at)
	SELECT job, json_remove(state, '$.frames', '$.facts'), COALESCE(json_array_length(state, '$.frames'), 0), created_at
	FROM last_frames;

INSERT INTO progress_steps(job, seq, data)
	SELECT l.job, e.key,
		CASE WHEN e.key = json_array_length(l.state, '$.frames') - 1 AND json_array_length(l.state, '$.facts') > 0
			THEN json_object('result', json(e.value), 'facts', json(json_extract(l.state, '$.facts')))
			ELSE json_object('result', json(e.value)) END
	FROM last_frames l, json_each(l.state, '$.frames') e;

DROP TABLE last_frames;
DROP TABLE judge_frames;
`,
	// 4: leases, so processes sharing a database share the work instead of repeating it.
	`
CREATE TABLE leases (
	key         TEXT PRIMARY KEY,           -- the piece of work, e.g. a trace and the judge judging it
	holder      TEXT NOT NULL,              -- random token of the claim
	host        TEXT NOT NULL,              -- hostname of the holder
	pidns       TEXT NOT NULL DEFAULT '',   -- its PID namespace (Linux), so a pid is only read where it means the same process
	pid         INTEGER NOT NULL,
	expires_at  INTEGER NOT NULL,           -- Unix milliseconds; renewed while the holder works
	acquired_at TEXT NOT NULL
);
`,
	// 5: what model calls spent on reasoning, and answers that came back cut off (paid,
	// their tokens counted, never used).
	`
ALTER TABLE llm_calls ADD COLUMN reasoning_tokens INTEGER NOT NULL DEFAULT 0; -- part of output_tokens
ALTER TABLE llm_calls ADD COLUMN cut_off INTEGER NOT NULL DEFAULT 0;          -- incomplete answer (token budget, content filter)
`,
}
