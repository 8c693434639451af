// Compiled functions: every value gets a frame slot, every operand a slot or a constant.

package engine

import (
	"fmt"

	"leapfrog/internal/cfg"
	"leapfrog/internal/ir"
)

// code is a function prepared for execution: the frame has one slot per
// parameter (slot = Param.Index) and per register (after the parameters, by
// register number); each instruction's operands are resolved to a slot or
// a constant value once, so that a run never looks values up by name.
type code struct {
	fn      *ir.Function
	nparams int
	nslots  int
	blocks  []cblock // by Block.Index
	li      *loopInfo
	free    []*frame // frames of returned calls, for reuse
}

type cblock struct {
	phis   []cphi
	instrs []cinstr // the non-phi instructions, terminator last
	// header is the loop this block heads (nil: none) and back the
	// predecessors whose edges to it are back edges; loops are the loops
	// containing the block, by number (what loopInfo answers through
	// maps, per block).
	header *cfg.Loop
	back   []*ir.Block
	loops  []*cfg.Loop
}

type cphi struct {
	dst   int
	edges []operand // by predecessor index
}

type cinstr struct {
	in  ir.Instr
	dst int // slot of the result; -1: none
	ops []operand
	// from and to memoize a FieldAddr: to is the address of the field of
	// the pointer from (pointers are immutable, and a method's receiver
	// reaches the same fields again and again).
	from, to *ptr
}

// operand is a frame slot (slot >= 0), a package-level variable (global >=
// 0: its index in Program.Globals) or a constant value (c).
type operand struct {
	slot   int
	global int
	c      val
	v      ir.Value // for messages and out-of-context symbols
}

// codeOf returns fn compiled, compiling it on first use.
func (e *Engine) codeOf(fn *ir.Function) *code {
	if c := e.code[fn]; c != nil {
		return c
	}
	c := &code{fn: fn, nparams: len(fn.Params), li: e.loopInfo(fn)}
	maxReg := -1
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ir.Value); ok {
				if n, isReg := ir.RegisterNum(v); isReg && n > maxReg {
					maxReg = n
				}
			}
		}
	}
	c.nslots = c.nparams + maxReg + 1
	c.blocks = make([]cblock, len(fn.Blocks))
	for _, b := range fn.Blocks {
		cb := &c.blocks[b.Index]
		cb.header = c.li.loopOf[b]
		for _, p := range b.Preds {
			if c.li.back[edge{p, b}] {
				cb.back = append(cb.back, p)
			}
		}
		for _, l := range c.li.order {
			if l.Contains(b) {
				cb.loops = append(cb.loops, l)
			}
		}
		for _, in := range b.Instrs {
			if phi, ok := in.(*ir.Phi); ok {
				ph := cphi{dst: c.slotOf(phi)}
				for _, e2 := range phi.Edges {
					ph.edges = append(ph.edges, c.operandOf(e, e2))
				}
				cb.phis = append(cb.phis, ph)
				continue
			}
			ci := cinstr{in: in, dst: -1}
			if v, ok := in.(ir.Value); ok {
				if _, isReg := ir.RegisterNum(v); isReg {
					ci.dst = c.slotOf(v)
				}
			}
			for _, op := range in.Operands() {
				ci.ops = append(ci.ops, c.operandOf(e, op))
			}
			cb.instrs = append(cb.instrs, ci)
		}
	}
	e.code[fn] = c
	return c
}

// slotOf returns the frame slot of a parameter or register of the function.
func (c *code) slotOf(v ir.Value) int {
	switch v := v.(type) {
	case *ir.Param:
		return v.Index
	}
	n, ok := ir.RegisterNum(v)
	if !ok {
		panic(fmt.Sprintf("engine: %T %s has no slot", v, v.Name()))
	}
	return c.nparams + n
}

// operandOf resolves an operand.
func (c *code) operandOf(e *Engine, v ir.Value) operand {
	switch v := v.(type) {
	case *ir.Const:
		return operand{slot: -1, global: -1, c: e.constVal(v), v: v}
	case *ir.Global:
		return operand{slot: -1, global: v.Index, v: v}
	}
	return operand{slot: c.slotOf(v), global: -1, v: v}
}

// constVal returns the run-time value of a constant (shared: values are
// immutable, and a constant's never refers to a writable object).
func (e *Engine) constVal(k *ir.Const) val {
	if v, ok := e.consts[k]; ok {
		return v
	}
	var v val
	switch k.Typ.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		v = &scalar{c: k.Val, width: widthOf(k.Typ)}
	case ir.KString:
		s := &str{n: i64(uint64(len(k.Str))), b: make([]*scalar, len(k.Str))}
		for i := 0; i < len(k.Str); i++ {
			s.b[i] = &scalar{c: uint64(k.Str[i]), width: 8}
		}
		v = s
	default:
		v = zero(k.Typ)
	}
	e.consts[k] = v
	return v
}

// newFrame returns a frame for a call of fn: a pooled one if a call of fn
// returned before, else a new one.
func (m *machine) newFrame(fn *ir.Function) *frame {
	c := m.codeOf(fn)
	if n := len(c.free); n > 0 {
		fr := c.free[n-1]
		c.free = c.free[:n-1]
		return fr
	}
	fr := &frame{fn: fn, code: c, slots: make([]val, c.nslots)}
	if len(c.li.order) > 0 {
		fr.iters = make([]int, len(fn.Blocks))
	}
	return fr
}

// freeFrame returns a frame whose call returned to the pool, cleared: no
// value outlives its call through a frame (results are returned, and
// nothing else keeps a frame).
func (m *machine) freeFrame(fr *frame) {
	clear(fr.slots)
	clear(fr.iters)
	fr.call = nil
	fr.defers = fr.defers[:0]
	fr.unwinding = nil
	fr.code.free = append(fr.code.free, fr)
}

// lookupVal returns the value of v in the frame, or nil when it is not
// defined (yet) on this path.
func (m *machine) lookupVal(fr *frame, v ir.Value) val {
	switch v := v.(type) {
	case *ir.Const:
		return m.constVal(v)
	case *ir.Global:
		return m.global(fr.fn.Prog, v.Index)
	}
	return fr.slots[fr.code.slotOf(v)]
}
