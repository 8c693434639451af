// Resolution of the parsed text into a Program: names, blocks, registers, operands, ids.

package irparse

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
)

type fctx struct {
	p      *parser
	af     *aFunc
	f      *ir.Function
	blocks map[string]*ir.Block
	regs   map[int]ir.Instr
	params map[string]*ir.Param
	instrs []ir.Instr
	ais    []*aInstr
	pos    map[ir.Instr]token
	src    map[ir.Instr]*aInstr
}

func (p *parser) resolve(afs []*aFunc) (*ir.Program, error) {
	prog, err := p.resolve1(afs)
	p.sortErrors()
	if err != nil {
		return nil, p.errs
	}
	return prog, nil
}

// sortErrors orders the errors by position.
func (p *parser) sortErrors() {
	slices.SortStableFunc(p.errs, func(a, b *Error) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
}

func (p *parser) resolve1(afs []*aFunc) (*ir.Program, error) {
	prog := &ir.Program{}
	for _, ag := range p.globals {
		prog.Globals = append(prog.Globals, ag.g)
	}
	byName := map[string]*ir.Function{}
	funcTok := map[*ir.Function]token{}
	for _, af := range afs {
		f := &ir.Function{Name: af.name, Results: af.results, Prog: prog, NumFree: af.nfree, Pkg: af.pkg, External: af.extern, Unsupported: af.aborts}
		if af.init {
			prog.Init = f
		}
		if af.pos != nil {
			f.Pos = *af.pos
		}
		if byName[af.name] != nil {
			p.errorf(af.tok, "function %s redeclared", af.name)
		}
		byName[af.name] = f
		funcTok[f] = af.tok
		for i, ap := range af.params {
			f.Params = append(f.Params, &ir.Param{Ident: ap.name, Typ: ap.typ, Index: i})
		}
		prog.Funcs = append(prog.Funcs, f)
	}
	p.resolveDyns(prog, byName)
	blockTok := map[*ir.Block]token{}
	instrTok := map[ir.Instr]token{}
	src := map[ir.Instr]*aInstr{}
	for i, af := range afs {
		c := &fctx{p: p, af: af, f: prog.Funcs[i], blocks: map[string]*ir.Block{}, regs: map[int]ir.Instr{}, params: map[string]*ir.Param{}, pos: instrTok, src: src}
		c.build(byName, blockTok)
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	p.assignIDs(prog, src)
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	ir.WalkTypes(prog, func(t *ir.Type) {
		if s := ir.SizeOf(t); t.Size != s {
			t.Size = s // types shared with other programs (I64...) have theirs already
		}
	})
	if err := ir.Check(prog); err != nil {
		var ces ir.CheckErrors
		if !errors.As(err, &ces) {
			return nil, err
		}
		for _, ce := range ces {
			t, ok := instrTok[ce.Instr]
			if !ok {
				t, ok = blockTok[ce.Block]
			}
			if !ok {
				t, ok = funcTok[ce.Func]
			}
			if !ok && ce.Global != nil {
				t = p.globals[ce.Global.Index].tok
			}
			if !ok && ce.Dyn != nil && ce.Dyn.Index < len(p.dyns) {
				t = p.dyns[ce.Dyn.Index].tok
			}
			p.errorf(t, "%s", ce.Msg)
		}
		return nil, p.errs
	}
	return prog, nil
}

func (c *fctx) build(byName map[string]*ir.Function, blockTok map[*ir.Block]token) {
	p, f := c.p, c.f
	for _, par := range f.Params {
		if par.Ident == "_" {
			continue
		}
		if c.params[par.Ident] != nil {
			p.errorf(c.af.params[par.Index].tok, "duplicate parameter %s", par.Ident)
		}
		c.params[par.Ident] = par
	}
	// Blocks and instructions.
	for i, ab := range c.af.blocks {
		b := &ir.Block{Index: i, Func: f, Comment: ab.comment}
		if c.blocks[ab.label] != nil {
			p.errorf(ab.tok, "duplicate block label %s", ab.label)
		}
		c.blocks[ab.label] = b
		blockTok[b] = ab.tok
		f.Blocks = append(f.Blocks, b)
		for _, ai := range ab.instrs {
			in := c.newInstr(ai, byName)
			if in == nil {
				continue
			}
			c.pos[in] = ai.tok
			c.src[in] = ai
			b.Append(in)
			c.instrs = append(c.instrs, in)
			c.ais = append(c.ais, ai)
		}
	}
	// Registers: explicit numbers, then fresh ones for unassigned calls.
	maxReg := -1
	for k, ai := range c.ais {
		if !ai.hasReg {
			continue
		}
		if c.regs[ai.reg] != nil {
			p.errorf(ai.tok, "register %%%d redefined", ai.reg)
		}
		c.regs[ai.reg] = c.instrs[k]
		maxReg = max(maxReg, ai.reg)
		ir.NewRegister(c.instrs[k], ai.reg, nil)
	}
	for k, ai := range c.ais {
		if !ai.hasReg && (ai.op == "call" || ai.op == "invoke" || ai.op == "callv" || builtinKinds[ai.op] != nil) {
			maxReg++
			ir.NewRegister(c.instrs[k], maxReg, nil)
		}
	}
	// Successors, then predecessors.
	for _, b := range f.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		last := b.Instrs[len(b.Instrs)-1]
		switch last.(type) {
		case *ir.If, *ir.Jump:
		default:
			continue
		}
		for _, l := range c.src[last].labels {
			s := c.blocks[l.name]
			if s == nil {
				p.errorf(l.tok, "undefined block label %s", l.name)
				continue
			}
			b.Succs = append(b.Succs, s)
		}
	}
	for _, b := range f.Blocks {
		for _, s := range b.Succs {
			s.Preds = append(s.Preds, b)
		}
	}
	for _, ai := range c.ais {
		for _, o := range ai.args {
			if o.kind == oGlobal && c.opType(o) == nil {
				p.errorf(o.tok, "undefined global $%s", o.name)
			}
		}
	}
	c.orderPreds()
	if len(p.errs) > 0 {
		return
	}
	c.inferTypes()
	if len(p.errs) > 0 {
		return
	}
	c.fillOperands()
	if c.af.hasRec {
		for i, o := range c.af.recover {
			var want *ir.Type
			if i < len(f.Results) {
				want = f.Results[i]
			}
			if v := c.value(o, want); v != nil {
				f.RecoverResults = append(f.RecoverResults, v)
			}
		}
		if f.RecoverResults == nil {
			f.RecoverResults = []ir.Value{}
		}
	}
}

func (c *fctx) newInstr(ai *aInstr, byName map[string]*ir.Function) ir.Instr {
	p := c.p
	if k := builtinKinds[ai.op]; k != nil {
		return &ir.Builtin{Fn: *k}
	}
	switch ai.op {
	case "neg", "not", "compl":
		return &ir.UnOp{Op: unOps[ai.op]}
	case "convert", "bitcast":
		in := &ir.Convert{Bits: ai.op == "bitcast"}
		in.Typ = ai.typ
		return in
	case "phi":
		return &ir.Phi{}
	case "alloc":
		return &ir.Alloc{}
	case "load":
		return &ir.Load{}
	case "store":
		return &ir.Store{}
	case "fieldaddr":
		return &ir.FieldAddr{Field: ai.field}
	case "indexaddr":
		return &ir.IndexAddr{}
	case "field":
		return &ir.Field{Field: ai.field}
	case "index":
		return &ir.Index{}
	case "extract":
		return &ir.Extract{Index: ai.n}
	case "len":
		return &ir.Len{}
	case "cap":
		return &ir.Cap{}
	case "slice":
		return &ir.Slice{}
	case "makeslice":
		return &ir.MakeSlice{}
	case "makemap":
		return &ir.MakeMap{}
	case "lookup":
		return &ir.Lookup{CommaOk: ai.commaOk}
	case "mapupdate":
		return &ir.MapUpdate{}
	case "slicetoarrayptr":
		return &ir.SliceToArrayPointer{}
	case "range":
		return &ir.Range{}
	case "next":
		return &ir.Next{}
	case "call":
		callee := byName[ai.callee]
		if callee == nil {
			p.errorf(ai.calleeTok, "undefined function %s", ai.callee)
			return nil
		}
		return &ir.Call{Callee: callee}
	case "if":
		in := &ir.If{}
		switch ai.kind {
		case "":
			in.Kind = ir.SourceBranch
		default:
			kinds := ir.BranchKinds()
			k := slices.IndexFunc(kinds, func(k ir.BranchKind) bool { return k.String() == ai.kind })
			if k < 0 || kinds[k] == ir.SourceBranch {
				var names []string
				for _, kind := range kinds {
					if kind != ir.SourceBranch {
						names = append(names, "if."+kind.String())
					}
				}
				p.errorf(ai.tok, "unknown branch kind if.%s (want if, %s)", ai.kind, strings.Join(names, ", "))
			}
			in.Kind = kinds[max(k, 0)]
		}
		if ai.pos != nil {
			in.Pos = *ai.pos
		} else {
			in.Pos = ir.Pos{File: p.base, Line: ai.tok.line, Col: ai.tok.col}
		}
		return in
	case "jump":
		return &ir.Jump{}
	case "return":
		return &ir.Return{}
	case "panic":
		in := &ir.Panic{Msg: ai.msg}
		if ai.hasOp {
			in.Kind = ir.ExplicitPanic
		}
		switch ai.kind {
		case "":
			in.Kind = ir.ExplicitPanic
		case "check":
			in.Kind = ir.CheckPanic
		case "fatal":
			in.Kind = ir.FatalPanic
		case "abort":
			in.Kind = ir.AbortPanic
		default:
			p.errorf(ai.tok, "unknown panic kind panic.%s (want panic, panic.check, panic.fatal or panic.abort)", ai.kind)
		}
		if ai.pos != nil {
			in.Pos = *ai.pos
		} else {
			in.Pos = ir.Pos{File: p.base, Line: ai.tok.line, Col: ai.tok.col}
		}
		return in
	}
	if op, ok := binOps[ai.op]; ok {
		return &ir.BinOp{Op: op}
	}
	if in, ok := c.newIfaceInstr(ai, byName); ok {
		return in
	}
	panic("ir: parser: unhandled op " + ai.op)
}

// orderPreds orders the predecessors of a block with phis as the edges of
// its first phi, and checks that every phi names each predecessor once.
func (c *fctx) orderPreds() {
	p := c.p
	for _, b := range c.f.Blocks {
		first := true
		for _, in := range b.Instrs {
			if _, ok := in.(*ir.Phi); !ok {
				continue
			}
			ai := c.src[in]
			var named []*ir.Block
			for _, l := range ai.labels {
				nb := c.blocks[l.name]
				if nb == nil {
					p.errorf(l.tok, "undefined block label %s", l.name)
					return
				}
				named = append(named, nb)
			}
			if !sameMultiset(named, b.Preds) {
				var want []string
				for _, pb := range b.Preds {
					want = append(want, c.af.blocks[pb.Index].label)
				}
				p.errorf(ai.tok, "phi edges must name each predecessor once: predecessors are [%s]", strings.Join(want, " "))
				continue
			}
			if first {
				b.Preds = named
				first = false
			}
		}
	}
}

func sameMultiset(a, b []*ir.Block) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[*ir.Block]int{}
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
		if count[x] < 0 {
			return false
		}
	}
	return true
}

// fillOperands resolves operands to values; untyped constants take the type
// the context expects.
func (c *fctx) fillOperands() {
	for k, in := range c.instrs {
		ai := c.ais[k]
		val := func(i int) ir.Value {
			want := c.expect(ai, in, i)
			switch in := in.(type) {
			case *ir.BinOp:
				if i == 1 && (in.Op == ir.Shl || in.Op == ir.Shr) {
					want = c.opType(ai.args[0])
				}
			case *ir.Index, *ir.IndexAddr:
				if i == 1 {
					want = ir.I64
				}
			}
			return c.value(ai.args[i], want)
		}
		switch in := in.(type) {
		case *ir.BinOp:
			in.X, in.Y = val(0), val(1)
		case *ir.UnOp:
			in.X = val(0)
		case *ir.Convert:
			in.X = val(0)
		case *ir.Phi:
			in.Edges = make([]ir.Value, len(in.Block().Preds))
			used := make([]bool, len(in.Edges))
			for i, l := range ai.labels {
				nb := c.blocks[l.name]
				for j, pb := range in.Block().Preds {
					if pb == nb && !used[j] {
						used[j] = true
						in.Edges[j] = val(i)
						break
					}
				}
			}
		case *ir.Alloc, *ir.Jump:
		case *ir.Load:
			in.Ptr = val(0)
		case *ir.Store:
			in.Ptr, in.Val = val(0), val(1)
		case *ir.FieldAddr:
			in.Ptr = val(0)
		case *ir.Field:
			in.X = val(0)
		case *ir.IndexAddr:
			in.Ptr, in.Index = val(0), val(1)
		case *ir.Index:
			in.X, in.Index = val(0), val(1)
		case *ir.Extract:
			in.X = val(0)
		case *ir.Call:
			for i := range ai.args {
				in.Args = append(in.Args, val(i))
			}
		case *ir.If:
			in.Cond = val(0)
		case *ir.Return:
			for i := range ai.args {
				in.Results = append(in.Results, val(i))
			}
		case *ir.Len:
			in.X = val(0)
		case *ir.Cap:
			in.X = val(0)
		case *ir.Slice:
			in.X = val(0)
			k := 1
			for i, bound := range []*ir.Value{&in.Low, &in.High, &in.Max} {
				if ai.bounds[i] {
					*bound = val(k)
					k++
				}
			}
		case *ir.MakeSlice:
			in.Len, in.Cap = val(0), val(1)
		case *ir.MakeMap:
		case *ir.Lookup:
			in.X, in.Key = val(0), val(1)
		case *ir.MapUpdate:
			in.Map, in.Key, in.Val = val(0), val(1), val(2)
		case *ir.Builtin:
			for i := range ai.args {
				in.Args = append(in.Args, val(i))
			}
		case *ir.SliceToArrayPointer:
			in.X = val(0)
		case *ir.Range:
			in.X = val(0)
		case *ir.Next:
			in.Iter = val(0)
		default:
			if !c.fillIfaceOperands(ai, in, val) {
				panic(fmt.Sprintf("ir: parser: operands of %T", in))
			}
		}
	}
}

// value resolves an operand; want is the type an untyped constant takes.
func (c *fctx) value(o *aOperand, want *ir.Type) ir.Value {
	p := c.p
	switch o.kind {
	case oReg:
		in := c.regs[o.reg]
		if in == nil {
			p.errorf(o.tok, "undefined register %%%d", o.reg)
			return nil
		}
		return in.(ir.Value)
	case oGlobal:
		for _, g := range p.globals {
			if g.g.Ident == o.name {
				return g.g
			}
		}
		p.errorf(o.tok, "undefined global $%s", o.name)
		return nil
	case oIdent:
		if par := c.params[o.name]; par != nil {
			return par
		}
		k, isLit := literals[o.name]
		if !isLit {
			p.errorf(o.tok, "undefined parameter %s", o.name)
			return nil
		}
		lit := *o
		lit.kind = k
		if k == oTrue || k == oFalse {
			lit.typ = ir.Bool
		}
		o = &lit
	}
	t := o.typ
	if t == nil {
		t = want
	}
	if o.kind == oString && o.typ == nil && (t == nil || t.Kind != ir.KString) {
		t = ir.String // an untyped string takes a string type from its context only
	}
	if t == nil {
		p.errorf(o.tok, "cannot infer the type of constant %s: write %s:T", o.tok.text, o.tok.text)
		return nil
	}
	switch o.kind {
	case oTrue, oFalse:
		if t.Kind != ir.KBool {
			p.errorf(o.tok, "%s is not a constant of type %s", o.name, t)
			return nil
		}
		return &ir.Const{Typ: t, Val: map[opKind]uint64{oTrue: 1, oFalse: 0}[o.kind]}
	case oNil:
		if t.Kind != ir.KPointer && t.Kind != ir.KSlice && t.Kind != ir.KMap && t.Kind != ir.KInterface && t.Kind != ir.KFunc {
			p.errorf(o.tok, "nil is not a constant of type %s", t)
			return nil
		}
		return &ir.Const{Typ: t}
	case oString:
		if t.Kind != ir.KString {
			p.errorf(o.tok, "%q is not a constant of type %s", o.name, t)
			return nil
		}
		return &ir.Const{Typ: t, Str: o.name}
	case oZero:
		return &ir.Const{Typ: t}
	case oInt:
		if t.Kind != ir.KInt && t.Kind != ir.KFloat || ir.ValidType(t) != "" {
			p.errorf(o.tok, "%s is not a constant of type %s", o.name, t)
			return nil
		}
		var bits uint64
		if t.Signed { // a float constant is written as its bits
			v, err := strconv.ParseInt(o.name, 0, t.Width)
			if err != nil {
				p.errorf(o.tok, "constant %s overflows %s", o.name, t)
				return nil
			}
			bits = uint64(v)
		} else {
			v, err := strconv.ParseUint(o.name, 0, t.Width)
			if err != nil {
				p.errorf(o.tok, "constant %s overflows %s", o.name, t)
				return nil
			}
			bits = v
		}
		if t.Width < 64 {
			bits &= 1<<t.Width - 1
		}
		return &ir.Const{Typ: t, Val: bits}
	}
	panic("ir: parser: operand kind")
}

// assignIDs numbers branches and panics in order of appearance, or as the
// #id annotations say when every one of them carries one.
func (p *parser) assignIDs(prog *ir.Program, src map[ir.Instr]*aInstr) {
	var ifs []*ir.If
	var panics []*ir.Panic
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ir.If:
					ifs = append(ifs, in)
				case *ir.Panic:
					panics = append(panics, in)
				}
			}
		}
	}
	prog.Branches = numberIDs(p, ifs, src, "if", func(in *ir.If, id int) { in.ID = id })
	prog.Panics = numberIDs(p, panics, src, "panic", func(in *ir.Panic, id int) { in.ID = id })
}

func numberIDs[T ir.Instr](p *parser, list []T, src map[ir.Instr]*aInstr, what string, setID func(T, int)) []T {
	out := make([]T, len(list))
	explicit := 0
	for _, in := range list {
		if src[in].hasID {
			explicit++
		}
	}
	if explicit != 0 && explicit != len(list) {
		for _, in := range list {
			if !src[in].hasID {
				p.errorf(src[in].tok, "%s without #id: either every %s carries a #id or none does", what, what)
				break
			}
		}
		return out
	}
	taken := make([]bool, len(list))
	for i, in := range list {
		id := i
		if explicit > 0 {
			id = src[in].id
		}
		if id >= len(list) || taken[id] {
			p.errorf(src[in].tok, "%s #%d: ids must be 0..%d, each used once", what, id, len(list)-1)
			continue
		}
		taken[id] = true
		setID(in, id)
		out[id] = in
	}
	return out
}
