package trace

import "strings"

// FinalAnswer is the agent's reported answer to a question task: the trace's Answer when
// its harness recorded one, else the text of the last "answer" action in its frames, else
// "". A question is judged by this answer against what the screens showed.
func (t *Trace) FinalAnswer() string {
	if a := strings.TrimSpace(t.Answer); a != "" {
		return a
	}
	for i := len(t.Frames) - 1; i >= 0; i-- {
		a := t.Frames[i].Action
		if a == nil || strings.TrimSpace(a.Text) == "" {
			continue
		}
		// Traces imported before answers had their own type keep them as "other".
		if a.Type == "answer" || a.Type == "other" && strings.Contains(a.Raw, `"answer"`) {
			return strings.TrimSpace(a.Text)
		}
	}
	return ""
}

// AgentAnswer is FinalAnswer, and whether the trace knows if the agent answered at all:
// it holds an answer, its agent was offered an answer file (observe and run record
// metadata.answer_file), or it records the agent's actions (an answer would be among
// them). A trace that knows, holding no answer, is an agent that gave none.
func (t *Trace) AgentAnswer() (answer string, known bool) {
	if a := t.FinalAnswer(); a != "" {
		return a, true
	}
	if _, offered := t.Metadata["answer_file"]; offered {
		return "", true
	}
	for i := range t.Frames {
		if t.Frames[i].Action != nil {
			return "", true
		}
	}
	return "", false
}
