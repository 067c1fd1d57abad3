package heuristic

import (
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/screentext"
)

// A task may name what it sends by whom it came from: "text the address of the event to
// Oliver that Mei just sent me". What is sent is then Mei's message: the one her
// conversation showed, whole (AndroidWorld's message is the address alone, and checks the
// text sent against it). A send is shown done when the conversation titled with the
// recipient shows, as the app's text, a message holding the whole of a message that a
// page titled with the sender listed earlier in the run (E6). A message holding only part
// of it (the address without its postal code) shows nothing; nor does a run that never
// opened the sender's conversation, which leaves the text unnamed (C3).

// minForwarded is the shortest message taken for what a sender sent: a word or two ("ok",
// "see you") is no content a task would ask to pass on, and holds in too many texts.
const minForwarded = 12

// sentOnFromSender reports whether sc shows the send of a sender's message to the task's
// recipient, and what shows it.
func sentOnFromSender(sp spec, sc *judge.Screen, mem *judge.Listings) (bool, string) {
	if !sendVerbs[sp.Verb] || sp.To == nil || mem == nil {
		return false, ""
	}
	var sender *value
	for i, v := range sp.Values {
		if v.sender {
			sender = &sp.Values[i]
		}
	}
	if sender == nil || sc.Title == "" || !namesItem(strings.ToLower(sc.Title), *sp.To) {
		return false, ""
	}
	var theirs []string
	for _, it := range mem.Items {
		if it.Title != "" && namesItem(strings.ToLower(it.Title), *sender) && !namesItem(strings.ToLower(it.Label), *sender) {
			if t := normalMessage(it.Label); len(t) >= minForwarded {
				theirs = append(theirs, t)
			}
		}
	}
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || e.Editable {
			continue
		}
		text := normalMessage(e.Text)
		for _, m := range theirs {
			if strings.Contains(text, m) {
				return true, cite("E6", fmt.Sprintf("the conversation titled %q shows %q, the whole of what %q's conversation showed", sc.Title, screentext.Clip(e.Text), sender.Text))
			}
		}
	}
	return false, ""
}

// normalMessage is a message's text as compared: lowercased, its quotes plain, its spaces
// single, the final stop left out.
func normalMessage(s string) string {
	s = screentext.FoldQuotes(strings.ToLower(strings.Join(strings.Fields(s), " ")))
	return strings.TrimRight(s, ".!")
}
