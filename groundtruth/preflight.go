package groundtruth

import (
	"context"
	"errors"
)

// MissingParam runs the task's check without a device and returns its error when that
// error is a missing parameter found before the check touched the device. The same
// parameters give the same error on a real device, so a command can report it before
// connecting; checks that read the device first are left to the real run (nil here).
func MissingParam(ctx context.Context, task string, params Params) error {
	d := &unreachableDevice{}
	_, err := Check(ctx, d, task, params, nil)
	if err != nil && !d.used && errors.Is(err, ErrMissingParam) {
		return err
	}
	return nil
}

// unreachableDevice fails every call and records that one was made, so MissingParam
// can tell a parameter error from one caused by the absent device.
type unreachableDevice struct{ used bool }

var errUnreachable = errors.New("no device during the parameter check")

func (d *unreachableDevice) Shell(context.Context, string) (string, error) {
	d.used = true
	return "", errUnreachable
}

func (d *unreachableDevice) Pull(context.Context, string) ([]byte, error) {
	d.used = true
	return nil, errUnreachable
}
