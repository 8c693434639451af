// Parser of the text form of the IR (the hand-written "CFG model" input format).

package ir

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Error is a parse error at a position of the input file.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// ErrorList is the list of errors Parse returns, in order of position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var sb strings.Builder
	for i, e := range l {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(e.Error())
	}
	return sb.String()
}

const maxErrors = 10

// Parse parses the text form of a program (see doc.go for the grammar).
// filename is used in error messages; its base name is the File of the
// positions the parser makes up for branches and panics written without
// @pos. The result passes Check; errors are an ErrorList whose messages
// start with file:line:col.
func Parse(filename string, src []byte) (*Program, error) {
	toks, err := lex(filename, src)
	if err != nil {
		return nil, err
	}
	p := &parser{filename: filename, base: filepath.Base(filename), toks: toks}
	funcs, err := p.parseFile()
	if err != nil {
		return nil, err
	}
	return p.resolve(funcs)
}

// MustParse is Parse for tests and tables: it panics on error.
func MustParse(filename, src string) *Program {
	p, err := Parse(filename, []byte(src))
	if err != nil {
		panic(err)
	}
	return p
}

func unquote(s string) (string, error) { return strconv.Unquote(s) }

// ---- syntax ----

type aFunc struct {
	tok     token
	name    string
	params  []aParam
	results []*Type
	pos     *Pos
	blocks  []*aBlock
}

type aParam struct {
	tok  token
	name string
	typ  *Type
}

type aBlock struct {
	tok     token
	label   string
	comment string
	instrs  []*aInstr
}

type opKind int

const (
	oReg opKind = iota
	oIdent
	oInt
	oTrue
	oFalse
	oNil
	oZero
)

type aOperand struct {
	tok  token
	kind opKind
	reg  int
	name string // oIdent; literal text for oInt
	typ  *Type  // explicit type of a constant, or nil
}

type aLabel struct {
	tok  token
	name string
}

type aInstr struct {
	tok       token // first token
	reg       int
	hasReg    bool
	op        string // "add", "phi", "store", "if", "panic", ...
	kind      string // suffix of if./panic.
	typ       *Type  // convert target, alloc element, phi annotation
	args      []*aOperand
	labels    []aLabel
	field     int    // field index, or -1 when fieldName is used
	fieldName string // field by name
	fieldTok  token
	n         int // extract index
	callee    string
	calleeTok token
	msg       string
	pos       *Pos // nil when omitted
	id        int
	hasID     bool
}

type bailout struct{}

type parser struct {
	filename string
	base     string
	toks     []token
	i        int
	errs     ErrorList
}

func (p *parser) errorf(t token, format string, args ...any) {
	if len(p.errs) < maxErrors {
		p.errs = append(p.errs, &Error{File: p.filename, Line: t.line, Col: t.col, Msg: fmt.Sprintf(format, args...)})
	}
}

// fail reports a syntax error and abandons the parse.
func (p *parser) fail(t token, format string, args ...any) {
	p.errorf(t, format, args...)
	panic(bailout{})
}

// tok returns the current token, skipping comments.
func (p *parser) tok() token {
	for p.toks[p.i].kind == tComment {
		p.i++
	}
	return p.toks[p.i]
}

func (p *parser) next() token {
	t := p.tok()
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) is(kind tokKind, text string) bool {
	t := p.tok()
	return t.kind == kind && (text == "" || t.text == text)
}

func (p *parser) got(kind tokKind, text string) bool {
	if p.is(kind, text) {
		p.next()
		return true
	}
	return false
}

func (p *parser) want(kind tokKind, text string) token {
	t := p.tok()
	if t.kind != kind || (text != "" && t.text != text) {
		what := text
		switch {
		case text != "":
			what = strconv.Quote(text)
		case kind == tIdent:
			what = "name"
		case kind == tInt:
			what = "integer"
		case kind == tReg:
			what = "register"
		case kind == tNL:
			what = "end of line"
		}
		p.fail(t, "expected %s, found %s", what, t)
	}
	return p.next()
}

func (p *parser) wantNL() {
	if !p.got(tNL, "") && !p.is(tEOF, "") {
		p.fail(p.tok(), "unexpected %s at end of line", p.tok())
	}
}

func (p *parser) skipNLs() {
	for p.got(tNL, "") {
	}
}

func (p *parser) parseFile() (funcs []*aFunc, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			funcs, err = nil, p.errs
		}
	}()
	for {
		p.skipNLs()
		if p.is(tEOF, "") {
			return funcs, nil
		}
		funcs = append(funcs, p.parseFunc())
	}
}

func (p *parser) parseFunc() *aFunc {
	f := &aFunc{tok: p.want(tIdent, "func")}
	f.name = p.parseFuncName()
	p.want(tPunct, "(")
	for !p.got(tPunct, ")") {
		if len(f.params) > 0 {
			p.want(tPunct, ",")
		}
		t := p.want(tIdent, "")
		f.params = append(f.params, aParam{tok: t, name: t.text, typ: p.parseType()})
	}
	switch {
	case p.is(tPunct, "("):
		f.results = p.parseType().Elems
	case p.is(tPunct, "{") || p.is(tPos, ""):
	default:
		f.results = []*Type{p.parseType()}
	}
	if p.is(tPos, "") {
		pos := p.parsePos(p.next())
		f.pos = &pos
	}
	p.want(tPunct, "{")
	p.wantNL()
	for {
		p.skipNLs()
		t := p.tok()
		if p.got(tPunct, "}") {
			break
		}
		if t.kind == tEOF {
			p.fail(t, "unexpected end of file in function %s", f.name)
		}
		if t.kind == tIdent && p.toks[p.i+1].kind == tPunct && p.toks[p.i+1].text == ":" {
			p.next()
			p.next()
			b := &aBlock{tok: t, label: t.text}
			if p.toks[p.i].kind == tComment {
				b.comment = p.toks[p.i].text
			}
			p.wantNL()
			f.blocks = append(f.blocks, b)
			continue
		}
		if len(f.blocks) == 0 { // implicit entry block
			f.blocks = append(f.blocks, &aBlock{tok: t, label: "entry"})
		}
		b := f.blocks[len(f.blocks)-1]
		b.instrs = append(b.instrs, p.parseInstr())
		p.wantNL()
	}
	if len(f.blocks) == 0 {
		p.fail(f.tok, "function %s has no blocks", f.name)
	}
	return f
}

// parseFuncName parses F, T.M, (*T).M or a quoted name.
func (p *parser) parseFuncName() string {
	t := p.tok()
	switch {
	case t.kind == tString:
		p.next()
		return t.text
	case p.got(tPunct, "("):
		p.want(tPunct, "*")
		typ := p.want(tIdent, "").text
		p.want(tPunct, ")")
		p.want(tPunct, ".")
		return "(*" + typ + ")." + p.want(tIdent, "").text
	}
	name := p.want(tIdent, "").text
	for p.got(tPunct, ".") {
		name += "." + p.want(tIdent, "").text
	}
	return name
}

var typeNames = map[string]*Type{
	"bool": Bool,
	"i8":   I8, "i16": I16, "i32": I32, "i64": I64,
	"u8": U8, "u16": U16, "u32": U32, "u64": U64,
	"int8": I8, "int16": I16, "int32": I32, "int64": I64, "int": I64,
	"uint8": U8, "uint16": U16, "uint32": U32, "uint64": U64, "uint": U64, "byte": U8, "uintptr": U64,
}

func (p *parser) parseType() *Type {
	t := p.next()
	switch {
	case t.kind == tIdent && t.text == "struct":
		p.want(tPunct, "{")
		st := &Type{Kind: KStruct}
		for !p.got(tPunct, "}") {
			if len(st.Fields) > 0 {
				p.want(tPunct, ";")
				if p.got(tPunct, "}") {
					break
				}
			}
			name := p.want(tIdent, "").text
			st.Fields = append(st.Fields, StructField{Name: name, Type: p.parseType()})
		}
		return st
	case t.kind == tIdent:
		if typ := typeNames[t.text]; typ != nil {
			c := *typ // fresh copy: types are never shared with the package-level ones
			return &c
		}
		p.fail(t, "unknown type %s", t.text)
	case t.kind == tPunct && t.text == "*":
		return PointerTo(p.parseType())
	case t.kind == tPunct && t.text == "[":
		n := p.want(tInt, "")
		l, err := strconv.ParseUint(n.text, 0, 31)
		if err != nil {
			p.fail(n, "bad array length %s", n.text)
		}
		p.want(tPunct, "]")
		return &Type{Kind: KArray, Len: int(l), Elem: p.parseType()}
	case t.kind == tPunct && t.text == "(":
		tt := &Type{Kind: KTuple}
		for !p.got(tPunct, ")") {
			if len(tt.Elems) > 0 {
				p.want(tPunct, ",")
			}
			tt.Elems = append(tt.Elems, p.parseType())
		}
		return tt
	}
	p.fail(t, "expected type, found %s", t)
	return nil
}

func (p *parser) parsePos(t token) Pos {
	if t.text == "-" {
		return Pos{}
	}
	parts := strings.Split(t.text, ":")
	bad := func() Pos {
		p.fail(t, "bad position @%s (want @file:line:col, @file:line or @-)", t.text)
		return Pos{}
	}
	if len(parts) < 2 || len(parts) > 3 {
		return bad()
	}
	nums := len(parts) - 1
	file := strings.Join(parts[:len(parts)-nums], ":")
	line, err := strconv.Atoi(parts[len(parts)-nums])
	if err != nil || line <= 0 || file == "" {
		return bad()
	}
	col := 0
	if nums == 2 {
		col, err = strconv.Atoi(parts[len(parts)-1])
		if err != nil || col < 0 {
			return bad()
		}
	}
	return Pos{File: file, Line: line, Col: col}
}

var binOps = func() map[string]BinOpKind {
	m := map[string]BinOpKind{}
	for i, n := range binOpNames {
		m[n] = BinOpKind(i)
	}
	return m
}()

var unOps = map[string]UnOpKind{"neg": Neg, "not": Not, "compl": Compl}

func (p *parser) parseInstr() *aInstr {
	in := &aInstr{tok: p.tok(), field: -1}
	if t := p.tok(); t.kind == tReg {
		p.next()
		in.reg, in.hasReg = p.regNum(t), true
		p.want(tPunct, "=")
	}
	opTok := p.want(tIdent, "")
	in.op = opTok.text
	if in.hasReg {
		switch in.op {
		case "store", "if", "jump", "return", "panic":
			p.fail(opTok, "%s yields no value", in.op)
		}
	}
	switch op := in.op; {
	case binOps[op] != 0 || op == "add":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tPunct, ",")
		in.args = append(in.args, p.parseOperand())
	case op == "neg" || op == "not" || op == "compl" || op == "load":
		in.args = []*aOperand{p.parseOperand()}
	case op == "convert":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tIdent, "to")
		in.typ = p.parseType()
	case op == "phi":
		if !p.is(tPunct, "[") {
			in.typ = p.parseType()
		}
		p.want(tPunct, "[")
		for !p.got(tPunct, "]") {
			if len(in.labels) > 0 {
				p.want(tPunct, ",")
			}
			l := p.want(tIdent, "")
			in.labels = append(in.labels, aLabel{l, l.text})
			p.want(tPunct, ":")
			in.args = append(in.args, p.parseOperand())
		}
	case op == "alloc":
		in.typ = p.parseType()
	case op == "store" || op == "indexaddr" || op == "index":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tPunct, ",")
		in.args = append(in.args, p.parseOperand())
	case op == "fieldaddr" || op == "field":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tPunct, ",")
		in.fieldTok = p.tok()
		if p.got(tPunct, ".") {
			in.fieldName = p.want(tIdent, "").text
		} else {
			in.field = p.smallInt(p.want(tInt, ""))
		}
	case op == "extract":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tPunct, ",")
		in.n = p.smallInt(p.want(tInt, ""))
	case op == "call":
		in.calleeTok = p.tok()
		in.callee = p.parseFuncName()
		p.want(tPunct, "(")
		for !p.got(tPunct, ")") {
			if len(in.args) > 0 {
				p.want(tPunct, ",")
			}
			in.args = append(in.args, p.parseOperand())
		}
	case op == "if":
		if p.got(tPunct, ".") {
			in.kind = p.want(tIdent, "").text
		}
		in.args = []*aOperand{p.parseOperand()}
		for range 2 {
			l := p.want(tIdent, "")
			in.labels = append(in.labels, aLabel{l, l.text})
		}
		p.parseTail(in)
	case op == "jump":
		l := p.want(tIdent, "")
		in.labels = []aLabel{{l, l.text}}
	case op == "return":
		for !p.is(tNL, "") && !p.is(tEOF, "") {
			if len(in.args) > 0 {
				p.want(tPunct, ",")
			}
			in.args = append(in.args, p.parseOperand())
		}
	case op == "panic":
		if p.got(tPunct, ".") {
			in.kind = p.want(tIdent, "").text
		}
		if t := p.tok(); t.kind == tString {
			p.next()
			in.msg = t.text
		}
		p.parseTail(in)
	default:
		p.fail(opTok, "unknown instruction %s", op)
	}
	if !in.hasReg {
		switch in.op {
		case "store", "call", "if", "jump", "return", "panic":
		default:
			p.fail(opTok, "%s must be assigned to a register (%%N = %s ...)", in.op, in.op)
		}
	}
	return in
}

// parseTail parses the optional @pos and #id of if and panic.
func (p *parser) parseTail(in *aInstr) {
	if t := p.tok(); t.kind == tPos {
		p.next()
		pos := p.parsePos(t)
		in.pos = &pos
	}
	if t := p.tok(); t.kind == tID {
		p.next()
		in.id, in.hasID = p.smallInt(t), true
	}
}

func (p *parser) regNum(t token) int {
	n, err := strconv.Atoi(t.text)
	if err != nil || n > math.MaxInt32 {
		p.fail(t, "bad register number %%%s", t.text)
	}
	return n
}

func (p *parser) smallInt(t token) int {
	n, err := strconv.ParseUint(t.text, 0, 31)
	if err != nil {
		p.fail(t, "bad number %s", t.text)
	}
	return int(n)
}

var literals = map[string]opKind{"true": oTrue, "false": oFalse, "nil": oNil, "zero": oZero}

func (p *parser) parseOperand() *aOperand {
	t := p.next()
	o := &aOperand{tok: t, name: t.text}
	switch t.kind {
	case tReg:
		o.kind, o.reg = oReg, p.regNum(t)
		return o
	case tInt:
		o.kind = oInt
	case tIdent:
		k, isLit := literals[t.text]
		if !isLit || !p.is(tPunct, ":") {
			// A parameter, or an untyped true/false/nil/zero when no
			// parameter has that name (decided in resolve).
			o.kind = oIdent
			return o
		}
		o.kind = k
	default:
		p.fail(t, "expected operand, found %s", t)
	}
	if p.got(tPunct, ":") {
		o.typ = p.parseType()
	}
	return o
}

// ---- resolution ----

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
	slices.SortStableFunc(p.errs, func(a, b *Error) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	if err != nil {
		return nil, p.errs
	}
	return prog, nil
}

func (p *parser) resolve1(afs []*aFunc) (*Program, error) {
	prog := &Program{}
	byName := map[string]*Function{}
	funcTok := map[*Function]token{}
	for _, af := range afs {
		f := &Function{Name: af.name, Results: af.results, Prog: prog}
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
				t = funcTok[ce.Func]
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
		if !ai.hasReg && ai.op == "call" {
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
	c.orderPreds()
	if len(p.errs) > 0 {
		return
	}
	c.inferTypes()
	if len(p.errs) > 0 {
		return
	}
	c.fillOperands()
}

func (c *fctx) newInstr(ai *aInstr, byName map[string]*Function) Instr {
	p := c.p
	switch ai.op {
	case "neg", "not", "compl":
		return &UnOp{Op: unOps[ai.op]}
	case "convert":
		in := &Convert{}
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
				p.errorf(ai.tok, "unknown branch kind if.%s (want if, if.index, if.div, if.nil, if.shift or if.internal)", ai.kind)
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
		switch ai.kind {
		case "":
			in.Kind = ExplicitPanic
		case "check":
			in.Kind = CheckPanic
		default:
			p.errorf(ai.tok, "unknown panic kind panic.%s (want panic or panic.check)", ai.kind)
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

// regType is the type of a register operand so far (nil while unknown).
func (c *fctx) opType(o *aOperand) *Type {
	switch o.kind {
	case oReg:
		if in := c.regs[o.reg]; in != nil {
			return registerOf(in).Typ
		}
		return nil
	case oIdent:
		if par := c.params[o.name]; par != nil {
			return par.Typ
		}
		if o.name == "true" || o.name == "false" {
			return Bool
		}
		return nil
	case oTrue, oFalse:
		return Bool
	}
	return o.typ
}

// inferTypes gives every register a type, iterating to a fixed point so
// that phis may use registers defined later (loops). Types flow forward
// (from operands to results); when that is stuck, one step flows backward
// (a register used where its context requires a type gets that type: the
// other operand of a binary operator, the phi's type, a parameter, ...).
func (c *fctx) inferTypes() {
	for {
		progress, missing := false, false
		for k, in := range c.instrs {
			r := registerOf(in)
			if r == nil || r.Typ != nil {
				continue
			}
			t, err := c.infer(c.ais[k], in)
			if err != "" {
				c.p.errorf(c.ais[k].tok, "%s", err)
				r.Typ = &Type{Kind: KTuple} // avoid repeated reports
				continue
			}
			if t == nil {
				missing = true
				continue
			}
			r.Typ = t
			progress = true
		}
		if !missing {
			return
		}
		if progress {
			continue
		}
		for k, in := range c.instrs {
			for i, o := range c.ais[k].args {
				if o.kind != oReg || c.regs[o.reg] == nil {
					continue
				}
				r := registerOf(c.regs[o.reg])
				if r.Typ != nil {
					continue
				}
				if t := c.expect(c.ais[k], in, i); t != nil {
					r.Typ = t
					progress = true
				}
			}
		}
		if progress {
			continue
		}
		for k, in := range c.instrs {
			if r := registerOf(in); r != nil && r.Typ == nil {
				what := "its operands"
				if c.ais[k].op == "phi" {
					what = "its edges (write phi T [...] or give a constant a type, as 0:i32)"
				}
				c.p.errorf(c.ais[k].tok, "cannot infer the type of %%%d from %s", r.Num, what)
			}
		}
		return
	}
}

// expect returns the type operand i of an instruction must have, as far as
// it is known, or nil.
func (c *fctx) expect(ai *aInstr, in Instr, i int) *Type {
	typ := func(i int) *Type { return c.opType(ai.args[i]) }
	switch in := in.(type) {
	case *BinOp:
		if in.Op == Shl || in.Op == Shr {
			if i == 0 {
				return in.Typ
			}
			return nil
		}
		if t := typ(1 - i); t != nil {
			return t
		}
		if !in.Op.IsComparison() {
			return in.Typ
		}
	case *UnOp:
		if in.Op == Not {
			return Bool
		}
		return in.Typ
	case *Phi:
		return in.Typ
	case *Store:
		if i == 1 {
			if t := typ(0); t != nil && t.Kind == KPointer {
				return t.Elem
			}
			return nil
		}
		if t := typ(1); t != nil {
			return PointerTo(t)
		}
	case *Call:
		if i < len(in.Callee.Params) {
			return in.Callee.Params[i].Typ
		}
	case *Return:
		if i < len(c.f.Results) {
			return c.f.Results[i]
		}
	case *If:
		return Bool
	case *Load:
		if in.Typ != nil {
			return PointerTo(in.Typ)
		}
	}
	return nil
}

// infer computes the result type of an instruction; nil (and no error) when
// an operand type is not known yet.
func (c *fctx) infer(ai *aInstr, in Instr) (*Type, string) {
	arg := func(i int) *Type { return c.opType(ai.args[i]) }
	switch in := in.(type) {
	case *BinOp:
		if in.Op.IsComparison() {
			return Bool, ""
		}
		if in.Op == Shl || in.Op == Shr {
			return arg(0), ""
		}
		if t := arg(0); t != nil {
			return t, ""
		}
		return arg(1), ""
	case *UnOp:
		if in.Op == Not {
			return Bool, ""
		}
		return arg(0), ""
	case *Convert:
		return ai.typ, ""
	case *Phi:
		if ai.typ != nil {
			return ai.typ, ""
		}
		for i := range ai.args {
			if t := arg(i); t != nil {
				return t, ""
			}
		}
		return nil, ""
	case *Alloc:
		return PointerTo(ai.typ), ""
	case *Load:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != KPointer {
			return nil, fmt.Sprintf("load from non-pointer %s", t)
		}
		return t.Elem, ""
	case *FieldAddr, *Field:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		st := t
		if _, ok := in.(*FieldAddr); ok {
			if t.Kind != KPointer {
				return nil, fmt.Sprintf("fieldaddr of non-pointer %s", t)
			}
			st = t.Elem
		}
		if st.Kind != KStruct {
			return nil, fmt.Sprintf("%s of non-struct %s", ai.op, st)
		}
		idx := ai.field
		if ai.fieldName != "" {
			idx = -1
			for i, f := range st.Fields {
				if f.Name == ai.fieldName {
					idx = i
					break
				}
			}
			if idx < 0 {
				return nil, fmt.Sprintf("%s has no field %s", st, ai.fieldName)
			}
		}
		if idx >= len(st.Fields) {
			return nil, fmt.Sprintf("field index %d out of range for %s", idx, st)
		}
		switch in := in.(type) {
		case *FieldAddr:
			in.Field = idx
			return PointerTo(st.Fields[idx].Type), ""
		case *Field:
			in.Field = idx
		}
		return st.Fields[idx].Type, ""
	case *IndexAddr:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != KPointer || t.Elem.Kind != KArray {
			return nil, fmt.Sprintf("indexaddr of %s, not a pointer to an array", t)
		}
		return PointerTo(t.Elem.Elem), ""
	case *Index:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != KArray {
			return nil, fmt.Sprintf("index of non-array %s", t)
		}
		return t.Elem, ""
	case *Extract:
		t := arg(0)
		if t == nil {
			return nil, ""
		}
		if t.Kind != KTuple || ai.n >= len(t.Elems) {
			return nil, fmt.Sprintf("extract %d from %s", ai.n, t)
		}
		return t.Elems[ai.n], ""
	case *Call:
		return ResultType(in.Callee), ""
	}
	panic(fmt.Sprintf("ir: parser: infer %T", in))
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
		case *Alloc, *Jump, *Panic:
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
		default:
			panic(fmt.Sprintf("ir: parser: operands of %T", in))
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
		if t.Kind != KPointer {
			p.errorf(o.tok, "nil is not a constant of type %s", t)
			return nil
		}
		return &Const{Typ: t}
	case oZero:
		return &Const{Typ: t}
	case oInt:
		if t.Kind != KInt || validType(t) != "" {
			p.errorf(o.tok, "%s is not a constant of type %s", o.name, t)
			return nil
		}
		var bits uint64
		if t.Signed {
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
