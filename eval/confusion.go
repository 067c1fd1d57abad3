// Package eval computes how far to trust a judge and how good an agent is: judge vs
// programmatic ground truth (with bootstrap intervals), judge vs human substate labels,
// decomposer vs human substates, agent SCR/TCR and cost, and reference-based metrics
// (AITW action matching, AndroidArena's LCS metrics).
package eval

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
)

// Stat is a point estimate with a bootstrap 95% interval. NaN means undefined (e.g. precision
// with no predicted positives); JSON carries undefined values as null.
type Stat struct {
	Value float64
	Low   float64
	High  float64
}

// Defined reports whether the point estimate exists.
func (s Stat) Defined() bool { return !math.IsNaN(s.Value) }

func nullable(f float64) any {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return f
}

// MarshalJSON writes {"value":..,"low":..,"high":..} with null for undefined parts.
func (s Stat) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"value": nullable(s.Value), "low": nullable(s.Low), "high": nullable(s.High)})
}

// UnmarshalJSON accepts what MarshalJSON writes.
func (s *Stat) UnmarshalJSON(b []byte) error {
	var v struct{ Value, Low, High *float64 }
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	get := func(p *float64) float64 {
		if p == nil {
			return math.NaN()
		}
		return *p
	}
	s.Value, s.Low, s.High = get(v.Value), get(v.Low), get(v.High)
	return nil
}

// Confusion counts binary outcomes with "task succeeded" as the positive class.
type Confusion struct {
	TP int `json:"tp"` // predicted success, truly succeeded
	FP int `json:"fp"` // predicted success, truly failed
	FN int `json:"fn"` // predicted failure, truly succeeded
	TN int `json:"tn"` // predicted failure, truly failed
}

// N is the number of pairs counted.
func (c Confusion) N() int { return c.TP + c.FP + c.FN + c.TN }

// Add counts one (prediction, truth) pair.
func (c *Confusion) Add(pred, truth bool) {
	switch {
	case pred && truth:
		c.TP++
	case pred && !truth:
		c.FP++
	case !pred && truth:
		c.FN++
	default:
		c.TN++
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// Accuracy is (TP+TN)/N.
func (c Confusion) Accuracy() float64 { return ratio(c.TP+c.TN, c.N()) }

// Precision is TP/(TP+FP).
func (c Confusion) Precision() float64 { return ratio(c.TP, c.TP+c.FP) }

// Recall is TP/(TP+FN).
func (c Confusion) Recall() float64 { return ratio(c.TP, c.TP+c.FN) }

// F1 is the harmonic mean of precision and recall, 2TP/(2TP+FP+FN).
func (c Confusion) F1() float64 { return ratio(2*c.TP, 2*c.TP+c.FP+c.FN) }

// FPR is FP/(FP+TN): how often a failed run is called a success.
func (c Confusion) FPR() float64 { return ratio(c.FP, c.FP+c.TN) }

// FNR is FN/(FN+TP): how often a successful run is called a failure.
func (c Confusion) FNR() float64 { return ratio(c.FN, c.FN+c.TP) }

// Kappa is Cohen's kappa: agreement beyond what the two marginals give by chance.
// Undefined when chance agreement is total (both raters constant and equal).
func (c Confusion) Kappa() float64 {
	n := float64(c.N())
	if n == 0 {
		return math.NaN()
	}
	po := float64(c.TP+c.TN) / n
	predYes := float64(c.TP+c.FP) / n
	trueYes := float64(c.TP+c.FN) / n
	pe := predYes*trueYes + (1-predYes)*(1-trueYes)
	if pe >= 1 {
		return math.NaN()
	}
	return (po - pe) / (1 - pe)
}

// Metrics are the judge-quality figures of one confusion matrix, each with its interval.
type Metrics struct {
	Accuracy  Stat `json:"accuracy"`
	Precision Stat `json:"precision"`
	Recall    Stat `json:"recall"`
	F1        Stat `json:"f1"`
	FPR       Stat `json:"fpr"`
	FNR       Stat `json:"fnr"`
	Kappa     Stat `json:"kappa"`
}

// MetricNames lists the metrics in table order.
var MetricNames = []string{"accuracy", "precision", "recall", "f1", "fpr", "fnr", "kappa"}

// Get returns a metric by name (one of MetricNames).
func (m Metrics) Get(name string) Stat {
	switch name {
	case "accuracy":
		return m.Accuracy
	case "precision":
		return m.Precision
	case "recall":
		return m.Recall
	case "f1":
		return m.F1
	case "fpr":
		return m.FPR
	case "fnr":
		return m.FNR
	case "kappa":
		return m.Kappa
	}
	return Stat{math.NaN(), math.NaN(), math.NaN()}
}

func pointValues(c Confusion) [7]float64 {
	return [7]float64{c.Accuracy(), c.Precision(), c.Recall(), c.F1(), c.FPR(), c.FNR(), c.Kappa()}
}

// Pair is one run's prediction and ground truth.
type Pair struct{ Pred, Truth bool }

// DefaultResamples is the number of bootstrap resamples when none is given.
const DefaultResamples = 2000

// Score computes the metrics of pairs with percentile-bootstrap 95% intervals. The same
// seed gives the same intervals; resamples where a metric is undefined are left out of
// that metric's interval.
// A resample is drawn as its four cell counts (cellSamples), which is the same in
// distribution as drawing n pairs and costs about sqrt(n) steps, not n.
func Score(pairs []Pair, seed uint64, resamples int) (Confusion, Metrics) {
	var c Confusion
	for _, p := range pairs {
		c.Add(p.Pred, p.Truth)
	}
	point := pointValues(c)
	if resamples <= 0 {
		resamples = DefaultResamples
	}
	var samples [7][]float64
	if len(pairs) > 0 {
		samples = cellSamples(c, seed, resamples)
	}
	var st [7]Stat
	for i := range point {
		lo, hi := percentileInterval(samples[i])
		st[i] = Stat{Value: point[i], Low: lo, High: hi}
		if math.IsNaN(point[i]) {
			st[i].Low, st[i].High = math.NaN(), math.NaN()
		}
	}
	return c, Metrics{st[0], st[1], st[2], st[3], st[4], st[5], st[6]}
}

// accuracyStat is Score's accuracy alone, for the breakdown rows that show no other metric:
// a resample's accuracy is its count of right pairs, a binomial of n with the accuracy as
// probability, over n.
func accuracyStat(c Confusion, seed uint64, resamples int) Stat {
	n := c.N()
	if n == 0 {
		return Stat{math.NaN(), math.NaN(), math.NaN()}
	}
	if resamples <= 0 {
		resamples = DefaultResamples
	}
	right := c.TP + c.TN
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	b := newBinomial(n, float64(right)/float64(n), float64(n-right)/float64(n))
	xs := make([]float64, resamples)
	for r := range xs {
		xs[r] = float64(b.draw(rng)) / float64(n)
	}
	lo, hi := percentileInterval(xs)
	return Stat{Value: c.Accuracy(), Low: lo, High: hi}
}

// cellSamples are each metric's values over resamples of the pairs counted in c, a metric's
// undefined values left out. Every metric reads only a resample's four cells, so each
// resample draws the cells (a multinomial of n with the cells' shares, see resample.go), not
// n pairs.
func cellSamples(c Confusion, seed uint64, resamples int) [7][]float64 {
	var samples [7][]float64
	for i := range samples {
		samples[i] = make([]float64, 0, resamples)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	cells := newMultinomial([]int{c.TP, c.FP, c.FN, c.TN})
	draw := make([]int, 4)
	for range resamples {
		cells.draw(rng, draw)
		b := Confusion{TP: draw[0], FP: draw[1], FN: draw[2], TN: draw[3]}
		for i, v := range pointValues(b) {
			if !math.IsNaN(v) {
				samples[i] = append(samples[i], v)
			}
		}
	}
	return samples
}

// percentileInterval returns the 2.5th and 97.5th percentiles (nearest rank on the sorted sample).
func percentileInterval(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return math.NaN(), math.NaN()
	}
	sort.Float64s(xs)
	at := func(q float64) float64 {
		i := int(math.Ceil(q*float64(len(xs)))) - 1
		if i < 0 {
			i = 0
		}
		if i >= len(xs) {
			i = len(xs) - 1
		}
		return xs[i]
	}
	return at(0.025), at(0.975)
}

// MeanStat is the mean of xs with a percentile-bootstrap 95% interval (NaN when empty).
func MeanStat(xs []float64, seed uint64, resamples int) Stat {
	if len(xs) == 0 {
		return Stat{math.NaN(), math.NaN(), math.NaN()}
	}
	if resamples <= 0 {
		resamples = DefaultResamples
	}
	rng := rand.New(rand.NewPCG(seed, 0x3ea7))
	ms := make([]float64, resamples)
	n := float64(len(xs))
	if values, counts, ok := tally(xs, len(xs)/itemsPerBinomial); ok {
		// Values that repeat (0/1 shares, SCR's fractions): a resample's mean reads only how
		// often it drew each value, so those counts are drawn (see resample.go).
		m := newMultinomial(counts)
		draw := make([]int, len(counts))
		for r := range ms {
			m.draw(rng, draw)
			s := 0.0
			for i, k := range draw {
				if k > 0 { // a value never drawn adds nothing, even an infinite one
					s += values[i] * float64(k)
				}
			}
			ms[r] = s / n
		}
	} else {
		for r := range ms {
			s := 0.0
			for range xs {
				s += xs[rng.IntN(len(xs))]
			}
			ms[r] = s / n
		}
	}
	lo, hi := percentileInterval(ms)
	return Stat{Value: mean(xs), Low: lo, High: hi}
}

// itemsPerBinomial is about how many item draws one binomial draw costs (measured: 180 ns
// against 3 ns). MeanStat draws counts of its distinct values when there are at most one
// per itemsPerBinomial items, and draws items otherwise (few items, or values that seldom
// repeat).
const itemsPerBinomial = 64

// tally lists the distinct values of xs (by their bits, in increasing order of them) and how
// often each occurs; ok is false when there are more than max.
func tally(xs []float64, max int) (values []float64, counts []int, ok bool) {
	seen := map[uint64]int{}
	for _, x := range xs {
		seen[math.Float64bits(x)]++
		if len(seen) > max {
			return nil, nil, false
		}
	}
	bits := make([]uint64, 0, len(seen))
	for b := range seen {
		bits = append(bits, b)
	}
	slices.Sort(bits)
	for _, b := range bits {
		values = append(values, math.Float64frombits(b))
		counts = append(counts, seen[b])
	}
	return values, counts, true
}

// ClusterMeanStat is the mean of every value in clusters with a percentile-bootstrap 95%
// interval that resamples whole clusters: the substates of one trace are judged on the same
// frames by the same run and are not independent, so resampling them one by one would make
// the interval look surer than the data allow. A resample draws as many clusters as there
// are, with replacement, and its statistic is the mean over all their values.
func ClusterMeanStat(clusters [][]float64, seed uint64, resamples int) Stat {
	var all []float64
	var kept [][]float64
	for _, c := range clusters {
		if len(c) > 0 {
			all = append(all, c...)
			kept = append(kept, c)
		}
	}
	if len(all) == 0 {
		return Stat{math.NaN(), math.NaN(), math.NaN()}
	}
	if resamples <= 0 {
		resamples = DefaultResamples
	}
	sums := make([]float64, len(kept))
	for i, c := range kept {
		for _, x := range c {
			sums[i] += x
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0xc1a5))
	ms := make([]float64, resamples)
	for r := range ms {
		s, n := 0.0, 0
		for range kept {
			k := rng.IntN(len(kept))
			s += sums[k]
			n += len(kept[k])
		}
		ms[r] = s / float64(n)
	}
	lo, hi := percentileInterval(ms)
	return Stat{Value: mean(all), Low: lo, High: hi}
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// FormatPct renders a 0..1 value as a percentage with one decimal, "-" when undefined.
func FormatPct(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "-"
	}
	return strconv.FormatFloat(100*f, 'f', 1, 64)
}

// FormatNum renders a value with three decimals, "-" when undefined.
func FormatNum(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "-"
	}
	return strconv.FormatFloat(f, 'f', 3, 64)
}
