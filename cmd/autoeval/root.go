package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/trace"
)

// globalOptions are flags shared by every command.
type globalOptions struct {
	db           string
	model        string
	captureModel string
	baseURL      string
	captureURL   string
	noCache      bool
	prices       string
	quiet        bool
	maxPixels    int

	modelTimeout     time.Duration
	modelRetries     int
	modelConcurrency int
	modelRPM         int
	modelTPM         int
	reasoningEffort  string
}

var global globalOptions

func newRootCmd() *cobra.Command {
	global = globalOptions{}
	notes.Lock()
	notes.seen = nil // each command notes afresh (tests run many in one process)
	notes.Unlock()
	root := &cobra.Command{
		Use:   "autoeval",
		Short: "Evaluate mobile GUI agents autonomously",
		Long: `autoeval evaluates mobile GUI agents from a task description alone.

  decompose   task text -> substates (the observable UI states a successful run passes)
  devices     list the attached Android devices (serial, model, Android version)
  observe     run an agent as a black box on an Android device and record its screens
  judge       judge a recorded trace against the substates (Capturer -> Reasoner -> Checker)
  groundtruth read the programmatic reward from the device's system state
  eval        compare the judge with ground truth; score agents
  report      one self-contained HTML (or JSON/CSV) report
  run         observe, judge and check ground truth for every task of a suite
  trace       inspect, validate and import traces from other tools
  view        browse runs and judgments in a live local web viewer

Model access: --model provider:name (openai, anthropic, ollama); API keys come only from the
environment (OPENAI_API_KEY, ANTHROPIC_API_KEY). With no model configured, judge falls back to a
transparent heuristic baseline and says so.

Exit status: 0 success, 1 the work failed, 2 bad usage, 130 interrupted (rerun to resume).
Start with: autoeval judge --trace examples/clock-alarm (from a clone; no model or device needed).`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if global.maxPixels < 1 {
				return &exitError{code: 2, msg: fmt.Sprintf("--max-pixels %d: want 1 or more", global.maxPixels)}
			}
			trace.MaxPixels = global.maxPixels
			return checkModelFlags()
		},
	}
	pf := root.PersistentFlags()
	pf.StringVar(&global.db, "db", "", "SQLite database for runs, judgments, progress and the model cache (default $AUTOEVAL_DB, else autoeval/autoeval.db under $XDG_DATA_HOME or ~/.local/share)")
	pf.StringVar(&global.model, "model", "", "reasoning and decomposition model as provider:name, e.g. openai:gpt-4o-mini, anthropic:claude-3-5-haiku-latest, ollama:qwen2.5 (default $AUTOEVAL_MODEL)")
	pf.StringVar(&global.captureModel, "capture-model", "", "vision model that describes screenshots, provider:name (default: the --model)")
	pf.StringVar(&global.baseURL, "base-url", "", "API base URL of --model, for OpenAI-compatible servers (Gemini, DeepSeek, vLLM, Ollama's /v1) or a non-default endpoint; OpenAI and Anthropic URLs end in /v1 (e.g. http://localhost:8000/v1), Ollama's is the server root (http://localhost:11434). The model's API key is sent to it")
	pf.StringVar(&global.captureURL, "capture-base-url", "", "API base URL of --capture-model, as --base-url is for --model (default: the capture provider's own endpoint; --base-url never applies to it, so a key only goes to the endpoint it belongs to)")
	pf.BoolVar(&global.noCache, "no-cache", false, "bypass the model-call cache (calls are still recorded for accounting)")
	pf.StringVar(&global.prices, "prices", "", "JSON file of model prices in USD per million tokens, overriding the built-in table")
	pf.DurationVar(&global.modelTimeout, "model-timeout", llm.DefaultTimeout, "time limit for one model HTTP request; a request that takes longer counts as a timeout and is retried")
	pf.IntVar(&global.modelRetries, "model-retries", llm.DefaultRetries, "retries of a model call after a 429, a 5xx, a timeout, a refused or dropped connection or a cut-off answer, with exponential backoff honouring Retry-After (0 = fail on the first error)")
	pf.IntVar(&global.modelConcurrency, "model-concurrency", llm.DefaultConcurrency, "model requests in flight at once per provider endpoint, shared by --model and --capture-model; judge --traces runs as many traces at once (lower it for rate-limited keys or a local Ollama, raise it for your own vLLM)")
	pf.IntVar(&global.modelRPM, "model-rpm", 0, "model requests per minute per provider endpoint, shared by --model and --capture-model; a 429 slows every caller down until answers come back (0 = the provider's tier-1 limit at its own endpoint: OpenAI 500, Anthropic 50, none for other endpoints; -1 = no limit)")
	pf.IntVar(&global.modelTPM, "model-tpm", 0, "model tokens per minute per provider endpoint, counted from each request's estimate and the tokens its answer reports (0 = the provider's tier-1 limit at its own endpoint: 30000 for OpenAI and Anthropic, none for other endpoints; -1 = no limit)")
	pf.StringVar(&global.reasoningEffort, "reasoning-effort", "", "reasoning effort of --model when it is an OpenAI reasoning model (o-series, gpt-5): none, minimal, low, medium, high, xhigh or max, as the model supports (default: the model's own)")
	pf.BoolVarP(&global.quiet, "quiet", "q", false, "no progress bars or notes on stderr; results and errors still print")
	pf.IntVar(&global.maxPixels, "max-pixels", trace.DefaultMaxPixels, "largest frame decoded, as width x height: a bigger screenshot is a problem of its frame (validate, report), never a reason to run out of memory")

	root.AddCommand(
		newDecomposeCmd(),
		newDevicesCmd(),
		newObserveCmd(),
		newRunCmd(),
		newJudgeCmd(),
		newGroundtruthCmd(),
		newEvalCmd(),
		newReportCmd(),
		newTraceCmd(),
		newViewCmd(nil),
	)
	return root
}
