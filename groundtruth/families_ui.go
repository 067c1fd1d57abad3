package groundtruth

import (
	"context"
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/uixml"
)

// A few AndroidWorld tasks are scored from what the screen shows when the agent
// stops (the clock's timer and stopwatch): the foreground activity plus the UI
// hierarchy, read from the device like any other state.

// uiReader is implemented by *device.Device (uiautomator dump, pulled over sync).
type uiReader interface {
	UIXML(ctx context.Context) (string, error)
}

// UINode is one element of a uiautomator dump, as the shared parser reads it (text,
// content description, resource id, class, flags, bounds, depth).
type UINode = uixml.Node

// ParseUIXML flattens a uiautomator dump into its nodes, in document order. A dump
// of an empty screen has no nodes and is not an error; an empty or malformed
// document, or one that is not a dump at all, is.
func ParseUIXML(doc string) ([]UINode, error) {
	h, err := uixml.Parse([]byte(doc))
	if err != nil {
		return nil, fmt.Errorf("UI hierarchy: %v", err)
	}
	return h.Nodes, nil
}

// screenState reads the foreground activity and the UI nodes.
func screenState(ctx context.Context, dev Device) (activity string, nodes []UINode, err error) {
	ar, ok1 := dev.(activityReader)
	ur, ok2 := dev.(uiReader)
	if !ok1 || !ok2 {
		return "", nil, fmt.Errorf("this device connection cannot read the screen (activity and UI hierarchy)")
	}
	if activity, err = ar.ForegroundActivity(ctx); err != nil {
		return "", nil, err
	}
	doc, err := ur.UIXML(ctx)
	if err != nil {
		return "", nil, err
	}
	nodes, err = ParseUIXML(doc)
	return activity, nodes, err
}

func clockFamily(name, checks string, params []string, judge func(p Params, nodes []UINode) (Part, error)) *Family {
	return &Family{Name: name, App: "Clock", Checks: checks, Params: params,
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			act, nodes, err := screenState(ctx, dev)
			if err != nil {
				return nil, err
			}
			inClock := Part{Name: "Clock (DeskClock) in the foreground", Pass: strings.Contains(act, "DeskClock"), Detail: "activity " + act}
			part, err := judge(p, nodes)
			if err != nil {
				return nil, err
			}
			return allOf(name, inClock, part), nil
		}}
}

func countDesc(nodes []UINode, desc string, text bool) int {
	n := 0
	for _, e := range nodes {
		if e.ContentDesc == desc || (text && e.Text == desc) {
			n++
		}
	}
	return n
}

func init() {
	register(clockFamily("ClockTimerEntry", "the screen shows a timer of hh/mm/ss (text \"01h 02m 03s\" or its description)", []string{"hours", "minutes", "seconds"},
		func(p Params, nodes []UINode) (Part, error) {
			var v [3]int64
			for i, k := range []string{"hours", "minutes", "seconds"} {
				n, err := p.Int(k)
				if err != nil {
					return Part{}, err
				}
				v[i] = n
			}
			text := fmt.Sprintf("%02dh %02dm %02ds", v[0], v[1], v[2])
			desc := fmt.Sprintf("%d hours, %d minutes, %d seconds", v[0], v[1], v[2])
			part := Part{Name: "timer shows " + text, Detail: fmt.Sprintf("not among %d elements", len(nodes))}
			for _, e := range nodes {
				if e.Text == text || e.ContentDesc == desc {
					part.Pass, part.Detail = true, "shown"
				}
			}
			return part, nil
		}))
	register(clockFamily("ClockStopWatchRunning", "the stopwatch shows Pause and Lap buttons", nil,
		func(p Params, nodes []UINode) (Part, error) {
			pause, lap := countDesc(nodes, "Pause", false), countDesc(nodes, "Lap", false)
			return Part{Name: "stopwatch running (Pause and Lap shown)", Pass: pause > 0 && lap > 0,
				Detail: fmt.Sprintf("Pause ×%d, Lap ×%d", pause, lap)}, nil
		}))
	register(clockFamily("ClockStopWatchPausedVerify", "the stopwatch tab shows a Start button", nil,
		func(p Params, nodes []UINode) (Part, error) {
			start, sw := countDesc(nodes, "Start", false), countDesc(nodes, "Stopwatch", true)
			return Part{Name: "stopwatch paused (Start shown on the Stopwatch tab)", Pass: start > 0 && sw == 2,
				Detail: fmt.Sprintf("Start ×%d, Stopwatch ×%d (want 2: tab and title)", start, sw)}, nil
		}))
}

// ChromePackage is the browser AndroidWorld's web tasks run in.
const ChromePackage = "com.android.chrome"

func init() {
	for _, n := range []string{"BrowserDraw", "BrowserMaze", "BrowserMultiply"} {
		name := n
		register(&Family{Name: name, App: "Chrome", Checks: "Chrome is in the foreground and the page shows \"Success!\"",
			check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
				act, nodes, err := screenState(ctx, dev)
				if err != nil {
					return nil, err
				}
				pkg, _, _ := strings.Cut(act, "/")
				inChrome := Part{Name: "Chrome in the foreground", Pass: pkg == ChromePackage, Detail: "activity " + act}
				shown := Part{Name: "the page shows \"Success!\"", Detail: fmt.Sprintf("not among %d elements", len(nodes))}
				for _, e := range nodes {
					if e.Text == "Success!" {
						shown.Pass, shown.Detail = true, "shown"
					}
				}
				return allOf(name, inChrome, shown), nil
			}})
	}
}
