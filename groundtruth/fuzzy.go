package groundtruth

// FuzzyThreshold is the similarity at or above which two texts count as equal:
// AndroidWorld's fuzzy_match_lib compares difflib's ratio with 0.9.
const FuzzyThreshold = 0.9

// FuzzyMatch is AndroidWorld's fuzzy_match_lib.fuzzy_match(text1, text2): both texts
// lowercased as Python's str.lower() does (pyLower), then difflib.SequenceMatcher(None, text1, text2).ratio() >= 0.9. The
// ratio is not symmetric (difflib indexes text2, and ties between equally long
// matches go to the earliest in text1), so callers pass the texts in the order the
// evaluator they reproduce does: the SQLite row validators put the reference first,
// the SMS and file checks the device's text first.
func FuzzyMatch(text1, text2 string) bool {
	return Similarity(pyLower(text1), pyLower(text2)) >= FuzzyThreshold
}

// Similarity is difflib.SequenceMatcher(None, a, b).ratio(): 2*M/T, where M is the
// number of characters in the matching blocks Ratcliff/Obershelp finds and T the
// total length (1 when both are empty). It counts runes, as Python counts the code
// points of a str, and keeps difflib's autojunk rule: when b has 200 or more runes,
// runes that make up more than 1% of b (n/100+1 occurrences) are "popular" and not
// used to start a match, though a match found elsewhere still extends over them.
func Similarity(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	total := len(ra) + len(rb)
	if total == 0 {
		return 1
	}
	m := newMatcher(ra, rb)
	return 2 * float64(m.matches()) / float64(total)
}

type matcher struct {
	a, b []rune
	b2j  map[rune][]int // positions in b of each rune that may start a match
}

func newMatcher(a, b []rune) *matcher {
	m := &matcher{a: a, b: b, b2j: map[rune][]int{}}
	for j, r := range b {
		m.b2j[r] = append(m.b2j[r], j)
	}
	// difflib's autojunk (SequenceMatcher.__chain_b): no isjunk function is given,
	// so the only elements dropped from b2j are the popular ones.
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

// longest is difflib's find_longest_match(alo, ahi, blo, bhi): the longest block
// of b2j anchors, earliest in a and then in b, then extended on both ends over any
// equal elements (popular ones included: with no isjunk, nothing is junk).
func (m *matcher) longest(alo, ahi, blo, bhi int) (besti, bestj, bestsize int) {
	besti, bestj = alo, blo
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
	for besti > alo && bestj > blo && m.a[besti-1] == m.b[bestj-1] {
		besti, bestj, bestsize = besti-1, bestj-1, bestsize+1
	}
	for besti+bestsize < ahi && bestj+bestsize < bhi && m.a[besti+bestsize] == m.b[bestj+bestsize] {
		bestsize++
	}
	return besti, bestj, bestsize
}

// matches sums the sizes of difflib's get_matching_blocks: the longest block, then
// recursively the longest blocks left and right of it.
func (m *matcher) matches() int {
	type span struct{ alo, ahi, blo, bhi int }
	queue := []span{{0, len(m.a), 0, len(m.b)}}
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
