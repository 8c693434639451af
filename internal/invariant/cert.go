// The certificate: an invariant per loop header, and the queries (initiation, consecution, safety) cvc5 must find unsat.

package invariant

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"leapfrog/internal/cfg"
	"leapfrog/internal/ir"
)

// problem is what a proof of one objective is about: the cut points that
// get an invariant (closed: a cut point reaching one of them, or the
// objective, is one of them), the regions from the entry and from each of
// them towards them (initiation, consecution), and those towards the
// objective (safety).
type problem struct {
	m     *model
	obj   Objective
	reach []bool // the nodes from which the objective can be reached
	cuts  []*node
	steps *steps
	safe  []*region // from the entry, then from each cut point
	// noPath, when no path of the inlined program reaches the objective,
	// is the proof of that (cfg.Reach.Proof), the certificate's one query.
	noPath string
}

// noPath is the proof that no path of the inlined program from the entry
// reaches one of the nodes at.
func (m *model) noPath(obj Objective, at []*node) string {
	g := &cfg.Reach{Start: m.entry.id}
	for _, n := range m.nodes {
		g.Names = append(g.Names, n.String())
		var alts [][]int
		for _, p := range n.preds {
			alts = append(alts, []int{p.id})
		}
		g.Alts = append(g.Alts, alts)
	}
	var targets []int
	for _, n := range at {
		targets = append(targets, n.id)
	}
	script, ok := g.Proof(fmt.Sprintf("; safety: no path from the entry reaches %s: no control-flow path leads there\n; (callees inlined, a callee's returns leading to the code after its call).\n", obj), targets)
	if !ok {
		panic("invariant: a node no path reaches is reached")
	}
	return script
}

// steps are the regions between cut points, for a set of them: they do
// not depend on the objective, and several problems share them.
type steps struct {
	entry   *region
	regions map[*node]*region
}

// newProblem encodes the regions of an objective. With all, every
// reachable cut point gets an invariant (the abstract interpretation has
// one for each, and the steps are shared); otherwise those from which the
// objective can be reached (Spacer's unknowns).
func (p *Prover) newProblem(obj Objective, all bool) (*problem, error) {
	m := p.m
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
		// No path of the inlined program leads there (an inlined callee
		// on the way always panics or never returns): the certificate is
		// the control-flow graph's, and needs no invariant.
		return &problem{m: m, obj: obj, reach: relevant, noPath: m.noPath(obj, at)}, nil
	}
	pr := &problem{m: m, obj: obj, reach: relevant}
	set := map[*node]bool{}
	var key strings.Builder
	for _, c := range m.cuts {
		if c.rpo >= 0 && (all || relevant[c.id]) {
			pr.cuts = append(pr.cuts, c)
			set[c] = true
			fmt.Fprintf(&key, "%d,", c.id)
		}
	}
	if st, ok := p.steps[key.String()]; ok {
		pr.steps = st
	} else {
		st := &steps{regions: map[*node]*region{}}
		toCuts := m.reaching(pr.cuts)
		var err error
		if st.entry, err = encodeRegion(m, m.entry, toCuts, set, nil, "entry:"); err != nil {
			return nil, err
		}
		for i, c := range pr.cuts {
			if st.regions[c], err = encodeRegion(m, c, toCuts, set, nil, fmt.Sprintf("L%d:", i+1)); err != nil {
				return nil, err
			}
		}
		p.steps[key.String()] = st
		pr.steps = st
	}
	r, err := encodeRegion(m, m.entry, relevant, nil, &obj, "entry:")
	if err != nil {
		return nil, err
	}
	pr.safe = append(pr.safe, r)
	for i, c := range pr.cuts {
		if !relevant[c.id] {
			continue
		}
		r, err := encodeRegion(m, c, relevant, nil, &obj, fmt.Sprintf("L%d:", i+1))
		if err != nil {
			return nil, err
		}
		pr.safe = append(pr.safe, r)
	}
	return pr, nil
}

// params returns the names of a cut point's atoms, the arguments of its
// invariant.
func (p *problem) params(c *node) []smtVar {
	var vs []smtVar
	for _, k := range p.m.slots[c] {
		for _, a := range atomsOf(k.v.Type()) {
			vs = append(vs, smtVar{"|" + p.m.valueName(k) + a.suffix() + "|", a.sort()})
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

// query is one check: of initiation, consecution or safety.
type query struct {
	name   string // "initiation", "consecution", "safety"
	script string
}

// certify builds the certificate's queries for the invariants given (a
// formula per cut point over its params): initiation, a query per loop
// header the entry reaches; consecution, a query per header (its paths to
// every header); safety, a query per region reaching the objective. Only
// the headers from which the objective can be reached matter: the others'
// states never lead to it. A query is smaller than the three conjoined,
// and one a solver cannot decide spoils only the certificates that hold it.
func (p *problem) certify(inv map[*node]string, header string) *certificate {
	c := &certificate{inv: inv}
	if p.noPath != "" {
		c.queries = []query{{"safety", p.noPath}}
		return c
	}
	defs := map[*node]string{}
	for _, cut := range p.cuts {
		var ps []string
		for _, v := range p.params(cut) {
			ps = append(ps, "("+v.name+" "+v.sort+")")
		}
		defs[cut] = fmt.Sprintf("; %s\n(define-fun %s (%s) Bool\n  %s)\n", loopName(cut), predName(cut), strings.Join(ps, " "), inv[cut])
	}
	script := func(name, what string, r *region, uses []*node, formula string) {
		var b strings.Builder
		fmt.Fprintf(&b, "; %s: %s\n", name, what)
		b.WriteString("(set-logic ALL)\n")
		seen := map[*node]bool{}
		for _, cut := range p.cuts { // in order
			for _, u := range uses {
				if u == cut && !seen[cut] {
					seen[cut] = true
					b.WriteString(defs[cut])
				}
			}
		}
		for _, v := range r.vars {
			fmt.Fprintf(&b, "(declare-const %s %s)\n", v.name, v.sort)
		}
		fmt.Fprintf(&b, "(assert %s)\n(check-sat)\n", formula)
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
	from := func(r *region) string {
		if r.from == p.m.entry {
			return "the entry"
		}
		return loopName(r.from)
	}
	// Initiation: the paths from the entry establish each invariant.
	for _, t := range p.steps.entry.targets {
		if p.reach[t.to.id] {
			script("initiation", "a path from the entry reaches "+loopName(t.to)+", its invariant false", p.steps.entry, []*node{t.to},
				conj(append(pre(p.steps.entry), t.reach, "(not "+apply(t.to, t.state)+")")))
		}
	}
	// Consecution: the paths from a header satisfying its invariant
	// establish the invariant of the header they reach.
	for _, cut := range p.cuts {
		r := p.steps.regions[cut]
		if !p.reach[cut.id] || len(r.targets) == 0 {
			continue
		}
		uses := []*node{cut}
		var goals []string
		for _, t := range r.targets {
			goals = append(goals, fmt.Sprintf("(and %s (not %s))", t.reach, apply(t.to, t.state)))
			uses = append(uses, t.to)
		}
		script("consecution", "a path from "+loopName(cut)+" satisfying its invariant reaches a loop header, its invariant false", r, uses,
			conj(append(pre(r), orList(goals))))
	}
	// Safety: no path from the entry or from a header satisfying its
	// invariant reaches the objective.
	for _, r := range p.safe {
		if r.obj != "" {
			script("safety", "a path from "+from(r)+" reaches "+header, r, []*node{r.from}, conj(append(pre(r), r.obj)))
		}
	}
	return c
}

// checkCertificates runs every query of the certificates through one cvc5
// process (queries separated by (reset)), each limited to opts.Check and
// all of them to the deadline; it returns per certificate "" when each of
// its queries is unsat, else what failed.
func checkCertificates(certs []*certificate, opts Options) []string {
	whys := make([]string, len(certs))
	limit := opts.within(opts.Check)
	if limit < 0 {
		for i := range whys {
			whys[i] = "no time left to check it"
		}
		return whys
	}
	// A query shared by several certificates (initiation and consecution
	// of the same invariants) is checked once.
	var script strings.Builder
	var owners [][]int
	var names []string
	index := map[string]int{}
	for i, c := range certs {
		for _, q := range c.queries {
			k, ok := index[q.script]
			if !ok {
				k = len(owners)
				index[q.script] = k
				owners = append(owners, nil)
				names = append(names, q.name)
				script.WriteString(q.script)
				script.WriteString("(reset)\n")
			}
			owners[k] = append(owners[k], i)
		}
	}
	ctx := context.Background()
	if !opts.Deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, opts.Deadline)
		defer cancel()
	}
	answers, err := runCVC5(ctx, script.String(), limit)
	if err == nil && len(answers) != len(owners) {
		err = fmt.Errorf("cvc5 gave %d answers to %d queries", len(answers), len(owners))
	}
	for k, os := range owners {
		for _, i := range os {
			switch {
			case whys[i] != "":
			case err != nil:
				whys[i] = err.Error()
			case answers[k] != "unsat":
				whys[i] = fmt.Sprintf("%s: cvc5 says %s", names[k], answers[k])
			}
		}
	}
	return whys
}

// runCVC5 runs a script through cvc5's command line (each check-sat
// limited to perQuery; the process to ctx) and returns its answers. Like
// indep.CVC5, with a deadline for the whole run.
func runCVC5(ctx context.Context, script string, perQuery time.Duration) ([]string, error) {
	path := "/usr/bin/cvc5"
	if p, err := exec.LookPath("cvc5"); err == nil {
		path = p
	}
	args := []string{"--lang=smt2"}
	if perQuery > 0 {
		args = append(args, fmt.Sprintf("--tlimit-per=%d", (perQuery+time.Millisecond-1)/time.Millisecond))
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = strings.NewReader(script)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	answer := out.String()
	if i := strings.Index(answer, "(error"); i >= 0 {
		return nil, fmt.Errorf("cvc5: %s", strings.SplitN(answer[i:], "\n", 2)[0])
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("cvc5: out of time")
		}
		return nil, fmt.Errorf("cvc5: %v: %s", err, strings.SplitN(strings.TrimSpace(errb.String()), "\n", 2)[0])
	}
	return strings.Fields(answer), nil
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
