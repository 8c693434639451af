// Run-time checks: division by zero, index range, slice bounds, make sizes,
// negative shift and nil pointer checks as pseudo-branches, and the analysis
// of which pointers cannot be nil.
package lower

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// check ends the current block with If{Kind: kind} on cond: the true side
// continues in a new block that becomes current, the false side is a new block
// ending in the check's panic. The blocks after the split keep the ssa
// block's successors (wire uses the chain's last block).
func (fl *fnLowerer) check(kind ir.BranchKind, cond ir.Value, pos token.Pos) {
	p := fl.l.irPos(pos)
	ok := fl.newBlock(kind.String() + ".ok")
	fail := fl.newBlock(kind.String() + ".fail")
	fl.emit(&ir.If{Cond: cond, Kind: kind, Pos: p}, nil)
	fl.cur.Succs = []*ir.Block{ok, fail}
	ok.Preds = []*ir.Block{fl.cur}
	fail.Preds = []*ir.Block{fl.cur}
	fail.Append(&ir.Panic{Kind: ir.CheckPanic, Msg: kind.PanicMessage(), Pos: p})
	fl.curInfo.chain = append(fl.curInfo.chain, ok)
	fl.curInfo.extra = append(fl.curInfo.extra, fail)
	fl.cur = ok
}

// index lowers the index v into the collection coll (IR value x) used by
// instr: an array of length n, or (n < 0) a string or a slice, whose
// length is its Len (a constant string's is known). It inserts an
// IndexCheck unless the index is a constant in range or the counter of a
// range loop over the collection. The check is one unsigned comparison:
// the index converted to u64 (sign-extended if signed, so negative indices
// become huge) is below the length.
func (fl *fnLowerer) index(instr ssa.Instruction, v, coll ssa.Value, x ir.Value, n int, pos token.Pos) (ir.Value, error) {
	idx, err := fl.value(v, pos)
	if err != nil {
		return nil, err
	}
	t := idx.Type()
	if t.Kind != ir.KInt {
		return nil, fl.l.unsupported(pos, "index of %s", fl.goType(v.Type()))
	}
	if c, ok := x.(*ir.Const); ok && c.Typ.Kind == ir.KString {
		n = len(c.Str)
	}
	if c, ok := idx.(*ir.Const); ok && n >= 0 && constInRange(c, n) {
		return idx, nil
	}
	key := checkKey{kind: ir.IndexCheck, v: v, n: n}
	if n < 0 {
		key.coll = coll
	}
	if rangeIndexInBounds(v, instr.Block(), n, coll) || fl.checkedAlready(key) {
		return idx, nil
	}
	var length ir.Value = &ir.Const{Typ: ir.U64, Val: uint64(n)}
	if n < 0 {
		length = fl.toU64(fl.length(x))
	}
	fl.check(ir.IndexCheck, fl.binop(ir.Lt, fl.toU64(idx), length), pos)
	return idx, nil
}

// sliceCond is the condition of the SliceCheck of x[low:high:max] (bounds
// as written, nil when absent), or nil when it holds whatever the values: Go's
// 0 <= low <= high <= max <= cap(x) (len(x) for a string), an absent low
// being 0, high len(x) (N for a pointer to an array [N]T) and max cap(x).
// It is one conjunction of unsigned comparisons of the bounds converted to
// u64: a negative bound becomes huge and fails the comparison towards the
// capacity, which is below 2^63. Comparisons that hold for constants (or
// trivially: 0 <= b, len <= cap) are left out.
func (fl *fnLowerer) sliceCond(x ir.Value, bounds [3]ir.Value) ir.Value {
	low, high, max := bounds[0], bounds[1], bounds[2]
	t := x.Type()
	// The length and capacity, emitted only when a comparison needs them.
	lenOf := func() ir.Value {
		if t.Kind == ir.KPointer {
			return &ir.Const{Typ: ir.I64, Val: uint64(t.Elem.Len)}
		}
		return fl.length(x)
	}
	capOf := lenOf
	if t.Kind == ir.KSlice {
		capOf = func() ir.Value { return fl.emit(&ir.Cap{X: x}, ir.I64).(ir.Value) }
	}
	val := func(v ir.Value) func() ir.Value { return func() ir.Value { return v } }
	hi := val(high)
	if high == nil {
		hi = lenOf
	}
	var pairs [][2]func() ir.Value // a <= b
	if low != nil {
		pairs = append(pairs, [2]func() ir.Value{val(low), hi})
	}
	switch {
	case max != nil:
		pairs = append(pairs, [2]func() ir.Value{hi, val(max)}, [2]func() ir.Value{val(max), capOf})
	case high != nil:
		pairs = append(pairs, [2]func() ir.Value{hi, capOf})
	}
	u64 := map[ir.Value]ir.Value{}
	toU64 := func(v ir.Value) ir.Value {
		if u := u64[v]; u != nil {
			return u
		}
		u64[v] = fl.toU64(v)
		return u64[v]
	}
	var cond ir.Value
	for _, p := range pairs {
		a := toU64(p[0]())
		ca, aConst := a.(*ir.Const)
		if aConst && ca.Val == 0 {
			continue // 0 <= b
		}
		b := toU64(p[1]())
		if cb, bConst := b.(*ir.Const); aConst && bConst && ca.Val <= cb.Val {
			continue
		}
		le := fl.binop(ir.Le, a, b)
		if cond == nil {
			cond = le
		} else {
			cond = fl.binop(ir.And, cond, le)
		}
	}
	return cond
}

// makeChecks inserts the checks of make([]T, n, c) (n64 and c64 are n and
// c as i64): MakeLenCheck 0 <= n, unless n is a constant or of a narrower
// unsigned type; then MakeCapCheck n <= c, unless the capacity is the
// length (same) or both are constants. The order is Go's: a negative
// length panics with "len out of range" whatever the capacity.
func (fl *fnLowerer) makeChecks(n, n64, c64 ir.Value, same bool, pos token.Pos) {
	_, nConst := n.(*ir.Const)
	if t := n.Type(); !nConst && (t.Signed || t.Width == 64) {
		fl.check(ir.MakeLenCheck, fl.binop(ir.Ge, n64, zero(ir.I64)), pos)
	}
	_, cConst := c64.(*ir.Const)
	if !same && !(nConst && cConst) {
		fl.check(ir.MakeCapCheck, fl.binop(ir.Le, n64, c64), pos)
	}
}

// constInRange reports whether the integer constant c lies in 0..n-1.
func constInRange(c *ir.Const, n int) bool {
	return !constNegative(c) && c.Val < uint64(n)
}

// constNegative reports whether the integer constant c is negative.
func constNegative(c *ir.Const) bool {
	return c.Typ.Signed && c.Val>>(uint(c.Typ.Width)-1)&1 == 1
}

// rangeIndexInBounds reports whether idx is the counter of a range loop over
// an array of length n, or (n < 0) over the slice coll, used where the loop
// body runs. go/ssa's rangeIndexed keeps a hidden variable (phi
// "rangeindex", starting at -1), computes incr = rangeindex + 1 and enters
// the body only when incr < len (a constant for an array, len(coll) for a
// slice); the phi's edges are -1 and incr. So 0 <= incr < len wherever the
// true side of that test dominates.
func rangeIndexInBounds(idx ssa.Value, at *ssa.BasicBlock, n int, coll ssa.Value) bool {
	incr, ok := idx.(*ssa.BinOp)
	if !ok || incr.Op != token.ADD || !isIntConst(incr.Y, 1) {
		return false
	}
	// The counter is a phi "rangeindex" of -1 and incr; or, in a loop whose
	// body never loops back (it always breaks or returns), the constant -1.
	if phi, ok := incr.X.(*ssa.Phi); ok && phi.Comment == "rangeindex" {
		for _, e := range phi.Edges {
			if e != incr && !isIntConst(e, -1) {
				return false
			}
		}
	} else if !isIntConst(incr.X, -1) || !isRangeTest(incr.Block()) {
		return false
	}
	b := incr.Block()
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.LSS || cmp.X != incr {
		return false
	}
	if n < 0 {
		call, ok := cmp.Y.(*ssa.Call)
		if !ok {
			return false
		}
		if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" || len(call.Call.Args) != 1 || call.Call.Args[0] != coll {
			return false
		}
		return b.Succs[0].Dominates(at)
	}
	c, ok := cmp.Y.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return false
	}
	if l, exact := constant.Int64Val(c.Value); !exact || l < 0 || l > int64(n) {
		return false
	}
	return b.Succs[0].Dominates(at)
}

func isIntConst(v ssa.Value, want int64) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return false
	}
	i, exact := constant.Int64Val(c.Value)
	return exact && i == want
}

// nilFacts records, for the functions of the package, which pointer
// parameters and results may be nil. It is the greatest fixpoint of "every
// static call site passes a non-nil argument" and "every return returns a
// non-nil value", seeded with the target's pointer parameters, which are
// inputs and may be nil, and with those of the functions that may be called
// dynamically (dyntypes.go: through a function value or an interface, whose
// call sites say nothing): code outside the package never calls the
// package's functions statically, but for the instances of its generic
// functions that the package instantiates, whose call sites count too. The
// parameters and results of other packages' functions, and of instances,
// may be nil.
type nilFacts struct {
	param  map[*ssa.Parameter]bool    // may be nil
	result map[*ssa.Function][]bool   // result i may be nil
	seen   map[*ssa.Phi]bool          // cycle guard of nonNil
	funcs  []*ssa.Function            // the package's functions with bodies
	byFunc map[*ssa.Function]struct{} // set of funcs
}

// nonNil reports whether v is known not to be nil: an allocation, a field or
// element address, a parameter or call result that is never nil, or a phi
// of those.
func (l *loader) nonNil(v ssa.Value) bool {
	if l.nils == nil {
		l.nils = computeNilFacts(l.spkg, l.inputs)
	}
	l.nils.seen = map[*ssa.Phi]bool{}
	return l.nils.nonNil(v)
}

func (n *nilFacts) nonNil(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Global:
		return true
	case *ssa.SliceToArrayPointer:
		// Checked: len >= N, so not nil unless N is 0 (a nil slice gives nil).
		at, ok := v.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array)
		return ok && at.Len() > 0
	case *ssa.Parameter:
		if _, known := n.byFunc[v.Parent()]; !known {
			return false // a wrapper's (closures.go), another package's function or an instance: any caller
		}
		return !n.param[v]
	case *ssa.FreeVar:
		return v.Parent().Parent() != nil // a function literal's captured variables are allocations
	case *ssa.ChangeType:
		return n.nonNil(v.X)
	case *ssa.Convert: // (*T)(unsafe.Pointer(p)): p's address (unsafe.go)
		if o := pointerOrigin(v.X); o != nil && isUnsafePointer(v.X.Type()) {
			return n.nonNil(o)
		}
	case *ssa.Call:
		if a := identityArg(v.Common()); a != nil { // intrinsics.go
			return n.nonNil(a)
		}
		return n.resultNonNil(v, 0)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return n.resultNonNil(c, v.Index)
		}
	case *ssa.Phi:
		if n.seen[v] {
			return true
		}
		n.seen[v] = true
		for _, e := range v.Edges {
			if !n.nonNil(e) {
				return false
			}
		}
		return true
	}
	return false
}

func (n *nilFacts) resultNonNil(c *ssa.Call, i int) bool {
	f, ok := c.Call.Value.(*ssa.Function)
	if !ok || c.Call.IsInvoke() {
		return false
	}
	if _, known := n.byFunc[f]; !known {
		return false
	}
	r := n.result[f]
	return i < len(r) && !r[i]
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

func computeNilFacts(pkg *ssa.Package, inputs map[*ssa.Parameter]bool) *nilFacts {
	n := &nilFacts{
		param:  map[*ssa.Parameter]bool{},
		result: map[*ssa.Function][]bool{},
		byFunc: map[*ssa.Function]struct{}{},
	}
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		if f == nil || f.Blocks == nil {
			return
		}
		if _, dup := n.byFunc[f]; dup {
			return
		}
		n.byFunc[f] = struct{}{}
		n.funcs = append(n.funcs, f)
		n.result[f] = make([]bool, f.Signature.Results().Len())
		for _, a := range f.AnonFuncs {
			add(a)
		}
	}
	for p := range inputs {
		n.param[p] = true
	}
	for _, name := range sortedMembers(pkg) {
		switch m := pkg.Members[name].(type) {
		case *ssa.Function:
			if !strings.HasPrefix(name, canonPrefix) { // no code of the package (canonical.go)
				add(m)
			}
		case *ssa.Type:
			if named, ok := types.Unalias(m.Type()).(*types.Named); ok {
				for i := 0; i < named.NumMethods(); i++ {
					add(pkg.Prog.FuncValue(named.Method(i)))
				}
			}
		}
	}
	// Instances of other packages' generic functions called from the
	// package may call its functions (through a constraint's method):
	// their call sites count too (their own parameters stay unknown).
	callers := append([]*ssa.Function(nil), n.funcs...)
	seenInst := map[*ssa.Function]bool{}
	for i := 0; i < len(callers); i++ {
		for _, b := range callers[i].Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					if g := c.Common().StaticCallee(); g != nil && g.Origin() != nil && pkgOf(g) != pkg && !seenInst[g] {
						seenInst[g] = true
						callers = append(callers, g)
					}
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range callers {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					switch v := instr.(type) {
					case ssa.CallInstruction: // calls, and deferred and go calls
						callee, ok := v.Common().Value.(*ssa.Function)
						if !ok || v.Common().IsInvoke() {
							continue
						}
						if _, known := n.byFunc[callee]; !known || len(callee.Params) != len(v.Common().Args) {
							continue
						}
						for i, a := range v.Common().Args {
							p := callee.Params[i]
							if isPointer(p.Type()) && !n.param[p] {
								n.seen = map[*ssa.Phi]bool{}
								if !n.nonNil(a) && !(onlyCalled(callee) && derefBefore(a, v)) {
									n.param[p] = true
									changed = true
								}
							}
						}
					case *ssa.Return:
						if _, known := n.byFunc[f]; !known {
							continue
						}
						for i, r := range v.Results {
							if isPointer(r.Type()) && !n.result[f][i] {
								n.seen = map[*ssa.Phi]bool{}
								if !n.nonNil(r) {
									n.result[f][i] = true
									changed = true
								}
							}
						}
					}
				}
			}
		}
	}
	return n
}

// derefBefore reports whether the pointer p is dereferenced (a field or
// element address, a load, a store) before the instruction at runs, in its
// block or in one that dominates it: p is then not nil at that point. It
// serves the function literals of order.go, which receive the values their
// expression reads after the enclosing statement has dereferenced them.
func derefBefore(p ssa.Value, at ssa.Instruction) bool {
	refs := p.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		deref := false
		switch x := r.(type) {
		case *ssa.FieldAddr:
			deref = x.X == p
		case *ssa.IndexAddr:
			deref = x.X == p && isPointer(p.Type())
		case *ssa.UnOp:
			deref = x.Op == token.MUL && x.X == p
		case *ssa.Store:
			deref = x.Addr == p
		}
		if !deref || r.Block() == nil {
			continue
		}
		if r.Block() == at.Block() {
			for _, i := range at.Block().Instrs {
				if i == r {
					return true
				}
				if i == at {
					break
				}
			}
			continue
		}
		if r.Block().Dominates(at.Block()) {
			return true
		}
	}
	return false
}
