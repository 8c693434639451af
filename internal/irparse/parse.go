// Parser of the text form of the IR (the hand-written "CFG model" input format).

package irparse

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
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

// Parse parses the text form of a program (see the package comment for the
// grammar). filename is used in error messages; its base name is the File of the
// positions the parser makes up for branches and panics written without
// @pos. The result passes ir.Check; errors are an ErrorList whose messages
// start with file:line:col.
func Parse(filename string, src []byte) (*ir.Program, error) {
	toks, err := lex(filename, src)
	if err != nil {
		return nil, err
	}
	p := &parser{filename: filename, base: filepath.Base(filename), toks: toks, named: map[string]*aNamed{}}
	funcs, err := p.parseFile()
	if err != nil {
		return nil, err
	}
	return p.resolve(funcs)
}

// MustParse is Parse for tests and tables: it panics on error.
func MustParse(filename, src string) *ir.Program {
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
	init    bool   // marked "init": Program.Init
	extern  bool   // marked "extern": Function.External, no body
	aborts  string // an extern's "aborts \"why\"": Function.Unsupported
	pkg     string
	name    string
	params  []aParam
	nfree   int // the first nfree params are free variables ("[...]")
	results []*ir.Type
	recover []*aOperand // "recover(...)": Function.RecoverResults
	hasRec  bool
	pos     *ir.Pos
	blocks  []*aBlock
}

type aParam struct {
	tok  token
	name string
	typ  *ir.Type
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
	oString // "text" (name holds the bytes)
	oGlobal // $x (name without the '$')
)

type aOperand struct {
	tok  token
	kind opKind
	reg  int
	name string   // oIdent; literal text for oInt
	typ  *ir.Type // explicit type of a constant, or nil
}

type aLabel struct {
	tok  token
	name string
}

type aInstr struct {
	tok       token // first token
	reg       int
	hasReg    bool
	op        string   // "add", "phi", "store", "if", "panic", ...
	kind      string   // suffix of if./panic.
	typ       *ir.Type // convert target, alloc element, phi annotation
	args      []*aOperand
	labels    []aLabel
	field     int    // field index, or -1 when fieldName is used
	fieldName string // field by name
	fieldTok  token
	n         int // extract index
	callee    string
	calleeTok token
	msg       string
	pos       *ir.Pos // nil when omitted
	id        int
	hasID     bool
	bounds    [3]bool // slice: which of low, high, max are written (args[1:] in that order)
	commaOk   bool    // lookup ..., ok
	// Interfaces and closures: a dynamic type's name (makeiface, typeassert
	// to dyn), a method (invoke, defer invoke), an interface type
	// (changeiface, typeassert, makeiface: in typ).
	dyn    string
	dynTok token
	method string
	invoke bool // defer invoke
	hasOp  bool // panic with a value (args[0])
}

type bailout struct{}

type parser struct {
	filename string
	base     string
	toks     []token
	i        int
	errs     ErrorList

	named      map[string]*aNamed
	namedOrder []string // declaration order
	globals    []aGlobal
	dyns       []*aDyn
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
			p.sortErrors()
			funcs, err = nil, p.errs
		}
	}()
	for {
		p.skipNLs()
		switch {
		case p.is(tEOF, ""):
			p.resolveNamed()
			return funcs, nil
		case p.is(tIdent, "type"):
			p.parseTypeDecl()
		case p.is(tIdent, "var"):
			p.parseGlobal()
		case p.is(tIdent, "dyn"):
			p.parseDyn()
		case p.is(tIdent, "init"):
			t := p.next()
			f := p.parseFunc()
			for _, g := range funcs {
				if g.init {
					p.errorf(t, "a second init function (%s is one)", g.name)
				}
			}
			f.init = true
			funcs = append(funcs, f)
			continue
		case p.is(tIdent, "extern"):
			p.next()
			funcs = append(funcs, p.parseExtern())
		default:
			funcs = append(funcs, p.parseFunc())
			continue
		}
		p.wantNL()
	}
}

// parseHeader parses a function's header after "func": name,
// parameters, results, package and position.
func (p *parser) parseHeader(f *aFunc) {
	f.name = p.parseFuncName()
	if p.got(tPunct, "[") { // free variables of a function literal
		for !p.got(tPunct, "]") {
			if len(f.params) > 0 {
				p.want(tPunct, ",")
			}
			t := p.want(tIdent, "")
			f.params = append(f.params, aParam{tok: t, name: t.text, typ: p.parseType()})
		}
		f.nfree = len(f.params)
	}
	p.want(tPunct, "(")
	for !p.got(tPunct, ")") {
		if len(f.params) > f.nfree {
			p.want(tPunct, ",")
		}
		t := p.want(tIdent, "")
		f.params = append(f.params, aParam{tok: t, name: t.text, typ: p.parseType()})
	}
	switch {
	case p.is(tPunct, "("):
		f.results = p.parseType().Elems
	case p.is(tPunct, "{") || p.is(tPos, "") || p.is(tIdent, "recover") || p.is(tNL, "") || p.isIn():
	default:
		f.results = []*ir.Type{p.parseType()}
	}
	if p.got(tIdent, "recover") {
		f.hasRec = true
		p.want(tPunct, "(")
		for !p.got(tPunct, ")") {
			if len(f.recover) > 0 {
				p.want(tPunct, ",")
			}
			f.recover = append(f.recover, p.parseOperand())
		}
	}
	f.pkg = p.parseIn()
	if p.is(tPos, "") {
		pos := p.parsePos(p.next())
		f.pos = &pos
	}
}

// isIn reports whether the next tokens are `in "path"`.
func (p *parser) isIn() bool {
	return p.is(tIdent, "in") && p.toks[p.i+1].kind == tString
}

// parseIn parses an optional `in "path"` (a package), returning the path.
func (p *parser) parseIn() string {
	if !p.isIn() {
		return ""
	}
	p.next()
	return p.next().text
}

// parseExtern parses an external function: "func" and its header, no body.
func (p *parser) parseExtern() *aFunc {
	f := &aFunc{tok: p.want(tIdent, "func"), extern: true}
	p.parseHeader(f)
	if p.got(tIdent, "aborts") {
		t := p.tok()
		if t.kind != tString {
			p.fail(t, "aborts wants a quoted reason")
		}
		p.next()
		f.aborts = t.text
	}
	return f
}

func (p *parser) parseFunc() *aFunc {
	f := &aFunc{tok: p.want(tIdent, "func")}
	p.parseHeader(f)
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

func (p *parser) parsePos(t token) ir.Pos {
	if t.text == "-" {
		return ir.Pos{}
	}
	parts := strings.Split(t.text, ":")
	bad := func() ir.Pos {
		p.fail(t, "bad position @%s (want @file:line:col, @file:line or @-)", t.text)
		return ir.Pos{}
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
	return ir.Pos{File: file, Line: line, Col: col}
}

var binOps = func() map[string]ir.BinOpKind {
	m := map[string]ir.BinOpKind{}
	for _, k := range ir.BinOpKinds() {
		m[k.String()] = k
	}
	return m
}()

var unOps = map[string]ir.UnOpKind{"neg": ir.Neg, "not": ir.Not, "compl": ir.Compl}

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
		case "store", "if", "jump", "return", "panic", "mapupdate", "defer", "rundefers":
			p.fail(opTok, "%s yields no value", in.op)
		}
	}
	switch op := in.op; {
	case binOps[op] != 0 || op == "add":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tPunct, ",")
		in.args = append(in.args, p.parseOperand())
	case op == "neg" || op == "not" || op == "compl" || op == "load" ||
		op == "len" || op == "cap" || op == "range" || op == "next":
		in.args = []*aOperand{p.parseOperand()}
	case op == "slice":
		in.args = []*aOperand{p.parseOperand()}
		for i, word := range ir.SliceBounds() {
			if p.got(tIdent, word) {
				in.bounds[i] = true
				in.args = append(in.args, p.parseOperand())
			}
		}
	case op == "makeslice":
		in.typ = p.parseType()
		for range 2 {
			p.want(tPunct, ",")
			in.args = append(in.args, p.parseOperand())
		}
	case op == "makemap":
		in.typ = p.parseType()
	case op == "lookup":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tPunct, ",")
		in.args = append(in.args, p.parseOperand())
		if p.got(tPunct, ",") {
			p.want(tIdent, "ok")
			in.commaOk = true
		}
	case op == "mapupdate":
		in.args = []*aOperand{p.parseOperand()}
		for range 2 {
			p.want(tPunct, ",")
			in.args = append(in.args, p.parseOperand())
		}
	case builtinKinds[op] != nil:
		for i := range builtinKinds[op].Arity() {
			if i > 0 {
				p.want(tPunct, ",")
			}
			in.args = append(in.args, p.parseOperand())
		}
	case op == "slicetoarrayptr":
		in.args = []*aOperand{p.parseOperand()}
		p.want(tIdent, "to")
		in.typ = p.parseType()
	case op == "convert" || op == "bitcast":
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
		if t := p.tok(); t.kind == tReg || t.kind == tIdent {
			in.args, in.hasOp = []*aOperand{p.parseOperand()}, true
		}
		p.parseTail(in)
	case p.parseIfaceInstr(in, op):
	default:
		p.fail(opTok, "unknown instruction %s", op)
	}
	if !in.hasReg && builtinKinds[in.op] == nil { // a builtin's result may go unused
		switch in.op {
		case "store", "call", "if", "jump", "return", "panic", "mapupdate",
			"append", "copy", "delete", "clear", "sliceswap", "rset", "invoke", "callv", "defer", "rundefers":
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

// builtinKinds maps the builtins' names to their kinds.
var builtinKinds = func() map[string]*ir.BuiltinKind {
	m := map[string]*ir.BuiltinKind{}
	for _, k := range ir.BuiltinKinds() {
		m[k.String()] = &k
	}
	return m
}()

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
	case tString:
		o.kind = oString
	case tIdent:
		if strings.HasPrefix(t.text, "$") {
			o.kind, o.name = oGlobal, t.text[1:]
			return o
		}
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
