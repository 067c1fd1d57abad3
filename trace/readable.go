package trace

// Readable reports whether some frame holds something a judge can read: a screenshot, UI
// XML or accessibility elements. A trace of the agent's text alone (AndroidWorld checkpoints
// that saved no screens) is not judgeable: no judge can say what the phone showed.
func (t *Trace) Readable() bool {
	for i := range t.Frames {
		f := &t.Frames[i]
		if t.HasImage(f) || t.HasXML(f) || t.HasElements(f) {
			return true
		}
	}
	return false
}
