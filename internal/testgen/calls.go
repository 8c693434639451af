// What an emitted case checks of its stubs' calls: how many, and with which arguments, as the engine's run made them.

package testgen

import (
	"bytes"
	"fmt"
	"go/types"
	"strings"

	"leapfrog/internal/engine"
	"leapfrog/internal/search"
)

// callCheck is the check of the calls of one stub parameter: a function
// input's stub (a function value the case's loop wraps to record its
// calls), or one method of an interface input's stub (the stub type
// records them: stubDecl). A case compares what was recorded with what
// the engine's run made (engine.StubCall): the arguments when the test
// can compare each exactly (engine.StubArgRecorded), the number of calls
// otherwise.
type callCheck struct {
	in     *input
	idx    int              // the input's index in the case's In
	sig    *types.Signature // the function's, or the method's
	method string           // the interface's method; "" for a function
	iface  types.Type       // the interface (its stub type: stubType)
	field  string           // the want column
	skip   string           // the bool column of the cases that do not check, or ""
	count  bool             // the column is the number of calls
	rec    string           // a function: the local recording its calls
	// elem names the type of one call's arguments when they are two or
	// more (an alias of the struct of them, declared by the test
	// function: callTypes), or "".
	elem string
	wrap string // a function: the local holding the wrapped stub
}

// callChecks lists the calls the test checks: per parameter of function
// type, and per method of an interface parameter's stub that some case
// calls, the calls of the cases that hold a stub there and do not panic.
// locals are the names the test function's body uses already.
func (f *file) callChecks(s *sig, cases []*search.Test, locals map[string]bool) []*callCheck {
	var out []*callCheck
	for i := range s.ins {
		in := &s.ins[i]
		var stubs []engine.Value
		for _, c := range cases {
			if !c.Panicked && c.In[i].Stub && !c.In[i].Nil {
				stubs = append(stubs, c.In[i])
			}
		}
		if len(stubs) == 0 {
			continue
		}
		if sg, ok := in.typ.Underlying().(*types.Signature); ok {
			ck := &callCheck{in: in, idx: i, sig: sg, field: s.outColumn("want" + upperFirst(in.param) + "Calls")}
			ck.count = !recordsArgs(sg, "") || sg.Params().Len() == 0
			ck.rec = uniqueLocal(f, in.param+"Calls", locals)
			ck.wrap = uniqueLocal(f, in.param, locals)
			out = append(out, ck)
			continue
		}
		it := f.dyn[stubs[0].Dyn]
		iface, ok := it.Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for j := 0; j < iface.NumMethods(); j++ {
			m := iface.Method(j)
			called := false
			for _, v := range stubs {
				if _, isIO := f.ioStubLit(v, iface); isIO {
					continue // written as a reader or writer, no stub
				}
				for _, c := range v.Calls {
					called = called || c.Method == m.Name()
				}
			}
			if !called {
				continue
			}
			sg := m.Type().(*types.Signature)
			ck := &callCheck{in: in, idx: i, sig: sg, method: m.Name(), iface: it,
				field: s.outColumn("want" + upperFirst(in.param) + m.Name())}
			ck.count = !recordsArgs(sg, m.Name()) || sg.Params().Len() == 0
			out = append(out, ck)
		}
	}
	for _, ck := range out {
		if !ck.count && ck.sig.Params().Len() > 1 {
			ck.elem = uniqueLocal(f, ck.in.param+ck.method+"Call", locals)
		}
		for _, c := range cases {
			if c.Panicked {
				continue
			}
			if _, ok := f.callsWant(ck, c); !ok {
				ck.skip = s.outColumn("skip" + upperFirst(ck.field))
				break
			}
		}
	}
	return out
}

// uniqueLocal is a name based on n that the file and the test function's
// body leave free, taken for the body.
func uniqueLocal(f *file, n string, locals map[string]bool) string {
	n = f.local(n)
	for locals[n] {
		n = f.local(n + "_")
	}
	locals[n] = true
	return n
}

// recordsArgs says whether the report of a call of a stub of signature
// sig (a function's, or method's) gives every argument
// (engine.StubArgRecorded): booleans, integers, strings, and io Write's p.
func recordsArgs(sig *types.Signature, method string) bool {
	if sig.Variadic() {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsString) != 0 && b.Info()&types.IsUntyped == 0 {
			continue
		}
		if sl, ok := t.Underlying().(*types.Slice); ok && isByte(sl.Elem()) && method == "Write" && isIOWrite(sig) {
			continue
		}
		return false
	}
	return true
}

// isIOWrite says whether sig is io.Writer's Write's: (p []byte) (n int, err error).
func isIOWrite(sig *types.Signature) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	n, ok := sig.Results().At(0).Type().(*types.Basic)
	return ok && n.Kind() == types.Int && isError(sig.Results().At(1).Type())
}

// wantType is the type of the want column of ck: the number of calls, the
// arguments of each (a function of one parameter: that parameter's), or,
// for a method, the stub type's record (stubArgs).
func (f *file) wantType(ck *callCheck) string {
	switch {
	case ck.count:
		return "int"
	case ck.method == "" && ck.sig.Params().Len() == 1:
		return "[]" + f.typeName(ck.sig.Params().At(0).Type())
	case ck.elem != "":
		return "[]" + ck.elem
	}
	return "[]" + f.stubArgs(ck.sig)
}

// callsWant writes the want of ck in case c ("" for none: no calls, or
// no stub there), or reports false when the case cannot check the calls
// (they depend on the order of a map's range, or on an address; an
// argument not reported).
func (f *file) callsWant(ck *callCheck, c *search.Test) (string, bool) {
	v := c.In[ck.idx]
	if !v.Stub || v.Nil {
		return "", true
	}
	if ck.method != "" {
		iface := ck.iface.Underlying().(*types.Interface)
		if _, isIO := f.ioStubLit(v, iface); isIO {
			return "", true
		}
	}
	if v.CallsUnfixed != "" {
		return "", false
	}
	var calls []engine.StubCall
	for _, sc := range v.Calls {
		if sc.Method == ck.method {
			calls = append(calls, sc)
		}
	}
	if len(calls) == 0 {
		return "", true
	}
	if ck.count {
		return fmt.Sprint(len(calls)), true
	}
	ps := ck.sig.Params()
	elems := make([]string, len(calls))
	for k, sc := range calls {
		if len(sc.Args) != ps.Len() {
			return "", false
		}
		args := make([]string, ps.Len())
		for j := range args {
			a := sc.Args[j]
			if a.Type == nil || unchecked(a) != "" {
				return "", false
			}
			args[j] = f.literal(a, ps.At(j).Type())
		}
		if ck.method == "" && ps.Len() == 1 {
			elems[k] = args[0]
		} else {
			elems[k] = "{" + strings.Join(args, ", ") + "}"
		}
	}
	return f.wantType(ck) + "{" + strings.Join(elems, ", ") + "}", true
}

// callTypes writes, at the top of the test function, the declarations of
// the types of the calls' arguments (callCheck.elem): aliases, so that an
// interface stub's records (stubArgs) are of that type.
func (f *file) callTypes(w *bytes.Buffer, cks []*callCheck) {
	for _, ck := range cks {
		if ck.elem == "" {
			continue
		}
		ps := ck.sig.Params()
		fmt.Fprintf(w, "\ttype %s = struct {\n", ck.elem)
		for j := 0; j < ps.Len(); j++ {
			fmt.Fprintf(w, "\t\ta%d %s\n", j, f.typeName(ps.At(j).Type()))
		}
		w.WriteString("\t}\n")
	}
}

// callColumns writes the table's columns of the checks.
func (f *file) callColumns(w *bytes.Buffer, cks []*callCheck) {
	for _, ck := range cks {
		fmt.Fprintf(w, "\t\t%s %s\n", ck.field, f.wantType(ck))
		if ck.skip != "" {
			fmt.Fprintf(w, "\t\t%s bool\n", ck.skip)
		}
	}
}

// callRow writes the checks' cells of case c's row (none for a case that
// panics: its calls are not checked).
func (f *file) callRow(w *bytes.Buffer, cks []*callCheck, c *search.Test) {
	if c.Panicked {
		return
	}
	for _, ck := range cks {
		want, ok := f.callsWant(ck, c)
		switch {
		case !ok:
			fmt.Fprintf(w, ", %s: true", ck.skip)
		case want != "":
			fmt.Fprintf(w, ", %s: %s", ck.field, want)
		}
	}
}

// callWrap writes, before the call, the wrapping of each function input
// that records its calls (a nil one stays nil), and returns the
// arguments of the call with the wrapped values in place of the table's.
func (f *file) callWrap(w *bytes.Buffer, cks []*callCheck, tt string, args []string) []string {
	args = append([]string(nil), args...)
	for _, ck := range cks {
		if ck.method != "" {
			continue
		}
		ps := ck.sig.Params()
		var params, call, rec []string
		for j := 0; j < ps.Len(); j++ {
			t := f.typeName(ps.At(j).Type())
			a := fmt.Sprintf("a%d", j)
			call = append(call, a)
			rec = append(rec, a)
			if ck.sig.Variadic() && j == ps.Len()-1 {
				t = "..." + strings.TrimPrefix(t, "[]")
				call[j] += "..."
			}
			params = append(params, a+" "+t)
		}
		st := f.typeName(unnamed(ck.sig))
		record := ck.rec + "++"
		if !ck.count {
			one := rec[0]
			if ps.Len() > 1 {
				one = ck.elem + "{" + strings.Join(rec, ", ") + "}"
			}
			record = fmt.Sprintf("%[1]s = append(%[1]s, %[2]s)", ck.rec, one)
		}
		body := tt + "." + ck.in.field + "(" + strings.Join(call, ", ") + ")"
		if ck.sig.Results().Len() > 0 {
			body = "return " + body
		}
		fmt.Fprintf(w, "\t\t\tvar %s %s\n\t\t\t%s := %s.%s\n\t\t\tif %[3]s != nil {\n\t\t\t\t%[3]s = func(%[6]s)%[7]s {\n\t\t\t\t\t%[8]s\n\t\t\t\t\t%[9]s\n\t\t\t\t}\n\t\t\t}\n",
			ck.rec, f.wantType(ck), ck.wrap, tt, ck.in.field, strings.Join(params, ", "), st[closingParen(st)+1:], record, body)
		for j, a := range args {
			if a == tt+"."+ck.in.field {
				args[j] = ck.wrap
			}
		}
	}
	return args
}

// callCheck writes, after the call, the comparison of the calls recorded
// with the case's want (call is the call as messages show it).
func (f *file) callCheck(w *bytes.Buffer, cks []*callCheck, T, tt, call string, locals map[string]bool) {
	for _, ck := range cks {
		want := tt + "." + ck.field
		got, what, head := ck.rec, ck.in.param, ""
		if ck.method != "" {
			s := uniqueLocal(f, "s", locals)
			got, what = s+"."+stubRecord(ck.method), ck.in.param+"."+ck.method
			head = fmt.Sprintf("%s, ok := %s.%s.(*%s); ok && ", s, tt, ck.in.field, f.stubType(ck.iface))
			delete(locals, s)
		}
		if ck.skip != "" {
			head += "!" + tt + "." + ck.skip + " && "
		}
		msg := escapeFormat(call)
		if ck.count {
			if ck.method != "" {
				got = "len(" + got + ")"
			}
			fmt.Fprintf(w, "\t\t\tif %s%s != %s {\n\t\t\t\t%s.Errorf(\"%s called %s %%d times, want %%d\", %s, %s)\n\t\t\t}\n",
				head, got, want, T, msg, what, got, want)
			continue
		}
		verb, ps := "%v", ck.sig.Params()
		allText := true
		for j := 0; j < ps.Len(); j++ {
			allText = allText && stringLike(ps.At(j).Type())
		}
		switch {
		case allText:
			verb = "%q"
		case ck.method != "" || ps.Len() > 1:
			verb = "%+v"
		}
		fmt.Fprintf(w, "\t\t\tif %s!%s.DeepEqual(%s, %s) {\n\t\t\t\t%s.Errorf(\"%s called %s with %s, want %s\", %s, %s)\n\t\t\t}\n",
			head, f.std("reflect"), got, want, T, msg, what, verb, verb, got, want)
	}
}

// stringLike says whether t is a string or a []byte (printed with %q).
func stringLike(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	sl, ok := t.Underlying().(*types.Slice)
	return ok && isByte(sl.Elem())
}
