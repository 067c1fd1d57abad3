package adbd

import (
	"bufio"
	"fmt"
	"net"
	"regexp"
	"strings"
	"testing"
)

// The emulator console: an emulator listens on console port N and adbd port N+1, and
// the adb server names it emulator-N (the emulator announces itself to the server with
// host:emulator:N+1). `adb -s emulator-N emu CMD...` connects to the console on
// localhost:N and sends the words of CMD joined by spaces, then "quit". AndroidWorld
// texts the device this way (adb_utils.text_emulator: `adb emu sms send NUMBER TEXT`).
//
// What it speaks, from the emulator's documented console: a banner ending in OK, one
// command per line answered by OK or "KO: reason", `sms send PHONENUMBER TEXT` (an
// incoming text), `auth TOKEN` (accepted: the console asks for no token, as an emulator
// whose token file is empty), `help`, `quit` and `exit`. Anything else is refused and
// logged in Refused.

// StartEmulator starts a device with an emulator console on the port just below its
// adbd port, so the adb server it is announced to (see adbtest.Server.ConnectEmulator)
// names it emulator-N and `adb emu` reaches its console.
func StartEmulator(t testing.TB, cfg Config) *Device {
	t.Helper()
	for attempt := 0; attempt < 50; attempt++ {
		d, err := Listen("127.0.0.1:0", cfg)
		if err != nil {
			t.Fatalf("adbd: %v", err)
		}
		port := d.Port()
		if port%2 == 1 {
			if ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port-1)); err == nil {
				d.mu.Lock()
				d.console = ln
				d.mu.Unlock()
				d.wg.Add(1)
				go d.serveConsole(ln)
				t.Cleanup(d.Close)
				return d
			}
		}
		d.Close()
	}
	t.Fatal("adbd: found no free pair of ports (console N, adbd N+1) for an emulator")
	return nil
}

// ConsolePort is the emulator console's port (0 for a device that is no emulator).
func (d *Device) ConsolePort() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.console == nil {
		return 0
	}
	return d.console.Addr().(*net.TCPAddr).Port
}

func (d *Device) serveConsole(ln net.Listener) {
	defer d.wg.Done()
	for {
		nc, err := ln.Accept()
		if err != nil {
			return
		}
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			defer nc.Close()
			d.consoleSession(nc)
		}()
	}
}

var consolePhone = regexp.MustCompile(`^\+?[0-9]+$`)

func (d *Device) consoleSession(nc net.Conn) {
	w := bufio.NewWriter(nc)
	say := func(s string) { w.WriteString(s + "\r\n"); w.Flush() }
	say("Android Console: type 'help' for a list of commands")
	say("OK")
	r := bufio.NewScanner(nc)
	r.Buffer(make([]byte, 64*1024), 1<<20)
	for r.Scan() {
		line := strings.TrimRight(r.Text(), "\r")
		verb, rest, _ := strings.Cut(line, " ")
		switch verb {
		case "":
			continue
		case "quit", "exit":
			return
		case "auth", "help":
			say("OK")
		case "sms":
			sub, args, _ := strings.Cut(rest, " ")
			number, text, _ := strings.Cut(args, " ")
			switch {
			case sub != "send":
				d.refuse("emulator console: sms " + sub)
				say("KO: adbd stand-in: sms " + sub + " is not simulated")
			case number == "" || text == "":
				say("KO: missing argument, try 'sms send <phonenumber> <text message>'")
			case !consolePhone.MatchString(number):
				say("KO: bad phone number format, must be [+](0-9)*")
			case strings.Contains(text, `\`):
				// The console reads backslash escapes in the text; not simulated.
				d.refuse("emulator console: a text with backslashes: " + text)
				say("KO: adbd stand-in: backslash escapes are not simulated")
			default:
				if err := d.ReceiveSMS(number, text); err != nil {
					say("KO: " + err.Error())
					continue
				}
				say("OK")
			}
		default:
			d.refuse("emulator console: " + line)
			say("KO: unknown command, try 'help'")
		}
	}
}
