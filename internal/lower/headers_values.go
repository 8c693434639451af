// Header variables copied into each other (bh := sliceHeader{...}; *(*[]byte)(unsafe.Pointer(&bh))) and unsafe.Pointer data words compared.

package lower

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// headerAlloc is the type a local header variable is lowered as, or nil:
// a header h (headerFields) whose address is converted to a pointer to a
// string (2 fields) or a slice (3 fields), *(*[]byte)(unsafe.Pointer(&h)),
// which is assigned the header of a string or slice,
// h = *(*H)(unsafe.Pointer(&s)), or which is copied to or from another
// such variable (h = g, as go/ssa builds bh := sliceHeader{...}: a
// composite literal's variable copied into bh), and otherwise only used by
// its fields and loads. The variables linked by copies are lowered
// alike, as variables of the one string or slice type their conversions
// name (none, or two: none is), and their fields are views of it (gjson's
// stringBytes: &sliceHeader{data: ..., len: n, cap: n}; sjson's
// jsonbh := sliceHeader{data: jsonh.data, len: jsonh.len, cap: jsonh.len}).
func (fl *fnLowerer) headerAlloc(a *ssa.Alloc) *ir.Type {
	if t, ok := fl.hdrAllocs[a]; ok {
		return t
	}
	n := headerFields(pointee(a.Type()))
	if n == 0 {
		return nil
	}
	comp := []*ssa.Alloc{a}
	in := map[*ssa.Alloc]bool{a: true}
	var target *ir.Type
	ok := true
	set := func(e types.Type) {
		t, err := fl.l.types.irType(e)
		if err != nil || t.Kind != ir.KString && t.Kind != ir.KSlice ||
			t.Kind == ir.KString && n != 2 || t.Kind == ir.KSlice && n != 3 ||
			target != nil && !ir.Identical(target, t) {
			ok = false
			return
		}
		target = t
	}
	link := func(v ssa.Value) bool { // another header variable, copied to or from
		b, isAlloc := v.(*ssa.Alloc)
		if !isAlloc || headerFields(pointee(b.Type())) != n {
			return false
		}
		if !in[b] {
			in[b] = true
			comp = append(comp, b)
		}
		return true
	}
	for i := 0; i < len(comp) && ok; i++ {
		h := comp[i]
		for _, r := range *h.Referrers() {
			switch r := r.(type) {
			case *ssa.DebugRef, *ssa.FieldAddr:
			case *ssa.Store:
				// h = *(*H)(unsafe.Pointer(p)) for p a pointer to a string
				// or slice, or h = g for another header variable g
				ld, isLoad := r.Val.(*ssa.UnOp)
				if !isLoad || r.Addr != h || ld.Op != token.MUL {
					ok = false
					break
				}
				if link(ld.X) {
					break
				}
				c, isConv := ld.X.(*ssa.Convert)
				if !isConv || !isUnsafePointer(c.X.Type()) {
					ok = false
					break
				}
				o := pointerOrigin(c.X)
				if o == nil {
					ok = false
					break
				}
				set(pointee(o.Type()))
			case *ssa.UnOp:
				if r.Op != token.MUL {
					ok = false
					break
				}
				for _, rr := range *r.Referrers() {
					if s, isStore := rr.(*ssa.Store); isStore && s.Val == r {
						link(s.Addr)
					}
				}
			case *ssa.Convert:
				if !isUnsafePointer(r.Type()) {
					ok = false
					break
				}
				for _, rr := range *r.Referrers() {
					c, isConv := rr.(*ssa.Convert)
					if !isConv {
						continue
					}
					e := pointee(c.Type())
					if e == nil || headerFields(e) > 0 {
						continue
					}
					set(e)
				}
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
	}
	if !ok {
		target = nil
	}
	if fl.hdrAllocs == nil {
		fl.hdrAllocs = map[*ssa.Alloc]*ir.Type{}
	}
	for _, h := range comp {
		fl.hdrAllocs[h] = target
	}
	return target
}

// dataWord is what an unsafe.Pointer value is in a comparison: nil, the
// data pointer of the string or slice x (a header's Data,
// unsafe.SliceData(x), unsafe.StringData(x), through unsafe.Pointer and
// its named types), or the typed pointer x it was
// converted from; ok is false for anything else.
func (fl *fnLowerer) dataWord(v ssa.Value, pos token.Pos) (x ir.Value, isNil, ok bool, err error) {
	for {
		if c, isConst := v.(*ssa.Const); isConst && c.Value == nil {
			return nil, true, true, nil
		}
		if r, isHdr := fl.hdr[v]; isHdr && r.kind == hData {
			return r.x, false, true, nil
		}
		if ph, isPhi := v.(*ssa.Phi); isPhi && fl.vals[ph] != nil { // unsafe_phis.go
			return fl.vals[ph], false, true, nil
		}
		if ct, isCT := v.(*ssa.ChangeType); isCT {
			v = ct.X
			continue
		}
		break
	}
	if o := pointerOrigin(v); o != nil {
		if c, isCall := o.(*ssa.Call); isCall {
			if b, isB := c.Call.Value.(*ssa.Builtin); isB && (b.Name() == "SliceData" || b.Name() == "StringData") {
				x, err := fl.value(c.Call.Args[0], pos) // its data pointer, as a header's
				return x, false, err == nil, err
			}
		}
		if _, opaque := fl.noIR[o]; !opaque {
			x, err := fl.value(o, pos)
			return x, false, err == nil, err
		}
	}
	return nil, false, false, nil
}

// lowerDataCompare lowers p == q and p != q of unsafe.Pointers (ok is
// false when v is no such comparison). Against nil: a slice's data
// pointer is nil exactly when the slice is (make([]T, 0) and s[:0] of a
// non-nil s point somewhere); a non-empty string's is never nil, an
// empty string's is nil or not by where the string came from (gc's ""
// and string(nil) have none, s[1:1] has s's): a run comparing one aborts
// (ir.Within); a typed pointer's is nil when it is. Two typed pointers
// of one IR type of non-zero size are the same address when they are
// the same pointer. Any other comparison of addresses (two data
// pointers, pointers of other types, into zero-sized values) is
// rejected: leapfrog does not model addresses.
func (fl *fnLowerer) lowerDataCompare(v *ssa.BinOp) (ok bool, err error) {
	if v.Op != token.EQL && v.Op != token.NEQ || !isUnsafePointer(v.X.Type()) {
		return false, nil
	}
	pos := v.Pos()
	x, xNil, okX, err := fl.dataWord(v.X, pos)
	if err != nil {
		return true, err
	}
	y, yNil, okY, err := fl.dataWord(v.Y, pos)
	if err != nil {
		return true, err
	}
	if !okX || !okY {
		return true, fl.l.unsupported(pos, "comparison of an unsafe.Pointer that is not nil, a string's or slice's data pointer or a converted pointer (addresses are not modelled)")
	}
	if xNil {
		x, xNil, y, yNil = y, yNil, x, xNil
	}
	op, is := ir.Eq, uint64(1)
	if v.Op == token.NEQ {
		op, is = ir.Ne, 0
	}
	switch {
	case xNil && yNil:
		fl.vals[v] = &ir.Const{Typ: ir.Bool, Val: is}
	case yNil && x.Type().Kind == ir.KString:
		fl.within(fl.binop(ir.Ne, fl.length(x), zero(ir.I64)))
		fl.vals[v] = &ir.Const{Typ: ir.Bool, Val: 1 - is}
	case yNil: // a slice or a pointer
		fl.vals[v] = fl.binop(op, x, zero(x.Type()))
	case x.Type().Kind == ir.KPointer && ir.Identical(x.Type(), y.Type()) && x.Type().Elem.Size > 0:
		fl.vals[v] = fl.binop(op, x, y)
	default:
		return true, fl.l.unsupported(pos, "comparison of two unsafe.Pointers that are data pointers of strings or slices, or pointers of other types (addresses are not modelled)")
	}
	return true, nil
}
