package eval

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// itemSamples are Score's resampled metrics as they were drawn before it drew cell counts:
// every resample draws n pairs. The reference the cell draws must agree with.
func itemSamples(pairs []Pair, seed uint64, resamples int) [7][]float64 {
	var samples [7][]float64
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for r := 0; r < resamples && len(pairs) > 0; r++ {
		var b Confusion
		for range pairs {
			p := pairs[rng.IntN(len(pairs))]
			b.Add(p.Pred, p.Truth)
		}
		for i, v := range pointValues(b) {
			if !math.IsNaN(v) {
				samples[i] = append(samples[i], v)
			}
		}
	}
	return samples
}

// itemScore is Score as it was before it drew cell counts.
func itemScore(pairs []Pair, seed uint64, resamples int) Metrics {
	var c Confusion
	for _, p := range pairs {
		c.Add(p.Pred, p.Truth)
	}
	point := pointValues(c)
	samples := itemSamples(pairs, seed, resamples)
	var st [7]Stat
	for i := range point {
		lo, hi := percentileInterval(samples[i])
		st[i] = Stat{Value: point[i], Low: lo, High: hi}
		if math.IsNaN(point[i]) {
			st[i].Low, st[i].High = math.NaN(), math.NaN()
		}
	}
	return Metrics{st[0], st[1], st[2], st[3], st[4], st[5], st[6]}
}

// ksDistance is the largest gap between the empirical distribution functions of a and b
// (both sorted on return).
func ksDistance(a, b []float64) float64 {
	slices.Sort(a)
	slices.Sort(b)
	d := 0.0
	i, k := 0, 0
	for i < len(a) && k < len(b) {
		x := math.Min(a[i], b[k])
		for i < len(a) && a[i] == x {
			i++
		}
		for k < len(b) && b[k] == x {
			k++
		}
		d = math.Max(d, math.Abs(float64(i)/float64(len(a))-float64(k)/float64(len(b))))
	}
	return d
}

// itemMean is MeanStat as it was before: every resample draws n values.
func itemMean(xs []float64, seed uint64, resamples int) Stat {
	if len(xs) == 0 {
		return Stat{math.NaN(), math.NaN(), math.NaN()}
	}
	rng := rand.New(rand.NewPCG(seed, 0x3ea7))
	ms := make([]float64, resamples)
	for r := range ms {
		s := 0.0
		for range xs {
			s += xs[rng.IntN(len(xs))]
		}
		ms[r] = s / float64(len(xs))
	}
	lo, hi := percentileInterval(ms)
	return Stat{Value: mean(xs), Low: lo, High: hi}
}

func pairsOf(c Confusion) []Pair {
	var ps []Pair
	for range c.TP {
		ps = append(ps, Pair{true, true})
	}
	for range c.FP {
		ps = append(ps, Pair{true, false})
	}
	for range c.FN {
		ps = append(ps, Pair{false, true})
	}
	for range c.TN {
		ps = append(ps, Pair{false, false})
	}
	return ps
}

func sameStat(a, b Stat) bool {
	eq := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
	return eq(a.Value, b.Value) && eq(a.Low, b.Low) && eq(a.High, b.High)
}

// The binomial draws follow Binomial(n, p) exactly: over many draws, each outcome's share
// matches its probability (a chi-square test on outcomes binned to expect at least 20 draws),
// at small and large n, p on either side of 1/2, and p near 0 and 1.
func TestBinomialDrawsFollowTheDistribution(t *testing.T) {
	const draws = 200_000
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ n, w, t int }{{1, 1, 2}, {2, 1, 3}, {7, 2, 7}, {40, 37, 40}, {100, 1, 100}, {10_000, 3, 10}, {10_000, 9_990, 10_000}, {5_000, 1, 2}} {
		p := float64(c.w) / float64(c.t)
		pmf := make([]float64, c.n+1)
		for k := range pmf {
			lc, _ := math.Lgamma(float64(c.n + 1))
			lk, _ := math.Lgamma(float64(k + 1))
			lr, _ := math.Lgamma(float64(c.n - k + 1))
			pmf[k] = math.Exp(lc - lk - lr + float64(k)*math.Log(p) + float64(c.n-k)*math.Log1p(-p))
		}
		got := make([]int, c.n+1)
		b := newBinomial(c.n, p, float64(c.t-c.w)/float64(c.t))
		for range draws {
			got[b.draw(rng)]++
		}
		// Bin neighbouring outcomes until each bin expects at least 20 draws.
		chi, bins := 0.0, 0
		var exp float64
		var obs int
		for k := range pmf {
			exp += pmf[k] * draws
			obs += got[k]
			if exp >= 20 || k == c.n {
				chi += (float64(obs) - exp) * (float64(obs) - exp) / math.Max(exp, 1e-9)
				bins++
				exp, obs = 0, 0
			}
		}
		// The 99.99th percentile of chi-square with df degrees of freedom is below
		// df + 8.5*sqrt(2 df) + 16 for every df here (Wilson-Hilferty bound, loosened).
		df := float64(bins - 1)
		if limit := df + 8.5*math.Sqrt(2*df) + 16; chi > limit {
			t.Errorf("Binomial(%d, %d/%d): chi-square %.1f over %d bins, above %.1f", c.n, c.w, c.t, chi, bins, limit)
		}
	}
}

// Drawing the four cells gives the same intervals as drawing the pairs, up to Monte Carlo
// error. On fixed confusions, each metric's resampled values under either method (50,000
// resamples each, independent seeds) have the same distribution: their Kolmogorov-Smirnov
// distance is under its 0.01% critical value, 2.23*sqrt(2/50,000) (ties only make the test
// conservative; 21 comparisons are made).
// Where n is large enough for the metrics to move in small steps, the 2.5th and 97.5th
// percentiles of both also agree to a step of the grid plus 0.01; at a dozen pairs a
// percentile can sit on a jump of the distribution and move a whole step with the stream.
func TestCellBootstrapAgreesWithPairBootstrap(t *testing.T) {
	for _, c := range []Confusion{{TP: 30, FP: 7, FN: 11, TN: 52}, {TP: 3, FP: 1, FN: 2, TN: 6}, {TP: 180, FP: 9, FN: 40, TN: 400}} {
		pairs := pairsOf(c)
		cells, items := cellSamples(c, 11, 50_000), itemSamples(pairs, 12, 50_000)
		for i, name := range MetricNames {
			if d := ksDistance(cells[i], items[i]); d > 2.23*math.Sqrt(2.0/50_000) {
				t.Errorf("%+v %s: distributions %.4f apart", c, name, d)
			}
		}
		if c.N() < 20 {
			continue
		}
		_, got := Score(pairs, 11, 20_000)
		want := itemScore(pairs, 12, 20_000)
		tol := 1.0/float64(c.N()) + 0.01
		for _, name := range MetricNames {
			a, b := got.Get(name), want.Get(name)
			if a.Value != b.Value || math.Abs(a.Low-b.Low) > tol || math.Abs(a.High-b.High) > tol {
				t.Errorf("%+v %s: cells %+v, pairs %+v (tolerance %.3f)", c, name, a, b, tol)
			}
		}
		acc := accuracyStat(c, 13, 20_000)
		if math.Abs(acc.Low-want.Accuracy.Low) > tol || math.Abs(acc.High-want.Accuracy.High) > tol {
			t.Errorf("%+v accuracy alone %+v, pairs %+v", c, acc, want.Accuracy)
		}
	}
	// MeanStat over 0/1 values and over SCR-like fifths, against drawing the values.
	for _, xs := range [][]float64{append(make([]float64, 600), ones(400)...), fifths(3000)} {
		if _, _, ok := tally(xs, len(xs)/itemsPerBinomial); !ok {
			t.Fatalf("%d values: MeanStat would draw items", len(xs))
		}
		a, b := MeanStat(xs, 21, 20_000), itemMean(xs, 22, 20_000)
		if tol := 1/float64(len(xs)) + 0.005; a.Value != b.Value || math.Abs(a.Low-b.Low) > tol || math.Abs(a.High-b.High) > tol {
			t.Errorf("mean of %d values: counts %+v, items %+v", len(xs), a, b)
		}
	}
}

// A resample's four cells follow the multinomial of n with the cells' shares exactly: over
// many draws, each outcome's share matches its probability (chi-square, as for the binomial).
func TestCellDrawsFollowTheMultinomial(t *testing.T) {
	const draws = 200_000
	counts := []int{1, 2, 1, 3}
	n := 7
	lf := func(k int) float64 { v, _ := math.Lgamma(float64(k + 1)); return v }
	got := map[[4]int]int{}
	m := newMultinomial(counts)
	rng := rand.New(rand.NewPCG(3, 4))
	out := make([]int, 4)
	for range draws {
		m.draw(rng, out)
		got[[4]int(out)]++
	}
	chi, bins := 0.0, 0
	var exp float64
	var obs int
	for a := 0; a <= n; a++ {
		for b := 0; a+b <= n; b++ {
			for c := 0; a+b+c <= n; c++ {
				x := [4]int{a, b, c, n - a - b - c}
				l := lf(n)
				for i, k := range x {
					l += float64(k)*math.Log(float64(counts[i])/float64(n)) - lf(k)
				}
				exp += math.Exp(l) * draws
				obs += got[x]
				delete(got, x)
				if exp >= 20 {
					chi += (float64(obs) - exp) * (float64(obs) - exp) / exp
					bins++
					exp, obs = 0, 0
				}
			}
		}
	}
	if len(got) != 0 {
		t.Fatalf("draws outside the outcomes: %v", got)
	}
	df := float64(bins - 1)
	if limit := df + 8.5*math.Sqrt(2*df) + 16; chi > limit {
		t.Errorf("chi-square %.1f over %d bins, above %.1f", chi, bins, limit)
	}
}

func ones(n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = 1
	}
	return xs
}

func fifths(n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = float64(i*i%6) / 5
	}
	return xs
}

// With no item, one, or two in the same cell (and for MeanStat, which draws so few items
// itself), every resample is the sample itself, so the
// intervals are what drawing the items gave: degenerate at the point, or undefined.
func TestTinySamplesDegenerateAsBefore(t *testing.T) {
	cases := [][]Pair{nil, {{true, true}}, {{false, false}}, {{true, false}, {true, false}}, {{false, true}, {false, true}}}
	for _, pairs := range cases {
		_, got := Score(pairs, 5, 300)
		want := itemScore(pairs, 5, 300)
		for _, name := range MetricNames {
			if !sameStat(got.Get(name), want.Get(name)) {
				t.Errorf("%v %s: %+v, item resampling gave %+v", pairs, name, got.Get(name), want.Get(name))
			}
		}
		var c Confusion
		for _, p := range pairs {
			c.Add(p.Pred, p.Truth)
		}
		if got := accuracyStat(c, 5, 300); !sameStat(got, want.Accuracy) {
			t.Errorf("%v accuracy alone %+v, want %+v", pairs, got, want.Accuracy)
		}
	}
	for _, xs := range [][]float64{nil, {1}, {0}, {0, 0}, {1, 1}, {0.6, 0.6}} {
		if got, want := MeanStat(xs, 5, 300), itemMean(xs, 5, 300); !sameStat(got, want) {
			t.Errorf("mean of %v: %+v, item resampling gave %+v", xs, got, want)
		}
	}
}

// A value that is never drawn adds nothing to a resample's mean, even an infinite or NaN one,
// as when the items are drawn.
func TestMeanStatUndrawnValuesAddNothing(t *testing.T) {
	xs := append(ones(500), math.Inf(1))
	s := MeanStat(xs, 3, 2000) // 2 distinct values in 501: counts are drawn
	if !math.IsInf(s.Value, 1) || s.Low != 1 || !math.IsInf(s.High, 1) {
		t.Errorf("mean with one infinite value in 501: %+v", s)
	}
}
