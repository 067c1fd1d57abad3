// Package redteam4 is the fourth blind held-out corpus for the judges, for tests only. It was
// written from how Android apps behave and from AndroidWorld's evaluators, by someone who had
// not read the judges' rules (only judge/evidence's published table), while those rules were
// being changed on the first three corpora: it measures whether they transfer. Its tasks are
// ones the first three corpora leave out (the newest and all notes deleted, a note's content
// changed and renamed, a pasted note, merged notes, an address forwarded by SMS, a note then
// shared by SMS, a missed call returned, a call answered, duplicate expenses, recipes chosen
// by their directions, playlists by duration and exported, two VLC playlists, Wi-Fi off, an
// event on a weekday, questions to the calendar, Joplin, Tasks and OpenTracks, and Chrome's
// memory form). Like internal/redteam3 it has two parts, generated at test time with
// internal/redteamkit:
//
//   - UI-tree runs in AndroidWorld's episode JSON format (Cases), each labelled with
//     AndroidWorld's outcome, the evaluator condition it follows from, and what a careful
//     person concludes from the screens;
//   - screenshot-only final screens (Shots), labelled the same way.
//
// MeasuredHash (corpus_test.go) pins the content the figures in RESULTS.md were measured on.
// Measure with it; never tune rules to it.
package redteam4
