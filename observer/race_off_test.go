//go:build !race

package observer_test

const raceEnabled = false
