// Tests: strings.Fields and bytes.Fields summaries against the real functions on every string of a small alphabet, concrete and symbolic.

package engine

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"leapfrog/internal/ir"
)

// fieldToks are the tokens of the strings Fields is checked on: a letter,
// the ASCII spaces ' ' and '\t', the two-byte spaces U+0085 and U+00A0,
// their bytes alone (a lone lead byte, a lone continuation byte), an
// invalid byte, a two-byte non-space rune, and a three-byte space.
var fieldToks = []string{"a", " ", "\t", "\u0085", "\u00a0", "\xc2", "\x85", "\xff", "é", "\u3000"}

// fieldsCall is an IR function of strings.Fields' or bytes.Fields' name
// and signature.
func fieldsCall(byteSlices bool) *ir.Function {
	if byteSlices {
		bs := &ir.Type{Kind: ir.KSlice, Elem: ir.U8}
		return &ir.Function{Name: "bytes.Fields", Pkg: "bytes", Params: []*ir.Param{{Ident: "a0", Typ: bs}},
			Results: []*ir.Type{{Kind: ir.KSlice, Elem: bs}}}
	}
	return &ir.Function{Name: "strings.Fields", Pkg: "strings", Params: []*ir.Param{{Ident: "a0", Typ: stringType}},
		Results: []*ir.Type{{Kind: ir.KSlice, Elem: stringType}}}
}

// evalFields reads the result of a Fields summary under the model md:
// each field's bytes, its offset in the argument's array and its capacity
// (bytes.Fields), and the result's capacity.
func evalFields(res val, md map[string]uint64) (fields []string, offs, caps []int64, capacity int64) {
	out := res.(*slice)
	ev := func(s *scalar) int64 { return evalVal(s, md).Int }
	n := ev(out.n)
	elems := out.arr.v.(*agg).elems
	for j := int64(0); j < n; j++ {
		switch f := elems[j].(type) {
		case *str:
			fields = append(fields, evalVal(f, md).Str)
		case *slice:
			off, fn := ev(f.off), ev(f.n)
			arr := f.arr.v.(*agg).elems
			var b []byte
			for i := off; i < off+fn; i++ {
				b = append(b, byte(evalVal(arr[i], md).Int))
			}
			fields = append(fields, string(b))
			offs, caps = append(offs, off), append(caps, ev(f.cap))
		}
	}
	return fields, offs, caps, ev(out.cap)
}

// realFields is what Go's Fields returns for s: the fields, and for
// bytes.Fields their offsets in s and capacities.
func realFields(s string, byteSlices bool) (fields []string, offs, caps []int64) {
	if !byteSlices {
		return strings.Fields(s), nil, nil
	}
	b := []byte(s)
	for _, f := range bytes.Fields(b) {
		fields = append(fields, string(f))
		offs = append(offs, int64(uintptr(unsafe.Pointer(unsafe.SliceData(f)))-uintptr(unsafe.Pointer(unsafe.SliceData(b)))))
		caps = append(caps, int64(cap(f)))
	}
	return fields, offs, caps
}

// checkFields checks the summary of strings.Fields or bytes.Fields on
// every string of the domain: symbolic (one run's terms, evaluated under
// each string's model, the slots past its length filled with each of
// deadFills) or concrete (the decoding of concreteFields). It returns
// how many strings it checked, and the first disagreement.
func checkFields(dom []string, byteSlices, symbolic bool) (int, error) {
	fn := fieldsCall(byteSlices)
	if !isFields(fn) {
		return 0, fmt.Errorf("%s: not recognised as Fields", fn.Name)
	}
	longest := 0
	for _, s := range dom {
		longest = max(longest, len(s))
	}
	m := sumMachine(longest)
	var res val
	if symbolic {
		res = m.callSummary(fieldsFunc, fn, []val{m.input(ir.ParamPath("a0"), fn.Params[0].Typ, 0, &facts{holds: true})})[0]
	}
	checked := 0
	for _, s := range dom {
		fills := deadFills
		if !symbolic {
			fills = []byte{0}
			var x val = concString(s)
			if byteSlices {
				x = m.stringToBytes(x.(*str), fn.Params[0].Typ)
			}
			res = m.callSummary(fieldsFunc, fn, []val{x})[0]
		}
		want, wantOffs, wantCaps := realFields(s, byteSlices)
		for _, fill := range fills {
			md := map[string]uint64{}
			if symbolic {
				p := ir.ParamPath("a0")
				md[p.LenVar()] = uint64(len(s))
				for j := 0; j < longest; j++ {
					md[p.Elem(j).String()] = uint64(fill)
					if j < len(s) {
						md[p.Elem(j).String()] = uint64(s[j])
					}
				}
			}
			got, offs, caps, capacity := evalFields(res, md)
			if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) || fmt.Sprint(offs) != fmt.Sprint(wantOffs) ||
				fmt.Sprint(caps) != fmt.Sprint(wantCaps) || capacity != int64(len(want)) {
				return checked, fmt.Errorf("%s(%q) (symbolic %v, slots past the length %q) = %q at %v, caps %v, capacity %d; want %q at %v, caps %v, capacity %d",
					fn.Name, s, symbolic, fill, got, offs, caps, capacity, want, wantOffs, wantCaps, len(want))
			}
		}
		checked++
	}
	return checked, nil
}

// TestFieldsSummary checks strings.Fields and bytes.Fields, symbolic and
// concrete, on every string of up to 4 tokens of fieldToks and at most 6
// bytes (4 with -short): ASCII and multi-byte spaces, lone and
// invalid bytes, fields at either end and between runs of spaces.
func TestFieldsSummary(t *testing.T) {
	maxBytes := 6
	if testing.Short() {
		maxBytes = 4
	}
	dom := tokens(fieldToks, 4, maxBytes)
	for _, byteSlices := range []bool{false, true} {
		for _, symbolic := range []bool{true, false} {
			t.Run(fmt.Sprintf("bytes=%v/symbolic=%v", byteSlices, symbolic), func(t *testing.T) {
				checked, err := checkFields(dom, byteSlices, symbolic)
				if err != nil {
					t.Fatal(err)
				}
				if checked != len(dom) || checked < 500 {
					t.Fatalf("checked %d strings of %d", checked, len(dom))
				}
				t.Logf("%d strings agree with Go's", checked)
			})
		}
	}
}

// TestFieldsSummarySymbolic checks that a symbolic string's fields are
// terms (the count is no constant folded from the run's model) and that a
// two-byte space splits "a\u0085b" in two.
func TestFieldsSummarySymbolic(t *testing.T) {
	m := sumMachine(6)
	fn := fieldsCall(false)
	res := m.callSummary(fieldsFunc, fn, []val{m.input(ir.ParamPath("a0"), stringType, 0, &facts{holds: true})})
	if res[0].(*slice).n.s == nil {
		t.Fatal("the count of a symbolic string's fields is a constant")
	}
	p := ir.ParamPath("a0")
	md := map[string]uint64{p.LenVar(): 4}
	for j, c := range []byte("a\u0085b") {
		md[p.Elem(j).String()] = uint64(c)
	}
	got, _, _, _ := evalFields(res[0], md)
	if len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Fatalf("Fields(\"a\\u0085b\") = %q, want [a b]", got)
	}
}
