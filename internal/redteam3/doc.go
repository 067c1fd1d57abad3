// Package redteam3 is the third blind held-out corpus for the judges, for tests only. It was
// written from how Android apps behave and from AndroidWorld's evaluators, by someone who had
// not read the judges' rules (only judge/evidence's published table), while those rules were
// being changed on the first two corpora: it measures whether they transfer. Its apps and
// tasks are mostly ones the first two corpora do not cover (the dialer, Simple Gallery Pro,
// Simple Draw Pro, the clipboard, Bluetooth, deletions, repeating events, answers read off a
// screen). Like internal/redteam2 it has two parts, generated at test time with
// internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, and what a careful
//     person concludes from the screens;
//   - screenshot-only final screens (Shots), labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the figures in RESULTS.md were measured on.
// Measure with it; never tune rules to it.
package redteam3
