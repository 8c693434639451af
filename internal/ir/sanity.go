// Sanity checker of the IR: structure, types, SSA dominance, ids.

package ir

import (
	"fmt"
	"strings"
)

// CheckError is one violation found by Check. Block and Instr may be nil
// when the error concerns a whole function (or block).
type CheckError struct {
	Func   *Function
	Block  *Block
	Instr  Instr
	Global *Global  // an error about a global's declaration
	Dyn    *DynType // an error about a dynamic type's declaration
	Msg    string
}

func (e *CheckError) Error() string {
	var sb strings.Builder
	if e.Global != nil {
		sb.WriteString(e.Global.Name())
		sb.WriteString(": ")
	}
	if e.Dyn != nil {
		sb.WriteString("dyn ")
		sb.WriteString(DynName(e.Dyn.Name))
		sb.WriteString(": ")
	}
	if e.Func != nil {
		sb.WriteString(e.Func.Name)
		sb.WriteString(": ")
	}
	if e.Block != nil {
		sb.WriteString(BlockLabel(e.Block))
		sb.WriteString(": ")
	}
	if e.Instr != nil {
		sb.WriteString(FormatInstr(e.Instr))
		sb.WriteString(": ")
	}
	sb.WriteString(e.Msg)
	return sb.String()
}

// CheckErrors is the error Check returns: every violation found, in order.
type CheckErrors []*CheckError

func (l CheckErrors) Error() string {
	var sb strings.Builder
	for i, e := range l {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(e.Error())
	}
	return sb.String()
}

// Check verifies that p is well formed (see doc.go for the list of rules).
// It returns nil or a CheckErrors listing every violation.
func Check(p *Program) error {
	c := &checker{prog: p, valid: map[*Type]string{}}
	if p == nil {
		return CheckErrors{{Msg: "nil program"}}
	}
	names := map[string]bool{}
	for i, f := range p.Funcs {
		if f == nil {
			c.errorf(nil, nil, nil, "Funcs[%d] is nil", i)
			continue
		}
		if names[f.Name] {
			c.errorf(f, nil, nil, "duplicate function name %q", f.Name)
		}
		names[f.Name] = true
		if f.Prog != p {
			c.errorf(f, nil, nil, "function's Prog is not the program")
		}
		c.function(f)
	}
	c.globals()
	c.dynTypes()
	c.typeNames()
	c.ids()
	if len(c.errs) > 0 {
		return c.errs
	}
	return nil
}

type checker struct {
	prog *Program
	errs CheckErrors
	// validity of each type met, memoized (ValidType walks the type's
	// graph: once per type, not once per value of it)
	valid map[*Type]string

	// per function
	fn      *Function
	defs    map[Instr]int // instruction -> index in its block
	blocks  map[*Block]bool
	idom    []int // immediate dominator by block index (-1 for entry); nil if not computed
	structK bool  // control structure is sound (dominance can be checked)
}

// validType is ValidType(t), memoized.
func (c *checker) validType(t *Type) string {
	if t == nil {
		return ValidType(t)
	}
	s, ok := c.valid[t]
	if !ok {
		s = ValidType(t)
		c.valid[t] = s
	}
	return s
}

func (c *checker) errorf(f *Function, b *Block, in Instr, format string, args ...any) {
	c.errs = append(c.errs, &CheckError{Func: f, Block: b, Instr: in, Msg: fmt.Sprintf(format, args...)})
}

func isTerminator(in Instr) bool {
	switch in.(type) {
	case *If, *Jump, *Return, *Panic:
		return true
	}
	return false
}

func count(bs []*Block, x *Block) int {
	n := 0
	for _, b := range bs {
		if b == x {
			n++
		}
	}
	return n
}

func (c *checker) function(f *Function) {
	c.fn = f
	c.defs = map[Instr]int{}
	c.blocks = map[*Block]bool{}
	c.idom = nil
	c.structK = true
	fail := func(b *Block, in Instr, format string, args ...any) {
		c.structK = false
		c.errorf(f, b, in, format, args...)
	}
	for i, par := range f.Params {
		switch {
		case par == nil:
			fail(nil, nil, "parameter %d is nil", i)
		case par.Index != i:
			fail(nil, nil, "parameter %s has Index %d, want %d", par.Ident, par.Index, i)
		case c.validType(par.Typ) != "":
			fail(nil, nil, "parameter %s: bad type: %s", par.Ident, c.validType(par.Typ))
		}
	}
	for i, t := range f.Results {
		if s := c.validType(t); s != "" {
			fail(nil, nil, "result %d: bad type: %s", i, s)
		}
	}
	if f.Unsupported != "" && !f.External {
		fail(nil, nil, "unsupported function is not external")
	}
	if f.External {
		if len(f.Blocks) > 0 {
			fail(nil, nil, "external function has blocks")
		}
		return
	}
	if len(f.Blocks) == 0 {
		fail(nil, nil, "function has no blocks")
		return
	}
	for i, b := range f.Blocks {
		if b == nil {
			fail(nil, nil, "Blocks[%d] is nil", i)
			return
		}
		c.blocks[b] = true
	}
	regs := map[int]Instr{}
	// Block structure.
	for i, b := range f.Blocks {
		if b.Index != i {
			fail(b, nil, "block has Index %d but is Blocks[%d]", b.Index, i)
		}
		if b.Func != f {
			fail(b, nil, "block's Func is not the function")
		}
		if len(b.Instrs) == 0 {
			fail(b, nil, "empty block")
			continue
		}
		seenNonPhi := false
		for j, in := range b.Instrs {
			if in == nil {
				fail(b, nil, "instruction %d is nil", j)
				continue
			}
			if in.Block() != b {
				fail(b, in, "instruction's Block is not its block")
			}
			if _, dup := c.defs[in]; dup {
				fail(b, in, "instruction appears twice")
			}
			c.defs[in] = j
			if r := registerOf(in); r != nil {
				if other := regs[r.Num]; other != nil {
					c.errorf(f, b, in, "register %%%d defined twice", r.Num)
				}
				regs[r.Num] = in
				if s := c.validType(r.Typ); s != "" {
					c.errorf(f, b, in, "bad result type: %s", s)
				}
			}
			if _, isPhi := in.(*Phi); isPhi {
				if seenNonPhi {
					fail(b, in, "phi after a non-phi instruction")
				}
			} else {
				seenNonPhi = true
			}
			last := j == len(b.Instrs)-1
			if isTerminator(in) && !last {
				fail(b, in, "terminator before the end of the block")
			}
			if !isTerminator(in) && last {
				fail(b, in, "block does not end with a terminator")
			}
		}
		want := -1
		switch b.Instrs[len(b.Instrs)-1].(type) {
		case *If:
			want = 2
		case *Jump:
			want = 1
		case *Return, *Panic:
			want = 0
		}
		if want >= 0 && len(b.Succs) != want {
			fail(b, b.Terminator(), "block has %d successors, want %d", len(b.Succs), want)
		}
	}
	// Edges.
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			if !c.blocks[s] {
				fail(b, nil, "successor is not a block of the function")
				continue
			}
			if count(s.Preds, b) != count(b.Succs, s) {
				fail(b, nil, "successor %s does not list %s as predecessor", BlockLabel(s), BlockLabel(b))
			}
		}
		for _, pb := range b.Preds {
			if !c.blocks[pb] {
				fail(b, nil, "predecessor is not a block of the function")
				continue
			}
			if count(pb.Succs, b) != count(b.Preds, pb) {
				fail(b, nil, "predecessor %s does not list %s as successor", BlockLabel(pb), BlockLabel(b))
			}
		}
	}
	if c.structK {
		reach := map[*Block]bool{f.Blocks[0]: true}
		stack := []*Block{f.Blocks[0]}
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, s := range b.Succs {
				if !reach[s] {
					reach[s] = true
					stack = append(stack, s)
				}
			}
		}
		for _, b := range f.Blocks {
			if !reach[b] {
				fail(b, nil, "unreachable block")
			}
		}
	}
	if entry := f.Blocks[0]; len(entry.Preds) > 0 {
		fail(entry, nil, "entry block has predecessors")
	}

	if c.structK {
		c.idom = dominators(f)
	}
	for _, b := range f.Blocks {
		for j, in := range b.Instrs {
			if in != nil {
				c.instr(b, j, in)
			}
		}
	}
	c.closureFunction(f)
}

// dominators computes immediate dominators (Cooper, Harvey, Kennedy) of a
// function whose blocks are all reachable.
func dominators(f *Function) []int {
	n := len(f.Blocks)
	order := make([]int, 0, n) // postorder
	seen := make([]bool, n)
	var visit func(b *Block)
	visit = func(b *Block) {
		seen[b.Index] = true
		for _, s := range b.Succs {
			if !seen[s.Index] {
				visit(s)
			}
		}
		order = append(order, b.Index)
	}
	visit(f.Blocks[0])
	po := make([]int, n)
	for i, b := range order {
		po[b] = i
	}
	idom := make([]int, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[0] = 0
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- {
			b := f.Blocks[order[i]]
			nd := -1
			for _, p := range b.Preds {
				if idom[p.Index] < 0 {
					continue
				}
				if nd < 0 {
					nd = p.Index
					continue
				}
				x, y := nd, p.Index
				for x != y {
					for po[x] < po[y] {
						x = idom[x]
					}
					for po[y] < po[x] {
						y = idom[y]
					}
				}
				nd = x
			}
			if idom[b.Index] != nd {
				idom[b.Index] = nd
				changed = true
			}
		}
	}
	idom[0] = -1
	return idom
}

func (c *checker) dominates(a, b *Block) bool {
	for x := b.Index; x >= 0; x = c.idom[x] {
		if x == a.Index {
			return true
		}
	}
	return false
}

// operand checks that v is a valid operand of in, the useIdx-th instruction
// of b; for a phi, edge is the predecessor the value comes from.
func (c *checker) operand(b *Block, useIdx int, in Instr, v Value, edge *Block) {
	f := c.fn
	switch v := v.(type) {
	case nil:
		c.errorf(f, b, in, "nil operand")
	case *Const:
		if s := c.validType(v.Typ); s != "" {
			c.errorf(f, b, in, "constant of bad type: %s", s)
			return
		}
		if v.Str != "" && v.Typ.Kind != KString {
			c.errorf(f, b, in, "%s constant with string contents", v.Typ)
		}
		switch v.Typ.Kind {
		case KInt, KFloat:
			if v.Typ.Width < 64 && v.Val>>v.Typ.Width != 0 {
				c.errorf(f, b, in, "constant %#x not masked to %d bits", v.Val, v.Typ.Width)
			}
		case KBool:
			if v.Val > 1 {
				c.errorf(f, b, in, "bool constant %d", v.Val)
			}
		case KIter, KTuple:
			c.errorf(f, b, in, "no constant of type %s", v.Typ)
		default:
			if v.Val != 0 {
				c.errorf(f, b, in, "%s constant must be zero (nil)", v.Typ)
			}
		}
	case *Param:
		if v.Index < 0 || v.Index >= len(f.Params) || f.Params[v.Index] != v {
			c.errorf(f, b, in, "parameter %s is not a parameter of %s", v.Ident, f.Name)
		}
	case *Global:
		if v.Index < 0 || v.Index >= len(c.prog.Globals) || c.prog.Globals[v.Index] != v {
			c.errorf(f, b, in, "global %s is not in Program.Globals", v.Name())
		}
	default:
		def, ok := v.(Instr)
		if !ok {
			c.errorf(f, b, in, "operand of unknown kind %T", v)
			return
		}
		if registerOf(def) == nil {
			c.errorf(f, b, in, "operand %T yields no value", def)
			return
		}
		defIdx, ok := c.defs[def]
		if !ok {
			c.errorf(f, b, in, "operand %s is not defined in this function", FormatValue(v))
			return
		}
		if c.idom == nil {
			return
		}
		db := def.Block()
		if edge != nil { // phi edge: the value must be available at the end of edge
			if !c.dominates(db, edge) {
				c.errorf(f, b, in, "operand %s does not dominate the end of predecessor %s", FormatValue(v), BlockLabel(edge))
			}
			return
		}
		if db == b && defIdx >= useIdx || db != b && !c.dominates(db, b) {
			c.errorf(f, b, in, "operand %s does not dominate its use", FormatValue(v))
		}
	}
}

func isInt(t *Type) bool { return t != nil && t.Kind == KInt }

func (c *checker) instr(b *Block, j int, instr Instr) {
	f := c.fn
	errf := func(format string, args ...any) { c.errorf(f, b, instr, format, args...) }
	ops := instr.Operands()
	if _, isPhi := instr.(*Phi); !isPhi {
		for _, v := range ops {
			c.operand(b, j, instr, v, nil)
		}
		for _, v := range ops {
			if v == nil || c.validType(v.Type()) != "" {
				return // reported; type checks would be noise
			}
		}
	}
	if r := registerOf(instr); r != nil && c.validType(r.Typ) != "" {
		return // reported
	}
	resType := func() *Type { return registerOf(instr).Typ }
	wantRes := func(t *Type) {
		if t != nil && !Identical(resType(), t) {
			errf("result type %s, want %s", resType(), t)
		}
	}
	switch in := instr.(type) {
	case *BinOp:
		tx, ty := in.X.Type(), in.Y.Type()
		switch {
		case in.Op < Add || in.Op > Max:
			errf("unknown binary operator %d", int(in.Op))
			return
		case in.Op == Shl || in.Op == Shr:
			if !isInt(tx) || !isInt(ty) {
				errf("shift operands must be integers, have %s and %s", tx, ty)
			}
		case !Identical(tx, ty):
			errf("operand types differ: %s and %s", tx, ty)
		case IsFloat(tx):
			if !floatOp(in.Op) {
				errf("%s of floats", in.Op)
			}
		case in.Op == Eq || in.Op == Ne:
			if !comparable(tx) && !((tx.Kind == KSlice || tx.Kind == KMap || tx.Kind == KFunc) && (isNil(in.X) || isNil(in.Y))) {
				errf("%s of %s values (slices, maps and functions compare only with nil)", in.Op, tx)
			}
		case in.Op == Add || in.Op.IsComparison() || in.Op == Min || in.Op == Max:
			if !isInt(tx) && tx.Kind != KString {
				errf("%s needs integer or string operands, have %s", in.Op, tx)
			}
		case in.Op == And || in.Op == Or:
			if !isInt(tx) && tx.Kind != KBool {
				errf("%s needs integer or bool operands, have %s", in.Op, tx)
			}
		default:
			if !isInt(tx) {
				errf("%s needs integer operands, have %s", in.Op, tx)
			}
		}
		if in.Op.IsComparison() {
			wantRes(Bool)
		} else {
			wantRes(tx)
		}
	case *UnOp:
		switch in.Op {
		case Not:
			if in.X.Type().Kind != KBool {
				errf("not of non-bool %s", in.X.Type())
			}
		case Neg, Compl:
			if !isInt(in.X.Type()) && !(in.Op == Neg && IsFloat(in.X.Type())) {
				errf("%s of non-integer %s", in.Op, in.X.Type())
			}
		default:
			errf("unknown unary operator %d", int(in.Op))
		}
		wantRes(in.X.Type())
	case *Convert:
		if in.Bits {
			from, to := in.X.Type(), in.Typ
			if !(IsFloat(from) && isInt(to) || isInt(from) && IsFloat(to)) || from.Width != to.Width {
				errf("bitcast %s to %s: not between a float and an integer of its width", from, to)
			}
			break
		}
		if !Convertible(in.X.Type(), in.Typ) {
			errf("convert %s to %s: not a conversion of the IR (integers and floats, string to and from []u8, []i32 and integers)", in.X.Type(), in.Typ)
		}
	case *Phi:
		if j > 0 {
			if _, ok := b.Instrs[j-1].(*Phi); !ok {
				return // reported as structure error
			}
		}
		if len(in.Edges) != len(b.Preds) {
			errf("phi has %d edges, block has %d predecessors", len(in.Edges), len(b.Preds))
			return
		}
		for k, e := range in.Edges {
			c.operand(b, j, in, e, b.Preds[k])
			if e != nil && c.validType(e.Type()) == "" && !Identical(e.Type(), in.Typ) {
				errf("edge from %s has type %s, phi has type %s", BlockLabel(b.Preds[k]), e.Type(), in.Typ)
			}
		}
	case *Alloc:
		if in.Typ.Kind != KPointer {
			errf("alloc yields %s, not a pointer", in.Typ)
		}
	case *Load:
		t := in.Ptr.Type()
		if t.Kind != KPointer {
			errf("load from non-pointer %s", t)
			return
		}
		wantRes(t.Elem)
	case *Store:
		t := in.Ptr.Type()
		if t.Kind != KPointer {
			errf("store to non-pointer %s", t)
			return
		}
		if !Identical(t.Elem, in.Val.Type()) {
			errf("store of %s to %s", in.Val.Type(), t)
		}
	case *FieldAddr:
		t := in.Ptr.Type()
		if t.Kind != KPointer || t.Elem.Kind != KStruct {
			errf("fieldaddr of %s, not a pointer to a struct", t)
			return
		}
		if in.Field < 0 || in.Field >= len(t.Elem.Fields) {
			errf("field %d out of range for %s", in.Field, t.Elem)
			return
		}
		wantRes(PointerTo(t.Elem.Fields[in.Field].Type))
	case *IndexAddr:
		t := in.Ptr.Type()
		var elem *Type
		switch {
		case t.Kind == KSlice:
			elem = t.Elem
		case t.Kind == KPointer && t.Elem.Kind == KArray:
			elem = t.Elem.Elem
		default:
			errf("indexaddr of %s, not a slice or a pointer to an array", t)
			return
		}
		if !isInt(in.Index.Type()) {
			errf("index of type %s", in.Index.Type())
		}
		wantRes(PointerTo(elem))
	case *Field:
		t := in.X.Type()
		if t.Kind != KStruct {
			errf("field of non-struct %s", t)
			return
		}
		if in.Field < 0 || in.Field >= len(t.Fields) {
			errf("field %d out of range for %s", in.Field, t)
			return
		}
		wantRes(t.Fields[in.Field].Type)
	case *Index:
		t := in.X.Type()
		if t.Kind != KArray && t.Kind != KString {
			errf("index of %s, not an array or a string", t)
			return
		}
		if !isInt(in.Index.Type()) {
			errf("index of type %s", in.Index.Type())
		}
		if t.Kind == KString {
			wantRes(U8)
		} else {
			wantRes(t.Elem)
		}
	case *Call:
		g := in.Callee
		if g == nil {
			errf("call without callee")
			return
		}
		if g.Prog != c.prog || c.prog.Func(g.Name) != g {
			errf("callee %s is not a function of the program", g.Name)
			return
		}
		if len(in.Args) != len(g.Params) {
			errf("call has %d arguments, %s has %d parameters", len(in.Args), g.Name, len(g.Params))
			return
		}
		for k, a := range in.Args {
			if g.Params[k] != nil && !Identical(a.Type(), g.Params[k].Typ) {
				errf("argument %d has type %s, parameter %s has type %s", k, a.Type(), g.Params[k].Ident, g.Params[k].Typ)
			}
		}
		wantRes(ResultType(g))
	case *Extract:
		t := in.X.Type()
		if t.Kind != KTuple || in.Index < 0 || in.Index >= len(t.Elems) {
			errf("extract %d from %s", in.Index, t)
			return
		}
		wantRes(t.Elems[in.Index])
	case *If:
		if in.Cond.Type().Kind != KBool {
			errf("if condition of type %s, want bool", in.Cond.Type())
		}
		if in.Kind < SourceBranch || int(in.Kind) >= len(branchKindNames) {
			errf("unknown branch kind %d", int(in.Kind))
		}
	case *Jump:
	case *Return:
		if len(in.Results) != len(f.Results) {
			errf("return of %d values, function has %d results", len(in.Results), len(f.Results))
			return
		}
		for k, v := range in.Results {
			if !Identical(v.Type(), f.Results[k]) {
				errf("result %d has type %s, want %s", k, v.Type(), f.Results[k])
			}
		}
	case *Panic:
		if in.Kind != ExplicitPanic && in.Kind != CheckPanic && !in.Kind.Stops() {
			errf("unknown panic kind %d", int(in.Kind))
		}
		switch {
		case in.Value == nil:
		case in.Kind.Stops() && in.Value.Type().Kind != KString:
			errf("fatal or abort panic message of type %s (a string)", in.Value.Type())
		case !in.Kind.Stops() && (in.Kind != ExplicitPanic || in.Value.Type().Kind != KInterface):
			errf("panic value of type %s (an explicit panic's value is an interface)", in.Value.Type())
		}
	default:
		c.valueInstr(instr, errf, wantRes)
	}
}
