package judge

import (
	"image/color"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
)

// A permission prompt on a screenshot is the system's by its words alone (ocrlayout.go
// permissionWords): the question "Allow <app> to ...?" and, under it, at least two of the
// prompt's answers. An app's own dialog with one "Allow" button, the question without its
// answers, answers above the question and a settings page of the answers without the
// question stay the app's.
func TestOCRPermissionPromptWordsAndNearMisses(t *testing.T) {
	for _, c := range []struct {
		name   string
		lines  []string
		prompt bool
	}{
		{"notifications: Allow and Don't allow", []string{"Allow Chatter to send you notifications?", "Allow", "Don't allow"}, true},
		{"location: three answers", []string{"Allow Maps to access this device's location?", "While using the app", "Only this time", "Don't allow"}, true},
		{"Android 10's answers", []string{"Allow Snapshot to take pictures and record video?", "Allow only while using the app", "Deny"}, true},
		{"the app's own dialog: one Allow and Not now", []string{"Allow Chatter to read your contacts?", "Allow", "Not now"}, false},
		{"the question alone with one answer", []string{"Allow Maps to access this device's location?", "Only this time"}, false},
		{"answers above the question", []string{"While using the app", "Don't allow", "Allow Maps to access this device's location?"}, false},
		{"the app's permission page: the answers without the question", []string{"Location permission", "Allow only while using the app", "Ask every time", "Don't allow"}, false},
	} {
		if drawnPrompt(t, c.lines) != c.prompt {
			t.Errorf("%s %q: prompt in front %v, want %v", c.name, c.lines, !c.prompt, c.prompt)
		}
	}
}

// drawnPrompt draws lines as Android 13 draws its permission prompt (a lavender card on a
// near-black screen, the answers on pill buttons) and reports whether the screenshot's
// screen has a prompt in front.
func drawnPrompt(t *testing.T, lines []string) bool {
	t.Helper()
	d := &drawn{p: judgetest.NewPhone(t, 540, 1200, true)}
	p := d.p
	p.Fill(0, 0, 540, 1200, color.RGBA{21, 22, 24, 255})
	p.Round(28, 290, 456, float64(80+60*len(lines)), 24, color.RGBA{242, 236, 246, 255})
	for i, l := range lines {
		y := float64(310 + i*60)
		if i > 0 {
			p.Round(46, y-8, 420, 48, 24, color.RGBA{230, 222, 244, 255})
		}
		d.text(l, 60, y, 18, color.RGBA{30, 27, 36, 255})
	}
	return d.screen(t).PromptInFront()
}
