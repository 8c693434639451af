// Parser of type declarations, named types, globals and types.

package ir

import (
	"slices"
	"strconv"
	"strings"
)

// aNamed is a named type: the placeholder every use refers to, filled in
// with the declared structure once every declaration is parsed (so that
// types may refer to themselves and to later declarations).
type aNamed struct {
	typ      *Type
	decl     *Type // the structure declared, nil while undeclared
	declTok  token
	useTok   token // first use
	state    int   // 0 unresolved, 1 resolving, 2 resolved
	declared bool
	opaque   bool // declared "type T opaque ..." (Type.Opaque)
}

// aGlobal is a "var $x T" declaration.
type aGlobal struct {
	tok token
	g   *Global
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
		if typeNames[t.text] != nil || reservedTypeWord[t.text] {
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
		n = &aNamed{typ: &Type{Name: name}, useTok: t}
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
		if s := validType(n.typ); s != "" {
			p.errorf(n.declTok, "type %s: %s", typeName(name), s)
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
		p.errorf(n.declTok, "invalid recursive type %s", typeName(n.typ.Name))
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
	g := &Global{Ident: ident, Typ: PointerTo(p.parseType()), Index: len(p.globals)}
	g.Pkg = p.parseIn()
	p.globals = append(p.globals, aGlobal{tok: t, g: g})
}

var typeNames = map[string]*Type{
	"bool": Bool,
	"i8":   I8, "i16": I16, "i32": I32, "i64": I64,
	"u8": U8, "u16": U16, "u32": U32, "u64": U64,
	"f32": F32, "f64": F64,
	"int8": I8, "int16": I16, "int32": I32, "int64": I64, "int": I64,
	"uint8": U8, "uint16": U16, "uint32": U32, "uint64": U64, "uint": U64, "byte": U8, "uintptr": U64,
}

func (p *parser) parseType() *Type {
	t := p.next()
	switch {
	case t.kind == tIdent && t.text == "string":
		return &Type{Kind: KString}
	case t.kind == tIdent && t.text == "map":
		p.want(tPunct, "[")
		key := p.parseType()
		p.want(tPunct, "]")
		return &Type{Kind: KMap, Key: key, Elem: p.parseType()}
	case t.kind == tIdent && t.text == "iter":
		p.want(tPunct, "[")
		x := p.parseType()
		p.want(tPunct, "]")
		return IterOf(x)
	case t.kind == tString:
		return p.namedRef(t.text, t).typ
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
	case t.kind == tIdent && t.text == "func":
		return p.parseSignature()
	case t.kind == tIdent && t.text == "interface":
		return p.parseInterface()
	case t.kind == tIdent:
		if typ := typeNames[t.text]; typ != nil {
			c := *typ // fresh copy: types are never shared with the package-level ones
			return &c
		}
		p.i--
		return p.namedRef(p.parseTypeName(), t).typ
	case t.kind == tPunct && t.text == "*":
		return PointerTo(p.parseType())
	case t.kind == tPunct && t.text == "[":
		if p.got(tPunct, "]") {
			return SliceOf(p.parseType())
		}
		n := p.want(tInt, "")
		l, err := strconv.ParseUint(n.text, 0, 31)
		if err != nil {
			p.fail(n, "bad array length %s", n.text)
		}
		p.want(tPunct, "]")
		return &Type{Kind: KArray, Len: int(l), Elem: p.parseType()}
	case t.kind == tPunct && t.text == "(":
		p.i--
		return TupleOf(p.parseTypeList()...)
	}
	p.fail(t, "expected type, found %s", t)
	return nil
}

// parseTypeList parses "(" [ type { "," type } ] ")".
func (p *parser) parseTypeList() []*Type {
	p.want(tPunct, "(")
	var ts []*Type
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
func (p *parser) parseSignature() *Type {
	params := p.parseTypeList()
	var results []*Type
	switch {
	case p.is(tPunct, "("):
		results = p.parseTypeList()
	case p.is(tNL, "") || p.is(tEOF, "") || p.is(tPunct, ")") || p.is(tPunct, ",") || p.is(tPunct, ";") ||
		p.is(tPunct, "}") || p.is(tPunct, "]") || p.is(tPunct, "{") || p.is(tPunct, ":") || p.is(tPos, "") || p.is(tIdent, "to") ||
		p.is(tPunct, "[") && p.toks[p.i+1].kind != tInt && !(p.toks[p.i+1].kind == tPunct && p.toks[p.i+1].text == "]"):
		// No results (a "[" not starting an array or slice type is a phi's edge list).
	default:
		results = []*Type{p.parseType()}
	}
	return FuncOf(params, results)
}

// parseInterface parses "{" [ method { ";" method } ] "}" after
// "interface", a method being a name and a signature.
func (p *parser) parseInterface() *Type {
	p.want(tPunct, "{")
	var ms []Method
	for !p.got(tPunct, "}") {
		if len(ms) > 0 {
			p.want(tPunct, ";")
			if p.got(tPunct, "}") {
				break
			}
		}
		name := p.want(tIdent, "").text
		ms = append(ms, Method{Name: name, Sig: p.parseSignature()})
	}
	t := InterfaceOf(ms...)
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
	d       *DynType
	methods []aMethod
}

type aMethod struct {
	tok         token
	name, func_ string
	sig         *Type
}

// parseDyn parses "dyn [input] NAME TYPE [{ m[SIGNATURE]: F; ... }]".
func (p *parser) parseDyn() {
	p.want(tIdent, "dyn")
	input := p.got(tIdent, "input")
	t := p.tok()
	name := p.parseDynName()
	for _, ad := range p.dyns {
		if ad.d.Name == name {
			p.errorf(t, "dynamic type %s redeclared", dynName(name))
		}
	}
	ad := &aDyn{tok: t, d: &DynType{Name: name, Type: p.parseType(), Input: input}}
	if p.got(tIdent, "prints") {
		ad.d.Prints = p.want(tIdent, "").text
	}
	if p.got(tPunct, "{") {
		for !p.got(tPunct, "}") {
			if len(ad.methods) > 0 {
				p.want(tPunct, ";")
			}
			mt := p.want(tIdent, "")
			var sig *Type
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

// dynName is a dynamic type's name as written: verbatim when it is a
// dotted identifier, quoted otherwise.
func dynName(name string) string {
	if isDottedIdent(name) && !dynWords[name] {
		return name
	}
	return strconv.Quote(name)
}

// dynWords are the words that cannot be a dynamic type's name unquoted.
var dynWords = map[string]bool{"input": true, "ok": true, "to": true, "as": true, "dyn": true, "prints": true}
