//go:build race

package observer_test

// raceEnabled: the race detector makes full-size PNG decoding ~20x slower, too slow for
// tests that replay real 1080x2400 screenshots in real time.
const raceEnabled = true
