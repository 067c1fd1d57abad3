package device

// SetOutputLimits lowers what one command may print on d (screencap -p, raw screencap,
// Shell, and the one-line commands) and what Pull reads, so the limits are tested without
// sending their hundreds of megabytes.
func SetOutputLimits(d *Device, screenshot, raw, shell, line, pull int64) {
	d.lim = &outputLimits{screenshot: screenshot, raw: raw, shell: shell, line: line, pull: pull}
}
