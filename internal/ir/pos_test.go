// Tests of positions: the text form and its parsers.

package ir

import "testing"

func TestParsePos(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Pos
		ok   bool
	}{
		{"a.go:3:14", Pos{"a.go", 3, 14}, true},
		{"dir/a.go:3:1", Pos{"dir/a.go", 3, 1}, true},
		{`C:\x\a.go:12:7`, Pos{`C:\x\a.go`, 12, 7}, true},
		{"a.go:3", Pos{}, false},
		{"a.go:3:x", Pos{}, false},
		{"a.go:+3:1", Pos{}, false},
		{":3:1", Pos{}, false},
		{"-", Pos{}, false},
		{"", Pos{}, false},
	} {
		got, ok := ParsePos(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParsePos(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
		if ok && got.String() != c.in {
			t.Errorf("ParsePos(%q).String() = %q", c.in, got.String())
		}
	}
	if (Pos{}).String() != "-" {
		t.Errorf("unknown position: %q", Pos{}.String())
	}
}

func TestCutPos(t *testing.T) {
	for _, c := range []struct {
		in, rest string
		want     Pos
		ok       bool
	}{
		{"a.go:3:14: unsupported: x", "unsupported: x", Pos{"a.go", 3, 14}, true},
		{"a.go:3:14: b.go:1:2: two", "b.go:1:2: two", Pos{"a.go", 3, 14}, true},
		{"pkg: a.go:3:14: x", "x", Pos{"pkg: a.go", 3, 14}, true},
		{"a.go:3: x", "a.go:3: x", Pos{}, false},
		{"no function F in package p", "no function F in package p", Pos{}, false},
		{"a.go:3:14:x", "a.go:3:14:x", Pos{}, false},
	} {
		got, rest, ok := CutPos(c.in)
		if got != c.want || rest != c.rest || ok != c.ok {
			t.Errorf("CutPos(%q) = %v, %q, %v; want %v, %q, %v", c.in, got, rest, ok, c.want, c.rest, c.ok)
		}
	}
}
