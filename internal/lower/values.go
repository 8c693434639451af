// Lowering of the instructions on strings, slices and maps, and of the builtins on them.

package lower

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// lowerIndex lowers x[i] of an array value or a string (a byte).
func (fl *fnLowerer) lowerIndex(v *ssa.Index) error {
	return fl.lowerElement(v, v.X, v.Index)
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// lowerElement lowers the element coll[index] of an array or a string
// (a byte), the value v.
func (fl *fnLowerer) lowerElement(v valueInstr, coll, index ssa.Value) error {
	x, err := fl.value(coll, fl.pos(v))
	if err != nil {
		return err
	}
	var n int
	var elem *ir.Type
	switch t := x.Type(); t.Kind {
	case ir.KArray:
		n, elem = t.Len, t.Elem
	case ir.KString:
		n, elem = -1, ir.U8
	default:
		return fl.l.unsupported(fl.pos(v), "indexing of %s", fl.goType(coll.Type()))
	}
	idx, err := fl.index(v, index, coll, x, n, fl.pos(v))
	if err != nil {
		return err
	}
	fl.vals[v] = fl.emit(&ir.Index{X: x, Index: idx}, elem).(ir.Value)
	return nil
}

// lowerIndexAddr lowers &x[i] of a pointer to an array or of a slice.
func (fl *fnLowerer) lowerIndexAddr(v *ssa.IndexAddr) error {
	var x ir.Value
	var err error
	n := -1
	switch v.X.Type().Underlying().(type) {
	case *types.Pointer:
		if x, err = fl.pointer(v.X, fl.pos(v)); err != nil {
			return err
		}
		if x.Type().Elem.Kind != ir.KArray {
			return fl.l.unsupported(fl.pos(v), "indexing of %s", fl.goType(v.X.Type()))
		}
		n = x.Type().Elem.Len
	case *types.Slice:
		if x, err = fl.value(v.X, fl.pos(v)); err != nil {
			return err
		}
	default:
		return fl.l.unsupported(fl.pos(v), "indexing of %s", fl.goType(v.X.Type()))
	}
	idx, err := fl.index(v, v.Index, v.X, x, n, fl.pos(v))
	if err != nil {
		return err
	}
	elem := x.Type().Elem
	if n >= 0 {
		elem = elem.Elem
	}
	fl.vals[v] = fl.emit(&ir.IndexAddr{Ptr: x, Index: idx}, ir.PointerTo(elem)).(ir.Value)
	return nil
}

// lowerSlice lowers x[low:high:max] of a string, a slice or a pointer to
// an array, after its SliceCheck; make([]T, n, C) with a constant C, which
// go/ssa builds as new([C]T)[:n], gets make's checks instead.
func (fl *fnLowerer) lowerSlice(v *ssa.Slice) error {
	if a, ok := v.X.(*ssa.Alloc); ok && a.Comment == "makeslice" && v.Low == nil && v.High != nil && v.Max == nil {
		return fl.lowerMakeConstCap(v, a)
	}
	t, err := fl.typeOf(v, fl.pos(v))
	if err != nil {
		return err
	}
	var x ir.Value
	if isPointer(v.X.Type()) {
		x, err = fl.pointer(v.X, fl.pos(v))
	} else {
		x, err = fl.value(v.X, fl.pos(v))
	}
	if err != nil {
		return err
	}
	var bounds, bounds64 [3]ir.Value
	for i, b := range []ssa.Value{v.Low, v.High, v.Max} {
		if b == nil {
			continue
		}
		bv, err := fl.value(b, fl.pos(v))
		if err != nil {
			return err
		}
		if bv.Type().Kind != ir.KInt {
			return fl.l.unsupported(fl.pos(v), "slice index of %s", fl.goType(b.Type()))
		}
		bounds[i] = bv
	}
	if cond := fl.sliceCond(x, bounds); cond != nil {
		fl.check(ir.SliceCheck, cond, fl.pos(v))
	}
	for i, b := range bounds {
		if b != nil {
			bounds64[i] = fl.toI64(b)
		}
	}
	fl.vals[v] = fl.emit(&ir.Slice{X: x, Low: bounds64[0], High: bounds64[1], Max: bounds64[2]}, t).(ir.Value)
	return nil
}

// lowerMakeConstCap lowers make([]T, n, C) with a constant capacity C:
// go/ssa's new([C]T)[:n]. Go checks n as make does (n < 0: len out of
// range; n > C: cap out of range), not as a slice expression.
func (fl *fnLowerer) lowerMakeConstCap(v *ssa.Slice, a *ssa.Alloc) error {
	t, ops, err := fl.typedOperands(v, a, v.High)
	if err != nil {
		return err
	}
	arr, n := ops[0], ops[1]
	if n.Type().Kind != ir.KInt {
		return fl.l.unsupported(fl.pos(v), "make size of %s", fl.goType(v.High.Type()))
	}
	n64 := fl.toI64(n)
	capC := &ir.Const{Typ: ir.I64, Val: uint64(arr.Type().Elem.Len)}
	fl.makeChecks(n, n64, capC, false, fl.pos(a))
	fl.vals[v] = fl.emit(&ir.Slice{X: arr, High: n64}, t).(ir.Value)
	return nil
}

// lowerMakeSlice lowers make([]T, len, cap) after its checks.
func (fl *fnLowerer) lowerMakeSlice(v *ssa.MakeSlice) error {
	t, ops, err := fl.typedOperands(v, v.Len, v.Cap)
	if err != nil {
		return err
	}
	n, c := ops[0], ops[1]
	if n.Type().Kind != ir.KInt || c.Type().Kind != ir.KInt {
		return fl.l.unsupported(fl.pos(v), "make size of %s", fl.goType(v.Len.Type()))
	}
	n64 := fl.toI64(n)
	c64 := n64
	if v.Cap != v.Len {
		c64 = fl.toI64(c)
	}
	fl.makeChecks(n, n64, c64, v.Cap == v.Len, fl.pos(v))
	fl.vals[v] = fl.emit(&ir.MakeSlice{Len: n64, Cap: c64}, t).(ir.Value)
	return nil
}

// lowerLookup lowers m[k] and m[k], ok of a map (and s[i] of a string,
// which go/ssa made a Lookup before it made it an Index).
func (fl *fnLowerer) lowerLookup(v *ssa.Lookup) error {
	if isString(v.X.Type()) && !v.CommaOk {
		return fl.lowerElement(v, v.X, v.Index)
	}
	t, ops, err := fl.typedOperands(v, v.X, v.Index)
	if err != nil {
		return err
	}
	m, k := ops[0], ops[1]
	if m.Type().Kind != ir.KMap {
		return fl.l.unsupported(fl.pos(v), "lookup in %s", fl.goType(v.X.Type()))
	}
	fl.vals[v] = fl.emit(&ir.Lookup{X: m, Key: k, CommaOk: v.CommaOk}, t).(ir.Value)
	return nil
}

// lowerMapUpdate lowers m[k] = x after a MapCheck (m != nil), unless m is
// known not to be nil.
func (fl *fnLowerer) lowerMapUpdate(v *ssa.MapUpdate) error {
	ops, err := fl.operands(fl.pos(v), v.Map, v.Key, v.Value)
	if err != nil {
		return err
	}
	m := ops[0]
	if !nonNilMap(v.Map, map[*ssa.Phi]bool{}) && !fl.checkedAlready(checkKey{kind: ir.MapCheck, v: v.Map}) {
		fl.check(ir.MapCheck, fl.binop(ir.Ne, m, zero(m.Type())), fl.pos(v))
	}
	fl.emit(&ir.MapUpdate{Map: m, Key: ops[1], Val: ops[2]}, nil)
	return nil
}

// nonNilMap reports whether the map v is known not to be nil: made by
// make or a literal, or a phi of such maps.
func nonNilMap(v ssa.Value, seen map[*ssa.Phi]bool) bool {
	switch v := v.(type) {
	case *ssa.MakeMap:
		return true
	case *ssa.ChangeType:
		return nonNilMap(v.X, seen)
	case *ssa.Phi:
		if seen[v] {
			return true
		}
		seen[v] = true
		for _, e := range v.Edges {
			if !nonNilMap(e, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// lowerSliceToArrayPointer lowers (*[N]T)(s) after a ConvCheck (len(s) >= N).
func (fl *fnLowerer) lowerSliceToArrayPointer(v *ssa.SliceToArrayPointer) error {
	t, ops, err := fl.typedOperands(v, v.X)
	if err != nil {
		return err
	}
	x := ops[0]
	if n := t.Elem.Len; n > 0 && !fl.checkedAlready(checkKey{kind: ir.ConvCheck, v: v.X, n: n}) {
		fl.check(ir.ConvCheck, fl.binop(ir.Ge, fl.length(x), &ir.Const{Typ: ir.I64, Val: uint64(n)}), fl.pos(v))
	}
	fl.vals[v] = fl.emit(&ir.SliceToArrayPointer{X: x}, t).(ir.Value)
	return nil
}

// lowerBuiltin lowers a call to a builtin: len, cap, append, copy, delete,
// lowerWrapNilChk is go/ssa's wrapnilchk(p, "pkg.T", "M") in the wrapper
// that calls the value method M through a pointer (an interface holding
// a *T, fmt printing one): p, after a test that it is not nil, whose
// panic is the run time's "value method pkg.T.M called using nil *T
// pointer". The test is no objective: the wrapper has no source.
func (fl *fnLowerer) lowerWrapNilChk(v *ssa.Call) error {
	pos := v.Pos()
	if !pos.IsValid() {
		pos = fl.sfn.Pos()
	}
	p, err := fl.value(v.Call.Args[0], pos)
	if err != nil {
		return err
	}
	recv, ok1 := v.Call.Args[1].(*ssa.Const)
	meth, ok2 := v.Call.Args[2].(*ssa.Const)
	if !ok1 || !ok2 {
		return fl.l.unsupported(pos, "call to builtin %s", "ssa:wrapnilchk")
	}
	rt, m := constant.StringVal(recv.Value), constant.StringVal(meth.Value)
	typ := rt[strings.LastIndex(rt, "/")+1:]
	typ = typ[strings.Index(typ, ".")+1:]
	// A check of the wrapper, no objective: an internal branch.
	ipos := fl.l.irPos(pos)
	ok := fl.newBlock("wrapnilchk.ok")
	fail := fl.newBlock("wrapnilchk.fail")
	fl.emit(&ir.If{Cond: fl.binop(ir.Ne, p, zero(p.Type())), Kind: ir.InternalBranch, Pos: ipos}, nil)
	fl.cur.Succs = []*ir.Block{ok, fail}
	ok.Preds = []*ir.Block{fl.cur}
	fail.Preds = []*ir.Block{fl.cur}
	fail.Append(&ir.Panic{Kind: ir.CheckPanic, Msg: "value method " + rt + "." + m + " called using nil *" + typ + " pointer", Pos: ipos})
	fl.curInfo.chain = append(fl.curInfo.chain, ok)
	fl.curInfo.extra = append(fl.curInfo.extra, fail)
	fl.cur = ok
	fl.checkedAlready(checkKey{kind: ir.NilCheck, v: v}) // the wrapper's loads through p need no check
	fl.vals[v] = p
	return nil
}

// clear, min and max.
func (fl *fnLowerer) lowerBuiltin(v *ssa.Call, b *ssa.Builtin) error {
	pos := fl.l.callStart(v.Pos())
	if done, err := fl.lowerChanBuiltin(v, b.Name()); done { // chans.go
		return err
	}
	switch b.Name() {
	case "len", "cap", "append", "copy", "delete", "clear", "min", "max":
	case "ssa:wrapnilchk":
		return fl.lowerWrapNilChk(v)
	default:
		if isUnsafeBuiltin(b.Name()) {
			return fl.lowerUnsafeBuiltin(v, b.Name()) // unsafe.go
		}
		return fl.l.unsupported(pos, "call to builtin %s", b.Name())
	}
	args, err := fl.operands(pos, v.Call.Args...)
	if err != nil {
		return err
	}
	var t *ir.Type
	if res := v.Type(); !isEmptyTuple(res) {
		if t, err = fl.typeOf(v, pos); err != nil {
			return err
		}
	}
	kindOf := func(i int) ir.Kind { return args[i].Type().Kind }
	var res ir.Value
	switch name := b.Name(); {
	case (name == "len" || name == "cap") && len(args) == 1:
		switch k := kindOf(0); {
		case k == ir.KString && name == "len", k == ir.KMap && name == "len":
			res = fl.length(args[0])
		case k == ir.KSlice && name == "len":
			res = fl.emit(&ir.Len{X: args[0]}, ir.I64).(ir.Value)
		case k == ir.KSlice:
			res = fl.emit(&ir.Cap{X: args[0]}, ir.I64).(ir.Value)
		case k == ir.KArray || k == ir.KPointer && args[0].Type().Elem.Kind == ir.KArray:
			at := args[0].Type()
			if k == ir.KPointer {
				at = at.Elem
			}
			res = &ir.Const{Typ: ir.I64, Val: uint64(at.Len)} // the value was evaluated for its effects
		default:
			return fl.l.unsupported(pos, "%s of %s", name, fl.goType(v.Call.Args[0].Type()))
		}
	case name == "append" && len(args) == 1:
		res = args[0] // append(s) is s
	case name == "append" || name == "copy":
		if len(args) != 2 || kindOf(0) != ir.KSlice {
			return fl.l.unsupported(pos, "call to builtin %s", name)
		}
		fn := ir.Append
		if name == "copy" {
			fn = ir.Copy
		}
		res = fl.emit(&ir.Builtin{Fn: fn, Args: args}, t).(ir.Value)
	case name == "delete" && len(args) == 2 && kindOf(0) == ir.KMap:
		fl.emit(&ir.Builtin{Fn: ir.Delete, Args: args}, voidType)
	case name == "clear" && len(args) == 1 && (kindOf(0) == ir.KMap || kindOf(0) == ir.KSlice):
		fl.emit(&ir.Builtin{Fn: ir.Clear, Args: args}, voidType)
	case name == "min" || name == "max":
		op := ir.Min
		if name == "max" {
			op = ir.Max
		}
		if k := kindOf(0); k != ir.KInt && k != ir.KString {
			return fl.l.unsupported(pos, "%s of %s", name, fl.goType(v.Call.Args[0].Type()))
		}
		res = args[0]
		for _, a := range args[1:] {
			res = fl.emit(&ir.BinOp{Op: op, X: res, Y: a}, t).(ir.Value)
		}
	default:
		return fl.l.unsupported(pos, "call to builtin %s", name)
	}
	if res != nil {
		fl.vals[v] = res
	}
	return nil
}

func isEmptyTuple(t types.Type) bool {
	tt, ok := t.(*types.Tuple)
	return ok && tt.Len() == 0
}

// length emits len(x) of a string, slice or map (a constant for a constant string).
func (fl *fnLowerer) length(x ir.Value) ir.Value {
	if c, ok := x.(*ir.Const); ok && c.Typ.Kind == ir.KString {
		return &ir.Const{Typ: ir.I64, Val: uint64(len(c.Str))}
	}
	return fl.emit(&ir.Len{X: x}, ir.I64).(ir.Value)
}

// toI64 converts an integer to i64 (extending by its signedness, or
// reinterpreting a u64); a constant is folded.
func (fl *fnLowerer) toI64(x ir.Value) ir.Value { return fl.convertInt(x, ir.I64) }

// toU64 converts an integer to u64 (a negative signed value becomes huge,
// so one unsigned comparison checks 0 <= x < n); a constant is folded.
func (fl *fnLowerer) toU64(x ir.Value) ir.Value { return fl.convertInt(x, ir.U64) }

func (fl *fnLowerer) convertInt(x ir.Value, to *ir.Type) ir.Value {
	t := x.Type()
	if ir.Identical(t, to) {
		return x
	}
	if c, ok := x.(*ir.Const); ok {
		bits := c.Val
		if t.Signed && t.Width < 64 && bits>>(t.Width-1)&1 == 1 {
			bits |= ^uint64(0) << t.Width // sign extension
		}
		return &ir.Const{Typ: to, Val: bits}
	}
	return fl.emit(&ir.Convert{X: x}, to).(ir.Value)
}
