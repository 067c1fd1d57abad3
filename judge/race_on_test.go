//go:build race

package judge

// raceEnabled: the race detector makes drawing, decoding and binarising full-size
// screenshots some twenty times slower, too slow for the tests that read many of them one
// by one (the concurrent reads are tested in package ocr, race detector on).
const raceEnabled = true
