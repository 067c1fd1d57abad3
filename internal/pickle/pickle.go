// Package pickle reads Python pickles, untrusted input, into plain Go values without
// running code: the data AndroidWorld's checkpoints hold (dicts, lists, numbers, text,
// datetimes, numpy arrays and a few allow-listed data classes).
package pickle

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"
	"time"

	gopickle "github.com/nlpodyssey/gopickle/pickle"
	"github.com/nlpodyssey/gopickle/types"
)

// Checkpoints are Python pickles: untrusted input. They are read by a pickle-machine
// interpreter that never runs code: every class a pickle names must be on the allow-list
// below and maps to a plain Go stand-in; anything else is an error.
//
// Memory is bounded while reading, not after: the stream is read twice. The first pass
// (scan) keeps nothing: it checks every opcode, reads past every argument and counts the
// stream's bytes and values, stopping at once when a limit is passed, so a gzip bomb or a
// hostile length costs time, not memory. Only a stream that passed is read again and
// interpreted, and then every length it announces is known to be there.
//
// One pass cannot do that: the interpreter allocates each length a pickle announces before
// reading its bytes, and builds values as it goes, so a single pass refusing at the limits
// would first spend up to them (a GiB). The second gunzip is the price: about 0.3 s of
// 0.7-0.9 s for 222 MB of screenshots (BenchmarkDecodeScreenshots).

// Limits bound what reading one pickle may cost.
type Limits struct {
	// MaxBytes bounds the stream (a decompressed checkpoint, screenshots included).
	MaxBytes int64
	// MaxMemory bounds the memory its values are estimated to take: the bytes of its
	// strings plus valueCost for every opcode, and again for the Go values they become.
	MaxMemory int64
}

// DefaultLimits fit AndroidWorld checkpoints with screenshots (a few hundred MB) with room.
var DefaultLimits = Limits{MaxBytes: MaxBytes, MaxMemory: 1 << 30}

// MaxBytes is DefaultLimits.MaxBytes.
const MaxBytes = 1 << 30

// valueCost is a generous estimate of what one value costs the interpreter and the
// conversion (an interface, a boxed number, a map or list entry, a memo slot).
const valueCost = 64

// MaxIntBytes bounds one pickled integer (LONG1/LONG4 bytes, or the digits of a text INT or
// LONG): checkpoints hold timestamps and ids of at most 8 bytes, and decoding an integer
// takes time quadratic in its size (a 1 KB checkpoint holding one huge LONG4 took 67 s).
const MaxIntBytes = 64

// maxPickleDepth bounds nesting when converting to Go values (memo references can
// build cycles; a cycle is reported, not followed forever).
const maxPickleDepth = 64

// NDArray is a numpy array rebuilt from its pickled state. One array referred to several
// times in the pickle (a memo reference) is one *NDArray.
type NDArray struct {
	Shape []int
	DType string // numpy type string without byte order, e.g. "u1", "f8"
	Order byte   // '<', '>', '|' or '='
	Data  []byte
}

// npDType stands in for numpy.dtype while the pickle is read.
type npDType struct {
	Str   string
	Order byte
}

func (d *npDType) PySetState(state any) error {
	t, ok := state.(*types.Tuple)
	if !ok || t.Len() < 2 {
		return errors.New("numpy dtype: unexpected state")
	}
	if s, ok := t.Get(1).(string); ok && len(s) == 1 {
		d.Order = s[0]
	}
	return nil
}

// npArray stands in for numpy.ndarray until BUILD gives it its state.
type npArray struct{ arr NDArray }

func (a *npArray) PySetState(state any) error {
	t, ok := state.(*types.Tuple)
	if !ok || t.Len() != 5 {
		return errors.New("numpy ndarray: unexpected state (want a 5-tuple)")
	}
	shape, err := intTuple(t.Get(1))
	if err != nil {
		return fmt.Errorf("numpy ndarray shape: %w", err)
	}
	dt, ok := t.Get(2).(*npDType)
	if !ok {
		return errors.New("numpy ndarray: dtype is not a numpy dtype")
	}
	a.arr.Shape, a.arr.DType, a.arr.Order = shape, dt.Str, dt.Order
	switch d := t.Get(4).(type) {
	case []byte:
		a.arr.Data = d
	case string: // protocol 0/1 wrote raw bytes as latin-1 text
		a.arr.Data = latin1(d)
	case *types.ByteArray:
		a.arr.Data = []byte(*d)
	default:
		return fmt.Errorf("numpy ndarray: data of type %T is not supported (object arrays are refused)", d)
	}
	return nil
}

// dataObject stands in for a known data-only Python class (dataclasses such as
// AndroidWorld's UIElement): it only collects attributes.
type dataObject struct {
	class string
	attrs map[string]any
}

func (o *dataObject) PyDictSet(k, v any) error {
	ks, ok := k.(string)
	if !ok {
		return fmt.Errorf("%s: attribute name of type %T", o.class, k)
	}
	o.attrs[ks] = v
	return nil
}
func (o *dataObject) PySetAttr(k string, v any) error { o.attrs[k] = v; return nil }

type dataClass struct{ name string }

func (c *dataClass) PyNew(args ...any) (any, error) {
	return &dataObject{class: c.name, attrs: map[string]any{}}, nil
}
func (c *dataClass) Call(args ...any) (any, error) {
	o := &dataObject{class: c.name, attrs: map[string]any{}}
	// Positional construction (namedtuple-style) keeps the arguments in order.
	for i, a := range args {
		o.attrs[fmt.Sprintf("_%d", i)] = a
	}
	return o, nil
}

// callFunc adapts a Go function to the pickle machine's Callable.
type callFunc func(args ...any) (any, error)

func (f callFunc) Call(args ...any) (any, error) { return f(args...) }

// classNDArray is the numpy.ndarray class object passed to _reconstruct.
type classNDArray struct{}

func allowedClass(module, name string) (any, error) {
	switch module + "." + name {
	case "datetime.datetime":
		return callFunc(newDatetime), nil
	case "datetime.date":
		return callFunc(newDate), nil
	case "datetime.timedelta":
		return callFunc(newTimedelta), nil
	case "datetime.timezone":
		return callFunc(func(args ...any) (any, error) { return nil, nil }), nil
	case "_codecs.encode":
		// Protocol 2 writes bytes as _codecs.encode(text, "latin1").
		return callFunc(func(args ...any) (any, error) {
			if len(args) < 1 {
				return nil, errors.New("_codecs.encode: no argument")
			}
			s, ok := args[0].(string)
			if !ok {
				return nil, errors.New("_codecs.encode: argument is not text")
			}
			return latin1(s), nil
		}), nil
	case "builtins.set", "__builtin__.set", "builtins.frozenset", "__builtin__.frozenset":
		// Protocols 0-3 write a set as set([items]); it is read as a list, as the set
		// opcodes of protocol 4 are (see scan).
		return callFunc(func(args ...any) (any, error) {
			if len(args) == 0 {
				return &types.List{}, nil
			}
			switch l := args[0].(type) {
			case *types.List:
				return l, nil
			case *types.Tuple:
				items := types.List(*l)
				return &items, nil
			}
			return nil, fmt.Errorf("%s.%s: argument of type %s", module, name, TypeName(args[0]))
		}), nil
	case "numpy.ndarray":
		return &classNDArray{}, nil
	case "numpy.dtype":
		return callFunc(func(args ...any) (any, error) {
			if len(args) < 1 {
				return nil, errors.New("numpy.dtype: no type string")
			}
			s, ok := args[0].(string)
			if !ok {
				return nil, errors.New("numpy.dtype: type string is not text")
			}
			return &npDType{Str: s, Order: '|'}, nil
		}), nil
	case "numpy.core.multiarray._reconstruct", "numpy._core.multiarray._reconstruct":
		return callFunc(func(args ...any) (any, error) {
			if len(args) < 1 {
				return nil, errors.New("numpy _reconstruct: no class")
			}
			if _, ok := args[0].(*classNDArray); !ok {
				return nil, errors.New("numpy _reconstruct: only numpy.ndarray is supported")
			}
			return &npArray{}, nil
		}), nil
	case "numpy.core.numeric._frombuffer", "numpy._core.numeric._frombuffer":
		return callFunc(fromBuffer), nil
	case "numpy.core.multiarray.scalar", "numpy._core.multiarray.scalar":
		return callFunc(npScalar), nil
	case "android_world.env.representation_utils.UIElement",
		"android_world.env.representation_utils.BoundingBox",
		"android_world.env.json_action.JSONAction":
		return &dataClass{name: name}, nil
	}
	return nil, fmt.Errorf("pickle names class %s.%s, which is not on the allow-list of data types (refused: loading it could run code)", module, name)
}

func fromBuffer(args ...any) (any, error) {
	if len(args) < 3 {
		return nil, errors.New("numpy _frombuffer: want (buffer, dtype, shape, order)")
	}
	var data []byte
	switch b := args[0].(type) {
	case []byte:
		data = b
	case *types.ByteArray:
		data = []byte(*b)
	default:
		return nil, fmt.Errorf("numpy _frombuffer: buffer of type %T", b)
	}
	dt, ok := args[1].(*npDType)
	if !ok {
		return nil, errors.New("numpy _frombuffer: dtype is not a numpy dtype")
	}
	shape, err := intTuple(args[2])
	if err != nil {
		return nil, fmt.Errorf("numpy _frombuffer shape: %w", err)
	}
	return &npArray{arr: NDArray{Shape: shape, DType: dt.Str, Order: dt.Order, Data: data}}, nil
}

// npScalar rebuilds numpy scalars (np.float64(1.0), np.bool_(True), ...) as Go numbers.
func npScalar(args ...any) (any, error) {
	if len(args) < 2 {
		return nil, errors.New("numpy scalar: want (dtype, bytes)")
	}
	dt, ok := args[0].(*npDType)
	if !ok {
		return nil, errors.New("numpy scalar: dtype is not a numpy dtype")
	}
	var b []byte
	switch v := args[1].(type) {
	case []byte:
		b = v
	case string:
		b = latin1(v)
	default:
		return nil, fmt.Errorf("numpy scalar: payload of type %T", v)
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if dt.Order == '>' {
		bo = binary.BigEndian
	}
	need := map[string]int{"f8": 8, "f4": 4, "i8": 8, "i4": 4, "i2": 2, "i1": 1, "u8": 8, "u4": 4, "u2": 2, "u1": 1, "b1": 1}
	n, ok := need[dt.Str]
	if !ok {
		return nil, fmt.Errorf("numpy scalar of type %q is not supported", dt.Str)
	}
	if len(b) != n {
		return nil, fmt.Errorf("numpy scalar %s: %d bytes, want %d", dt.Str, len(b), n)
	}
	switch dt.Str {
	case "f8":
		return math.Float64frombits(bo.Uint64(b)), nil
	case "f4":
		return float64(math.Float32frombits(bo.Uint32(b))), nil
	case "i8":
		return int(int64(bo.Uint64(b))), nil
	case "i4":
		return int(int32(bo.Uint32(b))), nil
	case "i2":
		return int(int16(bo.Uint16(b))), nil
	case "i1":
		return int(int8(b[0])), nil
	case "u8":
		return int(bo.Uint64(b)), nil
	case "u4":
		return int(bo.Uint32(b)), nil
	case "u2":
		return int(bo.Uint16(b)), nil
	case "b1":
		return b[0] != 0, nil
	default: // u1
		return int(b[0]), nil
	}
}

func newDatetime(args ...any) (any, error) {
	if len(args) < 1 {
		return nil, errors.New("datetime: no state")
	}
	b, ok := bytesArg(args[0])
	if !ok || len(b) != 10 {
		// datetime(year, month, day, ...) written positionally.
		nums := make([]int, 7)
		for i := 0; i < len(args) && i < 7; i++ {
			v, ok := args[i].(int)
			if !ok {
				return nil, errors.New("datetime: unexpected state")
			}
			nums[i] = v
		}
		return time.Date(nums[0], time.Month(nums[1]), nums[2], nums[3], nums[4], nums[5], nums[6]*1000, time.UTC), nil
	}
	year := int(b[0])<<8 | int(b[1])
	us := int(b[7])<<16 | int(b[8])<<8 | int(b[9])
	// Naive datetimes carry no zone; they are shown as recorded (treated as UTC).
	return time.Date(year, time.Month(b[2]), int(b[3]), int(b[4]), int(b[5]), int(b[6]), us*1000, time.UTC), nil
}

func newDate(args ...any) (any, error) {
	if len(args) < 1 {
		return nil, errors.New("date: no state")
	}
	b, ok := bytesArg(args[0])
	if !ok || len(b) != 4 {
		return nil, errors.New("date: unexpected state")
	}
	return time.Date(int(b[0])<<8|int(b[1]), time.Month(b[2]), int(b[3]), 0, 0, 0, 0, time.UTC), nil
}

func newTimedelta(args ...any) (any, error) {
	var parts [3]int
	for i := 0; i < len(args) && i < 3; i++ {
		v, ok := args[i].(int)
		if !ok {
			return nil, errors.New("timedelta: unexpected state")
		}
		parts[i] = v
	}
	return time.Duration(parts[0])*24*time.Hour + time.Duration(parts[1])*time.Second + time.Duration(parts[2])*time.Microsecond, nil
}

func bytesArg(v any) ([]byte, bool) {
	switch b := v.(type) {
	case []byte:
		return b, true
	case string:
		return latin1(b), true
	}
	return nil, false
}

// latin1 turns text whose runes are all < 256 back into the bytes it encodes.
func latin1(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		out = append(out, byte(r))
	}
	return out
}

func intTuple(v any) ([]int, error) {
	var items []any
	switch t := v.(type) {
	case *types.Tuple:
		items = *t
	case *types.List:
		items = *t
	default:
		return nil, fmt.Errorf("want a tuple, got %T", v)
	}
	out := make([]int, len(items))
	for i, it := range items {
		n, ok := it.(int)
		if !ok || n < 0 {
			return nil, fmt.Errorf("dimension %d is not a non-negative int", i)
		}
		out[i] = n
	}
	return out, nil
}

// Decode reads one pickle into plain Go values: map[string]any, []any, string, int,
// float64, bool, nil, []byte, time.Time, time.Duration, *NDArray and map[string]any for
// allow-listed data classes (with a "__class__" key). open gives the stream; it is called
// twice (see the package comment), so it must give the same bytes both times. It ends with
// ctx's error as soon as ctx is done: both passes read through a reader that checks it.
func Decode(ctx context.Context, open func() (io.ReadCloser, error), lim Limits) (v any, err error) {
	r, err := open()
	if err != nil {
		return nil, err
	}
	st, err := scan(bufio.NewReaderSize(ctxReader{ctx, r}, 64<<10), lim)
	r.Close()
	if err != nil {
		return nil, err
	}
	if r, err = open(); err != nil {
		return nil, err
	}
	defer r.Close()
	defer func() {
		// The interpreter is third-party code fed hostile bytes; a panic in it is a bad
		// file, not a crash of ours, and its text means nothing to the file's owner.
		if p := recover(); p != nil {
			v, err = nil, errors.New("malformed pickle: its opcodes do not build a value (the interpreter failed on them)")
		}
	}()
	// Only the bytes the scan passed: a stream that grew since is not read further. The
	// opcodes the interpreter reads otherwise than Python are rewritten (see patch).
	in := &patchReader{r: ctxReader{ctx, io.LimitReader(r, st.bytes)}, patches: st.patches}
	u := gopickle.NewUnpickler(bufio.NewReaderSize(in, 64<<10))
	u.FindClass = allowedClass
	u.PersistentLoad = func(any) (any, error) { return nil, errors.New("pickle uses persistent ids, which are not supported") }
	u.GetExtension = func(int) (any, error) {
		return nil, errors.New("pickle uses the extension registry, which is not supported")
	}
	u.NextBuffer = func() (any, error) {
		return nil, errors.New("pickle uses out-of-band buffers, which are not supported")
	}
	raw, err := u.Load()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	// Memo references let a few bytes name one list many times over (a "billion laughs");
	// converting copies each reference, so the values converted are counted too.
	c := &converter{left: min(4*st.values+1<<16, lim.MaxMemory/valueCost), arrays: map[*npArray]*NDArray{}}
	return c.toGo(raw, 0)
}

// converter turns interpreter values into Go values, within a budget of values. An array
// the pickle refers to many times becomes one *NDArray, so its readers can tell (and do
// their work on it once).
type converter struct {
	left   int64
	arrays map[*npArray]*NDArray
}

func (c *converter) toGo(v any, depth int) (any, error) {
	if depth > maxPickleDepth {
		return nil, errors.New("pickle nests too deeply (or refers to itself)")
	}
	if c.left--; c.left < 0 {
		return nil, errors.New("pickle refers to its own parts more often than its size allows (a reference bomb)")
	}
	switch x := v.(type) {
	case nil, string, bool, float64, []byte, time.Time, time.Duration:
		return x, nil
	case int:
		return x, nil
	case *big.Int:
		if x.IsInt64() {
			return int(x.Int64()), nil
		}
		f, _ := new(big.Float).SetInt(x).Float64()
		return f, nil
	case *types.ByteArray:
		return []byte(*x), nil
	case *types.Dict:
		m := make(map[string]any, len(*x))
		for _, e := range *x {
			val, err := c.toGo(e.Value, depth+1)
			if err != nil {
				return nil, err
			}
			m[keyString(e.Key)] = val
		}
		return m, nil
	case *types.OrderedDict:
		m := make(map[string]any, x.Len())
		for k, e := range x.Map {
			val, err := c.toGo(e.Value, depth+1)
			if err != nil {
				return nil, err
			}
			m[keyString(k)] = val
		}
		return m, nil
	case *types.List:
		return c.sliceToGo(*x, depth)
	case *types.Tuple:
		return c.sliceToGo(*x, depth)
	case *types.Set:
		out := make([]any, 0, len(*x))
		for k := range *x {
			out = append(out, keyString(k))
		}
		return out, nil
	case *types.FrozenSet:
		out := make([]any, 0, len(*x))
		for k := range *x {
			out = append(out, keyString(k))
		}
		return out, nil
	case *npArray:
		if a, ok := c.arrays[x]; ok {
			return a, nil
		}
		a := x.arr
		c.arrays[x] = &a
		return &a, nil
	case *npDType:
		return x.Str, nil
	case *dataObject:
		m := map[string]any{"__class__": x.class}
		for k, val := range x.attrs {
			g, err := c.toGo(val, depth+1)
			if err != nil {
				return nil, err
			}
			m[k] = g
		}
		return m, nil
	}
	return nil, fmt.Errorf("pickle holds a value of unsupported type %T", v)
}

func (c *converter) sliceToGo(items []any, depth int) ([]any, error) {
	out := make([]any, len(items))
	for i, it := range items {
		g, err := c.toGo(it, depth+1)
		if err != nil {
			return nil, err
		}
		out[i] = g
	}
	return out, nil
}

func keyString(k any) string {
	if s, ok := k.(string); ok {
		return s
	}
	return fmt.Sprint(k)
}

// scanStats is what the scan counted.
type scanStats struct {
	bytes   int64 // up to and including STOP
	values  int64 // opcodes
	patches []patch
}

// patch replaces the bytes at offset at of the stream by with, of the same length, so the
// interpreter reads what Python reads: a zero-length LONG1 or LONG4 is the integer 0 (the
// interpreter indexes its last byte), and the set opcodes build lists (its sets are Go maps,
// which cannot hold bytes; autoeval reads every set as a list anyway).
type patch struct {
	at   int64
	with string
}

// patchReader applies patches, in increasing order of offset, to what r reads.
type patchReader struct {
	r       io.Reader
	pos     int64
	patches []patch
}

func (p *patchReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	end := p.pos + int64(n)
	for len(p.patches) > 0 && p.patches[0].at < end {
		pt := p.patches[0]
		for i := 0; i < len(pt.with); i++ {
			if at := pt.at + int64(i); at >= p.pos && at < end {
				b[at-p.pos] = pt.with[i]
			}
		}
		if pt.at+int64(len(pt.with)) > end {
			p.patches[0].with, p.patches[0].at = pt.with[end-pt.at:], end
			break
		}
		p.patches = p.patches[1:]
	}
	p.pos = end
	return n, err
}

// ctxReader fails with ctx's error once ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
}

// scan reads the opcode stream to its STOP without interpreting it: every opcode must be
// known and every argument present, and the stream within lim. It keeps nothing.
func scan(r *bufio.Reader, lim Limits) (scanStats, error) {
	var st scanStats
	var payload, frameStart, frameEnd int64
	pos := int64(0) // offset of the next byte
	skip := func(n uint64) error {
		if n > uint64(lim.MaxBytes-pos) {
			return fmt.Errorf("opcode at offset %d announces %d bytes, beyond the limit of %d MiB for a pickle (a truncated or hostile file)", st.bytes, n, lim.MaxBytes>>20)
		}
		got, err := io.CopyN(io.Discard, r, int64(n))
		pos += got
		payload += got
		if err != nil && err != io.EOF {
			return err
		}
		if err != nil {
			return fmt.Errorf("pickle truncated: opcode at offset %d needs %d more bytes, %d remain", st.bytes, n, got)
		}
		return nil
	}
	fixed := func(n int) ([]byte, error) {
		b, err := r.Peek(n)
		if err != nil && err != io.EOF {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("pickle truncated: opcode at offset %d needs %d more bytes, %d remain", st.bytes, n, len(b))
		}
		r.Discard(n)
		pos += int64(n)
		return b, nil
	}
	line := func() error {
		start := pos
		for {
			chunk, err := r.ReadSlice('\n')
			pos += int64(len(chunk))
			payload += int64(len(chunk))
			if err == nil {
				return nil
			}
			if err != bufio.ErrBufferFull && err != io.EOF {
				return err
			}
			if err != bufio.ErrBufferFull {
				return fmt.Errorf("pickle truncated: text argument at offset %d has no newline", start)
			}
			if pos > lim.MaxBytes {
				return fmt.Errorf("text argument at offset %d runs past the limit of %d MiB for a pickle", start, lim.MaxBytes>>20)
			}
		}
	}
	intLine := func() error {
		start := pos
		if err := line(); err != nil {
			return err
		}
		if digits := pos - start - 1; digits > MaxIntBytes*3 { // a byte holds under 3 digits
			return fmt.Errorf("pickle has an integer of %d digits at offset %d, over the limit of %d digits", digits, st.bytes, MaxIntBytes*3)
		}
		return nil
	}
	patchAt := func(with string) {
		st.patches = append(st.patches, patch{at: st.bytes, with: with})
	}
	longInt := func(n uint64) error {
		switch {
		case n > MaxIntBytes:
			return fmt.Errorf("pickle has an integer of %d bytes at offset %d, over the limit of %d bytes", n, st.bytes, MaxIntBytes)
		case n == 0:
			// LONG1 0 is 2 bytes: BININT1 0; LONG4 0 is 5: BININT2 0, NONE, POP.
			patchAt(map[int64]string{2: "K\x00", 5: "M\x00\x00N0"}[pos-st.bytes])
		}
		return skip(n)
	}
	for {
		st.bytes = pos
		op, err := r.ReadByte()
		if err != nil && err != io.EOF {
			return st, err
		}
		if err != nil {
			return st, errors.New("pickle truncated: no STOP opcode")
		}
		pos++
		st.values++
		if pos > lim.MaxBytes {
			return st, fmt.Errorf("pickle is larger than the limit of %d MiB", lim.MaxBytes>>20)
		}
		if payload+valueCost*st.values > lim.MaxMemory {
			return st, fmt.Errorf("pickle would take more than %d MiB of memory to read (%d values in its first %d bytes)", lim.MaxMemory>>20, st.values, pos)
		}
		var b []byte
		switch op {
		case '.': // STOP
			st.bytes = pos
			if frameEnd > pos {
				return st, fmt.Errorf("pickle truncated: frame at offset %d needs %d more bytes than the pickle holds", frameStart, frameEnd-pos)
			}
			return st, nil
		case 0x8f: // EMPTY_SET, read as EMPTY_LIST
			patchAt("]")
		case 0x90: // ADDITEMS, read as APPENDS
			patchAt("e")
		case 0x91: // FROZENSET, read as LIST
			patchAt("l")
		case '(', '0', '1', '2', 'N', 'R', 'a', 'b', 'd', '}', 'e', 'l', ']', 'o', 's', 't', ')', 'u', 'Q',
			0x81, 0x85, 0x86, 0x87, 0x88, 0x89, 0x92, 0x93, 0x94, 0x97, 0x98:
		case 'K', 'h', 'q', 0x80, 0x82:
			_, err = fixed(1)
		case 'M', 0x83:
			_, err = fixed(2)
		case 'J', 'j', 'r', 0x84:
			_, err = fixed(4)
		case 'G':
			_, err = fixed(8)
		case 0x95: // FRAME: the interpreter allocates the announced size up front
			if b, err = fixed(8); err == nil {
				n := binary.LittleEndian.Uint64(b)
				if n > uint64(lim.MaxBytes-pos) {
					err = fmt.Errorf("frame at offset %d announces %d bytes, beyond the limit of %d MiB for a pickle (a truncated or hostile file)", st.bytes, n, lim.MaxBytes>>20)
				} else if end := pos + int64(n); end > frameEnd {
					// The frame's bytes are scanned as opcodes; at STOP they must all have been there.
					frameStart, frameEnd = st.bytes, end
				}
			}
		case 'U', 0x8c, 'C': // one-byte length prefix
			if b, err = fixed(1); err == nil {
				err = skip(uint64(b[0]))
			}
		case 0x8a: // LONG1
			if b, err = fixed(1); err == nil {
				err = longInt(uint64(b[0]))
			}
		case 0x8b: // LONG4
			if b, err = fixed(4); err == nil {
				err = longInt(uint64(binary.LittleEndian.Uint32(b)))
			}
		case 'T', 'X', 'B': // four-byte length prefix
			if b, err = fixed(4); err == nil {
				err = skip(uint64(binary.LittleEndian.Uint32(b)))
			}
		case 0x8d, 0x8e, 0x96: // eight-byte length prefix
			if b, err = fixed(8); err == nil {
				err = skip(binary.LittleEndian.Uint64(b))
			}
		case 'I', 'L':
			err = intLine()
		case 'F', 'S', 'V', 'g', 'p', 'P':
			err = line()
		case 'c', 'i': // GLOBAL, INST: module and name lines
			if err = line(); err == nil {
				err = line()
			}
		default:
			return st, fmt.Errorf("pickle has unknown opcode 0x%02x at offset %d", op, pos-1)
		}
		if err != nil {
			return st, err
		}
	}
}

// TypeName names a value Decode returned the way Python would, for error messages.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "None"
	case map[string]any:
		return "dict"
	case []any:
		return "list"
	case string:
		return "str"
	}
	return strings.TrimPrefix(fmt.Sprintf("%T", v), "*")
}
