// Summaries of strings.Fields and bytes.Fields: the fields of a string as a slice whose length and bounds are closed-form terms.

package engine

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"leapfrog/internal/ir"
	"leapfrog/internal/summary"
)

// fieldsFunc is the summary summaryOf gives strings.Fields and
// bytes.Fields: no kind of package summary (their result is a slice,
// which no kind's shapes describe), so callSummary hands them to
// callFields.
var fieldsFunc = &summary.Func{Kind: summary.NoKind}

// isFields reports whether fn is strings.Fields (string) []string or
// bytes.Fields ([]byte) [][]byte, with those shapes.
func isFields(fn *ir.Function) bool {
	if fn.Name != "strings.Fields" && fn.Name != "bytes.Fields" || len(fn.Params) != 1 || len(fn.Results) != 1 {
		return false
	}
	p, r := fn.Params[0].Typ, fn.Results[0]
	return r.Kind == ir.KSlice && r.Elem.Kind == p.Kind && shapeIs(p, summary.Text) &&
		(p.Kind == ir.KString || shapeIs(r.Elem, summary.Text))
}

// callFields is strings.Fields(s) or bytes.Fields(s): the maximal runs of
// runes that are not unicode.IsSpace (the runes `for range` decodes:
// an invalid byte is RuneError, no space), in a slice of length and
// capacity their count; bytes.Fields's are s[lo:hi:hi], sharing s's
// array, as Go's. The bounds come from fieldBounds, exact for a string
// within its slots: a longer one is a decision (ir.SizeFits) whose other
// side stops the run, and in a merged region a symbolic length undoes
// the merge.
func (m *machine) callFields(fn *ir.Function, vals []val) []val {
	s := m.textOf(vals[0])
	k := len(s.b)
	if s.n.s != nil {
		if m.merging {
			panic(runError(fn.Name + " of a symbolic length in a merged region"))
		}
		if !m.decide(m.here(), ir.SizeFits, fn.Name+"'s argument within its slots", m.uop(ir.Le, s.n, i64(uint64(k)))) {
			panic(runError(fmt.Sprintf("%s of a string longer than the %d bytes modelled", fn.Name, k)))
		}
	} else if s.n.c > uint64(k) {
		panic(runError(fmt.Sprintf("%s of a string longer than the %d bytes modelled", fn.Name, k)))
	}
	count, lo, hi := m.fieldBounds(s)
	t := fn.Results[0]
	elems := make([]val, len(lo))
	for j := range elems {
		if t.Elem.Kind == ir.KString {
			elems[j] = m.substr(s, lo[j], hi[j])
			continue
		}
		x := vals[0].(*slice)
		n := m.uop(ir.Sub, hi[j], lo[j])
		elems[j] = &slice{arr: x.arr, base: x.base, off: m.uop(ir.Add, x.off, lo[j]), n: n, cap: n}
	}
	return []val{&slice{arr: &object{v: &agg{elems: elems}}, off: i64(0), n: count, cap: count}}
}

// fieldBounds are the fields of s (within its slots): their count, and
// the bounds lo[j], hi[j] of the j-th for each j a field may have (half
// the slots, rounded up), meaningless for j >= count. When s is concrete
// they are computed by decoding it (concreteFields); otherwise, by
// encodings (encodingsAt), as trimByEncodings finds white space: a space rune's
// encoding at a position is the rune Go decodes there (UTF-8 is
// prefix-free and self-synchronising, the space runes' first bytes are no
// continuation bytes), so p starts a field when p < len(s), no space
// encoding is at p, and p is 0 or a space encoding ends at p; the field
// ends at the first q after it where a space encoding starts, or at
// len(s).
func (m *machine) fieldBounds(s *str) (count *scalar, lo, hi []*scalar) {
	k := len(s.b)
	nf := (k + 1) / 2
	if s.concrete() {
		spans := concreteFields(s.bytes())
		lo, hi = make([]*scalar, nf), make([]*scalar, nf)
		for j := range lo {
			lo[j], hi[j] = i64(0), i64(0)
			if j < len(spans) {
				lo[j], hi[j] = i64(uint64(spans[j][0])), i64(uint64(spans[j][1]))
			}
		}
		return i64(uint64(len(spans))), lo, hi
	}
	// The IsSpace runes' encodings (summaries_trim.go), and ends[p]: one
	// ends at p.
	space := m.encodingsAt(s, trimSet(summary.TrimSpace, nil))
	ends := make([]*scalar, k+1)
	for p := 0; p <= k; p++ {
		var any []*scalar
		for w := 1; w <= utf8.UTFMax && w <= p; w++ {
			any = append(any, space[w][p-w])
		}
		ends[p] = m.or(any...)
	}
	starts := make([]*scalar, k)
	stops := make([]*scalar, k+1) // a field ending at q would end there
	for p := 0; p <= k; p++ {
		var at []*scalar
		for w := 1; w <= utf8.UTFMax; w++ {
			if p < k {
				at = append(at, space[w][p])
			}
		}
		sp := m.or(at...)
		stops[p] = m.or(m.uop(ir.Eq, s.n, i64(uint64(p))), sp)
		if p == k {
			break
		}
		first := kc(1, 0)
		if p > 0 {
			first = ends[p]
		}
		starts[p] = m.and(m.live(s, p), m.not(sp), first)
	}
	// before[p]: the fields starting before p.
	before := make([]*scalar, k+1)
	before[0] = i64(0)
	for p := 0; p < k; p++ {
		before[p+1] = m.uop(ir.Add, before[p], m.sel(starts[p], i64(1), i64(0)))
	}
	lo, hi = make([]*scalar, nf), make([]*scalar, nf)
	for j := range lo {
		hits := make([]*scalar, k)
		for p := range hits {
			hits[p] = m.and(starts[p], m.uop(ir.Eq, before[p], i64(uint64(j))))
		}
		lo[j] = m.first(hits, i64(0))
		after := make([]*scalar, k+1)
		for q := range after {
			after[q] = m.and(stops[q], m.uop(ir.Lt, lo[j], i64(uint64(q))))
		}
		hi[j] = m.first(after, lo[j])
	}
	return before[k], lo, hi
}

// concreteFields are the bounds of the fields of b, decoded as
// bytes.FieldsFunc(b, unicode.IsSpace) finds them.
func concreteFields(b []byte) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i < len(b); {
		r, w := utf8.DecodeRune(b[i:])
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, [2]int{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += w
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(b)})
	}
	return out
}
