package main

// The kinds of judge this binary offers besides the model judge: each registers itself
// with judge when its package is linked in, and --judge lists judge.Kinds().
import _ "github.com/autoeval/autoeval/heuristic"
