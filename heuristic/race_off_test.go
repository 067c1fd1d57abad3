//go:build !race

package heuristic

const raceEnabled = false
