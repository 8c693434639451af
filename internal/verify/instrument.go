// instrument.go: copies a package and wraps every branch condition in a recorder call (go/ssa counting).

package verify

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"leapfrog/internal/ir"
)

// RecFunc is the name of the recorder function added to the instrumented package.
const RecFunc = "__leapfrogRec"

// RecFile is the name of the file holding RecFunc in the instrumented package.
const RecFile = "zz_leapfrog_rec.go"

// RecEnv is the environment variable naming the file the recorder appends to.
const RecEnv = "LEAPFROG_REC"

// Site kinds: the syntactic context a site comes from.
const (
	KindIf         = "if"          // (an operand of) an if condition
	KindFor        = "for"         // (an operand of) a for condition
	KindCase       = "case"        // (an operand of) a case of a tagless switch
	KindTagCase    = "tag-case"    // "tag == v" for a case value v of a switch with a tag
	KindValueLeft  = "value-left"  // (an operand of) the left operand of a value-context && / ||
	KindValueRight = "value-right" // the right operand of a value-context && / ||
	KindTypeCase   = "type-case"   // "x.(T)" for a type T (or nil) of a case of a type switch (typeswitch.go)
)

// Site is one recorded branch condition: its two outcomes are the true and
// false values of the wrapped expression.
type Site struct {
	ID   int    // id passed to the recorder, unique within the package
	Key  string // "file.go:line:col" of the wrapped expression's start
	File string // base name of the file
	Line int
	Col  int    // byte column, 1-based (as go/token reports)
	Kind string // one of the Kind* constants
	Expr string // source text of the condition (for tag-case: "tag == v")
}

// Instrumented is what Instrument did to a package.
type Instrumented struct {
	Sites   map[string]Site // the branch sites by key "file.go:line:col"
	Entries map[string]bool // the functions' entries by key: "file.go:line:col" of the function's name
	// Bodies holds, by entry key, the lines of the function's declaration:
	// where gc raises the nil check of a promoted method's wrapper when it
	// calls the method without checking (see compareClaims).
	Bodies  map[string]Lines
	Skipped []Skipped // declarations left as they are
}

// Lines is a range of lines of one file.
type Lines struct {
	File      string // base name
	Line, End int    // first and last line
}

// Skipped is a declaration the instrumenter could not rewrite: it is copied
// unchanged, so its branches and panics are not recorded.
type Skipped struct {
	Name      string // "F", "T.M", or "var x" for a package-level declaration
	File      string // base name of the file
	Line, End int    // first and last line of the declaration
	Reason    string // "file.go:line:col: why"
}

// Contains reports whether the position (a directory part of its file
// ignored) lies in the declaration.
func (s Skipped) Contains(p ir.Pos) bool {
	p = inFile(p)
	return p.IsValid() && p.File == s.File && p.Line >= s.Line && p.Line <= s.End
}

// Instrument copies the Go package in srcDir into dstDir and rewrites every
// non-test .go file of the package so that each branch outcome is recorded
// when it happens, and each panic passing through a function of the
// package. srcDir must be inside a module and must build. A declaration the
// instrumenter cannot rewrite (a condition whose type it cannot name in the
// file, two sites at one position) is left as it is and listed in Skipped;
// the others are instrumented all the same. Copied are the regular files of
// srcDir and its testdata tree; dstDir is created if needed and may equal
// srcDir (the package is then instrumented in place).
func Instrument(srcDir, dstDir string) (*Instrumented, error) {
	return InstrumentWith(srcDir, dstDir, InstrumentOptions{})
}

// InstrumentOptions says what Instrument records beyond the default.
type InstrumentOptions struct {
	// Recovered records a panic where a deferred function of the package
	// recovers it too (each call of the builtin recover becomes
	// __leapfrogRecovered(recover())), not only as it leaves a function:
	// a panic a function recovers itself is then seen (leapfrog cover).
	Recovered bool
}

// InstrumentWith is Instrument with options.
func InstrumentWith(srcDir, dstDir string, opts InstrumentOptions) (*Instrumented, error) {
	pkg, err := loadPackage(srcDir)
	if err != nil {
		return nil, err
	}
	// Compute all rewrites before touching dstDir (it may be srcDir).
	out := map[string][]byte{}
	res := &Instrumented{Sites: map[string]Site{}, Entries: map[string]bool{}, Bodies: map[string]Lines{}}
	nextID := 0
	for _, f := range pkg.files {
		src := pkg.src[f]
		ins := &instrumenter{
			fset: pkg.fset, info: pkg.info, pkg: pkg.types, file: pkg.syntax[f],
			src: src, base: pkg.fset.File(pkg.syntax[f].Pos()).Base(), name: f,
			nextID: &nextID, recovered: opts.Recovered,
		}
		res.Skipped = append(res.Skipped, ins.walkFile()...)
		for _, s := range ins.sites {
			res.Sites[s.Key] = s
		}
		for _, k := range ins.entries {
			res.Entries[k] = true
		}
		for k, l := range ins.bodies {
			res.Bodies[k] = l
		}
		out[f] = ins.apply()
	}

	if err := copyPackageDir(srcDir, dstDir); err != nil {
		return nil, err
	}
	for f, b := range out {
		if err := os.WriteFile(filepath.Join(dstDir, f), b, 0o644); err != nil {
			return nil, err
		}
	}
	if len(pkg.files) > 0 {
		rec := fmt.Sprintf(recTemplate, pkg.types.Name(), RecEnv, RecEnv, fmt.Sprintf("%#v", PanicKinds))
		if err := os.WriteFile(filepath.Join(dstDir, RecFile), []byte(rec), 0o644); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// ---- rewriting ----

// edit surrounds the source range [start, end) with open and close text,
// or, if drop, replaces it with open (keeping its line breaks, so that line
// numbers stay). Edits nest; seq orders edits with equal ranges (lower seq
// is outer). No edit starts or ends strictly inside a dropped range.
type edit struct {
	start, end  int
	open, close string
	seq         int
	drop        bool
}

type instrumenter struct {
	fset   *token.FileSet
	info   *types.Info
	pkg    *types.Package
	file   *ast.File
	src    []byte
	base   int // token.Pos of offset 0 of the file
	name   string
	nextID *int
	tagN   int // temporaries of switches: __lfTagN, __lfTSN

	edits   []edit
	sites   []Site
	entries []string // keys of the functions' entries
	bodies  map[string]Lines
	err     error

	recovered bool // InstrumentOptions.Recovered
}

func (in *instrumenter) off(p token.Pos) int { return int(p) - in.base }

func (in *instrumenter) text(e ast.Node) string {
	return string(in.src[in.off(e.Pos()):in.off(e.End())])
}

func (in *instrumenter) addEdit(start, end token.Pos, open, close string) {
	in.edits = append(in.edits, edit{in.off(start), in.off(end), open, close, len(in.edits), false})
}

// replace replaces the source range [start, end), which holds no site, with
// text.
func (in *instrumenter) replace(start, end token.Pos, text string) {
	in.edits = append(in.edits, edit{in.off(start), in.off(end), text, "", len(in.edits), true})
}

func (in *instrumenter) fail(n ast.Node, format string, args ...any) {
	if in.err == nil {
		p := in.fset.Position(n.Pos())
		in.err = fmt.Errorf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, fmt.Sprintf(format, args...))
	}
}

// newSite registers a site for expression e (already unparenthesised).
func (in *instrumenter) newSite(e ast.Expr, kind, exprText string) int {
	id := *in.nextID
	*in.nextID++
	p := in.fset.Position(e.Pos())
	base := filepath.Base(p.Filename)
	in.sites = append(in.sites, Site{
		ID: id, Key: fmt.Sprintf("%s:%d:%d", base, p.Line, p.Column),
		File: base, Line: p.Line, Col: p.Column, Kind: kind, Expr: exprText,
	})
	return id
}

// isConst reports whether the type checker knows the value of e.
func (in *instrumenter) isConst(e ast.Expr) bool {
	tv, ok := in.info.Types[e]
	return ok && tv.Value != nil
}

// isTrue reports whether e is the constant true.
func (in *instrumenter) isTrue(e ast.Expr) bool {
	tv, ok := in.info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// isLogical reports whether e (unparenthesised) is an && or || expression,
// possibly negated.
func isLogical(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.LAND || e.Op == token.LOR
	case *ast.UnaryExpr:
		return e.Op == token.NOT && isLogical(e.X)
	}
	return false
}

// wrap makes e (unparenthesised, not constant) a site and surrounds it with
// a recorder call that keeps e's type.
func (in *instrumenter) wrap(e ast.Expr, kind string) {
	id := in.newSite(e, kind, in.text(e))
	open, close := fmt.Sprintf("%s(%d, ", RecFunc, id), ")"
	t := in.info.TypeOf(e)
	if t == nil {
		in.fail(e, "verify: no type for condition %s", in.text(e))
		return
	}
	if b, ok := t.(*types.Basic); !ok || b.Kind() != types.Bool && b.Kind() != types.UntypedBool {
		// A named boolean type or a type parameter: convert to bool for the
		// recorder and back, so that the surrounding expression keeps its type.
		name, ok := in.typeExpr(t)
		if !ok {
			in.fail(e, "verify: cannot name the type %s of condition %s in this file", t, in.text(e))
			return
		}
		open, close = name+"("+open+"bool(", ")))"
	}
	in.addEdit(e.Pos(), e.End(), open, close)
}

// typeExpr spells t in the instrumented file, if it can.
func (in *instrumenter) typeExpr(t types.Type) (string, bool) {
	switch t := t.(type) {
	case *types.TypeParam:
		return t.Obj().Name(), true
	case *types.Alias:
		return in.typeExpr(types.Unalias(t))
	case *types.Named:
		obj := t.Obj()
		if t.TypeArgs().Len() > 0 {
			return "", false
		}
		if obj.Pkg() == nil || obj.Pkg() == in.pkg {
			return obj.Name(), true
		}
		for _, imp := range in.file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path != obj.Pkg().Path() {
				continue
			}
			switch {
			case imp.Name == nil:
				return obj.Pkg().Name() + "." + obj.Name(), true
			case imp.Name.Name == ".":
				return obj.Name(), true
			case imp.Name.Name != "_":
				return imp.Name.Name + "." + obj.Name(), true
			}
		}
	}
	return "", false
}

// apply returns the source with all edits applied.
func (in *instrumenter) apply() []byte {
	type event struct {
		off   int
		close bool
		e     edit
	}
	var evs []event
	for _, e := range in.edits {
		evs = append(evs, event{e.start, false, e}, event{e.end, true, e})
	}
	sort.SliceStable(evs, func(i, j int) bool {
		a, b := evs[i], evs[j]
		if a.off != b.off {
			return a.off < b.off
		}
		if a.close != b.close {
			return a.close // closes before opens
		}
		if a.close { // inner (later start, earlier end... higher seq) closes first
			if a.e.start != b.e.start {
				return a.e.start > b.e.start
			}
			return a.e.seq > b.e.seq
		}
		// outer (later end, lower seq) opens first
		if a.e.end != b.e.end {
			return a.e.end > b.e.end
		}
		return a.e.seq < b.e.seq
	})
	var buf bytes.Buffer
	last := 0
	for _, ev := range evs {
		if ev.off < last {
			panic(fmt.Sprintf("verify: an edit at offset %d inside a dropped range", ev.off))
		}
		buf.Write(in.src[last:ev.off])
		last = ev.off
		switch {
		case ev.close:
			buf.WriteString(ev.e.close)
		case ev.e.drop:
			buf.WriteString(ev.e.open)
			buf.Write(bytes.Repeat([]byte("\n"), bytes.Count(in.src[ev.e.start:ev.e.end], []byte("\n"))))
			last = ev.e.end
		default:
			buf.WriteString(ev.e.open)
		}
	}
	buf.Write(in.src[last:])
	return buf.Bytes()
}

// walkFile instruments the declarations of the file one by one; a
// declaration that fails is left as it is (its edits and sites dropped) and
// returned.
func (in *instrumenter) walkFile() []Skipped {
	var skipped []Skipped
	for _, d := range in.file.Decls {
		edits, sites, entries := len(in.edits), len(in.sites), len(in.entries)
		in.value(d)
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && in.err == nil {
			// The entry, at the function's name as the engine places its entry
			// objective; the panic recorder deferred first, so it runs last: a
			// panic the function recovers itself is not recorded.
			p := in.fset.Position(fd.Name.Pos())
			key := fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
			in.entries = append(in.entries, key)
			if in.bodies == nil {
				in.bodies = map[string]Lines{}
			}
			in.bodies[key] = Lines{File: filepath.Base(p.Filename), Line: p.Line, End: in.fset.Position(fd.End()).Line}
			in.addEdit(fd.Body.Lbrace+1, fd.Body.Lbrace+1, fmt.Sprintf(" %s(%q); defer %s();", EnterFunc, key, PanicFunc), "")
		}
		keys := map[string]string{}
		for _, s := range in.sites[sites:] {
			if old, dup := keys[s.Key]; dup && in.err == nil {
				in.err = fmt.Errorf("%s: verify: two sites at one position (%s and %s): go/ssa has two branches there, which -verify cannot tell apart", s.Key, old, s.Expr)
			}
			keys[s.Key] = s.Expr
		}
		if in.err == nil {
			continue
		}
		start, end := in.fset.Position(d.Pos()), in.fset.Position(d.End())
		skipped = append(skipped, Skipped{Name: declName(d), File: filepath.Base(start.Filename), Line: start.Line, End: end.Line, Reason: in.err.Error()})
		in.edits, in.sites, in.entries, in.err = in.edits[:edits], in.sites[:sites], in.entries[:entries], nil
	}
	return skipped
}

// declName names a declaration for messages: "F", "T.M", "var x".
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) > 0 {
			t := d.Recv.List[0].Type
			for {
				switch x := t.(type) {
				case *ast.StarExpr:
					t = x.X
					continue
				case *ast.IndexExpr:
					t = x.X
					continue
				case *ast.IndexListExpr:
					t = x.X
					continue
				}
				break
			}
			if id, ok := t.(*ast.Ident); ok {
				return id.Name + "." + d.Name.Name
			}
		}
		return d.Name.Name
	case *ast.GenDecl:
		for _, sp := range d.Specs {
			if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Names) > 0 {
				return d.Tok.String() + " " + vs.Names[0].Name
			}
		}
		return d.Tok.String()
	}
	return "?"
}

// value walks n, in which every expression is in value context, handling
// the statements with conditions and the value-context && / || it contains.
func (in *instrumenter) value(n ast.Node) {
	if n == nil {
		return
	}
	ast.Inspect(n, in.visit)
}

func (in *instrumenter) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.DeferStmt:
		if in.isRecover(n.Call) {
			return false // defer recover(): recover is the deferred function, it recovers nothing
		}
	case *ast.GoStmt:
		if in.isRecover(n.Call) {
			return false
		}
	case *ast.CallExpr:
		if in.recovered && in.isRecover(n) {
			in.addEdit(n.Pos(), n.End(), RecoveredFunc+"(", ")")
			return false
		}
	case *ast.IfStmt:
		in.value(n.Init)
		in.cond(n.Cond, KindIf)
		in.value(n.Body)
		in.value(n.Else)
		return false
	case *ast.ForStmt:
		in.value(n.Init)
		if n.Cond != nil {
			in.cond(n.Cond, KindFor)
		}
		in.value(n.Post)
		in.value(n.Body)
		return false
	case *ast.SwitchStmt:
		in.switchStmt(n)
		return false
	case *ast.TypeSwitchStmt:
		in.typeSwitchStmt(n)
		return false
	case *ast.BinaryExpr:
		if n.Op == token.LAND || n.Op == token.LOR {
			in.logicalValue(n)
			return false
		}
	}
	return true
}

// isRecover reports whether the call is one of the builtin recover.
func (in *instrumenter) isRecover(c *ast.CallExpr) bool {
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := in.info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "recover"
}

// cond handles e in condition context, mirroring go/ssa's builder.cond.
func (in *instrumenter) cond(e ast.Expr, kind string) {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			in.cond(x.X, kind)
			return
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			in.cond(x.X, kind)
			in.cond(x.Y, kind)
			return
		}
	}
	if !in.isConst(e) {
		in.wrap(e, kind)
	}
	in.value(e)
}

// logicalValue handles e, an && / || whose value is wanted, mirroring go/ssa's
// builder.logicalBinop: the left operand is a condition, the right operand
// a value; the right operand counts as one site unless it is itself a
// logical expression (possibly negated), which is handled recursively.
func (in *instrumenter) logicalValue(e *ast.BinaryExpr) {
	in.cond(e.X, KindValueLeft)
	y := ast.Unparen(e.Y)
	z := y
	for {
		u, ok := z.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			break
		}
		z = ast.Unparen(u.X)
	}
	if b, ok := z.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
		in.logicalValue(b)
		return
	}
	if !in.isConst(y) {
		in.wrap(y, KindValueRight)
	}
	in.value(y)
}

// switchStmt handles both kinds of expression switch. A tagless switch has
// its case expressions in condition context. A switch with a tag is
// rewritten into a tagless one comparing a copy of the tag with each case
// value, each comparison being a site:
//
//	switch tag { case v1, v2: ... }
//	  => switch __lfTagN := tag; { case rec(id1, __lfTagN == (v1)), rec(id2, __lfTagN == (v2)): ... }
//	switch init; tag { ... }
//	  => switch init; { default: switch __lfTagN := tag; { ... } }
//
// The tag is evaluated once, after init, and the case values are evaluated
// and compared left to right, top to bottom, stopping at the first match,
// exactly as the Go spec orders a tagged switch; break, labelled break and
// fallthrough keep their meaning.
func (in *instrumenter) switchStmt(s *ast.SwitchStmt) {
	in.value(s.Init)
	if s.Tag == nil {
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			for _, e := range cc.List {
				in.cond(e, KindCase)
			}
			for _, st := range cc.Body {
				in.value(st)
			}
		}
		return
	}
	// Is any case value a site?
	tagConst := in.isConst(s.Tag)
	hasSite := false
	for _, c := range s.Body.List {
		for _, e := range c.(*ast.CaseClause).List {
			if !tagConst || !in.isConst(e) {
				hasSite = true
			}
		}
	}
	if !hasSite {
		in.value(s.Tag)
		in.value(s.Body)
		return
	}
	in.tagN++
	tmp := fmt.Sprintf("__lfTag%d", in.tagN)
	if s.Init != nil {
		in.addEdit(s.Tag.Pos(), s.Body.End(), "{ default: switch "+tmp+" := ", " }")
	} else {
		in.addEdit(s.Tag.Pos(), s.Body.End(), tmp+" := ", "")
	}
	in.addEdit(s.Tag.Pos(), s.Tag.End(), "", "; ")
	in.value(s.Tag)
	tagText := in.text(s.Tag)
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		for _, e := range cc.List {
			v := ast.Unparen(e)
			if tagConst && in.isConst(v) || in.isTrue(s.Tag) && isLogical(v) {
				// Constant, or "switch true { case a && b: }": the operands
				// are the sites (go/ssa's comparison is no objective).

				in.addEdit(e.Pos(), e.End(), tmp+" == (", ")")
			} else {
				// go/ssa gives the comparison the position of the case
				// value as written, parentheses included.
				id := in.newSite(e, KindTagCase, tagText+" == "+in.text(v))
				in.addEdit(e.Pos(), e.End(), fmt.Sprintf("%s(%d, %s == (", RecFunc, id, tmp), "))")
			}
			in.value(e)
		}
		for _, st := range cc.Body {
			in.value(st)
		}
	}
}
