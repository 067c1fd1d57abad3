//go:build race

package heuristic

// raceEnabled: the race detector makes drawing, decoding and binarising full-size
// screenshots some twenty times slower, too slow for the tests that judge traces of them
// (the judge's concurrent loop is tested with the race detector on in package judge).
const raceEnabled = true
