// The certificate: an invariant per loop header, and the three queries (initiation, consecution, safety) cvc5 must find unsat.

package invariant

import (
	"fmt"
	"strings"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/ir"
)

// problem is what a proof of one objective is about: the cut points from
// which the objective can be reached, and the regions starting at the
// entry and at each of them.
type problem struct {
	m       *model
	obj     Objective
	cuts    []*node
	entry   *region
	regions map[*node]*region
}

// newProblem encodes the regions of an objective.
func newProblem(m *model, obj Objective) (*problem, error) {
	if m.reject != "" {
		return nil, fmt.Errorf("%s", m.reject)
	}
	var at []*node
	var fn *ir.Function
	for _, n := range m.nodes {
		if obj.If != nil && n.last() == ir.Instr(obj.If) || obj.Panic != nil && n.last() == ir.Instr(obj.Panic) {
			at = append(at, n)
			fn = n.fr.fn
		}
	}
	if len(at) == 0 {
		return nil, fmt.Errorf("the objective is not in the functions the proof follows")
	}
	if m.opaque[fn] {
		return nil, fmt.Errorf("%s may also run inside a call the proof does not follow", fn.Name)
	}
	relevant := m.reaching(at)
	if !relevant[m.entry.id] {
		return nil, fmt.Errorf("no control-flow path from the entry")
	}
	p := &problem{m: m, obj: obj, regions: map[*node]*region{}}
	for _, c := range m.cuts {
		if relevant[c.id] && c.rpo >= 0 {
			p.cuts = append(p.cuts, c)
		}
	}
	var err error
	if p.entry, err = encodeRegion(m, m.entry, relevant, obj, "entry:"); err != nil {
		return nil, err
	}
	for i, c := range p.cuts {
		r, err := encodeRegion(m, c, relevant, obj, fmt.Sprintf("L%d:", i+1))
		if err != nil {
			return nil, err
		}
		p.regions[c] = r
	}
	return p, nil
}

// params returns the names of a cut point's atoms, the arguments of its
// invariant.
func (p *problem) params(c *node) []smtVar {
	var vs []smtVar
	for _, k := range p.m.slots[c] {
		for _, a := range atomsOf(k.v.Type()) {
			vs = append(vs, smtVar{"|" + valueName(k) + a.suffix() + "|", a.sort()})
		}
	}
	return vs
}

// predName names a cut point's invariant.
func predName(c *node) string { return "|inv " + c.String() + "|" }

// apply applies a cut point's invariant to atoms.
func apply(c *node, args []string) string {
	if len(args) == 0 {
		return predName(c)
	}
	return "(" + predName(c) + " " + strings.Join(args, " ") + ")"
}

// loopName says where a loop is: its condition, or its header block.
func loopName(c *node) string {
	if t, ok := c.last().(*ir.If); ok && t.Pos.IsValid() {
		return fmt.Sprintf("loop %s (%s)", t.Pos, c)
	}
	return "loop " + c.String()
}

// Certificate is an objective's proof: an invariant per loop header, and
// the queries that check it.
type certificate struct {
	inv     map[*node]string // per cut point, a formula over its params
	queries []query
}

// query is one of the three checks.
type query struct {
	name   string // "initiation", "consecution", "safety"
	script string
}

// certify builds the three queries for the invariants given (a formula
// per cut point over its params).
func (p *problem) certify(inv map[*node]string, header string) *certificate {
	c := &certificate{inv: inv}
	var defs strings.Builder
	for _, cut := range p.cuts {
		var ps []string
		for _, v := range p.params(cut) {
			ps = append(ps, "("+v.name+" "+v.sort+")")
		}
		fmt.Fprintf(&defs, "; %s\n(define-fun %s (%s) Bool\n  %s)\n", loopName(cut), predName(cut), strings.Join(ps, " "), inv[cut])
	}
	script := func(name, what string, regions []*region, disjuncts []string) {
		if len(disjuncts) == 0 {
			return
		}
		var b strings.Builder
		fmt.Fprintf(&b, "; %s: %s\n", name, what)
		b.WriteString("(set-logic ALL)\n")
		b.WriteString(defs.String())
		for _, r := range regions {
			for _, v := range r.vars {
				fmt.Fprintf(&b, "(declare-const %s %s)\n", v.name, v.sort)
			}
		}
		fmt.Fprintf(&b, "(assert %s)\n(check-sat)\n", orList(disjuncts))
		c.queries = append(c.queries, query{name, b.String()})
	}
	pre := func(r *region) []string {
		fs := append([]string(nil), r.facts...)
		if r.from != p.m.entry {
			fs = append(fs, apply(r.from, r.state))
		}
		return fs
	}
	conj := func(fs []string) string {
		if len(fs) == 0 {
			return "true"
		}
		return "(and\n  " + strings.Join(fs, "\n  ") + ")"
	}
	// Initiation: the paths from the entry establish each invariant.
	var dis []string
	var goals []string
	for _, t := range p.entry.targets {
		goals = append(goals, fmt.Sprintf("(and %s (not %s))", t.reach, apply(t.to, t.state)))
	}
	if len(goals) > 0 {
		dis = append(dis, conj(append(pre(p.entry), orList(goals))))
	}
	script("initiation", "a path from the entry reaches a loop header, its invariant false", []*region{p.entry}, dis)
	// Consecution: the paths from a header satisfying its invariant
	// establish the invariant of the header they reach.
	dis = nil
	var rs []*region
	for _, cut := range p.cuts {
		r := p.regions[cut]
		goals = nil
		for _, t := range r.targets {
			goals = append(goals, fmt.Sprintf("(and %s (not %s))", t.reach, apply(t.to, t.state)))
		}
		if len(goals) > 0 {
			dis = append(dis, conj(append(pre(r), orList(goals))))
			rs = append(rs, r)
		}
	}
	script("consecution", "a path from a loop header satisfying its invariant reaches a loop header, its invariant false", rs, dis)
	// Safety: no path from the entry or from a header satisfying its
	// invariant reaches the objective.
	dis, rs = nil, nil
	for _, r := range append([]*region{p.entry}, p.regionList()...) {
		if r.obj != "" {
			dis = append(dis, conj(append(pre(r), r.obj)))
			rs = append(rs, r)
		}
	}
	if len(dis) == 0 {
		dis = []string{"false"} // no path of any region reaches the objective
	}
	script("safety", "a path from the entry, or from a loop header satisfying its invariant, reaches "+header, rs, dis)
	return c
}

func (p *problem) regionList() []*region {
	var rs []*region
	for _, c := range p.cuts {
		rs = append(rs, p.regions[c])
	}
	return rs
}

// check runs each query through cvc5; it returns "" when all are unsat,
// else what failed.
func (c *certificate) check(timeout time.Duration) string {
	for _, q := range c.queries {
		got, err := indep.CVC5(q.script, timeout)
		if err != nil {
			return fmt.Sprintf("%s: %v", q.name, err)
		}
		if got != "unsat" {
			return fmt.Sprintf("%s: cvc5 says %s", q.name, got)
		}
	}
	return ""
}

// smt2 renders the certificate as one text: the queries, separated by
// (reset), each answering unsat.
func (c *certificate) smt2(intro string) string {
	var b strings.Builder
	b.WriteString(intro)
	for i, q := range c.queries {
		if i > 0 {
			b.WriteString("(reset)\n")
		}
		b.WriteString(q.script)
	}
	return b.String()
}
