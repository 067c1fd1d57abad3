package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/autoeval/autoeval/llm/record"
)

// The methods below make DB the model-call cache and ledger of package llm (its Cache and
// Ledger interfaces), over the llm_cache and llm_calls tables.

// CachedAnswer returns the answer cached under key, if any.
func (s *DB) CachedAnswer(ctx context.Context, key string) (record.Answer, bool, error) {
	a := record.Answer{Key: key}
	var at string
	err := s.db.QueryRowContext(ctx, `SELECT provider, model, response, input_tokens, output_tokens, created_at FROM llm_cache WHERE key=?`, key).
		Scan(&a.Provider, &a.Model, &a.Text, &a.InputTokens, &a.OutputTokens, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return record.Answer{}, false, nil
	}
	if err != nil {
		return record.Answer{}, false, err
	}
	a.At, _ = time.Parse(time.RFC3339Nano, at)
	return a, true, nil
}

// PutAnswer caches a, replacing the whole answer under the same key (its tokens price it).
func (s *DB) PutAnswer(ctx context.Context, a record.Answer) error {
	_, err := s.db.ExecContext(ctx, `INSERT OR REPLACE INTO llm_cache(key, provider, model, response, input_tokens, output_tokens, created_at)
		VALUES (?,?,?,?,?,?,?)`,
		a.Key, a.Provider, a.Model, a.Text, a.InputTokens, a.OutputTokens, stamp(a.At))
	return err
}

// ForgetAnswer drops the answer cached under key.
func (s *DB) ForgetAnswer(ctx context.Context, key string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM llm_cache WHERE key=?`, key)
	return err
}

// BookCall appends one row to the ledger.
func (s *DB) BookCall(ctx context.Context, c record.Call) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO llm_calls(run_id, scope, purpose, cache_key, provider, model, prompt_version,
		input_tokens, output_tokens, reasoning_tokens, cut_off, latency_ms, cache_hit, cost_usd, uncached_cost_usd, price_unknown, tokens_unknown, error, created_at)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		c.RunID, c.Scope, c.Purpose, c.CacheKey, c.Provider, c.Model, c.PromptVersion, c.InputTokens, c.OutputTokens,
		c.ReasoningTokens, boolInt(c.CutOff), c.Latency.Milliseconds(), boolInt(c.CacheHit), c.CostUSD, c.UncachedCostUSD,
		boolInt(c.PriceUnknown), boolInt(c.TokensUnknown), c.Error, stamp(c.At))
	return err
}

// SumCalls sums the calls matching f: Calls counts the answered ones (cache hits
// included), UnknownCalls those that reached the provider without an answer, CutOffCalls
// the answers that came back incomplete; tokens and cost count what providers were paid
// for (a failed attempt books none, but a cut-off answer was paid).
func (s *DB) SumCalls(ctx context.Context, f record.Filter) (record.Usage, error) {
	var t record.Usage
	var priceUnknown int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(error=''),0), COALESCE(SUM(cache_hit),0), COALESCE(SUM(input_tokens),0),
		COALESCE(SUM(output_tokens),0), COALESCE(SUM(reasoning_tokens),0), COALESCE(SUM(cut_off),0), COALESCE(SUM(cost_usd),0),
		COALESCE(SUM(tokens_unknown),0), COALESCE(SUM(uncached_cost_usd),0), COALESCE(MAX(price_unknown),0) FROM llm_calls
		WHERE (?='' OR run_id=?) AND (?='' OR scope=?) AND (?='' OR purpose=?)`,
		f.RunID, f.RunID, f.Scope, f.Scope, f.Purpose, f.Purpose).Scan(&t.Calls, &t.CacheHits, &t.InputTokens, &t.OutputTokens,
		&t.ReasoningTokens, &t.CutOffCalls, &t.CostUSD, &t.UnknownCalls, &t.UncachedCostUSD, &priceUnknown)
	t.PriceUnknown = priceUnknown != 0
	return t, err
}

// stamp formats t for a TEXT column, now when t is zero.
func stamp(t time.Time) string {
	if t.IsZero() {
		t = time.Now()
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
