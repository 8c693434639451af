// unsafe.Pointer variables merged by a phi: the typed pointer they hold, when every value assigned is nil or one pointer type converted.

package lower

import (
	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// uptrEdge is what an edge of a phi of unsafe.Pointers holds: nil
// (isNil), or the typed pointer o it was converted from (nil when it is
// neither).
func uptrEdge(e ssa.Value) (o ssa.Value, isNil bool) {
	if c, ok := e.(*ssa.Const); ok && c.Value == nil {
		return nil, true
	}
	return pointerOrigin(e), false
}

// lowerUnsafePhi lowers a phi of unsafe.Pointers (var p unsafe.Pointer;
// if c { p = unsafe.Pointer(&x) }) whose edges are nil or pointers of
// one IR pointer type converted to unsafe.Pointer, at least one of them:
// a phi of that pointer type, which the conversions back to that type
// (lowerFromUnsafePointer) and the comparisons (dataWord) use. ok is
// false when v is no such phi.
func (fl *fnLowerer) lowerUnsafePhi(v *ssa.Phi) (ok bool, err error) {
	var t *ir.Type
	for _, e := range v.Edges {
		o, isNil := uptrEdge(e)
		if isNil {
			continue
		}
		if o == nil || !isPointer(o.Type()) {
			return false, nil
		}
		ot, err := fl.l.types.irType(o.Type())
		if err != nil || ot.Kind != ir.KPointer || t != nil && !ir.Identical(t, ot) {
			return false, nil
		}
		t = ot
	}
	if t == nil {
		return false, nil
	}
	p := &ir.Phi{}
	fl.emit(p, t)
	fl.l.recordPhi(p, v.Comment)
	fl.vals[v] = p
	fl.phis = append(fl.phis, phiFix{ir: p, ssa: v, uptr: t})
	return true, nil
}

// uptrPhiEdge is the IR value of edge e of a phi lowered by
// lowerUnsafePhi, of pointer type t.
func (fl *fnLowerer) uptrPhiEdge(e ssa.Value, t *ir.Type, v *ssa.Phi) (ir.Value, error) {
	o, isNil := uptrEdge(e)
	if isNil {
		return zero(t), nil
	}
	return fl.value(o, v.Pos())
}

// fromUnsafePhi lowers (*U)(p) for p a phi lowered by lowerUnsafePhi: p
// itself when *U is its pointer type (ok false when p is no such phi).
func (fl *fnLowerer) fromUnsafePhi(v *ssa.Convert) (ok bool, err error) {
	x := v.X
	for {
		ct, isCT := x.(*ssa.ChangeType)
		if !isCT {
			break
		}
		x = ct.X
	}
	ph, isPhi := x.(*ssa.Phi)
	if !isPhi {
		return false, nil
	}
	pv, lowered := fl.vals[ph]
	if !lowered {
		return false, nil
	}
	pos := fl.pos(v)
	t, err := fl.typeOf(v, pos)
	if err != nil {
		return true, err
	}
	if !ir.Identical(t, pv.Type()) {
		return true, fl.l.unsupported(pos, "(%s)(p) for p an unsafe.Pointer variable holding a pointer of another type, %s", fl.goType(v.Type()), pv.Type())
	}
	fl.vals[v] = pv
	return true, nil
}
