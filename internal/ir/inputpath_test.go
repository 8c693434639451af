// Tests of input paths: the names of the solver variables, and the walk over a parameter's parts of fixed shape.

package ir

import (
	"strings"
	"testing"
)

// TestInputPathNames: the names the solvers see (they reach the reports)
// are spelled as they always were.
func TestInputPathNames(t *testing.T) {
	x := ParamPath("x")
	box := &DynType{Name: "*Box"}
	for _, c := range []struct{ got, want string }{
		{x.String(), "x"},
		{x.Field("f").Elem(1).Field("g").String(), "x.f[1].g"},
		{x.NilVar(), "x#nil"},
		{x.LenVar(), "x#len"},
		{x.SpareVar(), "x#spare"},
		{x.TypeVar(), "x#type"},
		{x.AliasVar(3), "x#alias3"},
		{x.MapKey(0).String(), "x#k[0]"},
		{x.MapValue(2).Field("f").String(), "x#v[2].f"},
		{x.As(box).Field("Next").NilVar(), "x#as(*Box).Next#nil"},
		{LoopValuePath("ooc1.v").LenVar(), "ooc1.v#len"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
	if x.NilByDefault() || !x.Field("f").NilByDefault() || !x.Elem(0).NilByDefault() ||
		x.Elem(0).As(box).NilByDefault() || !x.As(box).Elem(0).NilByDefault() || !LoopValuePath("ooc1.v").NilByDefault() {
		t.Error("a parameter's or an interface's held reference is not nil by default; a reference inside an input is")
	}
}

// TestInputPathWalk: Walk visits a part, then its elements, fields and
// pointee in order, enters them only when visit says so, and never enters
// a slice.
func TestInputPathWalk(t *testing.T) {
	inner := &Type{Kind: KStruct, Fields: []StructField{{Name: "B", Type: Bool}, {Name: "S", Type: SliceOf(I8)}}}
	typ := &Type{Kind: KStruct, Fields: []StructField{
		{Name: "A", Type: &Type{Kind: KArray, Len: 2, Elem: I8}},
		{Name: "P", Type: PointerTo(inner)},
		{Name: "Q", Type: PointerTo(inner)},
	}}
	var seen []string
	ParamPath("x").Walk(typ, func(p InputPath, t *Type) bool {
		seen = append(seen, p.String()+":"+t.String())
		return p.String() != "x.Q"
	})
	want := "x:struct{A [2]i8; P *struct{B bool; S []i8}; Q *struct{B bool; S []i8}} x.A:[2]i8 x.A[0]:i8 x.A[1]:i8 x.P:*struct{B bool; S []i8} x.P:struct{B bool; S []i8} x.P.B:bool x.P.S:[]i8 x.Q:*struct{B bool; S []i8}"
	if got := strings.Join(seen, " "); got != want {
		t.Errorf("walk:\n got %s\nwant %s", got, want)
	}
}
