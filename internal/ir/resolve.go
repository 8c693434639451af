// Resolution of the parsed text into a Program: names, blocks, registers, operands, ids.

package ir

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

type fctx struct {
	p      *parser
	af     *aFunc
	f      *Function
	blocks map[string]*Block
	regs   map[int]Instr
	params map[string]*Param
	instrs []Instr
	ais    []*aInstr
	pos    map[Instr]token
	src    map[Instr]*aInstr
}

func (p *parser) resolve(afs []*aFunc) (*Program, error) {
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

func (p *parser) resolve1(afs []*aFunc) (*Program, error) {
	prog := &Program{}
	for _, ag := range p.globals {
		prog.Globals = append(prog.Globals, ag.g)
	}
	byName := map[string]*Function{}
	funcTok := map[*Function]token{}
	for _, af := range afs {
		f := &Function{Name: af.name, Results: af.results, Prog: prog, NumFree: af.nfree, Pkg: af.pkg, External: af.extern}
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
			f.Params = append(f.Params, &Param{Ident: ap.name, Typ: ap.typ, Index: i})
		}
		prog.Funcs = append(prog.Funcs, f)
	}
	p.resolveDyns(prog, byName)
	blockTok := map[*Block]token{}
	instrTok := map[Instr]token{}
	src := map[Instr]*aInstr{}
	for i, af := range afs {
		c := &fctx{p: p, af: af, f: prog.Funcs[i], blocks: map[string]*Block{}, regs: map[int]Instr{}, params: map[string]*Param{}, pos: instrTok, src: src}
		c.build(byName, blockTok)
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	p.assignIDs(prog, src)
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	WalkTypes(prog, func(t *Type) {
		if s := SizeOf(t); t.Size != s {
			t.Size = s // types shared with other programs (I64...) have theirs already
		}
	})
	if err := Check(prog); err != nil {
		var ces CheckErrors
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

func (c *fctx) build(byName map[string]*Function, blockTok map[*Block]token) {
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
		b := &Block{Index: i, Func: f, Comment: ab.comment}
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
		NewRegister(c.instrs[k], ai.reg, nil)
	}
	for k, ai := range c.ais {
		if !ai.hasReg && (ai.op == "call" || ai.op == "invoke" || ai.op == "callv" || builtinKinds[ai.op] != nil) {
			maxReg++
			NewRegister(c.instrs[k], maxReg, nil)
		}
	}
	// Successors, then predecessors.
	for _, b := range f.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		last := b.Instrs[len(b.Instrs)-1]
		switch last.(type) {
		case *If, *Jump:
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
			var want *Type
			if i < len(f.Results) {
				want = f.Results[i]
			}
			if v := c.value(o, want); v != nil {
				f.RecoverResults = append(f.RecoverResults, v)
			}
		}
		if f.RecoverResults == nil {
			f.RecoverResults = []Value{}
		}
	}
}

func (c *fctx) newInstr(ai *aInstr, byName map[string]*Function) Instr {
	p := c.p
	switch ai.op {
	case "neg", "not", "compl":
		return &UnOp{Op: unOps[ai.op]}
	case "convert", "bitcast":
		in := &Convert{Bits: ai.op == "bitcast"}
		in.Typ = ai.typ
		return in
	case "phi":
		return &Phi{}
	case "alloc":
		return &Alloc{}
	case "load":
		return &Load{}
	case "store":
		return &Store{}
	case "fieldaddr":
		return &FieldAddr{Field: ai.field}
	case "indexaddr":
		return &IndexAddr{}
	case "field":
		return &Field{Field: ai.field}
	case "index":
		return &Index{}
	case "extract":
		return &Extract{Index: ai.n}
	case "len":
		return &Len{}
	case "cap":
		return &Cap{}
	case "slice":
		return &Slice{}
	case "makeslice":
		return &MakeSlice{}
	case "makemap":
		return &MakeMap{}
	case "lookup":
		return &Lookup{CommaOk: ai.commaOk}
	case "mapupdate":
		return &MapUpdate{}
	case "append", "copy", "delete", "clear", "slicelen", "sliceswap", "sametype":
		return &Builtin{Fn: *builtinKinds[ai.op]}
	case "slicetoarrayptr":
		return &SliceToArrayPointer{}
	case "range":
		return &Range{}
	case "next":
		return &Next{}
	case "call":
		callee := byName[ai.callee]
		if callee == nil {
			p.errorf(ai.calleeTok, "undefined function %s", ai.callee)
			return nil
		}
		return &Call{Callee: callee}
	case "if":
		in := &If{}
		switch ai.kind {
		case "":
			in.Kind = SourceBranch
		default:
			k := slices.Index(branchKindNames[:], ai.kind)
			if k < 0 || k == int(SourceBranch) {
				var kinds []string
				for i, n := range branchKindNames {
					if i != int(SourceBranch) {
						kinds = append(kinds, "if."+n)
					}
				}
				p.errorf(ai.tok, "unknown branch kind if.%s (want if, %s)", ai.kind, strings.Join(kinds, ", "))
			}
			in.Kind = BranchKind(max(k, 0))
		}
		if ai.pos != nil {
			in.Pos = *ai.pos
		} else {
			in.Pos = Pos{File: p.base, Line: ai.tok.line, Col: ai.tok.col}
		}
		return in
	case "jump":
		return &Jump{}
	case "return":
		return &Return{}
	case "panic":
		in := &Panic{Msg: ai.msg}
		if ai.hasOp {
			in.Kind = ExplicitPanic
		}
		switch ai.kind {
		case "":
			in.Kind = ExplicitPanic
		case "check":
			in.Kind = CheckPanic
		case "fatal":
			in.Kind = FatalPanic
		default:
			p.errorf(ai.tok, "unknown panic kind panic.%s (want panic, panic.check or panic.fatal)", ai.kind)
		}
		if ai.pos != nil {
			in.Pos = *ai.pos
		} else {
			in.Pos = Pos{File: p.base, Line: ai.tok.line, Col: ai.tok.col}
		}
		return in
	}
	if op, ok := binOps[ai.op]; ok {
		return &BinOp{Op: op}
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
			if _, ok := in.(*Phi); !ok {
				continue
			}
			ai := c.src[in]
			var named []*Block
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

func sameMultiset(a, b []*Block) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[*Block]int{}
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
		val := func(i int) Value {
			want := c.expect(ai, in, i)
			switch in := in.(type) {
			case *BinOp:
				if i == 1 && (in.Op == Shl || in.Op == Shr) {
					want = c.opType(ai.args[0])
				}
			case *Index, *IndexAddr:
				if i == 1 {
					want = I64
				}
			}
			return c.value(ai.args[i], want)
		}
		switch in := in.(type) {
		case *BinOp:
			in.X, in.Y = val(0), val(1)
		case *UnOp:
			in.X = val(0)
		case *Convert:
			in.X = val(0)
		case *Phi:
			in.Edges = make([]Value, len(in.Block().Preds))
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
		case *Alloc, *Jump:
		case *Load:
			in.Ptr = val(0)
		case *Store:
			in.Ptr, in.Val = val(0), val(1)
		case *FieldAddr:
			in.Ptr = val(0)
		case *Field:
			in.X = val(0)
		case *IndexAddr:
			in.Ptr, in.Index = val(0), val(1)
		case *Index:
			in.X, in.Index = val(0), val(1)
		case *Extract:
			in.X = val(0)
		case *Call:
			for i := range ai.args {
				in.Args = append(in.Args, val(i))
			}
		case *If:
			in.Cond = val(0)
		case *Return:
			for i := range ai.args {
				in.Results = append(in.Results, val(i))
			}
		case *Len:
			in.X = val(0)
		case *Cap:
			in.X = val(0)
		case *Slice:
			in.X = val(0)
			k := 1
			for i, bound := range []*Value{&in.Low, &in.High, &in.Max} {
				if ai.bounds[i] {
					*bound = val(k)
					k++
				}
			}
		case *MakeSlice:
			in.Len, in.Cap = val(0), val(1)
		case *MakeMap:
		case *Lookup:
			in.X, in.Key = val(0), val(1)
		case *MapUpdate:
			in.Map, in.Key, in.Val = val(0), val(1), val(2)
		case *Builtin:
			for i := range ai.args {
				in.Args = append(in.Args, val(i))
			}
		case *SliceToArrayPointer:
			in.X = val(0)
		case *Range:
			in.X = val(0)
		case *Next:
			in.Iter = val(0)
		default:
			if !c.fillIfaceOperands(ai, in, val) {
				panic(fmt.Sprintf("ir: parser: operands of %T", in))
			}
		}
	}
}

// value resolves an operand; want is the type an untyped constant takes.
func (c *fctx) value(o *aOperand, want *Type) Value {
	p := c.p
	switch o.kind {
	case oReg:
		in := c.regs[o.reg]
		if in == nil {
			p.errorf(o.tok, "undefined register %%%d", o.reg)
			return nil
		}
		return in.(Value)
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
			lit.typ = Bool
		}
		o = &lit
	}
	t := o.typ
	if t == nil {
		t = want
	}
	if o.kind == oString && o.typ == nil && (t == nil || t.Kind != KString) {
		t = String // an untyped string takes a string type from its context only
	}
	if t == nil {
		p.errorf(o.tok, "cannot infer the type of constant %s: write %s:T", o.tok.text, o.tok.text)
		return nil
	}
	switch o.kind {
	case oTrue, oFalse:
		if t.Kind != KBool {
			p.errorf(o.tok, "%s is not a constant of type %s", o.name, t)
			return nil
		}
		return &Const{Typ: t, Val: map[opKind]uint64{oTrue: 1, oFalse: 0}[o.kind]}
	case oNil:
		if t.Kind != KPointer && t.Kind != KSlice && t.Kind != KMap && t.Kind != KInterface && t.Kind != KFunc {
			p.errorf(o.tok, "nil is not a constant of type %s", t)
			return nil
		}
		return &Const{Typ: t}
	case oString:
		if t.Kind != KString {
			p.errorf(o.tok, "%q is not a constant of type %s", o.name, t)
			return nil
		}
		return &Const{Typ: t, Str: o.name}
	case oZero:
		return &Const{Typ: t}
	case oInt:
		if t.Kind != KInt && t.Kind != KFloat || validType(t) != "" {
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
		return &Const{Typ: t, Val: bits}
	}
	panic("ir: parser: operand kind")
}

// assignIDs numbers branches and panics in order of appearance, or as the
// #id annotations say when every one of them carries one.
func (p *parser) assignIDs(prog *Program, src map[Instr]*aInstr) {
	var ifs []*If
	var panics []*Panic
	for _, f := range prog.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *If:
					ifs = append(ifs, in)
				case *Panic:
					panics = append(panics, in)
				}
			}
		}
	}
	prog.Branches = numberIDs(p, ifs, src, "if", func(in *If, id int) { in.ID = id })
	prog.Panics = numberIDs(p, panics, src, "panic", func(in *Panic, id int) { in.ID = id })
}

func numberIDs[T Instr](p *parser, list []T, src map[Instr]*aInstr, what string, setID func(T, int)) []T {
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
