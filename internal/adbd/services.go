package adbd

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"slices"
	"strings"
)

// service returns the code that runs the named service on a stream, or nil for a
// service this device does not know (it is then closed at once).
func (d *Device) service(name string) func(rw io.ReadWriter) {
	switch {
	case name == "shell:":
		return d.interactiveShell
	case strings.HasPrefix(name, "shell:"):
		cmd := strings.TrimPrefix(name, "shell:")
		return func(rw io.ReadWriter) { d.runShell(cmd, rw) }
	case strings.HasPrefix(name, "exec:"):
		cmd := strings.TrimPrefix(name, "exec:")
		return func(rw io.ReadWriter) { d.runShell(cmd, rw) }
	case name == "sync:":
		return d.serveSync
	case strings.HasPrefix(name, "shell,") && d.hasFeature("shell_v2"):
		args, cmd, ok := strings.Cut(strings.TrimPrefix(name, "shell,"), ":")
		if ok && cmd != "" && slices.Contains(strings.Split(args, ","), "v2") {
			return func(rw io.ReadWriter) { d.runShellV2(cmd, rw) }
		}
	}
	// shell,v2 and the shell's other arguments need the shell_v2 feature, which this
	// device announces only when its Config asks; everything else is outside what it
	// simulates.
	return nil
}

func (d *Device) hasFeature(f string) bool { return slices.Contains(d.cfg.Features, f) }

// The shell protocol (AOSP adb shell_protocol.h): packets of a 1-byte id, a 4-byte
// little-endian length and the data.
const (
	shellStdout = 1
	shellStderr = 2
	shellExit   = 3
)

// runShellV2 runs a command under the shell protocol (`shell,v2,raw:CMD`), which a
// device announcing shell_v2 serves: its output in stdout packets, then an exit packet
// holding the status, which the adb client returns as its own exit status. The
// stand-in's shell merges standard error into the output, as the legacy shell does.
func (d *Device) runShellV2(cmd string, w io.Writer) {
	var out bytes.Buffer
	sh := &shell{dev: d}
	sh.run(cmd, nil, &out)
	data := out.Bytes()
	for len(data) > 0 {
		n := min(len(data), 32*1024)
		writeShellPacket(w, shellStdout, data[:n])
		data = data[n:]
	}
	writeShellPacket(w, shellExit, []byte{byte(sh.status)})
}

func writeShellPacket(w io.Writer, id byte, data []byte) {
	head := []byte{id, 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(head[1:], uint32(len(data)))
	w.Write(append(head, data...))
}

// Open runs a device service over a plain byte stream, as the adb server would after
// opening it on the transport; ok is false when the device would close it at once.
// It serves host-side test fakes that forward services to a device.
func (d *Device) Open(name string, rw io.ReadWriter) (ok bool) {
	d.mu.Lock()
	d.services = append(d.services, name)
	d.mu.Unlock()
	run := d.service(name)
	if run == nil {
		d.refuse("service " + name)
		return false
	}
	run(rw)
	return true
}

// runShell runs one command line the way `sh -c` does on the device, stdout and stderr
// both going to the stream (the legacy shell does not separate them).
func (d *Device) runShell(cmd string, w io.Writer) {
	sh := &shell{dev: d}
	sh.run(cmd, nil, w)
}

// interactiveShell reads command lines and runs each in turn until `exit` or the end of
// input (the legacy `shell:` service without a command; no prompt is printed).
func (d *Device) interactiveShell(rw io.ReadWriter) {
	sc := bufio.NewScanner(rw)
	sh := &shell{dev: d}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "exit" {
			return
		}
		sh.run(line, nil, rw)
	}
}

// KnownService reports whether adbd (per AOSP's SERVICES.TXT and daemon/services.cpp)
// knows a device service of this name, whether or not the stand-in simulates it. A
// client that sends anything else is refused by every real device.
func KnownService(name string) bool {
	for _, p := range []string{
		"shell:", "shell,", "exec:", "sync:", "abb:", "abb_exec:", "remount:", "reboot:",
		"root:", "unroot:", "usb:", "tcpip:", "backup:", "restore:", "disable-verity:",
		"enable-verity:", "dev:", "dev-raw:", "tcp:", "local:", "localreserved:",
		"localabstract:", "localfilesystem:", "vsock:", "framebuffer:", "jdwp", "track-jdwp",
		"track-app", "reverse:", "sink:", "source:", "spin", "reconnect",
	} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// KnownHostService reports whether the adb server (SERVICES.TXT, HOST SERVICES) knows a
// host request of this name; "host:transport..." switches the connection to a device.
func KnownHostService(name string) bool {
	for _, p := range []string{
		"host:version", "host:kill", "host:devices", "host:devices-l", "host:track-devices",
		"host:emulator:", "host:transport:", "host:transport-usb", "host:transport-local",
		"host:transport-any", "host:transport-id:", "host:connect:", "host:disconnect:",
		"host:features", "host:host-features", "host:server-status", "host:reconnect",
		"host:mdns:", "host-serial:", "host-usb:", "host-local:", "host-transport-id:",
		"host:get-state", "host:get-serialno", "host:get-devpath", "host:forward:",
		"host:killforward:", "host:killforward-all", "host:list-forward", "host:pair:",
		"host:wait-for-", "host:track-devices-l",
	} {
		if name == p || strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
