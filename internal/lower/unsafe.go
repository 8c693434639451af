// Package unsafe as the views it makes: unsafe.String, Slice, SliceData, StringData and unsafe.Pointer conversions; the rest rejected with its reason.

package lower

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// isUnsafePointer reports whether t is unsafe.Pointer (or a type defined
// on it).
func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// isUnsafeBuiltin reports whether name is one of package unsafe's
// functions go/ssa calls as builtins (Sizeof, Alignof and Offsetof are
// constants).
func isUnsafeBuiltin(name string) bool {
	switch name {
	case "String", "StringData", "Slice", "SliceData", "Add":
		return true
	}
	return false
}

// opaque records that v, an ssa value the IR has no value for (an
// unsafe.Pointer, a pointer made by unsafe.SliceData), is consumed only by
// the constructs of this file, which look through it; any other use fails
// with why (value).
func (fl *fnLowerer) opaque(v ssa.Value, why string) {
	if fl.noIR == nil {
		fl.noIR = map[ssa.Value]string{}
	}
	fl.noIR[v] = why
}

// makesUnsafePointer reports whether instr yields an unsafe.Pointer the
// lowering looks through (lowerUnsafePointer): a conversion, a phi, an
// identity intrinsic (abi.NoEscape).
func makesUnsafePointer(instr ssa.Instruction) bool {
	v, ok := instr.(ssa.Value)
	if !ok || !isUnsafePointer(v.Type()) {
		return false
	}
	switch v := v.(type) {
	case *ssa.Convert, *ssa.ChangeType, *ssa.Phi:
		return true
	case *ssa.Call:
		return identityArg(v.Common()) != nil
	}
	return false
}

// lowerUnsafePointer lowers an instruction yielding an unsafe.Pointer (see
// makesUnsafePointer). The IR has no such values: it emits nothing, and the
// consumers the IR can express (a conversion back to a pointer type,
// unsafe.String, unsafe.Slice) look through it to the typed pointer it
// was made from (pointerOrigin); any other use fails with the reason.
func (fl *fnLowerer) lowerUnsafePointer(v ssa.Value) error {
	why := "unsafe.Pointer used other than converted back to a pointer type (addresses are not modelled)"
	switch x := v.(type) {
	case *ssa.Convert:
		if !isPointer(x.X.Type()) {
			why = fmt.Sprintf("unsafe.Pointer made from a %s (addresses are not modelled)", fl.goType(x.X.Type()))
		}
	case *ssa.Phi:
		if ok, err := fl.lowerUnsafePhi(x); ok { // unsafe_phis.go
			return err
		}
		why = "unsafe.Pointer merged from several values (a phi) other than nil and pointers of one type"
	}
	fl.opaque(v, why)
	return nil
}

// pointerOrigin is the typed pointer an unsafe.Pointer was converted from,
// through abi.NoEscape and types defined on unsafe.Pointer, or nil.
func pointerOrigin(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			if isUnsafePointer(x.X.Type()) {
				v = x.X
				continue
			}
			if isPointer(x.X.Type()) {
				return x.X
			}
		case *ssa.Call:
			if a := identityArg(x.Common()); a != nil {
				v = a
				continue
			}
		}
		return nil
	}
}

// lowerFromUnsafePointer lowers (*U)(p) for an unsafe.Pointer p made from
// a pointer q of type *T. When T and U have the same IR structure (the
// same memory layout), the result is q itself: the round trip
// (*T)(abi.NoEscape(unsafe.Pointer(q))) of strings.Builder, or a view of
// a struct as another with the same fields. Otherwise the result is a
// reinterpretation of q's memory, which only a load or a store can use
// (lowerReinterpLoad, lowerReinterpStore). A conversion to uintptr (an
// address as an integer) fails when it is used.
func (fl *fnLowerer) lowerFromUnsafePointer(v *ssa.Convert) error {
	pos := fl.pos(v)
	if !isPointer(v.Type()) {
		fl.opaque(v, fmt.Sprintf("%s(unsafe.Pointer): an address as an integer (addresses are not modelled)", fl.goType(v.Type())))
		return nil
	}
	if ok, err := fl.headerView(v); ok { // headers.go
		return err
	}
	if ok, err := fl.fromUnsafePhi(v); ok { // unsafe_phis.go
		return err
	}
	o := pointerOrigin(v.X)
	if o == nil {
		_, err := fl.value(v.X, pos) // its reason
		if err == nil {
			err = fl.l.unsupported(pos, "conversion of an unsafe.Pointer of unknown origin")
		}
		return err
	}
	if r := fl.reinterp[o]; r != nil {
		o = r
	}
	if why, ok := fl.noIR[o]; ok { // unsafe.SliceData's pointer: a view's, or its reason
		fl.opaque(v, why)
		return nil
	}
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	ov, err := fl.value(o, pos)
	if err != nil {
		return err
	}
	if ir.Identical(t, ov.Type()) {
		fl.vals[v] = ov
		return nil
	}
	if fl.reinterp == nil {
		fl.reinterp = map[ssa.Value]ssa.Value{}
	}
	fl.reinterp[v] = o
	fl.opaque(v, fmt.Sprintf("(%s)(unsafe.Pointer(p)) for p of type %s (another layout, or other field names) used other than loaded or stored through", fl.goType(v.Type()), fl.goType(o.Type())))
	return nil
}

// reinterpretable reports how a value of IR type from reads as one of type
// to in the same memory: a []byte's header as a string (its first len
// bytes: the string view *(*string)(unsafe.Pointer(&b))), a float's bits
// as an integer of its width or back (bits), two integers of one width;
// ok is false for anything else.
func reinterpretable(from, to *ir.Type) (bits, ok bool) {
	switch {
	case from.Kind == ir.KSlice && ir.Identical(from.Elem, ir.U8) && to.Kind == ir.KString:
		return false, true
	case from.Kind == ir.KInt && to.Kind == ir.KInt && from.Width == to.Width:
		return false, true
	case (ir.IsFloat(from) && to.Kind == ir.KInt || from.Kind == ir.KInt && ir.IsFloat(to)) && from.Width == to.Width:
		return true, true
	}
	return false, false
}

// lowerReinterpLoad lowers *p for p a reinterpretation of the memory
// behind the pointer o (lowerFromUnsafePointer): a load through o,
// reinterpreted. A string view of a []byte is a copy of its bytes: exact
// as long as nothing writes them while the string is used, which Go's
// rules for unsafe string views require.
func (fl *fnLowerer) lowerReinterpLoad(v *ssa.UnOp, o ssa.Value) error {
	pos := fl.pos(v)
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	p, err := fl.pointer(o, pos)
	if err != nil {
		return err
	}
	from := p.Type().Elem
	bits, ok := reinterpretable(from, t)
	if from.Kind == ir.KString && t.Kind == ir.KSlice {
		return fl.l.unsupported(pos, "a string's header read as a %s through unsafe.Pointer: its capacity is whatever follows the header in memory", fl.goType(v.Type()))
	}
	if !ok {
		return fl.l.unsupported(pos, "load of a %s as a %s through unsafe.Pointer (leapfrog reinterprets a []byte as a string and a number's bits as another number of its width)", fl.goType(o.Type().Underlying().(*types.Pointer).Elem()), fl.goType(v.Type()))
	}
	x := fl.emit(&ir.Load{Ptr: p}, from).(ir.Value)
	fl.vals[v] = fl.emit(&ir.Convert{X: x, Bits: bits}, t).(ir.Value)
	return nil
}

// lowerReinterpStore lowers *p = x for p a reinterpretation of the memory
// behind the pointer o: a number's bits stored as another number of its
// width.
func (fl *fnLowerer) lowerReinterpStore(v *ssa.Store, o ssa.Value) error {
	pos := fl.pos(v)
	x, err := fl.value(v.Val, pos)
	if err != nil {
		return err
	}
	p, err := fl.pointer(o, pos)
	if err != nil {
		return err
	}
	to := p.Type().Elem
	bits, ok := reinterpretable(x.Type(), to)
	if !ok || to.Kind == ir.KString {
		return fl.l.unsupported(pos, "store of a %s into a %s through unsafe.Pointer (leapfrog stores a number's bits as another number of its width)", fl.goType(v.Val.Type()), fl.goType(o.Type().Underlying().(*types.Pointer).Elem()))
	}
	y := fl.emit(&ir.Convert{X: x, Bits: bits}, to).(ir.Value)
	fl.emit(&ir.Store{Ptr: p, Val: y}, nil)
	return nil
}

// lowerUnsafeBuiltin lowers a call of one of unsafe's functions.
// unsafe.SliceData and unsafe.StringData make the pointer of a view:
// nothing is emitted, unsafe.String and unsafe.Slice look through them
// (viewOf). unsafe.Add is pointer arithmetic, which the IR does not have.
func (fl *fnLowerer) lowerUnsafeBuiltin(v *ssa.Call, name string) error {
	switch name {
	case "SliceData", "StringData":
		fl.opaque(v, fmt.Sprintf("unsafe.%s used other than as the pointer of unsafe.String or unsafe.Slice over the whole slice or string", name))
		return nil
	case "Add":
		fl.opaque(v, "unsafe.Add: pointer arithmetic (leapfrog models the views unsafe.String and unsafe.Slice make of a whole slice, string or array)")
		return nil
	}
	return fl.lowerView(v, name == "String")
}

// viewOf is what the pointer of unsafe.String(ptr, n) or
// unsafe.Slice(ptr, n) points to the start of: a slice
// (unsafe.SliceData(s), &s[0]), a string (unsafe.StringData(s)) or an
// array (&a[0] for a pointer a to an array), looking through
// unsafe.Pointer conversions; nil when it is none of those.
func viewOf(ptr ssa.Value) ssa.Value {
	for {
		switch x := ptr.(type) {
		case *ssa.ChangeType:
			ptr = x.X
			continue
		case *ssa.Convert:
			if o := pointerOrigin(x.X); o != nil && isUnsafePointer(x.X.Type()) {
				ptr = o
				continue
			}
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && (b.Name() == "SliceData" || b.Name() == "StringData") {
				return x.Call.Args[0]
			}
		case *ssa.IndexAddr:
			if c, ok := x.Index.(*ssa.Const); ok && c.Value != nil && c.Int64() == 0 {
				return x.X
			}
		}
		return nil
	}
}

// lowerView lowers unsafe.String(ptr, n) (str) or unsafe.Slice(ptr, n)
// where ptr points to the start of a slice, string or array x (viewOf) of
// the view's element type and n is len(x) (cap(x) too for unsafe.Slice of
// a slice; for an array a constant up to its length): the view is then
// exactly x's elements, which Go does not check and which the IR
// expresses. unsafe.Slice of a slice or array is x[:n:n], the same
// memory; unsafe.String of a string is the string, of a slice or array a
// copy of its bytes: exact because Go forbids writing the bytes a string
// views (the standard library's uses, as strings.Builder's, never do; a
// program that did would see its string change in Go and not in
// leapfrog). Any other pointer or length reads memory Go does not bound,
// and unsafe.Slice of a string is unspecified for an empty one (nil or
// not, by where the string came from): rejected.
func (fl *fnLowerer) lowerView(v *ssa.Call, str bool) error {
	pos := fl.l.callStart(v.Pos())
	fname := "unsafe.Slice"
	if str {
		fname = "unsafe.String"
	}
	ptr, n := v.Call.Args[0], v.Call.Args[1]
	base := viewOf(ptr)
	if base == nil {
		return fl.l.unsupported(pos, "%s of a pointer that is not the start of a slice, string or array (unsafe.SliceData, unsafe.StringData, &x[0])", fname)
	}
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return err
	}
	x, err := fl.value(base, pos)
	if err != nil {
		return err
	}
	elem := ir.U8
	if !str {
		elem = t.Elem
	}
	var baseElem *ir.Type
	switch x.Type().Kind {
	case ir.KString:
		baseElem = ir.U8
	case ir.KSlice:
		baseElem = x.Type().Elem
	case ir.KPointer:
		if x.Type().Elem.Kind == ir.KArray {
			baseElem = x.Type().Elem.Elem
		}
	}
	if baseElem == nil || !ir.Identical(baseElem, elem) {
		return fl.l.unsupported(pos, "%s over the memory of a %s (a view of other elements)", fname, fl.goType(base.Type()))
	}
	if !fl.wholeLen(n, base, x, !str) {
		return fl.l.unsupported(pos, "%s(ptr, n) with n not the length of the %s ptr points into (leapfrog models views of whole slices, strings and arrays)", fname, fl.goType(base.Type()))
	}
	if x.Type().Kind == ir.KString && !str {
		// The bytes of a string as a []byte: a read-only copy of them
		// with capacity its length (ir.ReadOnly: a write into it aborts
		// the run; in Go it faults or changes the string), as for a
		// header over a string's bytes (headers.go). Go leaves it
		// unspecified whether the view of an empty string is nil (gc's is
		// nil for a string made empty, "" or string(nil), and not for an
		// empty substring of another, s[1:1]): a run that makes one is
		// aborted (ir.Within), a bound of the analysis, never a refutation.
		fl.within(fl.binop(ir.Ne, fl.length(x), zero(ir.I64)))
		b := fl.emit(&ir.Convert{X: x}, t).(ir.Value)
		fl.emit(&ir.Builtin{Fn: ir.ReadOnly, Args: []ir.Value{b}}, voidType)
		n := fl.length(x)
		fl.vals[v] = fl.emit(&ir.Slice{X: b, High: n, Max: n}, t).(ir.Value)
		return nil
	}
	nv, err := fl.value(n, pos)
	if err != nil {
		return err
	}
	n64 := fl.toI64(nv)
	switch {
	case x.Type().Kind == ir.KString:
		fl.vals[v] = x
	case str && x.Type().Kind == ir.KSlice:
		fl.vals[v] = fl.emit(&ir.Convert{X: x}, t).(ir.Value)
	case str: // an array
		p, err := fl.pointer(base, pos)
		if err != nil {
			return err
		}
		s := fl.emit(&ir.Slice{X: p, High: n64}, ir.SliceOf(x.Type().Elem.Elem)).(ir.Value)
		fl.vals[v] = fl.emit(&ir.Convert{X: s}, t).(ir.Value)
	default: // a slice or an array
		if x.Type().Kind == ir.KPointer {
			if x, err = fl.pointer(base, pos); err != nil {
				return err
			}
		}
		fl.vals[v] = fl.emit(&ir.Slice{X: x, High: n64, Max: n64}, t).(ir.Value)
	}
	return nil
}

// wholeLen reports whether n is the whole length of the view's base x
// (the ssa value base): len(base) (or cap(base) for a slice when capOK),
// or for a pointer to an array a constant from 0 to its length.
func (fl *fnLowerer) wholeLen(n, base ssa.Value, x ir.Value, capOK bool) bool {
	if x.Type().Kind == ir.KPointer {
		c, ok := n.(*ssa.Const)
		if !ok || c.Value == nil {
			return false
		}
		k := c.Int64()
		return 0 <= k && k <= int64(x.Type().Elem.Len)
	}
	call, ok := n.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || len(call.Call.Args) != 1 || !(b.Name() == "len" || b.Name() == "cap" && capOK && x.Type().Kind == ir.KSlice) {
		return false
	}
	return sameValue(call.Call.Args[0], base)
}

// sameValue reports whether a and b are the same value: the same ssa
// value, or two loads of the same address in one block with no
// instruction between them that may write memory
// (strings.Builder.String loads b.buf twice:
// unsafe.String(unsafe.SliceData(b.buf), len(b.buf))).
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	la, ok := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok || !ok2 || la.Op != token.MUL || lb.Op != token.MUL || la.Block() != lb.Block() || !sameAddr(la.X, lb.X) {
		return false
	}
	i, j := instrIndex(la), instrIndex(lb)
	if i > j {
		i, j = j, i
	}
	for _, in := range la.Block().Instrs[i+1 : j] {
		if !readsOnly(in) {
			return false
		}
	}
	return true
}

// sameAddr reports whether two addresses are the same: the same value, or
// the same field or element of the same value.
func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameValue(x.X, y.X)
	case *ssa.IndexAddr:
		y, ok := b.(*ssa.IndexAddr)
		if !ok || !sameValue(x.X, y.X) {
			return false
		}
		if cx, ok := x.Index.(*ssa.Const); ok {
			cy, ok := y.Index.(*ssa.Const)
			return ok && cx.Value != nil && cy.Value != nil && cx.Int64() == cy.Int64()
		}
		return x.Index == y.Index
	}
	return false
}

// instrIndex is the index of instr in its block.
func instrIndex(instr ssa.Instruction) int {
	for i, in := range instr.Block().Instrs {
		if in == instr {
			return i
		}
	}
	panic("lower: an instruction not in its block")
}

// readsOnly reports whether instr cannot write memory.
func readsOnly(instr ssa.Instruction) bool {
	switch v := instr.(type) {
	case *ssa.DebugRef, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index, *ssa.BinOp,
		*ssa.Convert, *ssa.ChangeType, *ssa.Extract, *ssa.Slice:
		return true
	case *ssa.UnOp:
		return v.Op != token.ARROW
	case *ssa.Call:
		b, ok := v.Call.Value.(*ssa.Builtin)
		return ok && (b.Name() == "len" || b.Name() == "cap" || b.Name() == "SliceData" || b.Name() == "StringData")
	}
	return false
}
