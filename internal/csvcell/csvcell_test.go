package csvcell

import "testing"

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"http://x\",\"y\")": "'=HYPERLINK(\"http://x\",\"y\")",
		"+1+2":                           "'+1+2",
		"-2+3":                           "'-2+3",
		"@SUM(A1)":                       "'@SUM(A1)",
		"\t=1":                           "'\t=1",
		"\r=1":                           "'\r=1",
		"Open the Clock app":             "Open the Clock app",
		"a=b":                            "a=b",
		"":                               "",
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}
