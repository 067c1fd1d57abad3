package redteam2

import (
	"image/color"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

func contactFormScene(first, last, phone string, focus string, kb bool) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Rect(0, BarTop, ScreenW, BarTop+BarH, White)
		c.IconClose(40, BarTop+42, Ink)
		c.Text(189, BarTop+42, "Create contact", Regular, 56, Ink, 0)
		c.Button(723, BarTop+20, 954, BarTop+126, "Save", true)
		c.IconMore(980, BarTop+40, Ink)
		c.Circle(540, 480, 130, color.RGBA{232, 222, 248, 255})
		c.Text(406, 640, "Add picture", Medium, 40, Primary, 0)
		c.Field(137, 760, 933, "First name", first, focus == "first")
		c.Field(137, 960, 933, "Last name", last, focus == "last")
		c.Field(137, 1160, 933, "Company", "", false)
		if kb {
			c.Keyboard("next", "Okafor", "Ok", "Okay")
			return
		}
		c.Field(137, 1360, 933, "Phone", phone, focus == "phone")
		c.Outline(137, 1560, 586, 1710, 12, 3, Grey, White)
		c.Text(177, 1610, "Mobile", Regular, 44, Ink, 0)
		c.Field(137, 1800, 933, "Email", "", false)
		c.NavPill(Ink)
	}
}

func contactSavedScene(name, number string) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Rect(0, BarTop, ScreenW, BarTop+BarH, White)
		c.IconBack(40, BarTop+42, Ink)
		c.IconStar(840, BarTop+40, 60, Ink)
		c.IconMore(960, BarTop+40, Ink)
		c.Circle(540, 470, 130, color.RGBA{0, 137, 123, 255})
		c.Centered(540, 420, name[:1], Medium, 110, White)
		c.Centered(540, 680, name, Regular, 80, Ink)
		for i, v := range []string{"Call", "Text", "Video"} {
			c.Circle(225+i*315, 880, 60, color.RGBA{232, 222, 248, 255})
			c.Centered(225+i*315, 960, v, Medium, 38, Primary)
		}
		c.Round(42, 1100, 1038, 1480, 40, Surface)
		c.Text(84, 1140, "Contact info", Medium, 44, Ink, 0)
		c.Text(189, 1250, number, Regular, 48, Ink, 0)
		c.Text(189, 1320, "Mobile", Regular, 38, Grey, 0)
		c.Text(84, 1560, "Added Oct 15, 2023", Regular, 38, Grey, 0)
		c.NavPill(Ink)
	}
}

// smsScene draws a conversation: its title, bubbles (out marks the user's), and the compose
// field with the text typed; kb raises the keyboard.
func smsScene(title string, typed string, kb bool, bs ...bubble) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.AppBar(White, title, "back", "more")
		bottom := 2100
		if kb {
			bottom = 1330
		}
		y := bottom - len(bs)*230
		for _, b := range bs {
			w := min(c.TextWidth(b.text, Regular, 44)+80, 760)
			x0 := 42
			col := BubbleIn
			if b.out {
				x0, col = 1038-w, BubbleOut
			}
			c.Round(x0, y, x0+w, y+150, 50, col)
			c.Wrapped(x0+40, y+26, b.text, Regular, 44, Ink, w-80)
			if b.when != "" {
				c.Text(x0+20, y+160, b.when, Regular, 32, Grey, 0)
			}
			y += 230
		}
		fy := 2150
		if kb {
			fy = 1370
		}
		c.Round(42, fy, 860, fy+130, 65, color.RGBA{241, 243, 244, 255})
		if typed == "" {
			c.Text(100, fy+40, "Type a message…", Regular, 44, Grey, 0)
		} else {
			c.Text(100, fy+40, typed, Regular, 44, Ink, 720)
		}
		c.Circle(960, fy+65, 62, Primary)
		c.IconSend(930, fy+38, White)
		if kb {
			c.Keyboard("send", "the", "at", "I")
			return
		}
		c.NavPill(Ink)
	}
}

// settingsScene draws a preference page: title rows with summaries and switches.
func settingsScene(title string, prefs ...pref) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.IconBack(40, BarTop+42, Ink)
		c.Text(63, 380, title, Regular, 84, Ink, 0)
		y := 620
		for _, p := range prefs {
			c.Text(63, y, p.title, Regular, 48, Ink, 760)
			if p.summary != "" {
				c.Text(63, y+72, p.summary, Regular, 38, Grey, 760)
			}
			if p.sw != nil {
				c.SwitchAt(880, y+4, *p.sw)
			}
			y += 206
		}
		c.NavPill(Ink)
	}
}

func alarmScene(alarms ...alarm) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Text(63, 180, "Alarm", Regular, 60, Ink, 0)
		c.IconMore(960, 160, Ink)
		for i, a := range alarms {
			y := 330 + i*360
			c.Round(42, y, 1038, y+320, 50, Surface)
			t := a.time
			c.Text(90, y+50, t[:len(t)-3], Regular, 120, Ink, 0)
			c.Text(110+c.TextWidth(t[:len(t)-3], Regular, 120), y+110, t[len(t)-2:], Regular, 56, Ink, 0)
			c.Text(90, y+220, a.days, Regular, 40, Grey, 0)
			c.SwitchAt(840, y+80, a.on)
		}
		c.Fab(456, 1950)
		clockTabsShot(c, "Alarm")
	}
}

func clockTabsShot(c *Canvas, tab string) {
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		col := Grey
		if t == tab {
			col = Ink
			c.Round(i*216+48, 2200, i*216+168, 2260, 30, color.RGBA{232, 222, 248, 255})
		}
		c.Centered(i*216+108, 2275, t, Medium, 34, col)
	}
	c.NavPill(Ink)
}

func markorScene(title string, entries ...markorEntry) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Rect(0, BarTop, ScreenW, BarTop+BarH, color.RGBA{0, 150, 136, 255})
		c.Text(42, BarTop+42, title, Medium, 56, White, 0)
		c.IconSearch(870, BarTop+40, White)
		c.IconMore(975, BarTop+40, White)
		y := 320
		for _, e := range entries {
			col := color.RGBA{255, 193, 7, 255}
			if !e.folder {
				col = color.RGBA{144, 164, 174, 255}
			}
			c.Round(63, y+20, 163, y+110, 10, col)
			c.Text(210, y+24, e.name, Regular, 46, Ink, 820)
			if !e.folder {
				c.Text(210, y+84, "10/15/2023, 15:34", Regular, 34, Grey, 0)
			}
			y += 150
		}
		c.Fab(870, 1980)
		for i, t := range []string{"Files", "To-Do", "QuickNote", "More"} {
			c.Centered(135+i*270, 2260, t, Medium, 34, Grey)
		}
		c.NavPill(Ink)
	}
}

func chromePageScene(url string, heading string, paras ...string) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar(url, false)
		c.Text(42, 340, "WIKIPEDIA", Medium, 44, Ink, 0)
		c.Text(42, 440, heading, Regular, 84, Ink, 0)
		c.Rect(42, 560, 1038, 563, LightGrey)
		y := 600
		for _, p := range paras {
			y = c.Wrapped(42, y, p, Regular, 44, Ink, 990) + 30
		}
		c.NavPill(Ink)
	}
}

func chromeTypingScene(typed string, suggestions ...[2]string) func(*Canvas) {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar(typed, true)
		y := 300
		for _, s := range suggestions {
			if s[1] != "" {
				c.Circle(90, y+75, 30, LightGrey)
				c.Text(170, y+20, s[0], Regular, 46, Ink, 820)
				c.Text(170, y+90, s[1], Regular, 38, Blue, 820)
			} else {
				c.IconSearch(60, y+45, Grey)
				c.Text(170, y+50, s[0], Regular, 46, Ink, 820)
			}
			y += 180
		}
		c.Keyboard("go", "wiki", "wikipedia", "lighthouse")
	}
}
