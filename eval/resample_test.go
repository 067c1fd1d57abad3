package eval

import (
	"math"
	"math/rand/v2"
	"testing"
)

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
