// String and slice headers as views: (*reflect.SliceHeader)(unsafe.Pointer(&b)) and its kin, read and written field by field.

package lower

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// hdrKind says what an ssa value is in a header view (hdrRef).
type hdrKind int

const (
	hView  hdrKind = iota // a pointer to a header over the string or slice at loc
	hField                // the address of field (0 Data, 1 Len, 2 Cap) of a header over loc
	hValue                // a header value: the string or slice x, as a header
	hData                 // the data pointer of the string or slice x
)

// hdrRef is what a value of a header view stands for: loc is the ssa
// address of the string or slice variable a header views (hView,
// hField), x the IR value whose header a value is (hValue, hData).
type hdrRef struct {
	kind  hdrKind
	loc   ssa.Value
	field int
	x     ir.Value
}

// hdrGroup is a run of stores into the fields of one header (hdrStore):
// the values stored so far, by field, and the last store of the run,
// where the whole string or slice is written.
type hdrGroup struct {
	vals [3]ssa.Value
	last *ssa.Store
}

const hdrWhy = "the data pointer of a string or slice header (an address) used other than stored into another header's Data (leapfrog models headers as views of the same memory, not addresses)"

// headerFields is the number of fields of t when t is a string header
// (2: Data, Len) or a slice header (3: Data, Len, Cap): a struct whose
// first field is an unsafe.Pointer or a uintptr and whose others are
// ints, as reflect.StringHeader and reflect.SliceHeader and the copies
// packages declare (gjson's stringHeader); 0 otherwise.
func headerFields(t types.Type) int {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || st.NumFields() < 2 || st.NumFields() > 3 {
		return 0
	}
	b, ok := st.Field(0).Type().Underlying().(*types.Basic)
	if !ok || b.Kind() != types.UnsafePointer && b.Kind() != types.Uintptr {
		return 0
	}
	for i := 1; i < st.NumFields(); i++ {
		if b, ok := st.Field(i).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Int {
			return 0
		}
	}
	return st.NumFields()
}

// pointee is the type *t points to, or nil when t is no pointer.
func pointee(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return nil
}

// lowerHeaderAlloc lowers a local header variable (headerAlloc) as a
// variable of the string or slice type t it is viewed as: both start as
// zero (nil data, length and capacity 0).
func (fl *fnLowerer) lowerHeaderAlloc(a *ssa.Alloc, t *ir.Type) {
	fl.vals[a] = fl.emit(&ir.Alloc{}, ir.PointerTo(t)).(ir.Value)
	if fl.hdr == nil {
		fl.hdr = map[ssa.Value]hdrRef{}
	}
	fl.hdr[a] = hdrRef{kind: hView, loc: a}
}

func (fl *fnLowerer) setHdr(v ssa.Value, r hdrRef, why string) {
	if fl.hdr == nil {
		fl.hdr = map[ssa.Value]hdrRef{}
	}
	fl.hdr[v] = r
	fl.opaque(v, why)
}

// headerView lowers (*H)(unsafe.Pointer(p)) for a header type H and p a
// pointer to a string or a slice: a view of *p field by field (no IR
// value; its fields are lowered by lowerHeaderLoad and hdrStore). ok is
// false when v is no such conversion.
func (fl *fnLowerer) headerView(v *ssa.Convert) (ok bool, err error) {
	n := headerFields(pointee(v.Type()))
	if n == 0 {
		return false, nil
	}
	o := pointerOrigin(v.X)
	if o == nil {
		return false, nil
	}
	if r, isHdr := fl.hdr[o]; isHdr && r.kind == hView && r.loc == o {
		// a header variable (headerAlloc) viewed as a header again
	} else if fl.noIR[o] != "" {
		return false, nil
	}
	pos := fl.pos(v)
	ov, err := fl.value(o, pos)
	if err != nil {
		return true, err
	}
	k := ov.Type().Elem.Kind
	if ov.Type().Kind != ir.KPointer || k != ir.KString && k != ir.KSlice {
		return false, nil
	}
	if k == ir.KString && n == 3 {
		return true, fl.l.unsupported(pos, "a slice header over a %s: its Cap is whatever follows the string header in memory", fl.goType(o.Type()))
	}
	fl.setHdr(v, hdrRef{kind: hView, loc: o}, fmt.Sprintf("(%s)(unsafe.Pointer(p)) for p of type %s used other than through its fields or loaded", fl.goType(v.Type()), fl.goType(o.Type())))
	return true, nil
}

// headerFieldAddr lowers &h.f of a header view h: no IR value, its loads
// and stores read and write the string or slice viewed.
func (fl *fnLowerer) headerFieldAddr(v *ssa.FieldAddr) bool {
	r, ok := fl.hdr[v.X]
	if !ok || r.kind != hView {
		return false
	}
	fl.setHdr(v, hdrRef{kind: hField, loc: r.loc, field: v.Field}, "the address of a string or slice header's field used other than loaded or stored through")
	return true
}

// lowerHeaderLoad lowers a load through a header view: h.Data, h.Len,
// h.Cap of the string or slice viewed as it is now, or the whole header
// (a header value). ok is false when v is no such load.
func (fl *fnLowerer) lowerHeaderLoad(v *ssa.UnOp) (ok bool, err error) {
	r, isHdr := fl.hdr[v.X]
	if !isHdr || r.kind != hView && r.kind != hField {
		return false, nil
	}
	pos := fl.pos(v)
	p, err := fl.pointer(r.loc, pos)
	if err != nil {
		return true, err
	}
	x := fl.emit(&ir.Load{Ptr: p}, p.Type().Elem).(ir.Value)
	if r.kind == hView {
		fl.setHdr(v, hdrRef{kind: hValue, x: x}, "a string or slice header value used other than by its fields")
		return true, nil
	}
	return true, fl.headerField(v, x, r.field, pos)
}

// lowerHeaderField lowers h.f of a header value h. ok is false when v is
// no such field.
func (fl *fnLowerer) lowerHeaderField(v *ssa.Field) (ok bool, err error) {
	r, isHdr := fl.hdr[v.X]
	if !isHdr || r.kind != hValue {
		return false, nil
	}
	return true, fl.headerField(v, r.x, v.Field, fl.pos(v))
}

// headerField gives v the value of field f of the header of x: its data
// pointer (hData, no IR value), its length, its capacity.
func (fl *fnLowerer) headerField(v ssa.Value, x ir.Value, f int, pos token.Pos) error {
	var n ir.Value
	switch {
	case f == 0:
		fl.setHdr(v, hdrRef{kind: hData, x: x}, hdrWhy)
		return nil
	case f == 1:
		n = fl.length(x)
	case x.Type().Kind == ir.KSlice:
		n = fl.emit(&ir.Cap{X: x}, ir.I64).(ir.Value)
	default:
		return fl.l.unsupported(pos, "the Cap of a slice header over a string: whatever follows the string header in memory")
	}
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	fl.vals[v] = fl.convertInt(n, t)
	return nil
}

// dataSource is the string or slice whose data pointer v is: a header's
// Data (hData), or unsafe.Pointer(&x[0]) and unsafe.SliceData(x) of a
// slice or array, through conversions between unsafe.Pointer and uintptr.
func (fl *fnLowerer) dataSource(v ssa.Value, pos token.Pos) (ir.Value, error) {
	for {
		if r, ok := fl.hdr[v]; ok && r.kind == hData {
			return r.x, nil
		}
		c, ok := v.(*ssa.Convert)
		if !ok {
			if ct, ok := v.(*ssa.ChangeType); ok {
				v = ct.X
				continue
			}
			break
		}
		if isUnsafePointer(c.X.Type()) || isUintptr(c.X.Type()) {
			v = c.X
			continue
		}
		if base := viewOf(c.X); base != nil && isPointer(c.X.Type()) {
			x, err := fl.value(base, pos)
			if err != nil {
				return nil, err
			}
			if x.Type().Kind == ir.KPointer && x.Type().Elem.Kind == ir.KArray {
				p, err := fl.pointer(base, pos)
				if err != nil {
					return nil, err
				}
				x = fl.emit(&ir.Slice{X: p}, ir.SliceOf(x.Type().Elem.Elem)).(ir.Value)
			}
			if x.Type().Kind == ir.KSlice || x.Type().Kind == ir.KString {
				return x, nil
			}
		}
		break
	}
	return nil, fl.l.unsupported(pos, "a header's Data set to %s: not the data pointer of a string, a slice or an array (leapfrog models headers as views of the same memory, not addresses)", describeValue(v))
}

func isUintptr(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uintptr
}

func describeValue(v ssa.Value) string {
	if c, ok := v.(*ssa.Const); ok {
		return c.String()
	}
	if instr, ok := v.(ssa.Instruction); ok {
		return describe(instr)
	}
	return v.Name()
}

// hdrStore lowers a store into a field of a header view. The stores into
// one header's fields that follow each other in a block, with nothing
// between them that reads or writes the string or slice viewed or calls
// a function, are one write (a group): gc's s2b sets Data, then Len, then
// Cap, and the header between them views no memory anyone reads. The
// group's last store writes the string or slice made of the Data, Len and
// Cap stored (a field not stored keeps its value): ok is false when v is
// no such store.
func (fl *fnLowerer) hdrStore(v *ssa.Store) (ok bool, err error) {
	r, isHdr := fl.hdr[v.Addr]
	if isHdr && r.kind == hView && r.loc == v.Addr { // h = *(*H)(unsafe.Pointer(p)) into a header variable
		pos := fl.pos(v)
		src, ok := fl.hdr[v.Val]
		p, err := fl.pointer(v.Addr, pos)
		if err != nil {
			return true, err
		}
		if !ok || src.kind != hValue || !ir.Identical(src.x.Type(), p.Type().Elem) {
			return true, fl.l.unsupported(pos, "a string or slice header variable assigned a header of another type")
		}
		fl.emit(&ir.Store{Ptr: p, Val: src.x}, nil)
		return true, nil
	}
	if !isHdr || r.kind != hField {
		return false, nil
	}
	g := fl.hdrGroups[r.loc]
	if g == nil {
		g = &hdrGroup{last: v}
		instrs := v.Block().Instrs
		for _, in := range instrs[instrIndex(v)+1:] {
			if s, ok := in.(*ssa.Store); ok && fl.viewsLoc(s.Addr, r.loc) {
				if _, isField := s.Addr.(*ssa.FieldAddr); !isField {
					break
				}
				g.last = s
				continue
			}
			if !fl.hdrNeutral(in, r.loc) {
				break
			}
		}
		if fl.hdrGroups == nil {
			fl.hdrGroups = map[ssa.Value]*hdrGroup{}
		}
		fl.hdrGroups[r.loc] = g
	}
	g.vals[r.field] = v.Val
	if v != g.last {
		return true, nil
	}
	delete(fl.hdrGroups, r.loc)
	return true, fl.hdrWrite(r.loc, g.vals, fl.pos(v))
}

// viewsLoc reports whether addr is the address of a field of a header
// over loc, or loc itself, as ssa builds them (before they are lowered).
func (fl *fnLowerer) viewsLoc(addr, loc ssa.Value) bool {
	if addr == loc {
		return true
	}
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		addr = fa.X
		if addr == loc {
			return true
		}
	}
	c, ok := addr.(*ssa.Convert)
	return ok && isUnsafePointer(c.X.Type()) && pointerOrigin(c.X) == loc
}

// hdrNeutral reports whether in may stand between two stores of a group
// (hdrStore): it neither calls nor reads or writes the variable loc.
func (fl *fnLowerer) hdrNeutral(in ssa.Instruction, loc ssa.Value) bool {
	if u, ok := in.(*ssa.UnOp); ok && u.Op == token.MUL && fl.viewsLoc(u.X, loc) {
		return false
	}
	return readsOnly(in)
}

// hdrWrite writes into loc the string or slice a header with fields vals
// (nil: the field keeps its value) describes: the view of the memory of
// the Data's source x with the length and capacity stored. Where that
// memory holds them (len ≤ cap ≤ cap(x) for a slice of a slice; len ≤
// len(x) for a string) it is exactly x[:len:cap], the same memory; a
// string over a []byte's bytes is a copy of them (exact as long as
// nothing writes the bytes while the string is used, which Go's rules for
// strings require: the same rule as unsafe.String's), and a []byte over a
// string's a read-only copy with capacity cap (ir.ReadOnly: a write into
// it aborts the run; in Go it faults or changes the string). A view beyond the source's memory, and a
// []byte over the bytes of an empty string (nil or not by where the
// string came from), abort the run: Go reads whatever is there.
func (fl *fnLowerer) hdrWrite(loc ssa.Value, vals [3]ssa.Value, pos token.Pos) error {
	p, err := fl.pointer(loc, pos)
	if err != nil {
		return err
	}
	t := p.Type().Elem
	var cur ir.Value
	current := func() ir.Value {
		if cur == nil {
			cur = fl.emit(&ir.Load{Ptr: p}, t).(ir.Value)
		}
		return cur
	}
	var x ir.Value
	if vals[0] != nil {
		if x, err = fl.dataSource(vals[0], pos); err != nil {
			return err
		}
	} else {
		x = current()
	}
	lenCap := func(i int) (ir.Value, error) {
		if vals[i] == nil {
			if i == 1 {
				return fl.length(current()), nil
			}
			return fl.emit(&ir.Cap{X: current()}, ir.I64).(ir.Value), nil
		}
		n, err := fl.value(vals[i], pos)
		if err != nil {
			return nil, err
		}
		return fl.toI64(n), nil
	}
	n, err := lenCap(1)
	if err != nil {
		return err
	}
	var c ir.Value
	if t.Kind == ir.KSlice {
		if c, err = lenCap(2); err != nil {
			return err
		}
	}
	elem := ir.U8
	if t.Kind == ir.KSlice {
		elem = t.Elem
	}
	xelem := ir.U8
	if x.Type().Kind == ir.KSlice {
		xelem = x.Type().Elem
	}
	if !ir.Identical(elem, xelem) {
		return fl.l.unsupported(pos, "a %s header over the memory of a %s (a view of other elements)", fl.goType(pointee(loc.Type())), x.Type())
	}
	var res ir.Value
	switch {
	case t.Kind == ir.KString && x.Type().Kind == ir.KString:
		fl.within(fl.sliceCond(x, [3]ir.Value{nil, n, nil}))
		res = fl.emit(&ir.Slice{X: x, High: n}, t).(ir.Value)
	case t.Kind == ir.KString: // over a []byte's bytes
		fl.within(fl.sliceCond(x, [3]ir.Value{nil, n, nil}))
		s := fl.emit(&ir.Slice{X: x, High: n}, x.Type()).(ir.Value)
		res = fl.emit(&ir.Convert{X: s}, t).(ir.Value)
	case x.Type().Kind == ir.KSlice:
		fl.within(fl.sliceCond(x, [3]ir.Value{nil, n, c}))
		res = fl.emit(&ir.Slice{X: x, High: n, Max: c}, t).(ir.Value)
	default: // a []byte over a string's bytes
		fl.within(fl.sliceCond(x, [3]ir.Value{nil, n, c}))
		fl.within(fl.binop(ir.Ne, fl.length(x), zero(ir.I64)))
		s := fl.emit(&ir.Slice{X: x, High: c}, x.Type()).(ir.Value)
		b := fl.emit(&ir.Convert{X: s}, t).(ir.Value)
		fl.emit(&ir.Builtin{Fn: ir.ReadOnly, Args: []ir.Value{b}}, voidType)
		res = fl.emit(&ir.Slice{X: b, High: n, Max: c}, t).(ir.Value)
	}
	fl.emit(&ir.Store{Ptr: p, Val: res}, nil)
	return nil
}

// within aborts the run where cond (nil: always true) is false, as a
// bound of the analysis (ir.Within): Go goes on there, reading memory
// leapfrog does not model, so the inputs beyond are never refuted.
func (fl *fnLowerer) within(cond ir.Value) {
	if cond == nil {
		return
	}
	if c, ok := cond.(*ir.Const); ok && c.Val != 0 {
		return
	}
	fl.emit(&ir.Builtin{Fn: ir.Within, Args: []ir.Value{cond}}, voidType)
}

// lowerDataOffset lowers uintptr(xh.Data) - uintptr(yh.Data) for the
// headers xh and yh of two strings (gjson's fillIndex: where a substring
// starts in the string it was sliced from): ir.DataOff, which aborts the
// run when the strings do not lie in one string's memory. ok is false
// when v is no such subtraction.
func (fl *fnLowerer) lowerDataOffset(v *ssa.BinOp) (ok bool, err error) {
	if v.Op != token.SUB || !isUintptr(v.Type()) {
		return false, nil
	}
	data := func(a ssa.Value) ir.Value {
		c, ok := a.(*ssa.Convert)
		if !ok || !isUnsafePointer(c.X.Type()) {
			return nil
		}
		r, ok := fl.hdr[c.X]
		if !ok || r.kind != hData || r.x.Type().Kind != ir.KString {
			return nil
		}
		return r.x
	}
	x, y := data(v.X), data(v.Y)
	if x == nil || y == nil {
		return false, nil
	}
	t, err := fl.typeOf(v, fl.pos(v))
	if err != nil {
		return true, err
	}
	d := fl.emit(&ir.Builtin{Fn: ir.DataOff, Args: []ir.Value{x, y}}, ir.I64).(ir.Value)
	fl.vals[v] = fl.convertInt(d, t)
	return true, nil
}
