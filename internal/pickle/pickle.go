// Package pickle reads Python pickles, untrusted input, into plain Go values without
// running code: the data AndroidWorld's checkpoints hold (dicts, lists, numbers, text,
// datetimes, numpy arrays and a few allow-listed data classes).
package pickle

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	gopickle "github.com/nlpodyssey/gopickle/pickle"
	"github.com/nlpodyssey/gopickle/types"
)

// Checkpoints are Python pickles: untrusted input. They are read by a pickle-machine
// interpreter that never runs code: every class a pickle names must be on the allow-list
// below and maps to a plain Go stand-in; anything else is an error. Before the interpreter
// runs, a scan checks every opcode and every length prefix against the bytes actually
// present, so a hostile length cannot make the reader allocate gigabytes.

// MaxBytes bounds a pickle's size (a decompressed checkpoint, screenshots included).
const MaxBytes = 1 << 30

// maxPickleDepth bounds nesting when converting to Go values (memo references can
// build cycles; a cycle is reported, not followed forever).
const maxPickleDepth = 64

// NDArray is a numpy array rebuilt from its pickled state.
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

// Load reads one pickle into plain Go values: map[string]any, []any, string, int,
// float64, bool, nil, []byte, time.Time, time.Duration, *NDArray and map[string]any for
// allow-listed data classes (with a "__class__" key).
func Load(data []byte) (v any, err error) {
	if err := scanPickle(data); err != nil {
		return nil, err
	}
	defer func() {
		// The interpreter is third-party code fed hostile bytes; a panic in it is a bad
		// file, not a crash of ours.
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("malformed pickle (%v)", r)
		}
	}()
	u := gopickle.NewUnpickler(bytes.NewReader(data))
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
		return nil, err
	}
	return toGo(raw, 0)
}

func toGo(v any, depth int) (any, error) {
	if depth > maxPickleDepth {
		return nil, errors.New("pickle nests too deeply (or refers to itself)")
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
			val, err := toGo(e.Value, depth+1)
			if err != nil {
				return nil, err
			}
			m[keyString(e.Key)] = val
		}
		return m, nil
	case *types.OrderedDict:
		m := make(map[string]any, x.Len())
		for k, e := range x.Map {
			val, err := toGo(e.Value, depth+1)
			if err != nil {
				return nil, err
			}
			m[keyString(k)] = val
		}
		return m, nil
	case *types.List:
		return sliceToGo(*x, depth)
	case *types.Tuple:
		return sliceToGo(*x, depth)
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
		a := x.arr
		return &a, nil
	case *npDType:
		return x.Str, nil
	case *dataObject:
		m := map[string]any{"__class__": x.class}
		for k, val := range x.attrs {
			g, err := toGo(val, depth+1)
			if err != nil {
				return nil, err
			}
			m[k] = g
		}
		return m, nil
	}
	return nil, fmt.Errorf("pickle holds a value of unsupported type %T", v)
}

func sliceToGo(items []any, depth int) ([]any, error) {
	out := make([]any, len(items))
	for i, it := range items {
		g, err := toGo(it, depth+1)
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

// scanPickle walks the opcode stream without interpreting it: every opcode must be
// known and every argument must fit in the bytes that remain.
func scanPickle(data []byte) error {
	i := 0
	need := func(n uint64) error {
		if n > uint64(len(data)-i) {
			return fmt.Errorf("pickle truncated: opcode at offset %d needs %d more bytes, %d remain", i-1, n, len(data)-i)
		}
		return nil
	}
	line := func() error {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			return fmt.Errorf("pickle truncated: text argument at offset %d has no newline", i)
		}
		i += j + 1
		return nil
	}
	for i < len(data) {
		op := data[i]
		i++
		var err error
		switch op {
		case '.': // STOP
			return nil
		case '(', '0', '1', '2', 'N', 'R', 'a', 'b', 'd', '}', 'e', 'l', ']', 'o', 's', 't', ')', 'u', 'Q',
			0x81, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8f, 0x90, 0x91, 0x92, 0x93, 0x94, 0x97, 0x98:
		case 'K', 'h', 'q', 0x80, 0x82:
			err = need(1)
			i++
		case 'M', 0x83:
			err = need(2)
			i += 2
		case 'J', 'j', 'r', 0x84:
			err = need(4)
			i += 4
		case 'G':
			err = need(8)
			i += 8
		case 0x95: // FRAME: the reader allocates the announced size up front
			if err = need(8); err == nil {
				n := binary.LittleEndian.Uint64(data[i:])
				i += 8
				err = need(n)
			}
		case 'U', 0x8c, 'C', 0x8a: // one-byte length prefix
			if err = need(1); err == nil {
				n := uint64(data[i])
				i++
				if err = need(n); err == nil {
					i += int(n)
				}
			}
		case 'T', 'X', 'B', 0x8b: // four-byte length prefix
			if err = need(4); err == nil {
				n := uint64(binary.LittleEndian.Uint32(data[i:]))
				i += 4
				if err = need(n); err == nil {
					i += int(n)
				}
			}
		case 0x8d, 0x8e, 0x96: // eight-byte length prefix
			if err = need(8); err == nil {
				n := binary.LittleEndian.Uint64(data[i:])
				i += 8
				if err = need(n); err == nil {
					i += int(n)
				}
			}
		case 'I', 'L', 'F', 'S', 'V', 'g', 'p', 'P':
			err = line()
		case 'c', 'i': // GLOBAL, INST: module and name lines
			if err = line(); err == nil {
				err = line()
			}
		default:
			return fmt.Errorf("pickle has unknown opcode 0x%02x at offset %d", op, i-1)
		}
		if err != nil {
			return err
		}
	}
	return errors.New("pickle truncated: no STOP opcode")
}

// TypeName names a value Load returned the way Python would, for error messages.
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
