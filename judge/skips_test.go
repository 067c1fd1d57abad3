package judge

import (
	"strconv"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// Skip reasons are grouped by what they say once the frame's mention of itself is taken
// out, in whichever of the three ways a reason names its frame, and listed with their
// frames as ranges, in the order the reasons first appear.
func TestSkipReasonsGrouped(t *testing.T) {
	t.Parallel()
	skip := func(i int, reason string) trace.FrameResult {
		return trace.FrameResult{Index: i, Skipped: true, SkipReason: reason}
	}
	j := &trace.Judgment{Frames: []trace.FrameResult{
		skip(1, "run/0001.xml (frame 1): not a regular file (a named pipe)"),
		skip(2, "run/0002.xml (frame 2): not a regular file (a named pipe)"),
		skip(3, "frame 3 has no UI XML or elements to describe (try --capture vision)"),
		{Index: 4},
		skip(5, "run/0005.xml (frame 5): not a regular file (a named pipe)"),
		skip(6, "frame 6: reading the screenshot for OCR: 1000000 x 1000000 pixels, over the limit"),
		skip(7, "frame 7 has no UI XML or elements to describe (try --capture vision)"),
		skip(12, "run/0012.xml (frame 12): not a regular file (a named pipe)"),
	}}
	want := "frames 1-2, 5, 12: not a regular file (a named pipe); frames 3, 7: has no UI XML or elements to describe (try --capture vision); " +
		"frame 6: reading the screenshot for OCR: 1000000 x 1000000 pixels, over the limit"
	if got := skipReasons(j); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for i := range 5 {
		j.Frames = append(j.Frames, skip(20+i, "frame "+strconv.Itoa(20+i)+": reason "+strconv.Itoa(i)))
	}
	if got := skipReasons(j); got != want+"; frame 20: reason 0; and 4 more reasons (each frame's skip_reason in the judgment)" {
		t.Errorf("over %d reasons: %q", maxSkipGroups, got)
	}
}
