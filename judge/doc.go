// Package judge decides which substates a recorded trace reached: a Capturer describes
// each frame, a Reasoner matches the description against the open substates with a
// memory, and a Checker enforces the method's rules. Captures run ahead in parallel;
// reasoning is strictly in frame order and stops once nothing is open. Every finished
// frame is persisted, so a killed run resumes without new calls.
//
// The Reasoner is the judge kind's: the model judge is built in, other kinds (the
// heuristic baseline, package heuristic) register a Driver from their own package, and
// every kind shares the capture, the memory of lists and forms, and the Checker.
//
// # The rules
//
// Frames are judged in order. Before each, the open substates are those not yet satisfied,
// and the memory holds the satisfied ones (each with the frame that showed it) and the
// facts earlier frames asked to keep.
//
//  1. Capture describes the frame in text: the app, then its elements from top to bottom
//     with their exact text and state. The frame's UI XML or accessibility elements are the
//     best source (exact text, checked and selected flags); without them a vision model
//     describes the screenshot, or OCR reads it (see CaptureModes).
//  2. Reason gives each open substate an analysis and a verdict, "true" or "uncertain", and
//     may name facts to keep (critical_info, e.g. how many items a search listed). A
//     satisfied PageNode whose UnitNodes are still open is asked about again, as context.
//  3. Check accepts the answer only when every substate asked about has exactly one
//     verdict, "true" or "uncertain", and no UnitNode is "true" on a frame where its parent
//     PageNode is not: a unit is seen only together with the page it is on. An answer that
//     breaks a rule is asked again, with its problems listed, up to Config.Retries times;
//     then the frame is skipped and the skip recorded. An accepted answer moves its "true"
//     substates into the memory, with the frame as evidence, and adds the facts.
//
// Judging stops early once nothing is open. Each substate ends satisfied at a frame, with
// the analysis that found it, or never satisfied. A trace's SCR is the share of its
// substates satisfied; it is complete when all are, and complete over required substates
// when all but the optional ones are (see trace.Judgment).
package judge
