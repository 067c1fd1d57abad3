-- An autoeval database at schema version 1 (judge_frames: the whole state after every
-- frame), written by the judge of commit bf0016a killed after frame 8 of the trace that
-- TestResumeFromVersion1Progress builds; the test puts its trace directory for @TRACE_DIR@
-- and rewrites the job key.
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
CREATE TABLE runs (
	id          TEXT PRIMARY KEY,           -- caller-chosen, stable across resumes (e.g. a hash of the suite and options)
	kind        TEXT NOT NULL,              -- decompose-suite | judge-batch | run | eval
	agent       TEXT NOT NULL DEFAULT '',
	config      TEXT NOT NULL DEFAULT '{}', -- JSON of the options that define the run
	status      TEXT NOT NULL DEFAULT 'running',
	started_at  TEXT NOT NULL,
	finished_at TEXT
);
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
CREATE TABLE substates (
	key         TEXT PRIMARY KEY,           -- hash of task, app, knowledge, model, prompt version
	task        TEXT NOT NULL,
	model       TEXT NOT NULL,
	prompt_version TEXT NOT NULL,
	nodes       TEXT NOT NULL,              -- JSON of substate.List
	created_at  TEXT NOT NULL
);
CREATE TABLE judge_frames (
	job         TEXT NOT NULL,              -- hash of trace, substates, judge configuration
	frame       INTEGER NOT NULL,
	state       TEXT NOT NULL,              -- JSON: the frame result and the judge state after it
	created_at  TEXT NOT NULL,
	PRIMARY KEY (job, frame)
);
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
CREATE TABLE llm_cache (
	key         TEXT PRIMARY KEY,
	provider    TEXT NOT NULL,
	model       TEXT NOT NULL,
	response    TEXT NOT NULL,
	input_tokens  INTEGER NOT NULL DEFAULT 0,
	output_tokens INTEGER NOT NULL DEFAULT 0,
	created_at  TEXT NOT NULL
);
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
CREATE TABLE kv (
	ns          TEXT NOT NULL,
	key         TEXT NOT NULL,
	value       TEXT NOT NULL,
	updated_at  TEXT NOT NULL,
	PRIMARY KEY (ns, key)
);
INSERT INTO schema_migrations(version, applied_at) VALUES (1, '2026-01-01T00:00:00Z');
INSERT INTO judge_frames(job, frame, state, created_at) VALUES ('judge:5949901409a195cb6ae81f85bf163858', 1, '{"next":1,"satisfied":{},"last":{"0":{"frame":1,"analysis":"scripted analysis"},"1":{"frame":1,"analysis":"scripted analysis"},"2":{"frame":1,"analysis":"scripted analysis"},"3":{"frame":1,"analysis":"scripted analysis"}},"frames":[{"index":1,"verdicts":[{"id":0,"verdict":"uncertain","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"}],"has_last":true,"last_desc":"App package: com.google.android.apps.nexuslauncher\nScreen elements, top to bottom (3):\n- TextView \"Clock\" id v0 at (0,100)-(1080,200)\n- TextView \"Phone\" id v1 at (0,220)-(1080,320)\n- TextView \"Chrome\" id v2 at (0,340)-(1080,440)\n","last_index":1,"usage":{"calls":1,"cache_hits":0,"input_tokens":100,"output_tokens":20,"cost_usd":0.001},"decompose":{"calls":0,"cache_hits":0,"input_tokens":0,"output_tokens":0,"cost_usd":0},"started":"2026-11-23T10:42:30.276234737Z"}', '2026-11-23T10:42:30.277132862Z');
INSERT INTO judge_frames(job, frame, state, created_at) VALUES ('judge:5949901409a195cb6ae81f85bf163858', 3, '{"next":3,"satisfied":{"0":{"frame":3,"analysis":"scripted analysis"}},"last":{"0":{"frame":1,"analysis":"scripted analysis"},"1":{"frame":3,"analysis":"scripted analysis"},"2":{"frame":3,"analysis":"scripted analysis"},"3":{"frame":3,"analysis":"scripted analysis"}},"frames":[{"index":1,"verdicts":[{"id":0,"verdict":"uncertain","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":2,"skipped":true,"skip_reason":"@TRACE_DIR@/0002.xml (frame 2): malformed XML on line 1: unexpected EOF"},{"index":3,"verdicts":[{"id":0,"verdict":"true","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"}],"has_last":true,"last_desc":"App package: com.google.android.deskclock\nScreen elements, top to bottom (2):\n- TextView \"Timer\" id v0 at (0,100)-(1080,200)\n- TextView \"Start\" id v1 at (0,220)-(1080,320)\n","last_index":3,"usage":{"calls":2,"cache_hits":0,"input_tokens":200,"output_tokens":40,"cost_usd":0.002},"decompose":{"calls":0,"cache_hits":0,"input_tokens":0,"output_tokens":0,"cost_usd":0},"started":"2026-11-23T10:42:30.276234737Z"}', '2026-11-23T10:42:30.277311967Z');
INSERT INTO judge_frames(job, frame, state, created_at) VALUES ('judge:5949901409a195cb6ae81f85bf163858', 5, '{"next":5,"satisfied":{"0":{"frame":3,"analysis":"scripted analysis"}},"last":{"0":{"frame":1,"analysis":"scripted analysis"},"1":{"frame":5,"analysis":"scripted analysis"},"2":{"frame":5,"analysis":"scripted analysis"},"3":{"frame":5,"analysis":"scripted analysis"}},"frames":[{"index":1,"verdicts":[{"id":0,"verdict":"uncertain","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":2,"skipped":true,"skip_reason":"@TRACE_DIR@/0002.xml (frame 2): malformed XML on line 1: unexpected EOF"},{"index":3,"verdicts":[{"id":0,"verdict":"true","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":4,"same_as":3,"source":"xml"},{"index":5,"verdicts":[{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"retries":1,"thought":"scripted","source":"xml"}],"has_last":true,"last_desc":"App package: com.google.android.deskclock\nScreen elements, top to bottom (2):\n- TextView \"Timer\" id v0 at (0,100)-(1080,200)\n- TextView \"FLAKY\" id v1 at (0,220)-(1080,320)\n","last_index":5,"usage":{"calls":4,"cache_hits":0,"input_tokens":400,"output_tokens":80,"cost_usd":0.004},"decompose":{"calls":0,"cache_hits":0,"input_tokens":0,"output_tokens":0,"cost_usd":0},"started":"2026-11-23T10:42:30.276234737Z"}', '2026-11-23T10:42:30.277493987Z');
INSERT INTO judge_frames(job, frame, state, created_at) VALUES ('judge:5949901409a195cb6ae81f85bf163858', 6, '{"next":6,"satisfied":{"0":{"frame":3,"analysis":"scripted analysis"}},"last":{"0":{"frame":1,"analysis":"scripted analysis"},"1":{"frame":5,"analysis":"scripted analysis"},"2":{"frame":5,"analysis":"scripted analysis"},"3":{"frame":5,"analysis":"scripted analysis"}},"frames":[{"index":1,"verdicts":[{"id":0,"verdict":"uncertain","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":2,"skipped":true,"skip_reason":"@TRACE_DIR@/0002.xml (frame 2): malformed XML on line 1: unexpected EOF"},{"index":3,"verdicts":[{"id":0,"verdict":"true","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":4,"same_as":3,"source":"xml"},{"index":5,"verdicts":[{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"retries":1,"thought":"scripted","source":"xml"},{"index":6,"retries":2,"skipped":true,"skip_reason":"answer rejected after 3 attempts: the answer contains no complete JSON object or array","source":"xml"}],"usage":{"calls":7,"cache_hits":0,"input_tokens":700,"output_tokens":140,"cost_usd":0.007},"decompose":{"calls":0,"cache_hits":0,"input_tokens":0,"output_tokens":0,"cost_usd":0},"started":"2026-11-23T10:42:30.276234737Z"}', '2026-11-23T10:42:30.277727763Z');
INSERT INTO judge_frames(job, frame, state, created_at) VALUES ('judge:5949901409a195cb6ae81f85bf163858', 7, '{"next":7,"satisfied":{"0":{"frame":3,"analysis":"scripted analysis"}},"last":{"0":{"frame":1,"analysis":"scripted analysis"},"1":{"frame":5,"analysis":"scripted analysis"},"2":{"frame":5,"analysis":"scripted analysis"},"3":{"frame":5,"analysis":"scripted analysis"}},"frames":[{"index":1,"verdicts":[{"id":0,"verdict":"uncertain","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":2,"skipped":true,"skip_reason":"@TRACE_DIR@/0002.xml (frame 2): malformed XML on line 1: unexpected EOF"},{"index":3,"verdicts":[{"id":0,"verdict":"true","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":4,"same_as":3,"source":"xml"},{"index":5,"verdicts":[{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"retries":1,"thought":"scripted","source":"xml"},{"index":6,"retries":2,"skipped":true,"skip_reason":"answer rejected after 3 attempts: the answer contains no complete JSON object or array","source":"xml"},{"index":7,"retries":2,"skipped":true,"skip_reason":"answer rejected after 3 attempts: the answer contains no complete JSON object or array","source":"xml"}],"usage":{"calls":10,"cache_hits":0,"input_tokens":1000,"output_tokens":200,"cost_usd":0.01},"decompose":{"calls":0,"cache_hits":0,"input_tokens":0,"output_tokens":0,"cost_usd":0},"started":"2026-11-23T10:42:30.276234737Z"}', '2026-11-23T10:42:30.277976742Z');
INSERT INTO judge_frames(job, frame, state, created_at) VALUES ('judge:5949901409a195cb6ae81f85bf163858', 8, '{"next":8,"satisfied":{"0":{"frame":3,"analysis":"scripted analysis"}},"last":{"0":{"frame":1,"analysis":"scripted analysis"},"1":{"frame":8,"analysis":"scripted analysis"},"2":{"frame":8,"analysis":"scripted analysis"},"3":{"frame":8,"analysis":"scripted analysis"}},"facts":[{"frame":8,"text":"a note from the NOTE screen"}],"frames":[{"index":1,"verdicts":[{"id":0,"verdict":"uncertain","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":2,"skipped":true,"skip_reason":"@TRACE_DIR@/0002.xml (frame 2): malformed XML on line 1: unexpected EOF"},{"index":3,"verdicts":[{"id":0,"verdict":"true","analysis":"scripted analysis"},{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"thought":"scripted","source":"xml"},{"index":4,"same_as":3,"source":"xml"},{"index":5,"verdicts":[{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"retries":1,"thought":"scripted","source":"xml"},{"index":6,"retries":2,"skipped":true,"skip_reason":"answer rejected after 3 attempts: the answer contains no complete JSON object or array","source":"xml"},{"index":7,"retries":2,"skipped":true,"skip_reason":"answer rejected after 3 attempts: the answer contains no complete JSON object or array","source":"xml"},{"index":8,"verdicts":[{"id":1,"verdict":"uncertain","analysis":"scripted analysis"},{"id":2,"verdict":"uncertain","analysis":"scripted analysis"},{"id":3,"verdict":"uncertain","analysis":"scripted analysis"}],"critical_info":"a note from the NOTE screen","thought":"scripted","source":"xml"}],"has_last":true,"last_desc":"App package: com.google.android.deskclock\nScreen elements, top to bottom (2):\n- TextView \"Timer\" id v0 at (0,100)-(1080,200)\n- TextView \"NOTE\" id v1 at (0,220)-(1080,320)\n","last_index":8,"usage":{"calls":11,"cache_hits":0,"input_tokens":1100,"output_tokens":220,"cost_usd":0.011},"decompose":{"calls":0,"cache_hits":0,"input_tokens":0,"output_tokens":0,"cost_usd":0},"started":"2026-11-23T10:42:30.276234737Z"}', '2026-11-23T10:42:30.278293571Z');
