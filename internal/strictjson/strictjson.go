// Package strictjson reads JSON that comes from outside (traces, episodes, judgments,
// suites, element files, model answers) the way the formats' own tools read it: an object's
// keys are matched exactly, case included, as Python's json and a Go map do, so
// "Task_Actually_Successful" is not "task_actually_successful"; a key given twice in one
// object is an error, never a silent last-one-wins; and nesting is bounded, so a small file
// cannot cost deep recursion or an amplified copy. encoding/json matches keys without case
// and keeps the last duplicate, which let one episode say two things at once.
//
// UnmarshalPython also reads NaN, Infinity and -Infinity, which Python's json.dump writes
// for non-finite floats by default: they are read as null (JSON cannot carry them into a
// trace.json, and no field autoeval reads means anything by them).
package strictjson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// MaxDepth bounds the nesting of objects and arrays. The deepest real input (an episode's
// step records, elements and their boxes) nests 6 levels; Python's own reader gives up
// near 1,000.
const MaxDepth = 64

// Unmarshal decodes the JSON value in data into v: keys matched exactly, a duplicate key an
// error, nesting at most MaxDepth levels, invalid UTF-8 replaced by U+FFFD (as
// encoding/json does). Unknown keys are ignored. Errors are one line and give the byte
// offset and the JSON path (/frames/3/index) of the problem.
func Unmarshal(data []byte, v any) error {
	if err := checkDepth(data); err != nil {
		return err
	}
	return describe(json.Unmarshal(data, v, jsontext.AllowInvalidUTF8(true)))
}

// UnmarshalPython is Unmarshal for JSON written by Python's json module: NaN, Infinity and
// -Infinity outside strings are read as null.
func UnmarshalPython(data []byte, v any) error {
	return Unmarshal(pythonConstantsAsNull(data), v)
}

// Check reports what Unmarshal would refuse in data (bad syntax, a duplicate key, nesting
// too deep) without decoding it, for callers that decode into maps with encoding/json
// (whose map keys are exact already).
func Check(data []byte) error {
	if err := checkDepth(data); err != nil {
		return err
	}
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowInvalidUTF8(true))
	if err := dec.SkipValue(); err != nil {
		return describe(err)
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		if err == nil {
			return &Error{Offset: dec.InputOffset(), Msg: "text after the JSON value"}
		}
		return describe(err)
	}
	return nil
}

// DepthError is returned for nesting deeper than MaxDepth.
type DepthError struct{ Offset int64 }

func (e *DepthError) Error() string {
	return fmt.Sprintf("nested more than %d levels deep at byte %d", MaxDepth, e.Offset)
}

// checkDepth refuses nesting deeper than MaxDepth in one pass over the bytes, before a
// decoder recurses into it.
func checkDepth(data []byte) error {
	depth := 0
	var str stringScan
	for i, c := range data {
		switch {
		case str.inside(c):
		case c == '{' || c == '[':
			if depth++; depth > MaxDepth {
				return &DepthError{Offset: int64(i)}
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// stringScan follows a JSON text byte by byte to tell string contents (and their quotes)
// from the structure around them.
type stringScan struct{ inString, escaped bool }

// inside reports whether c, the next byte, is part of a string: its opening or closing
// quote or a byte between them.
func (s *stringScan) inside(c byte) bool {
	switch {
	case s.inString:
		switch {
		case s.escaped:
			s.escaped = false
		case c == '\\':
			s.escaped = true
		case c == '"':
			s.inString = false
		}
		return true
	case c == '"':
		s.inString = true
		return true
	}
	return false
}

// pythonConstantsAsNull replaces NaN, Infinity and -Infinity outside strings by null,
// padded with spaces so later offsets stay those of the file (NaN, one byte shorter than
// null, shifts them by one). data is returned as is when it holds none.
func pythonConstantsAsNull(data []byte) []byte {
	var out []byte
	var str stringScan
	last := 0
	for i := 0; i < len(data); i++ {
		if str.inside(data[i]) {
			continue
		}
		var n int
		for _, word := range [...]string{"NaN", "Infinity", "-Infinity"} {
			if strings.HasPrefix(string(data[i:min(len(data), i+len(word))]), word) {
				n = len(word)
				break
			}
		}
		if n == 0 {
			continue
		}
		out = append(out, data[last:i]...)
		out = append(out, "null"...)
		for k := 4; k < n; k++ {
			out = append(out, ' ')
		}
		i += n - 1
		last = i + 1
	}
	if out == nil {
		return data
	}
	return append(out, data[last:]...)
}

// describe turns the decoder's errors into one line: what is wrong, at which byte, and
// where in the document.
func describe(err error) error {
	if err == nil {
		return nil
	}
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		return &Error{Offset: se.ByteOffset, Pointer: string(se.JSONPointer), Msg: syntacticMessage(se)}
	}
	var me *json.SemanticError
	if errors.As(err, &me) {
		msg := "cannot read"
		if me.JSONKind != 0 {
			msg += " JSON " + kindName(me.JSONKind)
		}
		if me.GoType != nil {
			msg += " as " + goKind(me.GoType)
		}
		if me.Err != nil {
			msg += ": " + oneLine(me.Err.Error())
		}
		return &Error{Offset: me.ByteOffset, Pointer: string(me.JSONPointer), Msg: msg, err: me.Err}
	}
	return errors.New(oneLine(err.Error()))
}

func syntacticMessage(se *jsontext.SyntacticError) string {
	if errors.Is(se, jsontext.ErrDuplicateName) {
		name := se.JSONPointer.LastToken()
		return fmt.Sprintf("the key %q appears twice in one object", name)
	}
	msg := oneLine(se.Err.Error())
	msg = strings.TrimPrefix(msg, "jsontext: ")
	return msg
}

// Error is a JSON document that cannot be read: the message, the byte offset and the
// JSON pointer of the value concerned ("" for the document itself).
type Error struct {
	Offset  int64
	Pointer string
	Msg     string
	err     error
}

func (e *Error) Error() string {
	where := fmt.Sprintf("at byte %d", e.Offset)
	if e.Pointer != "" {
		where += " (" + e.Pointer + ")"
	}
	return e.Msg + " " + where
}

// Unwrap gives the cause a reader's own UnmarshalJSON returned (say, a limit it enforces).
func (e *Error) Unwrap() error { return e.err }

func kindName(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 'f', 't':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return k.String()
}

// goKind names a Go type as a JSON author thinks of it.
func goKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeFor[time.Time]() {
		return "a time"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return t.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
