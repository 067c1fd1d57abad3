// Package redteam2 is the second blind held-out corpus for the judges, for tests only. It
// was written from how Android apps behave and from AndroidWorld's evaluators, by someone
// who had not read the judges' rules' code, after the first corpus (internal/redteam) had
// been used to improve those rules. It has two parts, both generated at test time:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it was read from, and what a careful
//     person concludes from the screens;
//   - screenshot-only final screens (Shots): folders of numbered PNG frames rendered by this
//     package with Go's fonts, and a task text, labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the figures in RESULTS.md were measured on.
// Measure with it; never tune rules to it.
package redteam2
