package groundtruth

import (
	"context"
	"errors"
	"testing"
)

func TestMissingParamBeforeAnyDevice(t *testing.T) {
	ctx := context.Background()
	// Adding a contact needs a name and a number; with none, the check fails before reading
	// the device, so the error is reported without one.
	err := MissingParam(ctx, "ContactsAddContact", Params{})
	if !errors.Is(err, ErrMissingParam) {
		t.Fatalf("no params: got %v, want ErrMissingParam", err)
	}
	// With the parameters given, the check would read the device: nothing to report yet.
	if err := MissingParam(ctx, "ContactsAddContact", Params{"name": "Hugo Pereira", "number": "+13920741751"}); err != nil {
		t.Fatalf("complete params: %v", err)
	}
	// Settings checks need no parameters: nothing to report.
	if err := MissingParam(ctx, "SystemWifiTurnOn", nil); err != nil {
		t.Fatalf("parameterless task: %v", err)
	}
}
