package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// RequireTesseract returns the path of Debian's tesseract (OCR); without it the test is
// skipped, except in CI (CI=true), where a missing tesseract is a failure: .ci/run installs it.
func RequireTesseract(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("tesseract")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tesseract not found and CI=true: install it (apt-get install -y tesseract-ocr tesseract-ocr-eng)")
		}
		t.Skip("tesseract not installed (apt-get install -y tesseract-ocr tesseract-ocr-eng); skipping the OCR test")
	}
	return p
}
