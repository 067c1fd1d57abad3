package adbd

import (
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"io"
	"net"
	"regexp"
	"strconv"
	"strings"
)

// The accessibility forwarder: AndroidWorld's default way of reading the screen is
// android_env's AccessibilityForwarder app, an accessibility service that sends the
// screen's node tree to the host as an AndroidAccessibilityForest protocol buffer
// (android_env/proto/a11y/*.proto). Its transport (gRPC from the app to the host) is
// replaced here by a plain TCP endpoint: each connection receives the forest of the
// screen the device shows, serialized, and is closed. The forest is built from the same
// screen as `uiautomator dump` (both read the app's accessibility nodes): one
// application window holding the dump's nodes in document order, ids from 0, with
// their children, depth, bounds, texts, hint, flags and visibility (visible-to-user,
// true when the dump does not say).

// ServeAccessibility starts the forwarder's endpoint and returns its address.
func (d *Device) ServeAccessibility() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	d.mu.Lock()
	if d.dropped {
		d.mu.Unlock()
		ln.Close()
		return "", errDropped
	}
	d.a11y = ln
	d.wg.Add(1)
	d.mu.Unlock()
	go func() {
		defer d.wg.Done()
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			forest, err := d.AccessibilityForest()
			if err != nil {
				d.refuse("accessibility forest: " + err.Error())
			}
			nc.Write(forest)
			nc.Close()
		}
	}()
	return ln.Addr().String(), nil
}

// AccessibilityForest is the serialized AndroidAccessibilityForest of the screen shown.
func (d *Device) AccessibilityForest() ([]byte, error) {
	d.mu.Lock()
	_, scr := d.state.current()
	w, h := d.state.width, d.state.height
	d.mu.Unlock()
	doc := scr.XML
	if doc == "" {
		doc = minimalHierarchy
	}
	nodes, err := a11yNodes(doc)
	if err != nil {
		return nil, err
	}
	var tree []byte
	for _, n := range nodes {
		tree = pbBytes(tree, 1, n.encode())
	}
	var win []byte
	win = pbBytes(win, 1, rect(0, 0, w, h))
	win = pbVarint(win, 3, 1) // id
	win = pbVarint(win, 6, 1) // TYPE_APPLICATION
	win = pbVarint(win, 8, 1) // is_active
	win = pbVarint(win, 9, 1) // is_focused
	win = pbBytes(win, 11, tree)
	return pbBytes(nil, 1, win), nil
}

type a11yNode struct {
	id, depth              int
	bounds                 [4]int
	hasBounds              bool
	class, desc, hint, pkg string
	text, resource         string
	flags                  map[int]bool // field number -> set
	children               []int
}

// The dump's boolean attributes and the AndroidAccessibilityNodeInfo fields they set.
var a11yFlags = map[string]int{
	"checkable": 12, "checked": 13, "clickable": 14, "enabled": 16, "focusable": 17, "focused": 18,
	"long-clickable": 19, "password": 20, "scrollable": 21, "selected": 22, "visible-to-user": 23,
}

var boundsRe = regexp.MustCompile(`^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$`)

// a11yNodes reads a uiautomator dump's nodes in document order.
func a11yNodes(doc string) ([]*a11yNode, error) {
	dec := xml.NewDecoder(strings.NewReader(doc))
	var nodes, stack []*a11yNode
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("UI dump: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local != "node" {
				continue
			}
			n := &a11yNode{id: len(nodes), depth: len(stack), flags: map[int]bool{23: true}}
			for _, a := range el.Attr {
				switch v := a.Value; a.Name.Local {
				case "text":
					n.text = v
				case "resource-id":
					n.resource = v
				case "class":
					n.class = v
				case "package":
					n.pkg = v
				case "content-desc":
					n.desc = v
				case "hint":
					n.hint = v
				case "bounds":
					if m := boundsRe.FindStringSubmatch(v); m != nil {
						for i := range n.bounds {
							n.bounds[i], _ = strconv.Atoi(m[i+1])
						}
						n.hasBounds = true
					}
				default:
					if f, ok := a11yFlags[a.Name.Local]; ok {
						n.flags[f] = v == "true"
					}
				}
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n.id)
			}
			nodes = append(nodes, n)
			stack = append(stack, n)
		case xml.EndElement:
			if el.Name.Local == "node" && len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	return nodes, nil
}

func (n *a11yNode) encode() []byte {
	var b []byte
	b = pbVarint(b, 1, uint64(n.id))
	if n.hasBounds {
		b = pbBytes(b, 2, rect(n.bounds[0], n.bounds[1], n.bounds[2], n.bounds[3]))
	}
	b = pbString(b, 3, n.class)
	b = pbString(b, 4, n.desc)
	b = pbString(b, 5, n.hint)
	b = pbString(b, 6, n.pkg)
	b = pbString(b, 7, n.text)
	b = pbString(b, 10, n.resource)
	b = pbVarint(b, 11, 1) // window_id
	for f := 12; f <= 23; f++ {
		if n.flags[f] {
			b = pbVarint(b, f, 1)
		}
	}
	if len(n.children) > 0 {
		var packed []byte
		for _, c := range n.children {
			packed = binary.AppendUvarint(packed, uint64(c))
		}
		b = pbBytes(b, 25, packed)
	}
	if n.depth > 0 {
		b = pbVarint(b, 27, uint64(n.depth))
	}
	return b
}

// Protocol buffer wire format: a key (field number, wire type) then a varint or a
// length-delimited payload; int32 fields carry negatives as 64-bit two's complement.
func pbVarint(b []byte, field int, v uint64) []byte {
	b = binary.AppendUvarint(b, uint64(field)<<3)
	return binary.AppendUvarint(b, v)
}

func pbBytes(b []byte, field int, p []byte) []byte {
	b = binary.AppendUvarint(b, uint64(field)<<3|2)
	b = binary.AppendUvarint(b, uint64(len(p)))
	return append(b, p...)
}

func pbString(b []byte, field int, s string) []byte {
	if s == "" {
		return b
	}
	return pbBytes(b, field, []byte(s))
}

func rect(l, t, r, bottom int) []byte {
	var b []byte
	for i, v := range []int{l, t, r, bottom} {
		if v != 0 {
			b = pbVarint(b, i+1, uint64(int64(v)))
		}
	}
	return b
}
