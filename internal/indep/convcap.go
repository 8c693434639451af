// The capacity of []byte(s) and []rune(s): any gc's escape analysis can give.

package indep

import "leapfrog/internal/ir"

// tmpBufLen is the length of the runtime's stack buffer for a conversion
// whose result does not escape (tmpStringBufSize).
const tmpBufLen = 32

// convCap is the capacity of a conversion of n elements of elem reached
// under guard ([]byte(s) when bytes, else []rune(s)). gc gives n when the
// result is never mutated (zero-copy, or a constant string: []byte only),
// 32 (a stack buffer) when it does not escape and n <= 32, else n rounded
// up to the allocator's size class, and which one depends on escape
// analysis of the function as compiled: fresh choices pick among them, so
// an objective is unreachable only if it is under every one. The size
// class of a length beyond maxExact is not known (a cut): any capacity
// from n on.
func (f *frame) convCap(in ir.Instr, n *term, elem *ir.Type, bytes bool, guard *term) *term {
	e, ts := f.e, f.e.ts
	class := e.fresh(64)
	class = ts.ite(e.ult(class, n), n, class) // at least n: any size class will do
	if n.isConst() && n.val <= 1<<20 {
		class = e.u64(ir.GrowCap(0, int(n.val), elem))
	} else {
		e.unknownRead(in, "the capacity of a conversion", ts.and(guard, e.ule(e.u64(maxExact), n)))
		for v := maxExact - 1; v >= 0; v-- {
			class = ts.ite(ts.eq(n, e.u64(v)), e.u64(ir.GrowCap(0, v, elem)), class)
		}
	}
	c := ts.ite(ts.and(e.fresh(0), e.ule(n, e.u64(tmpBufLen))), e.u64(tmpBufLen), class)
	if bytes {
		c = ts.ite(e.fresh(0), n, c)
	}
	return c
}

// convArray is the array arr of object o, made for a conversion of n
// elements, its elements at or beyond n zeroed (the runtime clears the
// rest of its buffer or allocation) and, when o is not open (n is at most
// its elements), extended with zeros up to every capacity convCap allows.
// An open array is not extended: an element beyond is not known (a cut),
// as before.
func (e *encoder) convArray(o *object, arr *agg, n *term, elem *ir.Type) *agg {
	size := len(arr.elems)
	if !o.open {
		size = max(size, tmpBufLen)
		if n.isConst() && n.val <= maxExact {
			size = max(size, int(n.val), ir.GrowCap(0, int(n.val), elem))
		}
	}
	out := &agg{elems: make([]sym, size)}
	for k := range out.elems {
		if k < len(arr.elems) {
			out.elems[k] = e.iteSym(e.ult(e.u64(k), n), arr.elems[k], e.zeroOf(elem))
		} else {
			out.elems[k] = e.zeroOf(elem)
		}
	}
	o.typ = &ir.Type{Kind: ir.KArray, Len: size, Elem: elem}
	return out
}
