// Parser of type declarations, named types, globals and types.

package irparse

import (
	"slices"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
)

// aNamed is a named type: the placeholder every use refers to, filled in
// with the declared structure once every declaration is parsed (so that
// types may refer to themselves and to later declarations).
type aNamed struct {
	typ      *ir.Type
	decl     *ir.Type // the structure declared, nil while undeclared
	declTok  token
	useTok   token // first use
	state    int   // 0 unresolved, 1 resolving, 2 resolved
	declared bool
	opaque   bool // declared "type T opaque ..." (Type.Opaque)
}

// aGlobal is a "var $x T" declaration.
type aGlobal struct {
	tok token
	g   *ir.Global
}

// parseTypeDecl parses "type Name T".
func (p *parser) parseTypeDecl() {
	p.want(tIdent, "type")
	t := p.tok()
	name := p.parseTypeName()
	n := p.namedRef(name, t)
	if n.declared {
		p.errorf(t, "type %s redeclared", name)
	}
	n.declared, n.declTok = true, t
	n.opaque = p.is(tIdent, "opaque")
	if n.opaque {
		p.next()
	}
	n.decl = p.parseType()
	p.namedOrder = append(p.namedOrder, name)
}

// parseTypeName parses a type's name: an identifier, a dotted identifier
// or a quoted string; it must not be a predeclared type.
func (p *parser) parseTypeName() string {
	t := p.next()
	switch t.kind {
	case tString:
		return t.text
	case tIdent:
		if ir.TypeName(t.text) != t.text { // an identifier quoted: a predeclared type or a word starting one
			p.errorf(t, "%s is a predeclared type", t.text)
		}
		name := t.text
		for p.is(tPunct, ".") && p.toks[p.i+1].kind == tIdent {
			p.next()
			name += "." + p.next().text
		}
		return name
	}
	p.fail(t, "expected type name, found %s", t)
	return ""
}

// namedRef returns the named type called name, creating its placeholder.
func (p *parser) namedRef(name string, t token) *aNamed {
	n := p.named[name]
	if n == nil {
		n = &aNamed{typ: &ir.Type{Name: name}, useTok: t}
		p.named[name] = n
	}
	return n
}

// resolveNamed fills in every named type with its declared structure.
func (p *parser) resolveNamed() {
	nerrs := len(p.errs)
	var names []string
	for name := range p.named {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if n := p.named[name]; !n.declared {
			p.errorf(n.useTok, "undefined type %s", name)
		}
	}
	for _, name := range p.namedOrder {
		p.resolveOne(p.named[name])
	}
	for _, name := range p.namedOrder {
		n := p.named[name]
		if s := ir.ValidType(n.typ); s != "" {
			p.errorf(n.declTok, "type %s: %s", ir.TypeName(name), s)
		}
	}
	if len(p.errs) > nerrs {
		panic(bailout{}) // the types are unusable
	}
}

// resolveOne copies the declared structure into the placeholder; a
// declaration naming another named type (type A B) takes B's structure.
func (p *parser) resolveOne(n *aNamed) {
	if n.state == 2 || !n.declared {
		return
	}
	if n.state == 1 {
		p.errorf(n.declTok, "invalid recursive type %s", ir.TypeName(n.typ.Name))
		return
	}
	n.state = 1
	src := n.decl
	if src.Name != "" {
		m := p.named[src.Name]
		p.resolveOne(m)
		src = m.typ
	}
	name := n.typ.Name
	*n.typ = *src
	n.typ.Name, n.typ.Opaque = name, n.opaque
	n.state = 2
}

// parseGlobal parses "var $x T [in "pkg"]".
func (p *parser) parseGlobal() {
	p.want(tIdent, "var")
	t := p.want(tIdent, "")
	if !strings.HasPrefix(t.text, "$") || len(t.text) < 2 {
		p.fail(t, "a global's name starts with $: var $%s", t.text)
	}
	ident := t.text[1:]
	for _, g := range p.globals {
		if g.g.Ident == ident {
			p.errorf(t, "global %s redeclared", t.text)
		}
	}
	g := &ir.Global{Ident: ident, Typ: ir.PointerTo(p.parseType()), Index: len(p.globals)}
	g.Pkg = p.parseIn()
	p.globals = append(p.globals, aGlobal{tok: t, g: g})
}

func (p *parser) parseType() *ir.Type {
	t := p.next()
	switch {
	case t.kind == tIdent && t.text == "string":
		return &ir.Type{Kind: ir.KString}
	case t.kind == tIdent && t.text == "map":
		p.want(tPunct, "[")
		key := p.parseType()
		p.want(tPunct, "]")
		return &ir.Type{Kind: ir.KMap, Key: key, Elem: p.parseType()}
	case t.kind == tIdent && t.text == "iter":
		p.want(tPunct, "[")
		x := p.parseType()
		p.want(tPunct, "]")
		return ir.IterOf(x)
	case t.kind == tString:
		return p.namedRef(t.text, t).typ
	case t.kind == tIdent && t.text == "struct":
		p.want(tPunct, "{")
		st := &ir.Type{Kind: ir.KStruct}
		for !p.got(tPunct, "}") {
			if len(st.Fields) > 0 {
				p.want(tPunct, ";")
				if p.got(tPunct, "}") {
					break
				}
			}
			name := p.want(tIdent, "").text
			st.Fields = append(st.Fields, ir.StructField{Name: name, Type: p.parseType()})
		}
		return st
	case t.kind == tIdent && t.text == "func":
		return p.parseSignature()
	case t.kind == tIdent && t.text == "interface":
		return p.parseInterface()
	case t.kind == tIdent:
		if typ := ir.PredeclaredType(t.text); typ != nil {
			c := *typ // fresh copy: types are never shared with the package-level ones
			return &c
		}
		p.i--
		return p.namedRef(p.parseTypeName(), t).typ
	case t.kind == tPunct && t.text == "*":
		return ir.PointerTo(p.parseType())
	case t.kind == tPunct && t.text == "[":
		if p.got(tPunct, "]") {
			return ir.SliceOf(p.parseType())
		}
		n := p.want(tInt, "")
		l, err := strconv.ParseUint(n.text, 0, 31)
		if err != nil {
			p.fail(n, "bad array length %s", n.text)
		}
		p.want(tPunct, "]")
		return &ir.Type{Kind: ir.KArray, Len: int(l), Elem: p.parseType()}
	case t.kind == tPunct && t.text == "(":
		p.i--
		return ir.TupleOf(p.parseTypeList()...)
	}
	p.fail(t, "expected type, found %s", t)
	return nil
}

// parseTypeList parses "(" [ type { "," type } ] ")".
func (p *parser) parseTypeList() []*ir.Type {
	p.want(tPunct, "(")
	var ts []*ir.Type
	for !p.got(tPunct, ")") {
		if len(ts) > 0 {
			p.want(tPunct, ",")
		}
		ts = append(ts, p.parseType())
	}
	return ts
}

// parseSignature parses the parameters and results of a function type
// after "func": (T1, T2) R or (T1) (R1, R2); no results when the line or
// the enclosing list ends.
func (p *parser) parseSignature() *ir.Type {
	params := p.parseTypeList()
	var results []*ir.Type
	switch {
	case p.is(tPunct, "("):
		results = p.parseTypeList()
	case p.is(tNL, "") || p.is(tEOF, "") || p.is(tPunct, ")") || p.is(tPunct, ",") || p.is(tPunct, ";") ||
		p.is(tPunct, "}") || p.is(tPunct, "]") || p.is(tPunct, "{") || p.is(tPunct, ":") || p.is(tPos, "") || p.is(tIdent, "to") || p.isIn() ||
		p.is(tPunct, "[") && p.toks[p.i+1].kind != tInt && !(p.toks[p.i+1].kind == tPunct && p.toks[p.i+1].text == "]"):
		// No results (a "[" not starting an array or slice type is a phi's edge
		// list; `in "path"` follows a function's result).
	default:
		results = []*ir.Type{p.parseType()}
	}
	return ir.FuncOf(params, results)
}

// parseInterface parses "{" [ method { ";" method } ] "}" after
// "interface", a method being a name and a signature.
func (p *parser) parseInterface() *ir.Type {
	p.want(tPunct, "{")
	var ms []ir.Method
	for !p.got(tPunct, "}") {
		if len(ms) > 0 {
			p.want(tPunct, ";")
			if p.got(tPunct, "}") {
				break
			}
		}
		name := p.want(tIdent, "").text
		ms = append(ms, ir.Method{Name: name, Sig: p.parseSignature()})
	}
	t := ir.InterfaceOf(ms...)
	for i := 1; i < len(t.Methods); i++ {
		if t.Methods[i].Name == t.Methods[i-1].Name {
			p.errorf(p.tok(), "duplicate method %s", t.Methods[i].Name)
		}
	}
	return t
}

// aDyn is a "dyn" declaration: a dynamic type and its method table (the
// functions by name, resolved once the functions are known).
type aDyn struct {
	tok     token
	d       *ir.DynType
	methods []aMethod
}

type aMethod struct {
	tok         token
	name, func_ string
	sig         *ir.Type
}

// parseDyn parses "dyn [input] [stub] NAME TYPE [{ m[SIGNATURE]: F; ... }]".
func (p *parser) parseDyn() {
	p.want(tIdent, "dyn")
	input := p.got(tIdent, "input")
	stub := p.got(tIdent, "stub")
	t := p.tok()
	name := p.parseDynName()
	for _, ad := range p.dyns {
		if ad.d.Name == name {
			p.errorf(t, "dynamic type %s redeclared", ir.DynName(name))
		}
	}
	ad := &aDyn{tok: t, d: &ir.DynType{Name: name, Type: p.parseType(), Input: input, Stub: stub}}
	if p.got(tIdent, "prints") {
		ad.d.Prints = p.want(tIdent, "").text
	}
	if p.got(tPunct, "{") {
		for !p.got(tPunct, "}") {
			if len(ad.methods) > 0 {
				p.want(tPunct, ";")
			}
			mt := p.want(tIdent, "")
			var sig *ir.Type
			if p.is(tPunct, "(") {
				sig = p.parseSignature()
			}
			p.want(tPunct, ":")
			ft := p.tok()
			ad.methods = append(ad.methods, aMethod{tok: ft, name: mt.text, func_: p.parseFuncName(), sig: sig})
		}
	}
	p.dyns = append(p.dyns, ad)
}

// parseDynName parses a dynamic type's name: a dotted identifier or a
// quoted string.
func (p *parser) parseDynName() string {
	t := p.next()
	switch t.kind {
	case tString:
		return t.text
	case tIdent:
		name := t.text
		for p.is(tPunct, ".") && p.toks[p.i+1].kind == tIdent {
			p.next()
			name += "." + p.next().text
		}
		return name
	}
	p.fail(t, "expected a dynamic type's name, found %s", t)
	return ""
}
