// Stubs: a function input written as a function literal that returns, call by call, the results the search chose.

package testgen

import (
	"bytes"
	"fmt"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"leapfrog/internal/engine"
)

// stubFunc writes the stub a function input is (engine.Value.Stub) as a
// function literal of the signature sig: its k-th call returns the results
// of the k-th call the engine's run made (Value.Calls), and any later call
// the zero values, as the engine's calls beyond its bound do. A stub with
// state (a call counter) is made by a function literal called at once, so
// that each case's row has its own:
//
//	func() func(int8) bool {
//		k := 0
//		return func(int8) bool {
//			k++
//			switch k {
//			case 1:
//				return true
//			}
//			return false
//		}
//	}()
func (f *file) stubFunc(v engine.Value, sig *types.Signature) string {
	if !v.Stub {
		if f.err == nil {
			f.err = fmt.Errorf("testgen: a function value that is no stub cannot be written")
		}
		return "nil"
	}
	return f.stubCalls(v.Calls, sig)
}

// stubCalls writes a function literal of the signature sig answering the
// calls in order (stubFunc); a call of io's Read that returns bytes
// (StubCall.HasData) copies them into its p first.
func (f *file) stubCalls(calls []engine.StubCall, sig *types.Signature) string {
	typ := f.typeName(unnamed(sig))
	zero := f.returnZero(sig.Results())
	p := ""
	for _, c := range calls {
		if c.HasData && c.Method == "Read" && c.Data != "" {
			p = f.local("p")
		}
	}
	head := typ + " {"
	if p != "" {
		head = "func(" + p + " []byte)" + typ[closingParen(typ)+1:] + " {"
	}
	if sig.Results().Len() == 0 {
		return head + " }" // its calls return nothing: no state
	}
	var cases []string
	for i, c := range calls {
		data := p != "" && c.HasData && c.Data != ""
		if !data && f.allZero(c.Results, sig.Results()) {
			continue
		}
		rs := make([]string, len(c.Results))
		for j, r := range c.Results {
			rs[j] = f.literal(r, sig.Results().At(j).Type())
		}
		body := "return " + strings.Join(rs, ", ")
		if data {
			body = fmt.Sprintf("copy(%s, %s); %s", p, strconv.Quote(c.Data), body)
		}
		cases = append(cases, fmt.Sprintf("case %d: %s", i+1, body))
	}
	if len(cases) == 0 {
		return head + " " + zero + " }"
	}
	k := f.local("k")
	return fmt.Sprintf("func() %s { %s := 0; return %s %s++; switch %s { %s }; %s } }()",
		typ, k, head, k, k, strings.Join(cases, "; "), zero)
}

// stubIface writes the stub an interface input holds (Value.Stub, Dyn
// its dynamic type, whose Go type is the interface): a pointer to the
// file's stub type of the interface (stubDecls), its fields the stubs of
// its methods, each answering that method's calls in order.
func (f *file) stubIface(v engine.Value) string {
	it := f.dyn[v.Dyn]
	iface, ok := it.(*types.Interface)
	if n, isNamed := it.(*types.Named); isNamed {
		iface, ok = n.Underlying().(*types.Interface)
	}
	if !ok {
		if f.err == nil {
			f.err = fmt.Errorf("testgen: no interface for the stub %q", v.Dyn)
		}
		return "nil"
	}
	if lit, ok := f.ioStubLit(v, iface); ok {
		return lit
	}
	name := f.stubType(it)
	var fields []string
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		var calls []engine.StubCall
		for _, c := range v.Calls {
			if c.Method == m.Name() {
				calls = append(calls, c)
			}
		}
		if len(calls) == 0 {
			continue // the declared method answers zero values
		}
		fields = append(fields, stubField(m.Name())+": "+f.stubCalls(calls, m.Type().(*types.Signature)))
	}
	return "&" + name + "{" + strings.Join(fields, ", ") + "}"
}

// stubField is the field of a stub type holding method m's answers.
func stubField(m string) string { return "fn" + m }

// stubType names the file's stub type of the interface it, declaring it
// (stubDecls): "stub" and the interface's name (Iface when it has none),
// with the file's suffix.
func (f *file) stubType(it types.Type) string {
	base := "Iface"
	if n, ok := it.(*types.Named); ok {
		base = n.Obj().Name()
	}
	name := "stub" + base + f.suffix
	for {
		have, ok := f.stubs[name]
		if ok && types.Identical(have, it) {
			return name
		}
		if !ok && !f.taken(name) {
			break
		}
		name = "leapfrog_" + name
	}
	if f.stubs == nil {
		f.stubs = map[string]types.Type{}
	}
	f.stubs[name] = it
	return name
}

// stubDecls writes the declarations of the file's stub types, by name.
func (f *file) stubDecls(w *bytes.Buffer) {
	names := make([]string, 0, len(f.stubs))
	for n := range f.stubs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		w.WriteString(f.stubDecl(n, f.stubs[n]))
	}
	f.failingWriterDecl(w) // failing.go
}

// ioStubLit writes the stub v of the interface iface as what a Go
// developer writes, when its calls are those a reader (readerLit) or a
// failing writer (writerLit) answers.
func (f *file) ioStubLit(v engine.Value, iface *types.Interface) (string, bool) {
	if lit, ok := f.readerLit(v, iface); ok {
		return lit, true
	}
	return f.writerLit(v, iface)
}

// StubDecl is the declaration, in a test of package pkg, of the stub type
// name of the interface it, as an emitted file declares it (stubDecl), and
// the import paths it needs: for a test program (the oracle's replay) that
// rebuilds the stubs of the report's values, whose suffix is "".
func StubDecl(pkg *types.Package, name string, it types.Type) (string, []string) {
	f := newFile(pkg)
	decl := f.stubDecl(name, it)
	var paths []string
	for p := range f.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return decl, paths
}

// stubDecl is the declaration of the stub type name of the interface it:
// a struct with a function field per method (fnM) and a record of its
// calls per method (callsM: each call's arguments, a slice copied at the
// call, since a Read's p and a Write's p are the caller's buffers), and
// the methods, which record the call, then call their field, or return
// zero values when it is nil. The emitted case compares the records with
// the calls the engine's run made (calls.go).
func (f *file) stubDecl(name string, it types.Type) string {
	iface := it.Underlying().(*types.Interface)
	var b strings.Builder
	// The comment names the interface by its package's name: naming it
	// there must not import the package (an unused import when nothing
	// else names it: a stub io.Writer in a struct field).
	shown := types.TypeString(it, func(p *types.Package) string {
		if p == f.pkg {
			return ""
		}
		return p.Name()
	})
	fmt.Fprintf(&b, "\n// %s is a %s whose methods answer what its fields return, call by call,\n// and record their calls' arguments (callsM).\ntype %s struct {\n", name, shown, name)
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		fmt.Fprintf(&b, "\t%s %s\n", stubField(m.Name()), f.typeName(unnamed(m.Type().(*types.Signature))))
	}
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		fmt.Fprintf(&b, "\t%s []%s\n", stubRecord(m.Name()), f.stubArgs(m.Type().(*types.Signature)))
	}
	b.WriteString("}\n")
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		sig := m.Type().(*types.Signature)
		var params, args, rec []string
		for j := 0; j < sig.Params().Len(); j++ {
			pt := sig.Params().At(j).Type()
			t := f.typeName(pt)
			a := fmt.Sprintf("a%d", j)
			r := a
			if _, ok := pt.Underlying().(*types.Slice); ok {
				r = fmt.Sprintf("append(%[1]s[:0:0], %[1]s...)", a) // nil stays nil
			}
			rec = append(rec, r)
			if sig.Variadic() && j == sig.Params().Len()-1 {
				t = "..." + strings.TrimPrefix(t, "[]")
				a += "..."
			}
			params = append(params, fmt.Sprintf("a%d %s", j, t))
			args = append(args, a)
		}
		st := f.typeName(unnamed(sig))
		res := st[closingParen(st)+1:] // the results, after the parameters
		call := fmt.Sprintf("s.%s(%s)", stubField(m.Name()), strings.Join(args, ", "))
		body := "return " + call
		if sig.Results().Len() == 0 {
			body = call
		}
		record := fmt.Sprintf("s.%[1]s = append(s.%[1]s, %[2]s{%[3]s})", stubRecord(m.Name()), f.stubArgs(sig), strings.Join(rec, ", "))
		fmt.Fprintf(&b, "\nfunc (s *%s) %s(%s)%s {\n\t%s\n\tif s.%s == nil {\n\t\t%s\n\t}\n\t%s\n}\n",
			name, m.Name(), strings.Join(params, ", "), res, record, stubField(m.Name()), f.returnZero(sig.Results()), body)
	}
	return b.String()
}

// stubRecord is the field of a stub type recording method m's calls.
func stubRecord(m string) string { return "calls" + m }

// stubArgs is the type of one recorded call of a method of signature sig:
// a struct of its arguments, a0, a1, ... (a variadic one as its slice).
func (f *file) stubArgs(sig *types.Signature) string {
	fields := make([]string, sig.Params().Len())
	for j := range fields {
		fields[j] = fmt.Sprintf("a%d %s", j, f.typeName(sig.Params().At(j).Type()))
	}
	if len(fields) == 0 {
		return "struct{}"
	}
	return "struct{ " + strings.Join(fields, "; ") + " }"
}

// closingParen is the index of the parenthesis closing a signature's
// parameters ("func(" at the start).
func closingParen(s string) int {
	depth := 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// allZero reports whether a call's results are all zero values: the stub's
// default, which needs no case.
func (f *file) allZero(rs []engine.Value, ts *types.Tuple) bool {
	if len(rs) != ts.Len() {
		return false
	}
	for i, r := range rs {
		if !isZero(r, ts.At(i).Type()) {
			return false
		}
	}
	return true
}

// returnZero writes "return" with the zero value of each result.
func (f *file) returnZero(ts *types.Tuple) string {
	if ts.Len() == 0 {
		return "return"
	}
	zs := make([]string, ts.Len())
	for i := range zs {
		zs[i] = f.zeroLit(ts.At(i).Type())
	}
	return "return " + strings.Join(zs, ", ")
}

// zeroLit writes the zero value of t as an expression assignable to t.
func (f *file) zeroLit(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Kind() == types.UnsafePointer:
			return "nil"
		}
		return "0"
	case *types.Struct, *types.Array:
		return f.typeName(t) + "{}"
	}
	return "nil" // pointers, slices, maps, channels, functions, interfaces
}

// unnamed is sig without the names of its parameters and results: a
// parameter named like the stub's counter, or like a package the results'
// literals use, would hide it in the literal's body.
func unnamed(sig *types.Signature) *types.Signature {
	strip := func(t *types.Tuple) *types.Tuple {
		vs := make([]*types.Var, t.Len())
		for i := range vs {
			vs[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
		}
		return types.NewTuple(vs...)
	}
	return types.NewSignatureType(nil, nil, nil, strip(sig.Params()), strip(sig.Results()), sig.Variadic())
}

// ioLit writes the io value v holds (ir.Constructors) with the
// constructor the engine modelled it after: strings.NewReader("..."),
// bytes.NewReader([]byte("...")) (or nil), new(bytes.Buffer) for a nil
// buf, bytes.NewBuffer([]byte("...")[:n:n]) otherwise (the capacity the
// engine gave it: none spare). It reports false when v is not of that
// form.
func (f *file) ioLit(v engine.Value) (string, bool) {
	if len(v.Elems) != 1 || v.Elems[0].Nil || len(v.Elems[0].Elems) != 1 {
		return "", false
	}
	st := v.Elems[0].Elems[0]
	if st.Type == nil || len(st.Elems) != len(st.Type.Fields) {
		return "", false
	}
	field := func(name string) (engine.Value, bool) {
		for i, fl := range st.Type.Fields {
			if fl.Name == name {
				return st.Elems[i], true
			}
		}
		return engine.Value{}, false
	}
	bytesOf := func(b engine.Value) string {
		out := make([]byte, len(b.Elems))
		for i, e := range b.Elems {
			out[i] = byte(e.Bits)
		}
		return strconv.Quote(string(out))
	}
	switch v.Dyn {
	case "*strings.Reader":
		if s, ok := field("s"); ok {
			return f.std("strings") + ".NewReader(" + strconv.Quote(s.Str) + ")", true
		}
	case "*bytes.Reader":
		if s, ok := field("s"); ok {
			if s.Nil {
				return f.std("bytes") + ".NewReader(nil)", true
			}
			return f.std("bytes") + ".NewReader([]byte(" + bytesOf(s) + "))", true
		}
	case "*bytes.Buffer":
		if b, ok := field("buf"); ok {
			if b.Nil {
				return "new(" + f.std("bytes") + ".Buffer)", true
			}
			if len(b.Elems) == 0 {
				return f.std("bytes") + ".NewBuffer([]byte{})", true
			}
			return fmt.Sprintf("%s.NewBuffer([]byte(%s)[:%d:%d])", f.std("bytes"), bytesOf(b), len(b.Elems), len(b.Elems)), true
		}
	}
	return "", false
}

// readerLit writes the stub v of an interface whose only method is Read
// as what a Go developer writes, when its calls are exactly those such a
// reader answers: strings.NewReader(data) (each call returns
// min(len(p), what remains) bytes and nil, then 0 and io.EOF once all is
// read), io.MultiReader(strings.NewReader(data), iotest.ErrReader(err))
// (the same, then 0 and err: a reader failing with err after
// len(data) bytes; a single such call, since ErrReader returns the same
// err each time and the stub's calls return errors of their own), or
// iotest.ErrReader(err) when data is empty. data is what the calls
// returned, in order. The case makes the same calls with the same
// arguments, so the reader answers them as the stub would. It reports
// false for any other stub.
func (f *file) readerLit(v engine.Value, iface *types.Interface) (string, bool) {
	if iface.NumMethods() != 1 || iface.Method(0).Name() != "Read" || len(v.Calls) == 0 {
		return "", false
	}
	sig := iface.Method(0).Type().(*types.Signature)
	var data strings.Builder
	for _, c := range v.Calls {
		if c.Method != "Read" || !c.HasData || len(c.Results) != 2 {
			return "", false
		}
		data.WriteString(c.Data)
	}
	rem := int64(data.Len())
	failed, eof := "", false
	for _, c := range v.Calls {
		n, err := int64(c.Results[0].Bits), c.Results[1]
		switch {
		case rem > 0 && n == min(c.Len, rem) && err.Nil:
			rem -= n
		case rem == 0 && n == 0 && err.Sentinel == "io.EOF" && err.SentinelPkg == "io" && failed == "":
			eof = true
		case rem == 0 && n == 0 && !err.Nil && err.Sentinel != "io.EOF" && failed == "" && !eof:
			failed = f.literal(err, sig.Results().At(1).Type())
		default:
			return "", false
		}
	}
	reader := f.std("strings") + ".NewReader(" + strconv.Quote(data.String()) + ")"
	switch {
	case failed == "":
		return reader, true
	case data.Len() == 0:
		return f.std("testing/iotest") + ".ErrReader(" + failed + ")", true
	}
	return f.std("io") + ".MultiReader(" + reader + ", " + f.std("testing/iotest") + ".ErrReader(" + failed + "))", true
}
