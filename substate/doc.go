// Package substate is the substate model (the paper's Structured Substate Representation): the observable UI states
// (pages and the units on them) that any successful run of a task passes through.
//
// # The model
//
// A task decomposes into an ordered list of nodes, each with an id, a kind, one observable property in plain words
// (its content) and a parent:
//
//   - A PageNode (kind "page") says a page is visible: "the Clock app's alarm list is visible". Its parent is the
//     PageNode of the page it is entered from, or none for a page that starts the run.
//   - A UnitNode (kind "unit") says an element on a page is in a state: "the 10:30 AM alarm is switched on". Its
//     parent is the PageNode of the page it is on, always.
//
// Ids are unique and strictly increase down the list, and a parent comes before its children, so the list is a
// forest read top down (List.Validate checks all of this). The first node checks that the target app is open; each
// node states one property; a click is not a substate, since it cannot be seen.
//
// Beyond the paper, a node may be optional: a state a successful run may pass by, such as a search page when the
// target can also be reached from a list. Such path-dependent substates make a strict judge miss runs that
// succeeded another way, so completion is reported both over all substates and over the required ones.
package substate
