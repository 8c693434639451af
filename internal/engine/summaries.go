// Summaries: calls of the standard library's string searches, trims, UTF-8 and rune-class functions as one closed-form term each (package summary).

package engine

import (
	"fmt"

	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
	"leapfrog/internal/summary"
)

// summaryOf returns the summary of a call of fn: a function of another
// package that package summary lists, with the shapes its kind expects;
// nil when fn is interpreted.
func (e *Engine) summaryOf(fn *ir.Function) *summary.Func {
	if e.NoSummaries || fn.Pkg == "" || fn.External {
		return nil
	}
	if f, ok := e.summ[fn]; ok {
		return f
	}
	var out *summary.Func
	if f, ok := summary.Lookup(fn.Name); ok && shapesMatch(fn, f.Kind) {
		out = &f
	}
	if isFields(fn) {
		out = fieldsFunc // summaries_fields.go
	}
	e.summ[fn] = out
	return out
}

// shapesMatch reports whether fn's parameters and results have the shapes
// of kind k.
func shapesMatch(fn *ir.Function, k summary.Kind) bool {
	args, results := k.Args(), k.Results()
	if len(fn.Params) != len(args) || len(fn.Results) != len(results) {
		return false
	}
	for i, s := range args {
		if !shapeIs(fn.Params[i].Typ, s) {
			return false
		}
	}
	for i, s := range results {
		if !shapeIs(fn.Results[i], s) {
			return false
		}
	}
	return true
}

func shapeIs(t *ir.Type, s summary.Shape) bool {
	switch s {
	case summary.Text:
		return t.Kind == ir.KString || t.Kind == ir.KSlice && t.Elem.Kind == ir.KInt && t.Elem.Width == 8
	case summary.Byte:
		return t.Kind == ir.KInt && t.Width == 8 && !t.Signed
	case summary.Rune:
		return t.Kind == ir.KInt && t.Width == 32 && t.Signed
	case summary.Int:
		return t.Kind == ir.KInt && t.Width == 64 && t.Signed
	case summary.Bool:
		return t.Kind == ir.KBool
	case summary.Str:
		return t.Kind == ir.KString
	}
	panic(fmt.Sprintf("engine: no shape %v", s))
}

// sumArgs are a summarised call's arguments: Text ones as strings (a
// []byte's window read as one), the others as scalars.
type sumArgs struct {
	text []*str    // by argument position (nil for a scalar)
	sc   []*scalar // by argument position (nil for a Text)
}

// callSummary runs the summarised function f on args: its results, computed
// natively when every argument is concrete, else by the kind's closed form
// (summaries_text.go, summaries_runes.go). The closed form is exact for
// strings within their slots; for a longer one (a length the slots do not
// cover: beyond the size bound) each result is a fresh variable that
// satisfies the kind's postcondition, as a read beyond the slots is a
// fresh byte. Outside a merged region, the postcondition of the results
// is recorded as a fact of the run (a consequence of the call: sound).
func (m *machine) callSummary(f *summary.Func, fn *ir.Function, vals []val) []val {
	if f == fieldsFunc {
		return m.callFields(fn, vals)
	}
	k := f.Kind
	a := sumArgs{text: make([]*str, len(vals)), sc: make([]*scalar, len(vals))}
	concrete := true
	for i, s := range k.Args() {
		if s == summary.Text {
			a.text[i] = m.textOf(vals[i])
			concrete = concrete && a.text[i].concrete()
		} else {
			a.sc[i] = vals[i].(*scalar)
			concrete = concrete && a.sc[i].s == nil
		}
	}
	if concrete {
		return m.nativeSummary(f, fn, a)
	}
	outs := m.closedForm(f, a)
	var within []*scalar
	for _, s := range a.text {
		if s != nil {
			within = append(within, m.uop(ir.Le, s.n, i64(uint64(len(s.b)))))
		}
	}
	if w := m.and(within...); !(w.s == nil && w.c == 1) {
		fresh := make([]*scalar, len(outs))
		for i, o := range outs {
			fresh[i] = m.anyLike(o).(*scalar)
		}
		// The fresh variables' concrete values are the closed form's, as
		// a run within the slots has them.
		ok := m.B.And(m.postTerm(k, a, fresh), m.sane(k, a, fresh))
		for i := range outs {
			beyond := m.ite(ok, true, fresh[i], outs[i]).(*scalar)
			outs[i] = m.sel(w, outs[i], beyond)
		}
	}
	if !m.merging {
		if t := m.postTerm(k, a, outs); !t.IsConst() {
			m.domain(m.here(), ir.DomainFact, "post "+fn.Name, t, true)
		}
	}
	return m.assemble(k, fn, a, outs)
}

// textOf reads a Text argument: a string, or a []byte's window.
func (m *machine) textOf(v val) *str {
	switch v := v.(type) {
	case *str:
		return v
	case *slice:
		if v.isNil && v.nilT == nil {
			return &str{n: i64(0)}
		}
		return m.bytesToString(v)
	}
	panic(fmt.Sprintf("engine: a summary's text argument of type %T", v))
}

// nativeSummary runs f's native on concrete arguments.
func (m *machine) nativeSummary(f *summary.Func, fn *ir.Function, a sumArgs) []val {
	in := make([]summary.Value, len(a.text))
	for i := range in {
		if a.text[i] != nil {
			in[i].Str = string(concreteBytes(a.text[i]))
		} else {
			s := a.sc[i]
			in[i].Int = int64(expr.Extend(s.c, s.width, 64, fn.Params[i].Typ.Signed))
		}
	}
	out := f.Native(in)
	res := make([]val, len(out))
	for j, s := range f.Kind.Results() {
		switch s {
		case summary.Str:
			res[j] = concString(out[j].Str)
		case summary.Bool:
			res[j] = kc(uint64(out[j].Int), 0)
		default:
			res[j] = kc(uint64(out[j].Int), fn.Results[j].Width)
		}
	}
	return res
}

// concreteBytes returns the bytes of s as the run has them (its concrete
// length, within its slots).
func concreteBytes(s *str) []byte {
	n := s.n.c
	if n > uint64(len(s.b)) {
		n = uint64(len(s.b)) // a forced run's meaningless length
	}
	out := make([]byte, n)
	for k := range out {
		out[k] = byte(s.b[k].c)
	}
	return out
}

// concString is a concrete string value.
func concString(s string) *str {
	r := &str{n: i64(uint64(len(s))), b: make([]*scalar, len(s))}
	for i := 0; i < len(s); i++ {
		r.b[i] = kc(uint64(s[i]), 8)
	}
	return r
}

// The closed forms give one scalar per result, two for a Str result:
// the bounds lo, hi of the substring of the first argument it is.

// assemble makes the results of kind k from the closed form's scalars.
func (m *machine) assemble(k summary.Kind, fn *ir.Function, a sumArgs, outs []*scalar) []val {
	res := make([]val, 0, len(fn.Results))
	i := 0
	for _, s := range k.Results() {
		if s == summary.Str {
			res = append(res, m.substr(a.text[0], outs[i], outs[i+1]))
			i += 2
			continue
		}
		res = append(res, outs[i])
		i++
	}
	return res
}

// atoms gives the terms of the atoms of a postcondition (summary.Term)
// for arguments a and the closed form's scalars outs.
func (m *machine) atoms(k summary.Kind, a sumArgs, outs []*scalar) func(summary.Atom) *expr.Term {
	// Where each result starts in outs.
	at := make([]int, 0, len(k.Results()))
	i := 0
	for _, s := range k.Results() {
		at = append(at, i)
		if s == summary.Str {
			i += 2
		} else {
			i++
		}
	}
	return func(x summary.Atom) *expr.Term {
		switch {
		case !x.Result && x.Len:
			return m.term(a.text[x.Index].n)
		case !x.Result:
			s := a.sc[x.Index]
			return m.term(m.convInt(s, ir.IntType(s.width, k.Args()[x.Index] == summary.Rune), ir.I64))
		case x.Len:
			o := at[x.Index]
			return m.term(m.uop(ir.Sub, outs[o+1], outs[o]))
		case k.Results()[x.Index] == summary.Bool:
			return m.term(outs[at[x.Index]])
		}
		s := outs[at[x.Index]]
		return m.term(m.convInt(s, ir.IntType(s.width, true), ir.I64))
	}
}

// postTerm is the postcondition of kind k on the scalars outs.
func (m *machine) postTerm(k summary.Kind, a sumArgs, outs []*scalar) *expr.Term {
	return summary.Term(m.B, summary.Post(k), m.atoms(k, a, outs))
}

// sane says that the bounds of each Str result are a substring of the
// first argument: 0 <= lo <= hi <= len.
func (m *machine) sane(k summary.Kind, a sumArgs, outs []*scalar) *expr.Term {
	var conj []*expr.Term
	i := 0
	for _, s := range k.Results() {
		if s != summary.Str {
			i++
			continue
		}
		lo, hi := m.term(outs[i]), m.term(outs[i+1])
		conj = append(conj, m.B.Sle(m.B.BVConst(64, 0), lo), m.B.Sle(lo, hi), m.B.Sle(hi, m.term(a.text[0].n)))
		i += 2
	}
	return m.B.And(conj...)
}

// closedForm computes kind f.Kind's scalars on arguments within their slots.
func (m *machine) closedForm(f *summary.Func, a sumArgs) []*scalar {
	t0, t1 := a.text[0], (*str)(nil)
	if len(a.text) > 1 {
		t1 = a.text[1]
	}
	switch k := f.Kind; k {
	case summary.IndexByte, summary.LastIndexByte, summary.CountByte:
		return []*scalar{m.byteSearch(k, t0, a.sc[1])}
	case summary.Index:
		return []*scalar{m.first(m.occurs(t0, t1), minus1)}
	case summary.LastIndex:
		return []*scalar{m.last(m.occurs(t0, t1), minus1)}
	case summary.Contains:
		return []*scalar{m.or(m.occurs(t0, t1)...)}
	case summary.Count:
		return []*scalar{m.count(t0, t1)}
	case summary.IndexRune, summary.ContainsRune:
		ru := m.runesOf(t0)
		hits := make([]*scalar, len(ru.start))
		for p := range hits {
			hits[p] = m.and(ru.start[p], m.uop(ir.Eq, ru.r[p], a.sc[1]))
		}
		if k == summary.ContainsRune {
			return []*scalar{m.or(hits...)}
		}
		return []*scalar{m.first(hits, minus1)}
	case summary.IndexAny, summary.LastIndexAny, summary.ContainsAny:
		hits := m.runeHits(t0, m.inRunes(t1))
		switch k {
		case summary.IndexAny:
			return []*scalar{m.first(hits, minus1)}
		case summary.LastIndexAny:
			return []*scalar{m.last(hits, minus1)}
		}
		return []*scalar{m.or(hits...)}
	case summary.HasPrefix:
		return []*scalar{m.hasPrefix(t0, t1)}
	case summary.HasSuffix:
		return []*scalar{m.hasSuffix(t0, t1)}
	case summary.Equal:
		return []*scalar{m.strEq(t0, t1)}
	case summary.Compare:
		return []*scalar{m.sel(m.strEq(t0, t1), i64(0), m.sel(m.strLt(t0, t1), minus1, i64(1)))}
	case summary.EqualFold:
		return []*scalar{m.equalFold(f.Name, t0, t1)}
	case summary.TrimSpace, summary.Trim, summary.TrimLeft, summary.TrimRight:
		var lo, hi *scalar
		if set := trimSet(k, t1); set != nil {
			lo, hi = m.trimByEncodings(t0, set)
		} else {
			lo, hi = m.trimBounds(t0, m.inRunes(t1))
		}
		switch k {
		case summary.TrimLeft:
			return []*scalar{lo, t0.n}
		case summary.TrimRight:
			return []*scalar{i64(0), hi}
		}
		return []*scalar{lo, m.sel(m.uop(ir.Lt, hi, lo), lo, hi)} // nothing kept: lo = len, hi = 0
	case summary.TrimPrefix, summary.CutPrefix:
		h := m.hasPrefix(t0, t1)
		out := []*scalar{m.sel(h, t1.n, i64(0)), t0.n}
		if k == summary.CutPrefix {
			out = append(out, h)
		}
		return out
	case summary.TrimSuffix, summary.CutSuffix:
		h := m.hasSuffix(t0, t1)
		out := []*scalar{i64(0), m.sel(h, m.uop(ir.Sub, t0.n, t1.n), t0.n)}
		if k == summary.CutSuffix {
			out = append(out, h)
		}
		return out
	case summary.Cut:
		i := m.first(m.occurs(t0, t1), minus1)
		found := m.not(m.uop(ir.Eq, i, minus1))
		return []*scalar{i64(0), m.sel(found, i, t0.n), m.sel(found, m.uop(ir.Add, i, t1.n), t0.n), t0.n, found}
	case summary.DecodeRune:
		empty := m.uop(ir.Eq, t0.n, i64(0))
		r, w := m.decodeAt(t0, 0)
		return []*scalar{m.sel(empty, kc(0xFFFD, 32), r), m.sel(empty, i64(0), w)}
	case summary.DecodeLastRune:
		return m.decodeLast(t0)
	case summary.RuneCount:
		return []*scalar{m.runeCount(t0)}
	case summary.Valid:
		return []*scalar{m.valid(t0)}
	case summary.RuneLen:
		return []*scalar{m.runeLen(a.sc[0])}
	}
	if f.Kind.IsClass() {
		return []*scalar{m.inClass(f.Kind, a.sc[0])}
	}
	panic(fmt.Sprintf("engine: no closed form of %v", f.Kind))
}

// minus1 is the int -1.
var minus1 = i64(^uint64(0))
