package eval

import (
	"math"
	"math/rand/v2"
)

// A bootstrap resample of n items drawn with replacement from items that fall into k
// categories is, as far as any statistic of the category counts goes, a multinomial draw of
// the k counts with the categories' shares as probabilities. Drawing those counts costs about
// k binomial draws, however many items there are, where drawing the items costs n; the
// resampled statistic has exactly the same distribution either way.

// binomial draws from Binomial(n, p) exactly, by inversion: a uniform is compared with the
// probabilities of the outcomes in order of their distance from the mode (mode, mode+1,
// mode-1, ...). The expected number of steps is about twice the distance of the draw from
// the mode, a small multiple of the standard deviation sqrt(npq) (at most sqrt(n)/2), so
// the cost barely grows with n; no normal approximation is made. q is 1-p, given apart so a
// share w/t passes both as (w)/t and (t-w)/t without rounding 1-p.
type binomial struct {
	n    int
	pq   float64 // p/q, the ratio of the probability at k+1 to that at k, times (n-k)/(k+1)
	mode int
	pm   float64 // probability of the mode
	flip bool    // p > 1/2: draw n-X with X ~ Binomial(n, q), so the mode's side is the shorter
}

func newBinomial(n int, p, q float64) binomial {
	b := binomial{n: n}
	if n <= 0 || p <= 0 || q <= 0 {
		b.pm = 1 // a point mass: at 0, or at n when q is 0
		if q <= 0 && n > 0 {
			b.mode = n
		}
		return b
	}
	if p > q {
		p, q, b.flip = q, p, true
	}
	b.pq = p / q
	b.mode = int(float64(n+1) * p)
	if b.mode > n {
		b.mode = n
	}
	ln, _ := math.Lgamma(float64(n + 1))
	lk, _ := math.Lgamma(float64(b.mode + 1))
	lr, _ := math.Lgamma(float64(n - b.mode + 1))
	b.pm = math.Exp(ln - lk - lr + float64(b.mode)*math.Log(p) + float64(n-b.mode)*math.Log(q))
	return b
}

func (b *binomial) draw(rng *rand.Rand) int {
	if b.pm >= 1 {
		return b.mode
	}
	for {
		u := rng.Float64()
		k, ok := b.search(u)
		if !ok {
			continue // u fell in the mass that rounding left out of the sum: draw again
		}
		if b.flip {
			return b.n - k
		}
		return k
	}
}

// search finds the outcome whose slice of [0,1), laid out from the mode outwards, holds u.
func (b *binomial) search(u float64) (int, bool) {
	n, m := b.n, b.mode
	if u < b.pm {
		return m, true
	}
	u -= b.pm
	lo, hi, plo, phi := m, m, b.pm, b.pm
	for lo > 0 || hi < n {
		if hi < n {
			phi *= float64(n-hi) / float64(hi+1) * b.pq
			hi++
			if u < phi {
				return hi, true
			}
			u -= phi
		}
		if lo > 0 {
			plo *= float64(lo) / float64(n-lo+1) / b.pq
			lo--
			if u < plo {
				return lo, true
			}
			u -= plo
		}
	}
	return 0, false
}

// drawBinomial is one draw from Binomial(n, w/t), 0 <= w <= t.
func drawBinomial(rng *rand.Rand, n, w, t int) int {
	if w == 0 || n == 0 {
		return 0
	}
	if w == t {
		return n
	}
	b := newBinomial(n, float64(w)/float64(t), float64(t-w)/float64(t))
	return b.draw(rng)
}

// multinomial draws the category counts of one resample with replacement of every item
// counted in counts (counts[i] items in category i): conditional binomials, each category
// taking its share of what the ones before it left. The first binomial is the same for every
// resample, so it is set up once.
type multinomial struct {
	counts []int
	total  int
	first  binomial
}

func newMultinomial(counts []int) *multinomial {
	m := &multinomial{counts: counts}
	for _, c := range counts {
		m.total += c
	}
	if len(counts) > 0 && m.total > 0 {
		m.first = newBinomial(m.total, float64(counts[0])/float64(m.total), float64(m.total-counts[0])/float64(m.total))
	}
	return m
}

// draw sets out (as long as counts) to one resample's counts.
func (m *multinomial) draw(rng *rand.Rand, out []int) {
	left, rest := m.total, m.total
	for i, c := range m.counts {
		var x int
		if i == 0 && m.total > 0 {
			x = m.first.draw(rng)
		} else {
			x = drawBinomial(rng, left, c, rest)
		}
		out[i] = x
		left -= x
		rest -= c
	}
}
