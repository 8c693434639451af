// Run-time checks: division by zero, index range, negative shift and nil pointer
// checks as pseudo-branches, and the analysis of which pointers cannot be nil.
package gossa

import (
	"go/constant"
	"go/token"
	"go/types"

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

// index lowers the index v of an array of length n used by instr, inserting
// an IndexCheck unless it is a constant in range or the counter of a range
// loop over the array. The check is one unsigned comparison: the index
// converted to u64 (sign-extended if signed, so negative indices become
// huge) is below the length.
func (fl *fnLowerer) index(instr ssa.Instruction, v ssa.Value, n int, pos token.Pos) (ir.Value, error) {
	idx, err := fl.value(v, pos)
	if err != nil {
		return nil, err
	}
	t := idx.Type()
	if t.Kind != ir.KInt {
		return nil, fl.l.unsupported(pos, "index of %s", fl.goType(v.Type()))
	}
	if c, ok := idx.(*ir.Const); ok && constInRange(c, n) {
		return idx, nil
	}
	if rangeIndexInBounds(v, instr.Block(), n) || fl.checkedAlready(checkKey{ir.IndexCheck, v, n}) {
		return idx, nil
	}
	u := idx
	if !ir.Identical(t, ir.U64) {
		u = fl.emit(&ir.Convert{X: idx}, ir.U64).(ir.Value)
	}
	fl.check(ir.IndexCheck, fl.binop(ir.Lt, u, &ir.Const{Typ: ir.U64, Val: uint64(n)}), pos)
	return idx, nil
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
// an array of length n, used where the loop body runs. go/ssa's rangeIndexed
// keeps a hidden variable (phi "rangeindex", starting at -1), computes
// incr = rangeindex + 1 and enters the body only when incr < len; the phi's
// edges are -1 and incr. So 0 <= incr < len wherever the true side of that
// test dominates.
func rangeIndexInBounds(idx ssa.Value, at *ssa.BasicBlock, n int) bool {
	incr, ok := idx.(*ssa.BinOp)
	if !ok || incr.Op != token.ADD || !isIntConst(incr.Y, 1) {
		return false
	}
	phi, ok := incr.X.(*ssa.Phi)
	if !ok || phi.Comment != "rangeindex" {
		return false
	}
	for _, e := range phi.Edges {
		if e != incr && !isIntConst(e, -1) {
			return false
		}
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
// inputs and may be nil: code outside the package (and dynamic calls, which
// are unsupported) never runs in the IR.
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
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	case *ssa.Parameter:
		return !n.param[v]
	case *ssa.ChangeType:
		return n.nonNil(v.X)
	case *ssa.Call:
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
			add(m)
		case *ssa.Type:
			if named, ok := types.Unalias(m.Type()).(*types.Named); ok {
				for i := 0; i < named.NumMethods(); i++ {
					add(pkg.Prog.FuncValue(named.Method(i)))
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range n.funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					switch v := instr.(type) {
					case *ssa.Call:
						callee, ok := v.Call.Value.(*ssa.Function)
						if !ok || v.Call.IsInvoke() {
							continue
						}
						if _, known := n.byFunc[callee]; !known || len(callee.Params) != len(v.Call.Args) {
							continue
						}
						for i, a := range v.Call.Args {
							p := callee.Params[i]
							if isPointer(p.Type()) && !n.param[p] {
								n.seen = map[*ssa.Phi]bool{}
								if !n.nonNil(a) {
									n.param[p] = true
									changed = true
								}
							}
						}
					case *ssa.Return:
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
