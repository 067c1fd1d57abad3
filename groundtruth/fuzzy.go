package groundtruth

import "strings"

// FuzzyThreshold is the similarity at or above which two texts count as equal.
// AndroidWorld uses 0.9 on Python's difflib ratio; we compute the same ratio so
// borderline free-text fields (SMS bodies, notes, descriptions) get the same verdict.
const FuzzyThreshold = 0.9

// FuzzyEqual reports whether a and b are approximately equal, ignoring case.
func FuzzyEqual(a, b string) bool {
	return Similarity(strings.ToLower(a), strings.ToLower(b)) >= FuzzyThreshold
}

// Similarity is difflib.SequenceMatcher(None, a, b).ratio(): 2*M/T where M is the
// number of characters in the matching blocks found by Ratcliff/Obershelp and T the
// total length. Runes, not bytes, so non-ASCII text scores like Python's str.
func Similarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	total := len(ra) + len(rb)
	if total == 0 {
		return 1
	}
	m := newMatcher(ra, rb)
	return 2 * float64(m.matches(0, len(ra), 0, len(rb))) / float64(total)
}

type matcher struct {
	a, b []rune
	b2j  map[rune][]int
}

func newMatcher(a, b []rune) *matcher {
	m := &matcher{a: a, b: b, b2j: map[rune][]int{}}
	for j, r := range b {
		m.b2j[r] = append(m.b2j[r], j)
	}
	// difflib's autojunk: in sequences of 200+ items, items making up more than
	// 1% of b are "popular" and ignored as anchors. Kept for identical scores.
	if n := len(b); n >= 200 {
		limit := n/100 + 1
		for r, js := range m.b2j {
			if len(js) > limit {
				delete(m.b2j, r)
			}
		}
	}
	return m
}

// longest finds the longest matching block in a[alo:ahi], b[blo:bhi], earliest in a
// then in b, as difflib.find_longest_match does (without junk extension, since no
// isjunk function is given; popular elements are extended over as difflib does).
func (m *matcher) longest(alo, ahi, blo, bhi int) (int, int, int) {
	besti, bestj, bestsize := alo, blo, 0
	j2len := map[int]int{}
	for i := alo; i < ahi; i++ {
		newj2len := map[int]int{}
		for _, j := range m.b2j[m.a[i]] {
			if j < blo {
				continue
			}
			if j >= bhi {
				break
			}
			k := j2len[j-1] + 1
			newj2len[j] = k
			if k > bestsize {
				besti, bestj, bestsize = i-k+1, j-k+1, k
			}
		}
		j2len = newj2len
	}
	// Extend over popular (autojunked) elements on both sides, like difflib's
	// bpopular handling: they match if equal even though they are not anchors.
	for besti > alo && bestj > blo && m.a[besti-1] == m.b[bestj-1] && m.popular(m.b[bestj-1]) {
		besti, bestj, bestsize = besti-1, bestj-1, bestsize+1
	}
	for besti+bestsize < ahi && bestj+bestsize < bhi && m.a[besti+bestsize] == m.b[bestj+bestsize] && m.popular(m.b[bestj+bestsize]) {
		bestsize++
	}
	return besti, bestj, bestsize
}

func (m *matcher) popular(r rune) bool {
	if len(m.b) < 200 {
		return false
	}
	_, ok := m.b2j[r]
	return !ok
}

// matches sums the sizes of all matching blocks, recursing left and right of the
// longest block (difflib.get_matching_blocks).
func (m *matcher) matches(alo, ahi, blo, bhi int) int {
	type span struct{ alo, ahi, blo, bhi int }
	queue := []span{{alo, ahi, blo, bhi}}
	total := 0
	for len(queue) > 0 {
		s := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		i, j, k := m.longest(s.alo, s.ahi, s.blo, s.bhi)
		if k == 0 {
			continue
		}
		total += k
		if s.alo < i && s.blo < j {
			queue = append(queue, span{s.alo, i, s.blo, j})
		}
		if i+k < s.ahi && j+k < s.bhi {
			queue = append(queue, span{i + k, s.ahi, j + k, s.bhi})
		}
	}
	return total
}
