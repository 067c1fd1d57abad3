// Package redteam5 is the fifth blind held-out corpus for the judges, for tests only. It was
// written from how Android apps behave and from AndroidWorld's evaluators, by someone who had
// not read the judges' rules (only judge/evidence's published table), while those rules were
// being changed on the first four corpora: it measures whether they transfer. It prefers the
// tasks the first four leave out (three expenses added at once, expenses deleted among fifty,
// duplicate and noisy recipes deleted, a note's header added and the note renamed, an event
// for tomorrow, a weekday's events deleted, questions about a day's events, a week's
// activities and high-priority tasks, the "Verify" settings tasks whose state is already
// right, Chrome's maze and colour drawing, expenses read off a picture, a video transcribed)
// and adds runs of familiar tasks on screens not used before. Like internal/redteam4 it has
// two parts, generated at test time with internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, and what a careful
//     person concludes from the screens;
//   - screenshot-only final screens (Shots), labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the figures in RESULTS.md were measured on.
// Measure with it; never tune rules to it.
package redteam5
